// One complete, self-checking run: builds the platform a configuration describes, drives its
// traffic with the scoreboard and watchdog on, and gathers the statistics. SystemC elaborates
// once per process, so a process runs one simulation.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/routing/routing.h"
#include "models/sim/config.h"
#include "models/trace/trace_options.h"

namespace hxsim {

class traffic_pattern;

struct run_options {
    forward_observer* observer = nullptr;  ///< sees every routing decision (tests)
    traffic_pattern* pattern = nullptr;    ///< replaces the configured pattern (scripted scenarios)
    trace_options trace;                   ///< a VCD waveform of the run (off when trace.path is empty)
};

struct run_outcome {
    bool ok = false;                    ///< every message delivered exactly once, intact, no stall
    std::vector<std::string> failures;  ///< what went wrong, if anything
    nlohmann::json stats;               ///< the statistics (README: "Statistics")
    std::vector<std::string> output_errors;  ///< files that could not be written (the VCD)
};

/// Simulates `config`. With options.trace on, attaches the traceable objects its patterns select
/// after elaboration (throws config_error, before simulating, naming any pattern that selects
/// nothing) and writes the VCD at the end, also when the run failed.
run_outcome run_simulation(const platform_config& config, const run_options& options = {});

/// Writes a file in one piece, produced by `produce` (large files, e.g. a VCD, are streamed): to a
/// fresh temporary file beside it, then renamed over `path`, so that readers never see half a file
/// and a failure leaves what was there. Throws std::runtime_error naming the path and the reason.
void write_atomically(const std::string& path, const std::function<void(std::ostream&)>& produce);
/// `document` as JSON indented by two, written the same way and streamed: the statistics of
/// 16,384 accelerators take 26 MB, which a string made first would double.
void write_json_atomically(const std::string& path, const nlohmann::json& document);

/// A readable summary of `stats` for the terminal.
std::string format_summary(const nlohmann::json& stats);

}  // namespace hxsim
