// Fat-tree row and column networks (lines of boards with more ports than topology.switch_radix),
// simulated with the scoreboard on: every message delivered under uniform and all-to-all traffic,
// a saturating load drains without the watchdog firing (up/down routing in the trees keeps the
// platform deadlock-free), credits match every switch port's downstream buffer, a tapered tree
// delivers less all-to-all bandwidth than a nonblocking one; and the built platform has exactly
// the switches and links hxsim --describe counts.
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "models/core/glob.h"
#include "models/topology/describe.h"
#include "models/topology/platform.h"
#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

using json = nlohmann::json;

// Hx2Mesh of 6x6 boards with radix-8 switches: every row and column network joins 12 ports, so
// it is a fat tree of 3 leaves (4 down, 4 up ports) and 2 spines, 2 parallel links each.
const std::vector<std::string> hx2mesh_6x6_radix_8{"topology.board=[2,2]", "topology.grid=[6,6]",
                                                   "topology.switch_radix=8"};

std::vector<std::string> with(std::vector<std::string> base, const std::vector<std::string>& more)
{
    base.insert(base.end(), more.begin(), more.end());
    return base;
}

/// Runs `overrides` and expects a passing run with every message delivered.
json run_passing(const std::vector<std::string>& overrides)
{
    const run_outcome out = run_simulation(test::config_with(overrides));
    EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
    EXPECT_GT(out.stats["messages_injected"].get<std::uint64_t>(), 0u);
    EXPECT_EQ(out.stats["messages_delivered"], out.stats["messages_injected"]);
    EXPECT_EQ(out.stats["packets_delivered"], out.stats["packets_injected"]);
    return out.stats;
}

TEST(fat_tree_network, uniform_delivers_every_message)
{
    test::run_scenario([] {
        const json s = run_passing(with(hx2mesh_6x6_radix_8, {"traffic.load=0.6", "run.duration=5us"}));
        // Some packets cross a spine: more than accelerator, leaf, accelerator per network.
        EXPECT_GT(s["mean_hops"].get<double>(), 5.0);
    });
}

TEST(fat_tree_network, alltoall_delivers_every_message)
{
    test::run_scenario([] {
        const json s = run_passing(with(hx2mesh_6x6_radix_8, {"traffic.pattern=alltoall", "traffic.message_size=2KiB"}));
        EXPECT_EQ(s["messages_delivered"], 144u * 143u);
    });
}

TEST(fat_tree_network, rectangular_tapered_alltoall_delivers_every_message)
{
    // Rows of 5 boards (10 ports: 3 leaves, the last with 2 down ports), columns of 6 (12
    // ports), each leaf keeping 2 of its 4 up-links (1 spine); 2x3 boards.
    test::run_scenario([] {
        run_passing({"topology.board=[2,3]", "topology.grid=[6,5]", "topology.switch_radix=8", "topology.taper=0.5",
                     "traffic.pattern=alltoall", "traffic.message_size=1KiB"});
    });
}

// Deadlock freedom under saturation, with buffers of one packet and no output buffers so that
// back-pressure reaches every link of the trees.
TEST(fat_tree_network, saturating_uniform_load_drains_without_deadlock)
{
    test::run_scenario([] {
        run_passing(with(hx2mesh_6x6_radix_8,
                         {"traffic.load=1.0", "run.duration=5us", "traffic.message_size=16KiB", "router.buffer=8KiB",
                          "switch.buffer=8KiB", "router.output_buffer=0B", "switch.output_buffer=0B",
                          "run.watchdog=100us"}));
    });
}

TEST(fat_tree_network, saturating_load_on_a_tapered_tree_drains_without_deadlock)
{
    test::run_scenario([] {
        run_passing(with(hx2mesh_6x6_radix_8,
                         {"topology.taper=0.25", "traffic.load=1.0", "run.duration=5us", "router.buffer=8KiB",
                          "switch.buffer=8KiB", "router.output_buffer=0B", "switch.output_buffer=0B",
                          "run.watchdog=100us"}));
    });
}

// Switch and accelerator buffers of different sizes: a port that counted the wrong downstream
// buffer would overrun it (the router fails the run) or, for the board ports, never fill it.
TEST(fat_tree_network, credits_match_the_buffer_behind_every_port)
{
    for (const auto& [acc, sw] : {std::pair{"8KiB", "16KiB"}, std::pair{"16KiB", "8KiB"}}) {
        SCOPED_TRACE(fmt::format("router.buffer {}, switch.buffer {}", acc, sw));
        test::run_scenario([acc = std::string(acc), sw = std::string(sw)] {
            run_passing(with(hx2mesh_6x6_radix_8,
                             {"traffic.load=1.0", "run.duration=3us", "router.buffer=" + acc, "switch.buffer=" + sw,
                              "router.output_buffer=0B", "switch.output_buffer=0B", "run.watchdog=100us"}));
        });
    }
}

double alltoall_gbps(const std::string& taper)
{
    return test::measure_in_child([taper] {
        const json s = run_passing(with(hx2mesh_6x6_radix_8, {"traffic.pattern=alltoall", "traffic.message_size=4KiB",
                                                              "topology.taper=" + taper}));
        return s["alltoall_gbps_per_accelerator"].get<double>();
    });
}

// All-to-all crosses the trees' spines for two thirds of the boards of a line: keeping 2 (1) of
// each leaf's 4 up-links must cost bandwidth.
TEST(fat_tree_network, tapered_tree_delivers_less_alltoall_bandwidth)
{
    const double full = alltoall_gbps("1");
    const double half = alltoall_gbps("0.5");
    const double quarter = alltoall_gbps("0.25");
    EXPECT_LT(half, 0.9 * full) << "nonblocking " << full << " Gb/s, half the up-links " << half;
    EXPECT_LT(quarter, 0.9 * half) << "half the up-links " << half << " Gb/s, a quarter " << quarter;
}

// ---- The builder against --describe -----------------------------------------------------------

/// Builds `overrides` and compares what was built with describe_topology's counts; returns the
/// platform (its modules live as long as it does).
std::unique_ptr<platform> check_built_against_describe(const std::vector<std::string>& overrides)
{
    const platform_config config = test::config_with(overrides);
    const json d = describe_topology(config);
    auto net = build_platform(config);
    const std::uint64_t accelerators = net->accelerators();
    EXPECT_EQ(accelerators, d["accelerators"].get<std::uint64_t>());

    std::uint64_t single = 0, leaves = 0, spines = 0, cores = 0;
    for (std::size_t i = accelerators; i < net->routers().size(); ++i) {
        const router_base& r = *net->routers()[i];
        const std::string name = r.name();
        single += glob_match("*_net_*.switch", name) ? 1 : 0;
        leaves += glob_match("*_net_*.leaf_*", name) ? 1 : 0;
        spines += glob_match("*_net_*.spine_*", name) ? 1 : 0;
        cores += glob_match("*_net_*.core_*", name) ? 1 : 0;
        EXPECT_LE(r.in.size(), config.topology.switch_radix) << name;
    }
    EXPECT_EQ(net->routers().size(), accelerators + d["switches"]["total"].get<std::uint64_t>());
    EXPECT_EQ(single, d["switches"]["single"].get<std::uint64_t>());
    EXPECT_EQ(leaves, d["switches"]["leaf"].get<std::uint64_t>());
    EXPECT_EQ(spines, d["switches"]["spine"].get<std::uint64_t>());
    EXPECT_EQ(cores, d["switches"]["core"].get<std::uint64_t>());

    // Built links are one-way: every cable twice, plus each accelerator's injection and ejection.
    std::uint64_t switch_switch = 0, to_board = 0;
    for (const link* l : net->links()) {
        const std::string name = l->name();
        switch_switch += glob_match("*_net_*.leaf_*_link_*", name) || glob_match("*_net_*.spine_*_link_*", name) ||
                         glob_match("*_net_*.core_*_link_*", name);
        to_board += glob_match("*_net_*.link_*", name) ? 1 : 0;
    }
    EXPECT_EQ(net->links().size(), 2 * accelerators + 2 * d["links"]["total"].get<std::uint64_t>());
    EXPECT_EQ(switch_switch, 2 * d["links"]["switch_switch"].get<std::uint64_t>());
    EXPECT_EQ(to_board, d["links"]["accelerator_switch"].get<std::uint64_t>());
    return net;
}

TEST(fat_tree_network, describe_counts_the_built_fat_trees)
{
    test::run_scenario([] {
        const auto net = check_built_against_describe(hx2mesh_6x6_radix_8);
        EXPECT_NE(sc_core::sc_find_object("row_net_11.leaf_2"), nullptr);
        EXPECT_NE(sc_core::sc_find_object("col_net_0.spine_1"), nullptr);
        EXPECT_NE(sc_core::sc_find_object("row_net_0.link_11"), nullptr);
        EXPECT_NE(sc_core::sc_find_object("row_net_0.leaf_0_link_4"), nullptr);  // its first up port
        EXPECT_NE(sc_core::sc_find_object("row_net_0.spine_1_link_5"), nullptr);  // to leaf 2
        EXPECT_EQ(sc_core::sc_find_object("row_net_0.switch"), nullptr);
    });
}

TEST(fat_tree_network, describe_counts_a_tapered_rectangular_platform)
{
    test::run_scenario([] {
        check_built_against_describe({"topology.board=[2,3]", "topology.grid=[6,5]", "topology.switch_radix=8",
                                      "topology.taper=0.5"});
    });
}

TEST(fat_tree_network, describe_counts_a_paper_size_platform)
{
    // Hx2Mesh 16x16 with radix-16 switches: 32-port lines of 4 leaves and 2 spines.
    test::run_scenario([] {
        check_built_against_describe({"topology.grid=[16,16]", "topology.switch_radix=16"});
    });
}

TEST(fat_tree_network, describe_counts_trees_beside_wrap_links)
{
    // One board-row: rings closed by wrap links; rows of 6 boards (12 ports) of radix 6 switches
    // (4 leaves of 3 down ports, 2 spines, 1 link each: a board's ports may straddle two leaves).
    test::run_scenario([] {
        check_built_against_describe({"topology.board=[2,2]", "topology.grid=[1,6]", "topology.switch_radix=6"});
    });
}

TEST(fat_tree_network, describe_counts_single_switches)
{
    test::run_scenario([] { check_built_against_describe({}); });
}

// ---- Three levels ------------------------------------------------------------------------------
// Hx2Mesh of 2x8 boards with radix-4 switches: every row network joins 16 ports, beyond a 2-level
// tree of radix 4 (8 ports), so it is a 3-level tree: 8 leaves (2 down, 2 up) in 4 pods, 2
// spines per pod, 2 groups of 2 cores, one link per spine-core pair; the column networks (4
// ports) are single switches. With radix 8 and taper 0.5, 2x20 boards: rows of 40 ports, 10
// leaves (4 down, 2 up) in 3 pods (the last of 2 leaves), 6 spines, 2 groups of 2 cores with 2
// links per spine-core pair.
const std::vector<std::string> hx2mesh_2x8_radix_4{"topology.board=[2,2]", "topology.grid=[2,8]",
                                                   "topology.switch_radix=4"};
const std::vector<std::string> hx2mesh_2x20_radix_8_tapered{"topology.board=[2,2]", "topology.grid=[2,20]",
                                                            "topology.switch_radix=8", "topology.taper=0.5"};

TEST(fat_tree_network, three_level_lines_deliver_uniform_and_alltoall)
{
    for (const auto& base : {hx2mesh_2x8_radix_4, hx2mesh_2x20_radix_8_tapered}) {
        test::run_scenario([&] {
            const json u = run_passing(with(base, {"traffic.load=0.6", "run.duration=4us"}));
            // Crossing a row through a core is 6 switch hops besides the accelerators'.
            EXPECT_GT(u["mean_hops"].get<double>(), 5.0);
        });
        test::run_scenario([&] {
            run_passing(with(base, {"traffic.pattern=alltoall", "traffic.message_size=1KiB"}));
        });
    }
}

TEST(fat_tree_network, three_level_lines_drain_a_saturating_load_without_deadlock)
{
    for (const auto& base : {hx2mesh_2x8_radix_4, hx2mesh_2x20_radix_8_tapered}) {
        test::run_scenario([&] {
            run_passing(with(base, {"traffic.load=1.0", "run.duration=3us", "router.buffer=8KiB",
                                    "switch.buffer=8KiB", "router.output_buffer=0B", "switch.output_buffer=0B",
                                    "run.watchdog=100us"}));
        });
    }
}

TEST(fat_tree_network, describe_counts_three_level_trees)
{
    test::run_scenario([] {
        const json d = describe_topology(test::config_with(hx2mesh_2x8_radix_4));
        EXPECT_EQ(d["line_networks"]["row"]["levels"], 3);
        EXPECT_EQ(d["switches"]["core"], 4 * 4);  // 4 row networks of 4 cores
        const auto net = check_built_against_describe(hx2mesh_2x8_radix_4);
        EXPECT_NE(sc_core::sc_find_object("row_net_3.core_3"), nullptr);
        EXPECT_NE(sc_core::sc_find_object("row_net_0.spine_7_link_3"), nullptr);  // pod 3's spine 1, up to a core
        EXPECT_NE(sc_core::sc_find_object("row_net_0.core_0_link_3"), nullptr);   // down to pod 3
        EXPECT_EQ(sc_core::sc_find_object("row_net_0.core_4"), nullptr);
        EXPECT_NE(sc_core::sc_find_object("col_net_0.switch"), nullptr);
    });
    test::run_scenario([] {
        const json d = describe_topology(test::config_with(hx2mesh_2x20_radix_8_tapered));
        EXPECT_EQ(d["line_networks"]["row"]["pods"], 3);
        EXPECT_EQ(d["line_networks"]["row"]["core_parallel_links"], 2);
        check_built_against_describe(hx2mesh_2x20_radix_8_tapered);
    });
}

}  // namespace
}  // namespace hxsim
