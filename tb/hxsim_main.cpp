// hxsim: simulate the platform a configuration file describes, check that every message arrived
// intact, print a summary and optionally write the statistics as JSON.
//
// Exit status: 0 when the run passed its checks, 1 when it did not (loss, duplication,
// corruption, deadlock), 2 for bad input (configuration, command line, output path).
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <systemc>

#include "models/sim/config.h"
#include "tb/simulation.h"

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

/// Fails now, before simulating, if `path` cannot be written: a long run must not be lost at the end.
void check_writable(const std::string& path)
{
    const std::string probe = path + ".tmp";
    std::ofstream out(probe);
    if (!out)
        throw hxsim::config_error(fmt::format("--stats-json {}: cannot write there: {}", path, std::strerror(errno)));
    out.close();
    std::remove(probe.c_str());
}

/// Writes the file in one piece: to a temporary name, then renamed over the target.
void write_atomically(const std::string& path, const std::string& text)
{
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp);
        out << text;
        if (!out)
            throw std::runtime_error(fmt::format("cannot write {}: {}", tmp, std::strerror(errno)));
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        throw std::runtime_error(fmt::format("cannot rename {} to {}: {}", tmp, path, std::strerror(errno)));
}

}  // namespace

int sc_main(int argc, char* argv[])
{
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    CLI::App app{"hxsim: a cycle-approximate SystemC/TLM-2.0 simulator of HammingMesh networks"};
    std::string config_path = default_config();
    std::vector<std::string> overrides;
    std::string stats_path;
    std::uint64_t seed = 0;
    bool quiet = false;
    app.add_option("-c,--config", config_path, "platform configuration (YAML)")->capture_default_str();
    app.add_option("-s,--set", overrides, "override one parameter, e.g. --set router.vcs=4 (repeatable)")
        ->take_all()
        ->allow_extra_args(false);
    app.add_option("--stats-json", stats_path, "write the statistics to this JSON file");
    auto* seed_option = app.add_option("--seed", seed, "random seed (same as --set run.seed=N)");
    app.add_flag("-q,--quiet", quiet, "print nothing but errors");
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
        return app.exit(e) == 0 ? 0 : exit_bad_input;
    }

    hxsim::platform_config config;
    try {
        if (seed_option->count() > 0)
            overrides.push_back(fmt::format("run.seed={}", seed));
        config = hxsim::load_config(config_path, overrides);
        if (!stats_path.empty())
            check_writable(stats_path);
    } catch (const hxsim::config_error& e) {
        std::cerr << "error: " << e.what() << '\n';
        return exit_bad_input;
    }

    hxsim::run_outcome outcome = hxsim::run_simulation(config);
    if (!quiet)
        std::cout << hxsim::format_summary(outcome.stats);
    if (!stats_path.empty()) {
        try {
            write_atomically(stats_path, outcome.stats.dump(2) + "\n");
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << '\n';
            return exit_bad_input;
        }
    }
    if (!outcome.ok) {
        for (const std::string& f : outcome.failures)
            std::cerr << "error: " << f << '\n';
        return exit_failed_check;
    }
    return 0;
}
