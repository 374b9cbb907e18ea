// Open-loop injection shared by the patterns that offer a load: each source posts messages as a
// Poisson process whose rate makes `load` of the injection bandwidth, until the run's duration.
#pragma once

#include <vector>

#include "tb/traffic/pattern.h"
#include "tb/traffic/rng.h"

namespace hxsim {

class open_loop_pattern : public traffic_pattern {
public:
    open_loop_pattern(const platform_config& config, unsigned accelerators);
    bool next(std::uint32_t src, message_spec& out) final;

protected:
    /// The destination of source `src`'s next message, drawn from `gen` if random.
    virtual std::uint32_t destination(std::uint32_t src, rng& gen) = 0;
    unsigned accelerators() const { return m_accelerators; }

private:
    struct source {
        rng gen;
        double next_ps;
    };
    unsigned m_accelerators;
    std::uint64_t m_bytes;
    double m_mean_gap_ps;
    sim_ps m_end_ps;
    std::vector<source> m_sources;
};

}  // namespace hxsim
