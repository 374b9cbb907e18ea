// hxsim: simulate the platform a configuration file describes, check that every message arrived
// intact, print a summary and optionally write the statistics as JSON.
//
// Exit status: 0 when the run passed its checks, 1 when it did not (loss, duplication,
// corruption, deadlock), 2 for bad input (configuration, command line, output path).
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <systemc>

#include <malloc.h>
#include <unistd.h>

#include "models/sim/config.h"
#include "models/topology/describe.h"
#include "models/topology/platform.h"
#include "models/trace/trace_options.h"
#include "tb/simulation.h"
#include "tb/sweep.h"

namespace {

constexpr int exit_failed_check = 1;
constexpr int exit_bad_input = 2;

std::string default_config()
{
    const std::string local = "configs/default.yaml";
    if (std::ifstream(local).good())
        return local;
    return std::string(HXSIM_SOURCE_DIR) + "/" + local;
}

/// Fails now, before simulating, if `path` (given to `option`) cannot be written: a long run must
/// not be lost at the end.
void check_writable(const std::string& option, const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_directory(path, ec))
        throw hxsim::config_error(fmt::format("{} {}: is a directory, expected a file name", option, path));
    const fs::path parent = fs::absolute(path, ec).parent_path();
    if (!fs::is_directory(parent, ec))
        throw hxsim::config_error(fmt::format("{} {}: directory {} does not exist", option, path, parent.string()));
    if (access(parent.c_str(), W_OK) != 0 || (fs::exists(path, ec) && access(path.c_str(), W_OK) != 0))
        throw hxsim::config_error(fmt::format("{} {}: cannot write there: {}", option, path, std::strerror(errno)));
}

/// Parses --seed like the configuration does run.seed: plain decimal digits, within 64 bits.
std::string checked_seed(const std::string& text)
{
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || ec != std::errc() || ptr != end)
        throw hxsim::config_error(fmt::format("--seed: expected a non-negative integer below 2^64, got '{}'", text));
    return text;
}

/// Starts this process again, once, with glibc's malloc asking for transparent huge pages (the
/// tunable glibc.malloc.hugetlb=1, read only when a process starts). A large platform touches
/// router and packet state all over a heap of hundreds of MiB, and with 2 MiB pages most of the
/// TLB misses go: 15% less simulation time on the 1,024- and 16,384-accelerator cases
/// (docs/performance.md). Left alone: a GLIBC_TUNABLES that already says (=0 turns it off), and
/// runs under valgrind, which would not follow the exec.
void use_huge_pages(char* argv[])
{
    const char* tunables = std::getenv("GLIBC_TUNABLES");
    const char* preload = std::getenv("LD_PRELOAD");
    if ((tunables != nullptr && std::strstr(tunables, "glibc.malloc.hugetlb") != nullptr) ||
        (preload != nullptr && std::strstr(preload, "vgpreload") != nullptr))
        return;
    const std::string before = tunables != nullptr ? tunables : "";
    const std::string with = before.empty() ? "glibc.malloc.hugetlb=1" : before + ":glibc.malloc.hugetlb=1";
    setenv("GLIBC_TUNABLES", with.c_str(), 1);
    execv("/proc/self/exe", argv);
    // Not restarted (no /proc): run as we are.
    if (tunables != nullptr)
        setenv("GLIBC_TUNABLES", before.c_str(), 1);
    else
        unsetenv("GLIBC_TUNABLES");
}

}  // namespace

// libsystemc's own main() prints a banner before anything else; ours silences it, then hands over
// to the kernel, which calls sc_main.
int main(int argc, char* argv[])
{
    use_huge_pages(argv);
    // No fast bins: building a platform frees millions of small blocks (names, binding lists),
    // and the first large block asked for afterwards (a slab of packets, early in the run) would
    // make malloc consolidate them all: 0.18 s of "simulation" at 16,384 accelerators.
    mallopt(M_MXFAST, 0);
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[])
{
    CLI::App app{"hxsim: a cycle-approximate SystemC/TLM-2.0 simulator of HammingMesh networks"};
    std::string config_path = default_config();
    std::vector<std::string> overrides;
    std::string stats_path;
    std::string seed;
    bool quiet = false;
    app.add_option("-c,--config", config_path, "platform configuration (YAML)")->capture_default_str();
    app.add_option("-s,--set", overrides, "override one parameter, e.g. --set router.vcs=4 (repeatable)")
        ->take_all()
        ->allow_extra_args(false);
    app.add_option("--stats-json", stats_path, "write the statistics to this JSON file");
    auto* seed_option = app.add_option("--seed", seed, "random seed (same as --set run.seed=N)");
    std::string sweep_range;
    app.add_option("--sweep-load", sweep_range,
                   "run a latency-versus-load curve over FROM:TO:STEP (fractions of the injection bandwidth) "
                   "and report the saturation point; open-loop patterns only");
    bool describe = false;
    app.add_flag("--describe", describe,
                 "print the facts of the configured topology (counts, links, diameter, bisection) and exit "
                 "without simulating; with --stats-json, also write them as JSON");
    app.add_flag("-q,--quiet", quiet, "print nothing but errors");
    std::string vcd_path;
    std::vector<std::string> trace_patterns;
    std::string trace_window;
    app.add_option("--vcd", vcd_path,
                   "write a waveform (VCD, picoseconds) of the links and routers to this file, also when the run "
                   "fails; see --trace and --trace-window");
    app.add_option("--trace", trace_patterns,
                   "with --vcd, trace only the links and routers whose hierarchical name matches this glob "
                   "('*' any characters, '?' one), e.g. 'board_0_0.*', '*.acc_0_1.*', 'row_net_2.*' (repeatable)")
        ->take_all()
        ->allow_extra_args(false);
    app.add_option("--trace-window", trace_window,
                   "with --vcd, write only the changes in FROM:TO (times with units, e.g. 0ns:2us), starting from "
                   "the values at FROM");
    app.add_flag_callback(
        "--list-params", [] {
            std::cout << "Parameters (YAML keys; each can be given with --set KEY=VALUE):\n"
                      << hxsim::describe_parameters();
            throw CLI::Success();
        },
        "list every configuration parameter with its unit, default and meaning");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0)
            return app.exit(e);  // --help, --list-params
        std::cerr << "error: " << e.what() << "\n       run 'hxsim --help' for the options\n";
        return exit_bad_input;
    }

    hxsim::platform_config config;
    std::vector<double> loads;
    hxsim::trace_options trace;
    try {
        if (seed_option->count() > 0)
            overrides.push_back("run.seed=" + checked_seed(seed));
        config = hxsim::load_config(config_path, overrides);
        if (!sweep_range.empty()) {
            loads = hxsim::parse_load_range(sweep_range);
            if (config.traffic.pattern == "alltoall")
                throw hxsim::config_error("--sweep-load: traffic.pattern alltoall offers no load; use an open-loop pattern");
        }
        if (!stats_path.empty())
            check_writable("--stats-json", stats_path);
        if (vcd_path.empty() && !trace_patterns.empty())
            throw hxsim::config_error("--trace selects what --vcd FILE writes; give --vcd too");
        if (vcd_path.empty() && !trace_window.empty())
            throw hxsim::config_error("--trace-window limits what --vcd FILE writes; give --vcd too");
        if (!vcd_path.empty()) {
            if (describe || !sweep_range.empty())
                throw hxsim::config_error(fmt::format("--vcd traces a single simulation; it cannot be combined with {}",
                                                      describe ? "--describe" : "--sweep-load"));
            check_writable("--vcd", vcd_path);
            trace.path = vcd_path;
            trace.patterns = trace_patterns;
            if (!trace_window.empty()) {
                try {
                    hxsim::parse_trace_window(trace_window, trace.from_ps, trace.to_ps);
                } catch (const std::invalid_argument& e) {
                    throw hxsim::config_error(fmt::format("--trace-window {}", e.what()));
                }
            }
        }
    } catch (const hxsim::config_error& e) {
        std::cerr << "error: " << e.what() << '\n';
        return exit_bad_input;
    }

    // Describing needs no platform: nothing is built, the simulation-only checks do not apply.
    if (describe) {
        try {
            const nlohmann::json description = hxsim::describe_topology(config);
            if (!quiet)
                std::cout << hxsim::format_description(description);
            if (!stats_path.empty())
                hxsim::write_json_atomically(stats_path, description);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << '\n';
            return exit_bad_input;
        }
        return 0;
    }

    // The builders check what only they know (e.g. the VCs a topology's routing needs).
    try {
        hxsim::check_platform(config);
    } catch (const hxsim::config_error& e) {
        std::cerr << "error: " << e.what() << '\n';
        return exit_bad_input;
    }

    if (!loads.empty()) {
        const nlohmann::json sweep = hxsim::run_load_sweep(config, loads);
        if (!quiet)
            std::cout << hxsim::format_sweep(sweep);
        if (!stats_path.empty())
            hxsim::write_json_atomically(stats_path, sweep);
        return sweep["ok"].get<bool>() ? 0 : exit_failed_check;
    }

    hxsim::run_options options;
    options.trace = trace;
    hxsim::run_outcome outcome;
    try {
        outcome = hxsim::run_simulation(config, options);
    } catch (const hxsim::config_error& e) {  // a --trace pattern that selects nothing
        std::cerr << "error: " << e.what() << '\n';
        return exit_bad_input;
    }
    if (!quiet)
        std::cout << hxsim::format_summary(outcome.stats);
    if (!stats_path.empty()) {
        try {
            hxsim::write_json_atomically(stats_path, outcome.stats);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << '\n';
            return exit_bad_input;
        }
    }
    if (!outcome.output_errors.empty()) {
        for (const std::string& e : outcome.output_errors)
            std::cerr << "error: " << e << '\n';
        return exit_bad_input;
    }
    if (!outcome.ok) {
        for (const std::string& f : outcome.failures)
            std::cerr << "error: " << f << '\n';
        return exit_failed_check;
    }
    return 0;
}
