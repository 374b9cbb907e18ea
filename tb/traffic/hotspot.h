// Hotspot traffic: every source sends each message to the hot terminal traffic.hotspot with
// probability traffic.hotspot_fraction, and otherwise to a terminal drawn uniformly among the
// others (neither itself nor the hot one). The hot terminal itself sends uniformly among all the
// others.
#pragma once

#include "tb/traffic/open_loop.h"

namespace hxsim {

class hotspot_pattern : public open_loop_pattern {
public:
    /// Throws config_error if traffic.hotspot is not one of the `accelerators` terminals.
    hotspot_pattern(const platform_config& config, unsigned accelerators);

private:
    std::uint32_t destination(std::uint32_t src, rng& gen) override;

    std::uint32_t m_hot;  // traffic.hotspot
    double m_fraction;    // traffic.hotspot_fraction
};

}  // namespace hxsim
