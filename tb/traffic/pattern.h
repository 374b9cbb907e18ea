// Traffic patterns: which messages each accelerator sends, and when. A pattern is a generator
// asked for one source's next message at a time, so that no run holds its whole schedule.
#pragma once

#include <cstdint>
#include <memory>

#include "models/core/sim_time.h"
#include "models/sim/config.h"
#include "models/topology/platform.h"

namespace hxsim {

struct message_spec {
    sim_ps at_ps = 0;       ///< when the accelerator posts it to its NIC
    std::uint32_t dst = 0;
    std::uint64_t bytes = 0;
};

class traffic_pattern {
public:
    virtual ~traffic_pattern() = default;
    /// The next message of accelerator `src`; false when it has no more.
    virtual bool next(std::uint32_t src, message_spec& out) = 0;
};

/// The pattern that `config.traffic.pattern` names, over the terminals laid out as `grid` (the
/// coordinate patterns read positions from it; the others only its size). Throws config_error,
/// naming the key, if the pattern does not apply to this grid or the injection process cannot
/// offer the load.
std::unique_ptr<traffic_pattern> make_pattern(const platform_config& config, const terminal_grid& grid);

}  // namespace hxsim
