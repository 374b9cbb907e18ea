#include "tb/traffic/hotspot.h"

#include <algorithm>

#include <fmt/format.h>

namespace hxsim {

namespace {

std::uint32_t hot_terminal(const platform_config& config, unsigned accelerators)
{
    if (config.traffic.hotspot >= accelerators)
        throw config_error(fmt::format("traffic.hotspot: there is no terminal {}; the {} terminals are numbered 0 "
                                       "to {}",
                                       config.traffic.hotspot, accelerators, accelerators - 1));
    return config.traffic.hotspot;
}

}  // namespace

hotspot_pattern::hotspot_pattern(const platform_config& config, unsigned accelerators)
    : open_loop_pattern(config, accelerators), m_hot(hot_terminal(config, accelerators)),
      m_fraction(config.traffic.hotspot_fraction)
{
}

std::uint32_t hotspot_pattern::destination(std::uint32_t src, rng& gen)
{
    const unsigned n = accelerators();
    if (src == m_hot) {
        const auto d = static_cast<std::uint32_t>(gen.below(n - 1));
        return d >= src ? d + 1 : d;
    }
    // With two terminals there is nobody else to send the rest to.
    if (n == 2 || gen.bernoulli(m_fraction))
        return m_hot;
    // Draw among the N-2 others, skipping the two excluded ids in increasing order.
    const std::uint32_t low = std::min(src, m_hot);
    const std::uint32_t high = std::max(src, m_hot);
    auto d = static_cast<std::uint32_t>(gen.below(n - 2));
    if (d >= low)
        ++d;
    if (d >= high)
        ++d;
    return d;
}

}  // namespace hxsim
