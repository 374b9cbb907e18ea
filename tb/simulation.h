// One complete, self-checking run: builds the platform a configuration describes, drives its
// traffic with the scoreboard and watchdog on, and gathers the statistics. SystemC elaborates
// once per process, so a process runs one simulation.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/routing/routing.h"
#include "models/sim/config.h"

namespace hxsim {

class traffic_pattern;

struct run_options {
    forward_observer* observer = nullptr;  ///< sees every routing decision (tests)
    traffic_pattern* pattern = nullptr;    ///< replaces the configured pattern (scripted scenarios)
};

struct run_outcome {
    bool ok = false;                    ///< every message delivered exactly once, intact, no stall
    std::vector<std::string> failures;  ///< what went wrong, if anything
    nlohmann::json stats;               ///< the statistics (README: "Statistics")
};

run_outcome run_simulation(const platform_config& config, const run_options& options = {});

/// A readable summary of `stats` for the terminal.
std::string format_summary(const nlohmann::json& stats);

}  // namespace hxsim
