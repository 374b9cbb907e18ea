// Random permutation traffic: each accelerator sends all its messages to one partner, the
// partners forming a permutation without fixed points drawn from the run's seed.
#pragma once

#include <vector>

#include "tb/traffic/open_loop.h"

namespace hxsim {

class permutation_pattern : public open_loop_pattern {
public:
    permutation_pattern(const platform_config& config, unsigned accelerators);
    std::uint32_t partner(std::uint32_t src) const { return m_partner[src]; }

private:
    std::uint32_t destination(std::uint32_t src, rng& gen) override { return m_partner[src]; }
    std::vector<std::uint32_t> m_partner;
};

}  // namespace hxsim
