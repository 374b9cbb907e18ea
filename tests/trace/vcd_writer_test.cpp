// VCD waveforms (README: "Waveforms"). The writer alone: changes recorded out of order and in the
// future come out sorted, counters and credit trains unroll, the window folds earlier changes into
// the initial values and drops later ones, scopes follow the hierarchy. Then whole simulations:
// one packet between neighbours appears on the expected links at the analytic picosecond times
// (the worked example of tests/link/link_timing_test.cpp), buffers drain back to 0 and credits
// come home, a window keeps only its changes, a failed run still writes its waveform, and tracing
// changes nothing in the results.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "models/trace/trace_options.h"
#include "models/trace/vcd_writer.h"
#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"
#include "tests/trace/vcd_reader.h"

namespace hxsim {
namespace {

namespace fs = std::filesystem;
using pairs = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

/// Writes `w` and reads it back.
test::vcd_file round_trip(vcd_writer& w, sim_ps end_ps = 0)
{
    std::stringstream text;
    w.write(text, end_ps);
    test::vcd_file f = test::parse_vcd(text);
    EXPECT_EQ(f.error, "") << text.str();
    return f;
}

/// A private directory for one test's files, removed at the end.
class temp_dir {
public:
    temp_dir()
    {
        std::string pattern = (fs::temp_directory_path() / "hxsim_trace_XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr)
            throw std::runtime_error("mkdtemp failed");
        m_path = pattern;
    }
    ~temp_dir()
    {
        std::error_code ec;
        fs::remove_all(m_path, ec);
    }
    std::string file(const std::string& name) const { return (m_path / name).string(); }

private:
    fs::path m_path;
};

// ---------------------------------------------------------------------------------------------
// The writer

TEST(vcd_writer, sorts_changes_recorded_out_of_order)
{
    vcd_writer w(trace_options{"x.vcd", {}, 0, trace_options::unbounded});
    const auto v = w.add_value("top.mod", "v", 8);
    w.set(300, v, 3);
    w.set(100, v, 1);
    w.set(200, v, 2);
    w.set(200, v, 5);  // same instant, recorded later: wins
    const test::vcd_file f = round_trip(w);
    EXPECT_EQ(f.timescale, "1ps");
    EXPECT_EQ(f.first_keyword, "$version");
    const test::vcd_variable* var = f.find("top.mod.v");
    ASSERT_NE(var, nullptr);
    ASSERT_EQ(var->changes.size(), 4u);
    EXPECT_FALSE(var->changes[0].known) << "a value variable starts as x";
    EXPECT_EQ(var->known_changes(), (pairs{{100, 1}, {200, 5}, {300, 3}}));
    EXPECT_EQ(f.times, (std::vector<std::uint64_t>{0, 100, 200, 300}));
}

TEST(vcd_writer, counters_add_up_trains_and_single_changes)
{
    vcd_writer w(trace_options{"x.vcd", {}, 0, trace_options::unbounded});
    const auto c = w.add_counter("r", "flits", 32, 10);
    w.add_train(100, 10, 3, c, +1);  // 11 @100, 12 @110, 13 @120
    w.add(115, c, -2);               // 11 @115 (between the train's changes)
    w.add_train(110, 0, 4, c, -1);   // four at once @110
    w.add(200, c, +1);
    w.add(200, c, -1);  // nets out: no change written at 200
    const test::vcd_file f = round_trip(w, 500);
    const test::vcd_variable* var = f.find("r.flits");
    ASSERT_NE(var, nullptr);
    EXPECT_EQ(var->known_changes(), (pairs{{0, 10}, {100, 11}, {110, 8}, {115, 6}, {120, 7}}));
    EXPECT_EQ(f.times.back(), 500u) << "the end of the run is the last time stamp";
}

TEST(vcd_writer, back_to_back_packets_keep_valid_high_and_change_the_id)
{
    vcd_writer w(trace_options{"x.vcd", {}, 0, trace_options::unbounded});
    const auto valid = w.add_value("l", "valid", 1, 0);
    const auto id = w.add_value("l", "packet", 64);
    // As a link records: the first packet whole, then the next one starting as it ends.
    w.set(100, valid, 1);
    w.set(100, id, 7);
    w.set(200, valid, 0);
    w.set(200, valid, 1);
    w.set(200, id, 9);
    w.set(300, valid, 0);
    const test::vcd_file f = round_trip(w);
    EXPECT_EQ(f.find("l.valid")->known_changes(), (pairs{{0, 0}, {100, 1}, {300, 0}}));
    EXPECT_EQ(f.find("l.packet")->known_changes(), (pairs{{100, 7}, {200, 9}}));
}

TEST(vcd_writer, window_folds_earlier_changes_and_drops_later_ones)
{
    vcd_writer w(trace_options{"x.vcd", {}, 1000, 2000});
    const auto v = w.add_value("s", "v", 16);
    const auto c = w.add_counter("s", "c", 16, 0);
    w.set(500, v, 5);
    w.set(1500, v, 15);
    w.set(200, v, 2);    // earlier than 500, recorded later: not the value at 1000
    w.set(2000, v, 20);  // at the end of the window: dropped
    w.set(2500, v, 25);
    w.add_train(700, 200, 10, c, 1);  // 700 .. 2500: 700 and 900 fold into the start, 1100 .. 1900 inside
    const test::vcd_file f = round_trip(w, 100000);
    EXPECT_EQ(f.find("s.v")->known_changes(), (pairs{{1000, 5}, {1500, 15}}));
    EXPECT_EQ(f.find("s.c")->known_changes(), (pairs{{1000, 2}, {1100, 3}, {1300, 4}, {1500, 5}, {1700, 6}, {1900, 7}}));
    EXPECT_EQ(f.times.front(), 1000u);
    EXPECT_EQ(f.times.back(), 2000u) << "the window's end closes the waveform";
    for (std::uint64_t t : f.times) {
        EXPECT_GE(t, 1000u);
        EXPECT_LE(t, 2000u);
    }
    EXPECT_EQ(w.records(), 2u) << "changes outside the window are not kept";
}

TEST(vcd_writer, scopes_follow_the_hierarchy)
{
    vcd_writer w(trace_options{"out/run.vcd", {}, 0, trace_options::unbounded});
    w.add_value("board_0_0.acc_0_1.link_E", "valid", 1, 0);
    w.add_value("board_0_0.acc_0_1.router", "x", 1, 1);
    w.add_value("row_net_2.switch", "y", 1, 0);
    w.add_value("board_0_0", "z", 4, 9);
    const test::vcd_file f = round_trip(w);
    EXPECT_EQ(f.scopes, (std::vector<std::string>{"board_0_0", "board_0_0.acc_0_1", "board_0_0.acc_0_1.link_E",
                                                  "board_0_0.acc_0_1.router", "row_net_2", "row_net_2.switch"}));
    EXPECT_EQ(f.vars.size(), 4u);
    EXPECT_EQ(f.find("board_0_0.z")->at(0), 9u);
    EXPECT_EQ(w.companion_path("board_0_0.acc_0_1.router", ".vcd"), "out/run.board_0_0.acc_0_1.router.vcd");
    EXPECT_THROW(w.add_value("s", "bad name", 1), std::invalid_argument);
    EXPECT_THROW(w.add_value("s", "wide", 65), std::invalid_argument);
}

TEST(vcd_writer, many_variables_get_distinct_identifiers)
{
    vcd_writer w(trace_options{"x.vcd", {}, 0, trace_options::unbounded});
    std::vector<vcd_writer::var_id> ids;
    for (unsigned i = 0; i < 10000; ++i)
        ids.push_back(w.add_counter("s", "c" + std::to_string(i), 32, i));
    w.add(5, ids[9999], 1);
    const test::vcd_file f = round_trip(w);  // the reader rejects a duplicate identifier
    EXPECT_EQ(f.vars.size(), 10000u);
    EXPECT_EQ(f.find("s.c9999")->known_changes(), (pairs{{0, 9999}, {5, 10000}}));
    EXPECT_EQ(f.find("s.c94")->at(0), 94u);
}

TEST(trace_options, windows_parse_with_the_configuration_units)
{
    sim_ps from = 1, to = 1;
    parse_trace_window("0ns:2us", from, to);
    EXPECT_EQ(from, 0u);
    EXPECT_EQ(to, 2'000'000u);
    parse_trace_window("1.5us:3us", from, to);
    EXPECT_EQ(from, 1'500'000u);
    EXPECT_EQ(to, 3'000'000u);
    const auto message = [](const std::string& text) {
        sim_ps a = 0, b = 0;
        try {
            parse_trace_window(text, a, b);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_NE(message("2us").find("FROM:TO"), std::string::npos);
    EXPECT_NE(message("0ns:2us:3us").find("FROM:TO"), std::string::npos);
    EXPECT_NE(message("0ns:abc").find("TO 'abc'"), std::string::npos) << message("0ns:abc");
    EXPECT_NE(message("5:2us").find("FROM '5'"), std::string::npos) << message("5:2us");
    EXPECT_NE(message("2us:1us").find("before"), std::string::npos);
    EXPECT_NE(message("2us:2us").find("before"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Simulations

/// One 1000 B packet from accelerator 0 to its E neighbour on a 1x3 board (one link E), traced
/// into `path`; the run must pass.
run_outcome lone_packet(const std::string& path, std::vector<std::string> patterns = {}, sim_ps from = 0,
                        sim_ps to = trace_options::unbounded, std::vector<std::string> more = {})
{
    std::vector<std::string> overrides{"topology.board=[1,3]", "topology.grid=[1,1]"};
    overrides.insert(overrides.end(), more.begin(), more.end());
    const platform_config config = test::config_with(overrides);
    test::scripted_pattern pattern;
    pattern.add(0, 1, 1000);
    run_options options;
    options.pattern = &pattern;
    options.trace = trace_options{path, std::move(patterns), from, to};
    return run_simulation(config, options);
}

// The timing, worked by hand in tests/link/link_timing_test.cpp (neighbours_on_a_board_hand_computed):
// NIC flit 1280 ps, NIC packet 5000; router input and output latency 20000, crossbar flit 640,
// link 400 Gb/s flit 5120, packet 20000, latency 40000; ejection at 1600 Gb/s.
constexpr sim_ps inject_tail_leaves = 5000;   // head starts at 0
constexpr sim_ps link_e_start = 41920;        // router 0: head at 1280 + 20000 + 640 + 20000
constexpr sim_ps link_e_tail_leaves = 61920;  // + 20000 at 400 Gb/s
constexpr sim_ps eject_start = 127680;        // router 1: head at 87040 + 20000 + 640 + 20000
constexpr sim_ps eject_tail_leaves = 143840;  // the message's latency
constexpr std::uint64_t router_credits = 32ull * 1024 * 1024 / 256;  // 32 MiB of 256 B flits

TEST(vcd_trace, one_packet_on_the_expected_links_at_the_analytic_times)
{
    test::run_scenario([] {
        temp_dir dir;
        const std::string path = dir.file("lone.vcd");
        const run_outcome out = lone_packet(path);
        ASSERT_TRUE(out.ok) << out.stats["failures"].dump();
        EXPECT_TRUE(out.output_errors.empty());
        const test::vcd_file f = test::read_vcd(path);
        ASSERT_EQ(f.error, "");
        EXPECT_EQ(f.timescale, "1ps");

        const std::string a0 = "board_0_0.acc_0_0.", a1 = "board_0_0.acc_0_1.";
        for (const std::string& name : std::vector<std::string>{a0 + "link_inject.valid", a0 + "link_E.packet",
                                                                a0 + "router.in_local_vc0_flits",
                                                                a0 + "router.out_E_vc0_credits",
                                                                "board_0_0.acc_0_2.link_W.credits"})
            ASSERT_NE(f.find(name), nullptr) << name;

        // The packet: the NIC's, the same id on every link it crosses.
        const auto id = f.find(a0 + "link_inject.packet")->at(0);
        ASSERT_TRUE(id.has_value());
        EXPECT_EQ(f.find(a0 + "link_inject.valid")->known_changes(), (pairs{{0, 1}, {inject_tail_leaves, 0}}));
        EXPECT_EQ(f.find(a0 + "link_E.valid")->known_changes(),
                  (pairs{{0, 0}, {link_e_start, 1}, {link_e_tail_leaves, 0}}));
        EXPECT_EQ(f.find(a0 + "link_E.packet")->known_changes(), (pairs{{link_e_start, *id}}));
        EXPECT_EQ(f.find(a0 + "link_E.src")->known_changes(), (pairs{{link_e_start, 0}}));
        EXPECT_EQ(f.find(a0 + "link_E.dst")->known_changes(), (pairs{{link_e_start, 1}}));
        EXPECT_EQ(f.find(a1 + "link_eject.valid")->known_changes(),
                  (pairs{{0, 0}, {eject_start, 1}, {eject_tail_leaves, 0}}));
        EXPECT_EQ(f.find(a1 + "link_eject.packet")->known_changes(), (pairs{{eject_start, *id}}));
        // No other link carried anything.
        const std::set<std::string> busy{a0 + "link_inject.valid", a0 + "link_E.valid", a1 + "link_eject.valid"};
        for (const auto& [name, var] : f.vars) {
            if (name.size() > 6 && name.compare(name.size() - 6, 6, ".valid") == 0 && busy.count(name) == 0) {
                EXPECT_EQ(var.changes.size(), 1u) << name << " changed";
            }
        }

        // Router 0's local input: 4 flits arrive with the injection (head 1280, tail 5000, evenly),
        // leave from the grant at 21280 as they enter the crossbar (the tail as it is ready, 25000).
        const std::string in_vc = a0 + "router.in_local_vc" + std::to_string(*f.find(a0 + "link_inject.vc")->at(0)) + "_flits";
        EXPECT_EQ(f.find(in_vc)->known_changes(), (pairs{{0, 0}, {1280, 1}, {2520, 2}, {3760, 3}, {5000, 4},
                                                         {21280, 3}, {22520, 2}, {23760, 1}, {25000, 0}}))
            << in_vc;
        // Every buffer of every router is empty at the end, and was never "negative".
        for (const auto& [name, var] : f.vars)
            if (name.size() > 6 && name.compare(name.size() - 6, 6, "_flits") == 0) {
                EXPECT_EQ(var.changes.back().value, 0u) << name;
                for (const test::vcd_change& c : var.changes)
                    EXPECT_LE(c.value, 4u) << name << " at " << c.time;
            }

        // Router 0's E output spends the packet's 4 credits as it starts on the link and gets them
        // back as router 1 frees its buffer (the link latency later); the link counts them.
        const std::string link_vc = std::to_string(*f.find(a0 + "link_E.vc")->at(link_e_start));
        const test::vcd_variable& credits = *f.find(a0 + "router.out_E_vc" + link_vc + "_credits");
        ASSERT_GE(credits.changes.size(), 3u);
        EXPECT_EQ(credits.changes[0].value, router_credits);
        EXPECT_EQ(credits.changes[1].time, link_e_start);
        EXPECT_EQ(credits.changes[1].value, router_credits - 4);
        EXPECT_EQ(credits.changes.back().value, router_credits);
        const test::vcd_variable& returned = *f.find(a0 + "link_E.credits");
        EXPECT_EQ(returned.changes.back().value, 4u);
        EXPECT_GT(returned.changes[1].time, link_e_tail_leaves);
        EXPECT_EQ(returned.changes.back().time, credits.changes.back().time)
            << "the output holds each credit as the link delivers it";
    });
}

TEST(vcd_trace, patterns_select_objects_by_name)
{
    test::run_scenario([] {
        temp_dir dir;
        const std::string path = dir.file("selected.vcd");
        const run_outcome out = lone_packet(path, {"*.acc_0_1.*", "board_0_0.acc_0_0.link_?"});
        ASSERT_TRUE(out.ok);
        const test::vcd_file f = test::read_vcd(path);
        ASSERT_EQ(f.error, "");
        std::set<std::string> objects;
        for (const auto& [name, var] : f.vars)
            objects.insert(name.substr(0, name.rfind('.')));
        EXPECT_TRUE(objects.count("board_0_0.acc_0_1.router"));
        EXPECT_TRUE(objects.count("board_0_0.acc_0_1.link_eject"));
        EXPECT_TRUE(objects.count("board_0_0.acc_0_1.link_inject"));
        EXPECT_TRUE(objects.count("board_0_0.acc_0_0.link_E"));
        EXPECT_TRUE(objects.count("board_0_0.acc_0_0.link_W"));
        EXPECT_FALSE(objects.count("board_0_0.acc_0_0.link_inject"));
        EXPECT_FALSE(objects.count("board_0_0.acc_0_0.router"));
        EXPECT_FALSE(objects.count("board_0_0.acc_0_2.router"));
    });
}

TEST(vcd_trace, a_pattern_that_selects_nothing_is_rejected_before_simulating)
{
    test::run_scenario([] {
        temp_dir dir;
        const std::string path = dir.file("none.vcd");
        try {
            lone_packet(path, {"board_0_0.*", "board_9_9.*"});
            ADD_FAILURE() << "accepted a pattern that matches nothing";
        } catch (const config_error& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find("'board_9_9.*'"), std::string::npos) << what;
            EXPECT_EQ(what.find("'board_0_0.*'"), std::string::npos) << what;
        }
        EXPECT_EQ(now_ps(), 0u) << "nothing was simulated";
        EXPECT_FALSE(fs::exists(path));
    });
}

TEST(vcd_trace, window_keeps_only_its_changes)
{
    test::run_scenario([] {
        temp_dir dir;
        const std::string path = dir.file("window.vcd");
        const sim_ps from = 45000, to = 130000;
        const run_outcome out = lone_packet(path, {}, from, to);
        ASSERT_TRUE(out.ok);
        const test::vcd_file f = test::read_vcd(path);
        ASSERT_EQ(f.error, "");
        ASSERT_FALSE(f.times.empty());
        EXPECT_EQ(f.times.front(), from);
        EXPECT_EQ(f.times.back(), to);
        for (std::uint64_t t : f.times) {
            EXPECT_GE(t, from);
            EXPECT_LE(t, to);
        }
        const std::string a0 = "board_0_0.acc_0_0.", a1 = "board_0_0.acc_0_1.";
        // On the wire at FROM: the initial values say so; it ends inside the window.
        EXPECT_EQ(f.find(a0 + "link_E.valid")->known_changes(), (pairs{{from, 1}, {link_e_tail_leaves, 0}}));
        EXPECT_EQ(f.find(a0 + "link_E.packet")->known_changes().size(), 1u);
        EXPECT_EQ(f.find(a0 + "link_E.packet")->changes[0].time, from);
        // Over before FROM: only its final state.
        EXPECT_EQ(f.find(a0 + "link_inject.valid")->known_changes(), (pairs{{from, 0}}));
        // Starts inside, ends after TO: the rise only.
        EXPECT_EQ(f.find(a1 + "link_eject.valid")->known_changes(), (pairs{{from, 0}, {eject_start, 1}}));
        // Every change lies inside the window.
        for (const auto& [name, var] : f.vars)
            for (std::size_t i = 1; i < var.changes.size(); ++i) {
                EXPECT_GT(var.changes[i].time, from) << name;
                EXPECT_LT(var.changes[i].time, to) << name;
            }
    });
}

TEST(vcd_trace, a_failed_run_still_writes_its_waveform)
{
    test::run_scenario([] {
        temp_dir dir;
        const std::string path = dir.file("failed.vcd");
        // A watchdog far shorter than the packet's trip: "no progress", the run stops early.
        const run_outcome out = lone_packet(path, {}, 0, trace_options::unbounded, {"run.watchdog=3ns"});
        EXPECT_FALSE(out.ok);
        EXPECT_TRUE(out.output_errors.empty());
        const test::vcd_file f = test::read_vcd(path);
        ASSERT_EQ(f.error, "");
        // What happened up to the failure, and what the models had already committed to.
        EXPECT_EQ(f.find("board_0_0.acc_0_0.link_inject.valid")->known_changes(),
                  (pairs{{0, 1}, {inject_tail_leaves, 0}}));
        EXPECT_EQ(f.find("board_0_0.acc_0_0.link_E.valid")->changes.size(), 1u);
    });
}

/// Statistics of a small uniform run, with or without a full trace into `vcd`.
nlohmann::json uniform_run(const std::string& vcd)
{
    const platform_config config =
        test::config_with({"topology.grid=[2,2]", "run.duration=2us", "traffic.message_size=16KiB"});
    run_options options;
    options.trace.path = vcd;
    const run_outcome out = run_simulation(config, options);
    EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
    nlohmann::json stats = out.stats;
    stats.erase("wall_seconds");
    stats.erase("build_seconds");
    return stats;
}

TEST(vcd_trace, traffic_waveform_is_consistent_and_tracing_changes_nothing)
{
    temp_dir dir;
    const std::string vcd = dir.file("uniform.vcd");
    const std::string traced = dir.file("traced.json"), plain = dir.file("plain.json");
    test::run_scenario([&] { std::ofstream(traced) << uniform_run(vcd).dump(); });
    test::run_scenario([&] { std::ofstream(plain) << uniform_run("").dump(); });
    const auto load = [](const std::string& p) {
        std::ifstream in(p);
        return nlohmann::json::parse(in);
    };
    const nlohmann::json with = load(traced), without = load(plain);
    EXPECT_EQ(with, without) << "tracing changed the simulation";

    const test::vcd_file f = test::read_vcd(vcd);
    ASSERT_EQ(f.error, "");
    // Every link: as many distinct packets as it carried, idle at the end, credits all back.
    std::size_t links = 0;
    for (const nlohmann::json& l : with["links"]) {
        const std::string name = l["name"];
        const test::vcd_variable* packet = f.find(name + ".packet");
        const test::vcd_variable* valid = f.find(name + ".valid");
        ASSERT_NE(packet, nullptr) << name;
        std::set<std::uint64_t> ids;
        std::size_t changes = 0;
        for (const auto& [t, v] : packet->known_changes()) {
            ids.insert(v);
            ++changes;
        }
        EXPECT_EQ(ids.size(), l["packets"].get<std::size_t>()) << name;
        EXPECT_EQ(changes, ids.size()) << name << ": consecutive packets must differ";
        EXPECT_EQ(valid->changes.back().value, 0u) << name;
        ++links;
    }
    EXPECT_GT(links, 0u);
    std::size_t buffers = 0, outputs = 0;
    for (const auto& [name, var] : f.vars) {
        if (name.size() > 6 && name.compare(name.size() - 6, 6, "_flits") == 0) {
            ++buffers;
            EXPECT_EQ(var.changes.back().value, 0u) << name;
            for (const test::vcd_change& c : var.changes)
                EXPECT_LT(c.value, 1u << 31) << name << " below 0 at " << c.time;
        } else if (name.size() > 8 && name.compare(name.size() - 8, 8, "_credits") == 0) {
            ++outputs;
            EXPECT_EQ(var.changes.back().value, var.changes.front().value) << name << ": credits missing at the end";
            for (const test::vcd_change& c : var.changes)
                EXPECT_LE(c.value, var.changes.front().value) << name << " at " << c.time;
        }
    }
    EXPECT_GT(buffers, 0u);
    EXPECT_EQ(buffers, outputs);
}

}  // namespace
}  // namespace hxsim
