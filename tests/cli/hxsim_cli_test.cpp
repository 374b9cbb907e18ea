// End-to-end tests of the hxsim command line: the binary is run as a user would run it, in a child
// process whose stdout, stderr and exit status are captured separately. Covers bad input (exit 2,
// one "error: " message naming the culprit, nothing simulated, no statistics file left behind),
// --help and --list-params, the JSON statistics of a passing run, determinism under a seed,
// --quiet, --set overrides reaching the simulated platform, and VCD waveforms (--vcd, --trace,
// --trace-window).
//
// ctest runs every TEST in its own process, possibly in parallel in one working directory, so each
// test works in its own mkdtemp() directory (also the child's working directory) and removes it.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

const std::string hxsim_binary = HXSIM_BINARY;
const std::string source_dir = HXSIM_SOURCE_DIR;

constexpr int exit_ok = 0;
constexpr int exit_bad_input = 2;

// ---------------------------------------------------------------------------------------------
// Running the binary

/// What one run of hxsim did.
struct run_result {
    std::vector<std::string> args;
    bool exited = false;     // terminated through exit(), not by a signal
    int status = -1;         // exit status when exited
    int signal = 0;          // terminating signal otherwise
    bool timed_out = false;  // killed by us
    std::string out;
    std::string err;

    /// The whole run, for failure messages.
    std::string describe() const
    {
        std::ostringstream text;
        text << "command: hxsim";
        for (const std::string& a : args)
            text << " '" << a << "'";
        text << "\n";
        if (timed_out)
            text << "TIMED OUT\n";
        if (exited)
            text << "exit status: " << status << "\n";
        else
            text << "killed by signal " << signal << "\n";
        text << "--- stdout (" << out.size() << " bytes) ---\n" << out;
        text << "--- stderr (" << err.size() << " bytes) ---\n" << err << "--- end ---";
        return text.str();
    }
};

/// Whether the child gets SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 (as the tests normally give it) or
/// runs in an environment without it (as a user's shell usually is).
enum class systemc_banner_env { disabled, unset };

constexpr auto run_timeout = std::chrono::seconds(120);

/// Runs hxsim with `args` in `cwd`, stdin from /dev/null, and waits for it (killing it after
/// run_timeout). Failures to start it are reported as test failures.
run_result run_hxsim(const std::vector<std::string>& args, const fs::path& cwd,
                     systemc_banner_env banner = systemc_banner_env::disabled)
{
    run_result result;
    result.args = args;

    // Everything the child needs is prepared before fork(): it only calls async-signal-safe functions.
    std::vector<std::string> argv_text{hxsim_binary};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_text)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    const std::string banner_var = "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE";
    std::vector<std::string> env_text;
    for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
        const std::string entry = *e;
        if (entry.compare(0, banner_var.size() + 1, banner_var + "=") != 0)
            env_text.push_back(entry);
    }
    if (banner == systemc_banner_env::disabled)
        env_text.push_back(banner_var + "=1");
    std::vector<char*> envp;
    for (std::string& e : env_text)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    const std::string cwd_text = cwd.string();

    int out_pipe[2];
    int err_pipe[2];
    if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) {
        ADD_FAILURE() << "pipe2: " << std::strerror(errno);
        return result;
    }
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0) {
        ADD_FAILURE() << "fork: " << std::strerror(errno);
        return result;
    }
    if (pid == 0) {
        const int null_in = open("/dev/null", O_RDONLY);
        if (null_in < 0 || dup2(null_in, 0) < 0 || dup2(out_pipe[1], 1) < 0 ||
            dup2(err_pipe[1], 2) < 0 || chdir(cwd_text.c_str()) != 0)
            _exit(126);
        execve(argv[0], argv.data(), envp.data());
        _exit(127);
    }
    close(out_pipe[1]);
    close(err_pipe[1]);

    // Drain both pipes together, so that a child filling one of them cannot block.
    const auto deadline = std::chrono::steady_clock::now() + run_timeout;
    std::array<pollfd, 2> fds{pollfd{out_pipe[0], POLLIN, 0}, pollfd{err_pipe[0], POLLIN, 0}};
    std::array<std::string*, 2> sinks{&result.out, &result.err};
    int open_fds = 2;
    while (open_fds > 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            result.timed_out = true;
            kill(pid, SIGKILL);
            break;
        }
        const int ready = poll(fds.data(), fds.size(), static_cast<int>(left.count()));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0) {
            ADD_FAILURE() << "poll: " << std::strerror(errno);
            kill(pid, SIGKILL);
            break;
        }
        for (std::size_t i = 0; i < fds.size(); ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0)
                continue;
            char buffer[4096];
            const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
            if (n > 0) {
                sinks[i]->append(buffer, static_cast<std::size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                close(fds[i].fd);
                fds[i].fd = -1;
                --open_fds;
            }
        }
    }
    for (const pollfd& p : fds)
        if (p.fd >= 0)
            close(p.fd);

    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) {
        result.exited = true;
        result.status = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result.signal = WTERMSIG(status);
    }
    EXPECT_FALSE(result.timed_out) << result.describe();
    EXPECT_NE(result.status, 126) << "could not set up the child\n" << result.describe();
    EXPECT_NE(result.status, 127) << "could not execute " << hxsim_binary << "\n" << result.describe();
    return result;
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

bool starts_with(const std::string& text, const std::string& prefix)
{
    return text.compare(0, prefix.size(), prefix) == 0;
}

std::vector<std::string> lines_of(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

using problems = std::vector<std::string>;

// Fails the test once, listing every problem found in run `r` followed by the whole run.
void report(const problems& found, const run_result& r)
{
    if (found.empty())
        return;
    std::string text;
    for (const std::string& p : found)
        text += "  - " + p + "\n";
    ADD_FAILURE() << "hxsim misbehaved:\n" << text << r.describe();
}

// The summary of a finished simulation on stdout: it simulated.
problems summary_problems(const run_result& r)
{
    problems found;
    for (const char* marker : {"injected", "check:", "s wall"})
        if (contains(r.out, marker))
            found.push_back(std::string("stdout has a simulation summary (\"") + marker + "\")");
    return found;
}

// A crash, abort or uncaught exception.
problems crash_problems(const run_result& r)
{
    problems found;
    if (!r.exited)
        found.push_back("killed by signal " + std::to_string(r.signal));
    for (const char* marker : {"terminate called", "Aborted", "Segmentation", "core dumped",
                               "what():", "Fatal", "Error: (E"})
        if (contains(r.out + r.err, marker))
            found.push_back(std::string("crash text \"") + marker + "\"");
    return found;
}

// Something at `path`, or a leftover temporary of it ("path.tmp" or similar).
problems file_problems(const fs::path& path)
{
    problems found;
    std::error_code ec;
    if (fs::exists(path, ec))
        found.push_back(path.string() + " was written");
    const fs::path parent = path.parent_path();
    if (!fs::is_directory(parent, ec))
        return found;
    for (const fs::directory_entry& entry : fs::directory_iterator(parent, ec)) {
        const std::string name = entry.path().filename().string();
        if (name != path.filename().string() && starts_with(name, path.filename().string()))
            found.push_back("left behind: " + entry.path().string());
    }
    return found;
}

void append(problems& to, const problems& more)
{
    to.insert(to.end(), more.begin(), more.end());
}

void expect_no_summary(const run_result& r)
{
    report(summary_problems(r), r);
}

void expect_no_crash(const run_result& r)
{
    report(crash_problems(r), r);
}

/// A rejected input: exit status 2, stderr starting with "error: " and mentioning each of
/// `mentions`, no summary, no crash, and (if given) no statistics file.
void expect_bad_input(const run_result& r, const std::vector<std::string>& mentions,
                      const fs::path& stats_out = {})
{
    problems found = crash_problems(r);
    if (r.status != exit_bad_input)
        found.push_back("exit status " + std::to_string(r.status) + ", expected " +
                        std::to_string(exit_bad_input) + " (bad input)");
    if (!starts_with(r.err, "error: "))
        found.push_back("stderr does not start with \"error: \"");
    for (const std::string& m : mentions)
        if (!contains(r.err, m))
            found.push_back("stderr does not mention \"" + m + "\"");
    append(found, summary_problems(r));
    if (!stats_out.empty())
        append(found, file_problems(stats_out));
    report(found, r);
}

/// The JSON at `path`, or null (with a test failure) if it is missing or malformed.
json read_json(const fs::path& path)
{
    std::ifstream in(path);
    if (!in) {
        ADD_FAILURE() << "no statistics file " << path;
        return json();
    }
    try {
        return json::parse(in);
    } catch (const json::exception& e) {
        ADD_FAILURE() << path << " is not valid JSON: " << e.what();
        return json();
    }
}

/// The statistics without what legitimately differs between identical runs.
json comparable(json stats)
{
    if (stats.is_object()) {
        stats.erase("wall_seconds");
        stats.erase("build_seconds");
    }
    return stats;
}

const std::string default_config = source_dir + "/configs/default.yaml";

// Every key of the configuration schema (models/sim/config.cpp), with its default as listed.
const std::vector<std::pair<std::string, std::string>> schema_keys{
    {"topology.kind", "hammingmesh"},
    {"topology.board", "[2, 2]"},
    {"topology.grid", "[4, 4]"},
    {"topology.switch_radix", "64"},
    {"topology.taper", "1"},
    {"topology.dims", "[8, 8]"},
    {"topology.terminals_per_router", "2"},
    {"topology.routers_per_group", "4"},
    {"topology.global_links_per_router", "2"},
    {"link.bandwidth", "400Gbps"},
    {"link.latency", "40ns"},
    {"nic.injection_bandwidth", "1600Gbps"},
    {"nic.mtu", "8KiB"},
    {"nic.send_queue", "16"},
    {"router.flit", "256B"},
    {"router.vcs", "3"},
    {"router.buffer", "32MiB"},
    {"router.output_buffer", "32MiB"},
    {"router.input_latency", "20ns"},
    {"router.output_latency", "20ns"},
    {"router.crossbar_bandwidth", "3200Gbps"},
    {"router.clock", "1GHz"},
    {"router.routing_cycles", "0"},
    {"router.vc_allocation_cycles", "0"},
    {"router.switch_allocation_cycles", "0"},
    {"router.switch_traversal_cycles", "0"},
    {"router.credit_delay", "0ns"},
    {"router.flow_control", "virtual-cut-through"},
    {"router.allocator", "separable-input-first"},
    {"router.allocator_iterations", "1"},
    {"router.arbitration", "round-robin"},
    {"switch.buffer", "32MiB"},
    {"switch.output_buffer", "32MiB"},
    {"switch.input_latency", "20ns"},
    {"switch.output_latency", "20ns"},
    {"switch.crossbar_bandwidth", "3200Gbps"},
    {"switch.clock", "1GHz"},
    {"switch.routing_cycles", "0"},
    {"switch.vc_allocation_cycles", "0"},
    {"switch.switch_allocation_cycles", "0"},
    {"switch.switch_traversal_cycles", "0"},
    {"switch.credit_delay", "0ns"},
    {"switch.flow_control", "virtual-cut-through"},
    {"switch.allocator", "separable-input-first"},
    {"switch.allocator_iterations", "1"},
    {"switch.arbitration", "round-robin"},
    {"routing.algorithm", "min-adaptive"},
    {"traffic.pattern", "uniform"},
    {"traffic.load", "0.5"},
    {"traffic.injection", "poisson"},
    {"traffic.burst_length", "8"},
    {"traffic.hotspot", "0"},
    {"traffic.hotspot_fraction", "0.2"},
    {"traffic.message_size", "64KiB"},
    {"traffic.inline_payload", "64B"},
    {"run.warmup", "0ns"},
    {"run.duration", "20us"},
    {"run.seed", "1"},
    {"run.watchdog", "1ms"},
    {"rtl.routers", "[]"},
};

// ---------------------------------------------------------------------------------------------
// Fixture: a private working directory per test

class hxsim_cli : public ::testing::Test {
protected:
    void SetUp() override
    {
        std::string pattern = (fs::temp_directory_path() / "hxsim_cli_XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr) << "mkdtemp: " << std::strerror(errno);
        m_dir = pattern;
    }

    void TearDown() override
    {
        std::error_code ec;
        if (!m_dir.empty())
            fs::remove_all(m_dir, ec);
    }

    const fs::path& dir() const { return m_dir; }
    fs::path path(const std::string& name) const { return m_dir / name; }

    /// Writes `text` to a file of the working directory and returns its path.
    fs::path write_file(const std::string& name, const std::string& text) const
    {
        const fs::path p = path(name);
        std::ofstream out(p, std::ios::binary);
        out << text;
        EXPECT_TRUE(out.good()) << "cannot write " << p;
        return p;
    }

    run_result run(const std::vector<std::string>& args,
                   systemc_banner_env banner = systemc_banner_env::disabled) const
    {
        return run_hxsim(args, m_dir, banner);
    }

    /// Runs with `args` plus --stats-json into `name`, expects a passing run (exit 0, empty
    /// stderr) and returns the statistics (null on failure).
    json run_stats(std::vector<std::string> args, const std::string& name, run_result* result = nullptr) const
    {
        const fs::path out = path(name);
        args.push_back("--stats-json");
        args.push_back(out.string());
        const run_result r = run(args);
        if (result != nullptr)
            *result = r;
        expect_no_crash(r);
        EXPECT_EQ(r.status, exit_ok) << r.describe();
        EXPECT_EQ(r.err, "") << "a passing run printed on stderr\n" << r.describe();
        if (r.status != exit_ok)
            return json();
        const json stats = read_json(out);
        std::error_code ec;
        EXPECT_FALSE(fs::exists(out.string() + ".tmp", ec)) << "temporary statistics file left behind";
        return stats;
    }

    /// Where expect_rejected() asks for the statistics.
    fs::path stats_path() const { return path("stats.json"); }

    /// Runs bad input `args`, with --stats-json appended, and checks everything expect_bad_input() does.
    void expect_rejected(std::vector<std::string> args, const std::vector<std::string>& mentions) const
    {
        // A short run, so that wrongly accepted input still finishes quickly.
        args.insert(args.begin(), {"--set", "run.duration=2us"});
        args.push_back("--stats-json");
        args.push_back(stats_path().string());
        expect_bad_input(run(args), mentions, stats_path());
    }

private:
    fs::path m_dir;
};

// ---------------------------------------------------------------------------------------------
// 1. Bad input

TEST_F(hxsim_cli, missing_config_file_is_rejected)
{
    const std::string config = path("absent.yaml").string();
    expect_rejected({"--config", config}, {config, "No such file"});
}

TEST_F(hxsim_cli, directory_as_config_is_rejected)
{
    const fs::path config = path("configs.d");
    fs::create_directory(config);
    expect_rejected({"--config", config.string()}, {config.string(), "directory"});
}

TEST_F(hxsim_cli, malformed_yaml_is_rejected_with_file_and_line)
{
    // Line 4 is indented deeper than its sibling key: a YAML syntax error there.
    const fs::path config = write_file("malformed.yaml",
                                       "# a platform\n"
                                       "topology:\n"
                                       "  kind: hammingmesh\n"
                                       "   board: [2, 2]\n");
    expect_rejected({"--config", config.string()}, {config.string() + ":4:", "YAML"});
}

TEST_F(hxsim_cli, unknown_key_is_rejected_with_suggestion)
{
    const fs::path config = write_file("typo.yaml",
                                       "# a platform\n"
                                       "router: {vsc: 3}\n");
    expect_rejected({"--config", config.string()},
                    {config.string() + ":2:", "router.vsc", "did you mean 'router.vcs'"});
}

TEST_F(hxsim_cli, missing_unit_is_rejected_with_file_line_and_key)
{
    const fs::path config = write_file("no_unit.yaml",
                                       "# a platform\n"
                                       "router: {vcs: 3}\n"
                                       "link: {bandwidth: 400}\n");
    expect_rejected({"--config", config.string()},
                    {config.string() + ":3:", "link.bandwidth", "unit"});
}

TEST_F(hxsim_cli, zero_size_is_rejected_with_file_line_and_key)
{
    const fs::path config = write_file("zero_mtu.yaml", "nic: {mtu: 0B}\n");
    expect_rejected({"--config", config.string()}, {config.string() + ":1:", "nic.mtu"});
}

TEST_F(hxsim_cli, set_without_equals_is_rejected)
{
    expect_rejected({"--set", "router.vcs"}, {"--set router.vcs", "KEY=VALUE"});
}

TEST_F(hxsim_cli, set_unknown_key_is_rejected_with_suggestion)
{
    expect_rejected({"--set", "router.vsc=3"}, {"router.vsc", "did you mean 'router.vcs'"});
}

TEST_F(hxsim_cli, set_zero_vcs_is_rejected)
{
    expect_rejected({"--set", "router.vcs=0"}, {"router.vcs", "'0'"});
}

TEST_F(hxsim_cli, set_bad_value_of_known_key_is_rejected)
{
    expect_rejected({"--set", "run.seed=abc"}, {"run.seed", "abc"});
    // tornado is a pattern now; the message lists the choices.
    expect_rejected({"--set", "traffic.pattern=random"},
                    {"traffic.pattern", "'random'", "tornado", "hotspot"});
    expect_rejected({"--set", "router.flow_control=store-and-forward"},
                    {"router.flow_control", "store-and-forward", "virtual-cut-through, wormhole"});
}

TEST_F(hxsim_cli, clock_that_is_not_whole_picoseconds_is_rejected)
{
    expect_rejected({"--set", "router.clock=3GHz"}, {"router.clock", "3GHz", "picoseconds"});
    expect_rejected({"--set", "switch.clock=1.5GHz"}, {"switch.clock", "1.5GHz", "picoseconds"});
}

TEST_F(hxsim_cli, dimension_order_on_hammingmesh_is_rejected)
{
    expect_rejected({"--set", "routing.algorithm=dimension-order"},
                    {"routing.algorithm", "dimension-order", "hammingmesh"});
}

TEST_F(hxsim_cli, bad_sizes_in_flits_are_rejected)
{
    expect_rejected({"--set", "router.flit=8flits"}, {"router.flit", "8flits", "bytes"});
    expect_rejected({"--set", "router.buffer=0flits"}, {"router.buffer", "0flits", "positive"});
    expect_rejected({"--set", "router.buffer=1.5flits"}, {"router.buffer", "1.5flits"});
}

// A buffer in flits is resolved with the final router.flit: 16 flits of 512B hold the 8KiB MTU
// that virtual cut-through asks for, 16 flits of the default 256B do not.
TEST_F(hxsim_cli, buffer_in_flits_uses_the_final_flit)
{
    const std::vector<std::string> small{"--set", "run.duration=2us", "--set", "topology.grid=[2,2]"};
    std::vector<std::string> args{"--set", "router.buffer=16flits", "--set", "router.flit=512B"};
    args.insert(args.end(), small.begin(), small.end());
    const json s = run_stats(args, "flits.json");
    ASSERT_TRUE(s.is_object());
    EXPECT_EQ(s["ok"], true);

    const fs::path config = write_file("flits.yaml", "router: {buffer: 16flits}\n");
    expect_rejected({"--config", config.string()},
                    {config.string() + ":1:", "router.buffer", "virtual cut-through", "4KiB"});
    expect_rejected({"--config", config.string(), "--set", "router.flit=128B"},
                    {config.string() + ":1:", "router.buffer", "2KiB"});
}

TEST_F(hxsim_cli, seed_that_is_not_a_number_is_rejected)
{
    expect_rejected({"--seed", "abc"}, {"--seed", "abc"});
}

// --set run.seed=-1 is rejected ("expected a non-negative integer"); --seed must not be laxer.
TEST_F(hxsim_cli, negative_seed_is_rejected)
{
    expect_rejected({"--seed", "-1"}, {"seed"});
}

// 2^64 does not fit the seed; it must not be silently replaced by another number.
TEST_F(hxsim_cli, seed_out_of_range_is_rejected)
{
    expect_rejected({"--seed", "18446744073709551616"}, {"seed"});
}

TEST_F(hxsim_cli, unknown_option_is_rejected)
{
    expect_rejected({"--bogus"}, {"--bogus"});
}

TEST_F(hxsim_cli, option_without_value_is_rejected)
{
    expect_bad_input(run({"--config"}), {"--config"});
}

TEST_F(hxsim_cli, too_many_boards_for_the_switch_radix_is_rejected)
{
    // 80-port columns of radix 4 would need a third fat-tree level.
    expect_rejected({"--set", "topology.grid=[40,2]", "--set", "topology.switch_radix=4"},
                    {"switch_radix", "80 ports"});
}

// --describe builds nothing: it describes a platform far too large to simulate quickly (fat-tree
// lines, 16,384 accelerators) at once, and one that cannot be built at all (a third level).
TEST_F(hxsim_cli, describe_prints_the_topology_without_simulating)
{
    const std::vector<std::string> hx2_64{"--set", "topology.grid=[64,64]", "--set", "topology.switch_radix=64"};
    const fs::path out = path("describe.json");
    std::vector<std::string> args{"--describe", "--stats-json", out.string()};
    args.insert(args.end(), hx2_64.begin(), hx2_64.end());
    const auto start = std::chrono::steady_clock::now();
    const run_result r = run(args);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    expect_no_crash(r);
    expect_no_summary(r);
    EXPECT_EQ(r.status, exit_ok) << r.describe();
    EXPECT_EQ(r.err, "") << r.describe();
    EXPECT_TRUE(contains(r.out, "accelerators    16384\n")) << r.describe();
    EXPECT_TRUE(contains(r.out, "4 leaves, 2 spines")) << r.describe();
    EXPECT_LT(seconds, 30.0) << r.describe();
    const json d = read_json(out);
    ASSERT_TRUE(d.is_object());
    EXPECT_EQ(d["accelerators"], 16384);
    EXPECT_EQ(d["switches"]["leaf"], 1024);
    EXPECT_EQ(d["switches"]["spine"], 512);

    // The default platform, as text only.
    const run_result small = run({"--describe"});
    EXPECT_EQ(small.status, exit_ok) << small.describe();
    EXPECT_TRUE(contains(small.out, "accelerators    64\n")) << small.describe();
    expect_no_summary(small);

    expect_rejected({"--describe", "--set", "topology.grid=[40,2]", "--set", "topology.switch_radix=4"},
                    {"topology.switch_radix", "80 ports", "radix-4"});
}

TEST_F(hxsim_cli, stats_json_in_missing_directory_fails_before_simulating)
{
    const fs::path out = path("no_such_dir") / "stats.json";
    const run_result r = run({"--set", "run.duration=2us", "--stats-json", out.string()});
    expect_bad_input(r, {out.string()}, out);
    std::error_code ec;
    EXPECT_FALSE(fs::exists(path("no_such_dir"), ec));
}

// A directory cannot be replaced by the statistics: that must be found before a long run, not
// after it, and must leave no temporary file behind.
TEST_F(hxsim_cli, stats_json_onto_a_directory_fails_before_simulating)
{
    const fs::path out = path("stats.d");
    fs::create_directory(out);
    const run_result r = run({"--set", "run.duration=2us", "--stats-json", out.string()});
    expect_no_crash(r);
    EXPECT_EQ(r.status, exit_bad_input) << r.describe();
    EXPECT_TRUE(starts_with(r.err, "error: ")) << r.describe();
    EXPECT_TRUE(contains(r.err, out.string())) << r.describe();
    expect_no_summary(r);
    std::error_code ec;
    EXPECT_TRUE(fs::is_directory(out, ec));
    EXPECT_TRUE(fs::is_empty(out, ec));
    EXPECT_FALSE(fs::exists(out.string() + ".tmp", ec)) << "temporary statistics file left behind";
}

// A bad configuration must not touch statistics a previous run wrote.
TEST_F(hxsim_cli, bad_input_leaves_existing_statistics_alone)
{
    const fs::path out = write_file("previous.json", "{\"previous\": true}\n");
    const run_result r = run({"--set", "router.vcs=0", "--stats-json", out.string()});
    expect_no_crash(r);
    EXPECT_EQ(r.status, exit_bad_input) << r.describe();
    std::ifstream in(out);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text, "{\"previous\": true}\n");
}

// ---------------------------------------------------------------------------------------------
// 2. --help and --list-params

TEST_F(hxsim_cli, help_mentions_every_option)
{
    const run_result r = run({"--help"});
    expect_no_crash(r);
    EXPECT_EQ(r.status, exit_ok) << r.describe();
    for (const char* option : {"--config", "--set", "--stats-json", "--seed", "--quiet",
                               "--list-params", "--help"})
        EXPECT_TRUE(contains(r.out, option)) << "--help does not mention " << option << "\n" << r.describe();
    expect_no_summary(r);
}

TEST_F(hxsim_cli, list_params_lists_every_key_with_its_default)
{
    const run_result r = run({"--list-params"});
    expect_no_crash(r);
    EXPECT_EQ(r.status, exit_ok) << r.describe();
    EXPECT_EQ(r.err, "") << r.describe();
    expect_no_summary(r);

    // One line per key: "  KEY  KIND  default VALUE  DOC".
    std::map<std::string, std::string> line_of;
    for (const std::string& line : lines_of(r.out)) {
        std::istringstream words(line);
        std::string key;
        words >> key;
        if (contains(key, ".")) {
            EXPECT_TRUE(line_of.emplace(key, line).second) << key << " listed twice";
        }
    }
    for (const auto& [key, value] : schema_keys) {
        const auto it = line_of.find(key);
        if (it == line_of.end()) {
            ADD_FAILURE() << "--list-params does not list " << key << "\n" << r.describe();
            continue;
        }
        EXPECT_TRUE(contains(it->second, "default " + value))
            << key << " is not listed with default " << value << ": " << it->second;
    }
    EXPECT_EQ(line_of.size(), schema_keys.size()) << r.describe();
}

// The listed defaults are what an empty configuration runs with: setting every one of them
// explicitly changes nothing.
TEST_F(hxsim_cli, listed_defaults_are_the_defaults)
{
    const run_result listing = run({"--list-params"});
    ASSERT_EQ(listing.status, exit_ok) << listing.describe();
    std::vector<std::string> explicit_defaults;
    for (const std::string& line : lines_of(listing.out)) {
        std::istringstream words(line);
        std::string key;
        words >> key;
        const std::size_t at = line.find("default ");
        if (!contains(key, ".") || at == std::string::npos)
            continue;
        // The default runs up to the two spaces before the documentation; "[2, 2]" has single ones.
        std::string value = line.substr(at + 8);
        value = value.substr(0, value.find("  "));
        explicit_defaults.push_back("--set");
        explicit_defaults.push_back(key + "=" + value);
    }
    ASSERT_EQ(explicit_defaults.size(), 2 * schema_keys.size()) << listing.describe();

    const fs::path empty = write_file("empty.yaml", "# nothing: all defaults\n");
    const std::vector<std::string> small{"--set", "run.duration=2us", "--set", "topology.grid=[2,2]"};
    std::vector<std::string> implicit_args{"--config", empty.string()};
    implicit_args.insert(implicit_args.end(), small.begin(), small.end());
    std::vector<std::string> explicit_args{"--config", empty.string()};
    explicit_args.insert(explicit_args.end(), explicit_defaults.begin(), explicit_defaults.end());
    explicit_args.insert(explicit_args.end(), small.begin(), small.end());

    const json implicit_stats = run_stats(implicit_args, "implicit.json");
    const json explicit_stats = run_stats(explicit_args, "explicit.json");
    ASSERT_TRUE(implicit_stats.is_object());
    ASSERT_TRUE(explicit_stats.is_object());
    EXPECT_EQ(comparable(implicit_stats), comparable(explicit_stats));
}

// ---------------------------------------------------------------------------------------------
// 3. A default run and its statistics

void expect_number(const json& parent, const std::string& key, const std::string& where)
{
    ASSERT_TRUE(parent.contains(key)) << where << " has no " << key;
    EXPECT_TRUE(parent[key].is_number()) << where << "." << key << " is not a number: " << parent[key];
}

void expect_count(const json& parent, const std::string& key)
{
    ASSERT_TRUE(parent.contains(key)) << "statistics have no " << key;
    EXPECT_TRUE(parent[key].is_number_unsigned()) << key << " is not a count: " << parent[key];
}

TEST_F(hxsim_cli, default_run_passes_and_writes_consistent_statistics)
{
    run_result r;
    const json s = run_stats({"--set", "run.duration=5us"}, "default.json", &r);
    ASSERT_TRUE(s.is_object());

    // The summary.
    EXPECT_TRUE(contains(r.out, "delivered")) << r.describe();
    EXPECT_TRUE(contains(r.out, "check: every message delivered")) << r.describe();

    // The configuration it ran: configs/default.yaml, found from any working directory.
    ASSERT_TRUE(s.contains("config"));
    const json& config = s["config"];
    EXPECT_EQ(config.value("source", ""), default_config);
    EXPECT_EQ(config.value("accelerators", 0u), 64u);
    EXPECT_EQ(config.value("pattern", ""), "uniform");
    EXPECT_EQ(config.value("seed", 0u), 1u);

    // Every documented field, with the right type.
    for (const char* key : {"messages_injected", "messages_delivered", "packets_injected",
                            "packets_delivered", "packet_hops"})
        expect_count(s, key);
    expect_number(s, "simulated_ns", "statistics");
    expect_number(s, "wall_seconds", "statistics");
    ASSERT_TRUE(s.contains("latency_ns"));
    for (const char* key : {"mean", "p50", "p99", "max"})
        expect_number(s["latency_ns"], key, "latency_ns");
    ASSERT_TRUE(s.contains("accepted_gbps_per_accelerator"));
    for (const char* key : {"mean", "min"})
        expect_number(s["accepted_gbps_per_accelerator"], key, "accepted_gbps_per_accelerator");
    ASSERT_TRUE(s.contains("link_utilization"));
    for (const char* key : {"mean", "max"})
        expect_number(s["link_utilization"], key, "link_utilization");
    ASSERT_TRUE(s.contains("links"));
    ASSERT_TRUE(s["links"].is_array());
    ASSERT_TRUE(s.contains("ok"));
    if (testing::Test::HasFailure())
        return;

    // Everything injected arrived.
    EXPECT_EQ(s["ok"], true) << s["failures"];
    EXPECT_TRUE(s.value("failures", json::array()).empty()) << s["failures"];
    const auto messages = s["messages_injected"].get<std::uint64_t>();
    EXPECT_GT(messages, 0u);
    EXPECT_EQ(s["messages_delivered"].get<std::uint64_t>(), messages);
    const auto packets = s["packets_injected"].get<std::uint64_t>();
    EXPECT_GE(packets, messages);
    EXPECT_EQ(s["packets_delivered"].get<std::uint64_t>(), packets);
    EXPECT_GE(s["packet_hops"].get<std::uint64_t>(), packets) << "a packet crosses at least one link";
    if (s.contains("bytes_injected") && s.contains("bytes_delivered")) {
        EXPECT_EQ(s["bytes_delivered"], s["bytes_injected"]);
    }

    // The summary states the same counts.
    EXPECT_TRUE(contains(r.out, "injected " + std::to_string(messages) + "  delivered " + std::to_string(messages)))
        << r.describe();

    // Times.
    EXPECT_GE(s["simulated_ns"].get<double>(), 5000.0) << "the injection window is 5 us";
    EXPECT_GE(s["wall_seconds"].get<double>(), 0.0);

    // Latency percentiles are ordered.
    const json& lat = s["latency_ns"];
    const double mean = lat["mean"], p50 = lat["p50"], p99 = lat["p99"], max = lat["max"];
    EXPECT_GT(p50, 0.0);
    EXPECT_LE(p50, p99);
    EXPECT_LE(p99, max);
    EXPECT_GT(mean, 0.0);
    EXPECT_LE(mean, max);
    EXPECT_LE(max, s["simulated_ns"].get<double>());

    // Bandwidth.
    const json& acc = s["accepted_gbps_per_accelerator"];
    EXPECT_GE(acc["min"].get<double>(), 0.0);
    EXPECT_LE(acc["min"].get<double>(), acc["mean"].get<double>());
    EXPECT_GT(acc["mean"].get<double>(), 0.0);

    // Links: one entry per link of the platform, each with a name and a utilization in [0, 1].
    const json& links = s["links"];
    EXPECT_FALSE(links.empty());
    if (config.contains("links")) {
        EXPECT_EQ(links.size(), config["links"].get<std::size_t>());
    }
    std::set<std::string> names;
    double sum = 0, highest = 0;
    for (const json& l : links) {
        ASSERT_TRUE(l.is_object()) << l;
        ASSERT_TRUE(l.contains("name") && l["name"].is_string()) << l;
        ASSERT_TRUE(l.contains("utilization") && l["utilization"].is_number()) << l;
        const std::string name = l["name"];
        EXPECT_FALSE(name.empty());
        EXPECT_TRUE(names.insert(name).second) << "link " << name << " listed twice";
        const double u = l["utilization"];
        EXPECT_GE(u, 0.0) << name;
        EXPECT_LE(u, 1.0) << name;
        sum += u;
        highest = std::max(highest, u);
    }
    EXPECT_GT(highest, 0.0) << "traffic crossed no link";
    const double util_mean = s["link_utilization"]["mean"], util_max = s["link_utilization"]["max"];
    EXPECT_GE(util_mean, 0.0);
    EXPECT_LE(util_max, 1.0);
    EXPECT_NEAR(util_max, highest, 1e-9);
    EXPECT_NEAR(util_mean, sum / static_cast<double>(links.size()), 1e-9);
}

// ---------------------------------------------------------------------------------------------
// 4. Determinism

TEST_F(hxsim_cli, uniform_traffic_is_deterministic_under_a_seed)
{
    const std::vector<std::string> base{"--set", "run.duration=2us", "--set", "traffic.pattern=uniform"};
    auto with_seed = [&](const char* seed) {
        std::vector<std::string> args = base;
        args.insert(args.end(), {"--seed", seed});
        return args;
    };
    const json first = run_stats(with_seed("7"), "seed7_a.json");
    const json second = run_stats(with_seed("7"), "seed7_b.json");
    const json other = run_stats(with_seed("8"), "seed8.json");
    ASSERT_TRUE(first.is_object());
    ASSERT_TRUE(second.is_object());
    ASSERT_TRUE(other.is_object());

    EXPECT_EQ(first["config"]["seed"], 7);
    EXPECT_EQ(other["config"]["seed"], 8);
    EXPECT_EQ(comparable(first), comparable(second)) << "two runs with --seed 7 differ";
    EXPECT_TRUE(first["latency_ns"] != other["latency_ns"] ||
                first["messages_injected"] != other["messages_injected"])
        << "--seed 8 gives the same traffic as --seed 7";
}

TEST_F(hxsim_cli, alltoall_is_deterministic_and_complete)
{
    const std::vector<std::string> base{"--set", "traffic.pattern=alltoall", "--set",
                                        "traffic.message_size=16KiB", "--set", "topology.grid=[2,2]"};
    auto with_seed = [&](const char* seed) {
        std::vector<std::string> args = base;
        args.insert(args.end(), {"--seed", seed});
        return args;
    };
    run_result r;
    const json first = run_stats(with_seed("7"), "a2a_7a.json", &r);
    const json second = run_stats(with_seed("7"), "a2a_7b.json");
    const json other = run_stats(with_seed("8"), "a2a_8.json");
    ASSERT_TRUE(first.is_object());
    ASSERT_TRUE(second.is_object());
    ASSERT_TRUE(other.is_object());
    EXPECT_EQ(comparable(first), comparable(second)) << "two all-to-all runs with --seed 7 differ";
    EXPECT_EQ(other["config"]["seed"], 8);
    EXPECT_EQ(other["ok"], true);

    const json& s = first;
    EXPECT_EQ(s["ok"], true) << s["failures"];
    EXPECT_EQ(s["config"]["pattern"], "alltoall");
    EXPECT_TRUE(contains(r.out, "all-to-all completion")) << r.describe();
    ASSERT_TRUE(s.contains("completion_ns")) << s.dump(2);
    ASSERT_TRUE(s.contains("alltoall_gbps_per_accelerator")) << s.dump(2);
    ASSERT_TRUE(s["completion_ns"].is_number());
    ASSERT_TRUE(s["alltoall_gbps_per_accelerator"].is_number());

    const auto n = s["config"]["accelerators"].get<std::uint64_t>();
    EXPECT_EQ(n, 16u);
    EXPECT_EQ(s["messages_injected"].get<std::uint64_t>(), n * (n - 1));
    EXPECT_EQ(s["messages_delivered"].get<std::uint64_t>(), n * (n - 1));
    EXPECT_EQ(s["packets_delivered"], s["packets_injected"]);
    if (s.contains("bytes_delivered")) {
        EXPECT_EQ(s["bytes_delivered"].get<std::uint64_t>(), n * (n - 1) * 16384u);
    }

    // Every accelerator sends (N-1) messages of 16 KiB by the completion time.
    const double completion = s["completion_ns"];
    EXPECT_GT(completion, 0.0);
    EXPECT_LE(s["latency_ns"]["max"].get<double>(), completion);
    const double expected_gbps = 16384.0 * 8.0 * static_cast<double>(n - 1) / completion;
    EXPECT_NEAR(s["alltoall_gbps_per_accelerator"].get<double>(), expected_gbps, 1e-6 * expected_gbps);
    // No accelerator can beat its injection bandwidth (1600 Gb/s by default).
    EXPECT_LE(s["alltoall_gbps_per_accelerator"].get<double>(), 1600.0);
}

// ---------------------------------------------------------------------------------------------
// 5. --quiet

TEST_F(hxsim_cli, quiet_prints_nothing_for_a_passing_run)
{
    const run_result r = run({"--quiet", "--set", "run.duration=2us", "--set", "topology.grid=[2,2]",
                              "--stats-json", path("quiet.json").string()});
    expect_no_crash(r);
    EXPECT_EQ(r.status, exit_ok) << r.describe();
    EXPECT_EQ(r.out, "") << r.describe();
    EXPECT_EQ(r.err, "") << r.describe();
    // The statistics are still written.
    const json s = read_json(path("quiet.json"));
    ASSERT_TRUE(s.is_object());
    EXPECT_EQ(s["ok"], true);

    const run_result short_flag = run({"-q", "--set", "run.duration=2us", "--set", "topology.grid=[2,2]"});
    EXPECT_EQ(short_flag.status, exit_ok) << short_flag.describe();
    EXPECT_EQ(short_flag.out, "") << short_flag.describe();
}

// A user's shell does not set SYSTEMC_DISABLE_COPYRIGHT_MESSAGE; hxsim sets it itself so that
// --quiet is quiet and an error is the first thing on stderr.
TEST_F(hxsim_cli, no_systemc_banner_without_the_environment_variable)
{
    const run_result quiet = run({"--quiet", "--set", "run.duration=2us", "--set", "topology.grid=[2,2]"},
                                 systemc_banner_env::unset);
    expect_no_crash(quiet);
    EXPECT_EQ(quiet.status, exit_ok) << quiet.describe();
    EXPECT_EQ(quiet.out, "") << quiet.describe();
    EXPECT_EQ(quiet.err, "") << "--quiet printed on stderr\n" << quiet.describe();

    const run_result bad = run({"--set", "router.vcs=0"}, systemc_banner_env::unset);
    expect_bad_input(bad, {"router.vcs"});
}

// ---------------------------------------------------------------------------------------------
// 6. Overrides reach the simulation

TEST_F(hxsim_cli, topology_overrides_change_the_platform)
{
    const json s = run_stats({"--set", "topology.board=[4,4]", "--set", "topology.grid=[2,2]",
                              "--set", "run.duration=2us"},
                             "board44.json");
    ASSERT_TRUE(s.is_object());
    EXPECT_EQ(s["config"]["accelerators"], 64);
    EXPECT_EQ(s["config"]["board"], json::array({4, 4}));
    EXPECT_EQ(s["config"]["grid"], json::array({2, 2}));
    EXPECT_EQ(s["ok"], true);
}

TEST_F(hxsim_cli, pattern_override_changes_the_traffic)
{
    run_result r;
    const json s = run_stats({"--set", "traffic.pattern=permutation", "--set", "run.duration=2us",
                              "--set", "topology.grid=[2,2]"},
                             "permutation.json", &r);
    ASSERT_TRUE(s.is_object());
    EXPECT_EQ(s["config"]["pattern"], "permutation");
    EXPECT_EQ(s["config"]["accelerators"], 16);
    EXPECT_EQ(s["ok"], true);
    EXPECT_GT(s["messages_delivered"].get<std::uint64_t>(), 0u);
    EXPECT_TRUE(contains(r.out, "permutation traffic")) << r.describe();
}

// --set overrides the file, a later --set an earlier one, and --seed overrides run.seed.
TEST_F(hxsim_cli, overrides_apply_in_order_over_the_file)
{
    const fs::path config = write_file("small.yaml",
                                       "topology: {grid: [2, 2]}\n"
                                       "traffic:  {pattern: alltoall, message_size: 4KiB}\n"
                                       "run:      {seed: 3}\n");
    const json from_file = run_stats({"--config", config.string()}, "from_file.json");
    ASSERT_TRUE(from_file.is_object());
    EXPECT_EQ(from_file["config"]["source"], config.string());
    EXPECT_EQ(from_file["config"]["pattern"], "alltoall");
    EXPECT_EQ(from_file["config"]["message_size_bytes"], 4096);
    EXPECT_EQ(from_file["config"]["seed"], 3);
    EXPECT_EQ(from_file["config"]["accelerators"], 16);

    const json overridden = run_stats({"--config", config.string(), "--set", "traffic.message_size=8KiB",
                                       "--set", "traffic.message_size=2KiB", "--set", "run.seed=4",
                                       "--seed", "9"},
                                      "overridden.json");
    ASSERT_TRUE(overridden.is_object());
    EXPECT_EQ(overridden["config"]["message_size_bytes"], 2048);
    EXPECT_EQ(overridden["config"]["seed"], 9);
    EXPECT_EQ(overridden["config"]["pattern"], "alltoall");
}

// ---------------------------------------------------------------------------------------------
// 7. Waveforms: --vcd, --trace, --trace-window

/// The text of the file at `path` ("" if missing).
std::string read_text(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

/// Files in `dir` whose names start with `name` but are not `name`: leftover temporaries.
std::vector<std::string> leftovers(const fs::path& dir, const std::string& name)
{
    std::vector<std::string> found;
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
        const std::string n = entry.path().filename().string();
        if (n != name && starts_with(n, name))
            found.push_back(n);
    }
    return found;
}

TEST_F(hxsim_cli, help_mentions_the_waveform_options)
{
    const run_result r = run({"--help"});
    EXPECT_EQ(r.status, exit_ok) << r.describe();
    for (const char* option : {"--vcd", "--trace", "--trace-window"})
        EXPECT_TRUE(contains(r.out, option)) << "--help does not mention " << option << "\n" << r.describe();
}

// A traced run writes a VCD that viewers open (header, scopes of the selected objects, time
// stamps in the window) and its statistics are those of the same run untraced.
TEST_F(hxsim_cli, vcd_writes_a_waveform_and_changes_no_statistics)
{
    const std::vector<std::string> small{"--set", "run.duration=2us", "--set", "topology.grid=[2,2]"};
    const fs::path vcd = path("run.vcd");
    std::vector<std::string> traced = small;
    traced.insert(traced.end(), {"--vcd", vcd.string(), "--trace", "board_0_0.*", "--trace", "row_net_0.*",
                                 "--trace-window", "0ns:2us"});
    run_result r;
    const json with = run_stats(traced, "traced.json", &r);
    const json without = run_stats(small, "plain.json");
    ASSERT_TRUE(with.is_object());
    ASSERT_TRUE(without.is_object());
    EXPECT_EQ(comparable(with), comparable(without)) << "tracing changed the results";

    const std::string text = read_text(vcd);
    ASSERT_FALSE(text.empty()) << "no VCD written\n" << r.describe();
    EXPECT_TRUE(starts_with(text, "$version")) << text.substr(0, 200);
    for (const char* part : {"$timescale 1ps $end", "$enddefinitions $end", "$dumpvars",
                             "$scope module board_0_0 $end", "$scope module acc_0_1 $end",
                             "$scope module link_E $end", "$scope module row_net_0 $end",
                             "$scope module switch $end", " valid $end", " packet $end", " in_N_vc0_flits $end",
                             " out_E_vc2_credits $end"})
        EXPECT_TRUE(contains(text, part)) << "the VCD has no \"" << part << "\"";
    EXPECT_FALSE(contains(text, "$scope module board_1_1 $end")) << "an object no pattern selects was traced";
    // Time stamps increase and stay inside the window; something happened in it.
    std::uint64_t last = 0, stamps = 0;
    for (const std::string& line : lines_of(text.substr(text.find("$enddefinitions"))))
        if (starts_with(line, "#")) {
            const std::uint64_t t = std::stoull(line.substr(1));
            if (stamps > 0) {
                EXPECT_GT(t, last) << line;
            }
            EXPECT_LE(t, 2'000'000u) << line;
            last = t;
            ++stamps;
        }
    EXPECT_GT(stamps, 10u);
    EXPECT_TRUE(leftovers(dir(), "run.vcd").empty()) << "temporary VCD left behind";
}

// The waveform of a failed run is the one a user needs most.
TEST_F(hxsim_cli, failed_run_still_writes_its_vcd)
{
    const fs::path vcd = path("failed.vcd");
    const run_result r = run({"--set", "run.duration=2us", "--set", "topology.grid=[2,2]", "--set",
                              "run.watchdog=5ns", "--vcd", vcd.string()});
    expect_no_crash(r);
    EXPECT_EQ(r.status, 1) << r.describe();
    EXPECT_TRUE(contains(r.err, "no progress")) << r.describe();
    const std::string text = read_text(vcd);
    EXPECT_TRUE(starts_with(text, "$version")) << r.describe();
    EXPECT_TRUE(contains(text, "$enddefinitions $end"));
    EXPECT_TRUE(contains(text, "$scope module row_net_1 $end"));
}

TEST_F(hxsim_cli, trace_pattern_that_matches_nothing_is_rejected)
{
    const fs::path vcd = path("none.vcd");
    expect_rejected({"--vcd", vcd.string(), "--trace", "board_0_0.*", "--trace", "board_9_9.*"},
                    {"--trace", "'board_9_9.*'", "matches none"});
    EXPECT_FALSE(fs::exists(vcd));
    EXPECT_TRUE(leftovers(dir(), "none.vcd").empty());
    expect_rejected({"--vcd", vcd.string(), "--trace", "acc_0_0"}, {"'acc_0_0'"});
}

TEST_F(hxsim_cli, bad_trace_window_is_rejected)
{
    const std::string vcd = path("window.vcd").string();
    expect_rejected({"--vcd", vcd, "--trace-window", "2us"}, {"--trace-window", "'2us'", "FROM:TO"});
    expect_rejected({"--vcd", vcd, "--trace-window", "0ns:abc"}, {"--trace-window", "'0ns:abc'", "TO 'abc'"});
    expect_rejected({"--vcd", vcd, "--trace-window", "1.5:3us"}, {"--trace-window", "FROM '1.5'", "unit"});
    expect_rejected({"--vcd", vcd, "--trace-window", "2us:1us"}, {"--trace-window", "'2us:1us'", "before"});
    EXPECT_FALSE(fs::exists(vcd));
}

TEST_F(hxsim_cli, trace_options_without_vcd_are_rejected)
{
    expect_rejected({"--trace", "board_0_0.*"}, {"--trace", "--vcd"});
    expect_rejected({"--trace-window", "0ns:2us"}, {"--trace-window", "--vcd"});
}

TEST_F(hxsim_cli, vcd_in_missing_directory_fails_before_simulating)
{
    const fs::path vcd = path("no_such_dir") / "run.vcd";
    expect_rejected({"--vcd", vcd.string()}, {"--vcd", vcd.string(), "does not exist"});
}

TEST_F(hxsim_cli, vcd_with_a_load_sweep_is_rejected)
{
    expect_rejected({"--vcd", path("sweep.vcd").string(), "--sweep-load", "0.1:0.2:0.1"}, {"--vcd", "--sweep-load"});
}

}  // namespace
