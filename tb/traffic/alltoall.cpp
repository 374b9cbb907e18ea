#include "tb/traffic/alltoall.h"

namespace hxsim {

alltoall_pattern::alltoall_pattern(const platform_config& config, unsigned accelerators)
    : m_accelerators(accelerators), m_bytes(config.traffic.message_size_bytes), m_sent(accelerators, 0)
{
}

bool alltoall_pattern::next(std::uint32_t src, message_spec& out)
{
    if (m_sent[src] + 1 >= m_accelerators)
        return false;
    ++m_sent[src];
    out.at_ps = 0;
    out.dst = (src + m_sent[src]) % m_accelerators;
    out.bytes = m_bytes;
    return true;
}

}  // namespace hxsim
