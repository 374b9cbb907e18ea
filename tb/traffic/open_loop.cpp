#include "tb/traffic/open_loop.h"

#include <cmath>

namespace hxsim {

open_loop_pattern::open_loop_pattern(const platform_config& config, unsigned accelerators)
    : m_accelerators(accelerators), m_bytes(config.traffic.message_size_bytes),
      m_mean_gap_ps(static_cast<double>(serialization_ps(m_bytes, config.nic.injection_bandwidth_bps)) /
                    config.traffic.load),
      m_end_ps(config.run.duration_ps)
{
    m_sources.reserve(accelerators);
    for (unsigned s = 0; s < accelerators; ++s) {
        rng gen(config.run.seed * 0x100000001b3ULL + s);
        const double first = gen.exponential(m_mean_gap_ps);
        m_sources.push_back(source{gen, first});
    }
}

bool open_loop_pattern::next(std::uint32_t src, message_spec& out)
{
    source& s = m_sources[src];
    const auto at = static_cast<sim_ps>(std::llround(s.next_ps));
    if (at >= m_end_ps)
        return false;
    out.at_ps = at;
    out.dst = destination(src, s.gen);
    out.bytes = m_bytes;
    s.next_ps += s.gen.exponential(m_mean_gap_ps);
    return true;
}

}  // namespace hxsim
