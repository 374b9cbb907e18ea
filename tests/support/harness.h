// Helpers shared by the simulation tests: configurations built from the default file plus
// overrides, and traffic scripted message by message.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "models/sim/config.h"
#include "tb/simulation.h"
#include "tb/traffic/pattern.h"

namespace hxsim::test {

/// configs/default.yaml with `overrides` applied, as `--set` would.
inline platform_config config_with(const std::vector<std::string>& overrides)
{
    return load_config(std::string(HXSIM_SOURCE_DIR) + "/configs/default.yaml", overrides);
}

/// Runs `config` with `observer` watching every forwarding decision; a failed run fails the test.
inline run_outcome run_observed(const platform_config& config, forward_observer& observer)
{
    run_options options;
    options.observer = &observer;
    run_outcome out = run_simulation(config, options);
    EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
    return out;
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
