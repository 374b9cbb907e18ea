// Helpers shared by the simulation tests: configurations built from the default file plus
// overrides, and traffic scripted message by message.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "models/sim/config.h"
#include "tb/traffic/pattern.h"

namespace hxsim::test {

/// configs/default.yaml with `overrides` applied, as `--set` would.
inline platform_config config_with(const std::vector<std::string>& overrides)
{
    return load_config(std::string(HXSIM_SOURCE_DIR) + "/configs/default.yaml", overrides);
}

/// Traffic given as an explicit list of messages.
class scripted_pattern : public traffic_pattern {
public:
    void add(std::uint32_t src, std::uint32_t dst, std::uint64_t bytes, sim_ps at_ps = 0)
    {
        m_messages[src].push_back(message_spec{at_ps, dst, bytes});
    }

    bool next(std::uint32_t src, message_spec& out) override
    {
        auto it = m_messages.find(src);
        if (it == m_messages.end() || m_next[src] >= it->second.size())
            return false;
        out = it->second[m_next[src]++];
        return true;
    }

private:
    std::map<std::uint32_t, std::vector<message_spec>> m_messages;
    std::map<std::uint32_t, std::size_t> m_next;
};

}  // namespace hxsim::test
