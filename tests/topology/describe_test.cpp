// describe_topology against closed forms worked out by hand from the definitions in
// models/topology/describe.h (hammingmesh.md section 1 for the line networks).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "models/topology/describe.h"
#include "tests/support/harness.h"

namespace hxsim {
namespace {

using json = nlohmann::json;

json describe(const std::vector<std::string>& overrides)
{
    return describe_topology(test::config_with(overrides));
}

constexpr std::uint64_t link_bps = 400'000'000'000ull;        // configs/default.yaml
constexpr std::uint64_t injection_bps = 1'600'000'000'000ull;  // per accelerator

// Hx2Mesh (2x2 boards) with single-switch networks: every accelerator is on a row edge and a
// column edge, so crossing one network is 2 hops and any accelerator is at most 4 hops away.
TEST(describe, hx2mesh_4x4_default)
{
    const json d = describe({});
    EXPECT_EQ(d["topology"], "hammingmesh");
    EXPECT_EQ(d["accelerators"], 64);
    EXPECT_EQ(d["routers"]["accelerator"], 64);
    EXPECT_EQ(d["routers"]["switch"], 16);  // 4*2 row + 4*2 column networks
    EXPECT_EQ(d["switches"]["single"], 16);
    EXPECT_EQ(d["switches"]["leaf"], 0);
    EXPECT_EQ(d["switches"]["spine"], 0);
    EXPECT_EQ(d["line_networks"]["row"]["kind"], "switch");
    EXPECT_EQ(d["line_networks"]["row"]["ports"], 8);
    EXPECT_EQ(d["links"]["on_board"], 16 * 4);             // a(b-1)+b(a-1) = 4 per board
    EXPECT_EQ(d["links"]["accelerator_switch"], 16 * 8);   // 2a+2b per board
    EXPECT_EQ(d["links"]["switch_switch"], 0);
    EXPECT_EQ(d["links"]["wrap"], 0);
    EXPECT_EQ(d["links"]["total"], 192);
    EXPECT_EQ(d["diameter_hops"], 4);
    // From any accelerator: its board 0+1+1+2, each board of its board-row or board-column
    // 2+2+3+3, each other board 4*4 hops.
    EXPECT_NEAR(d["mean_distance_hops"].get<double>(), (4.0 + 10 * 3 + 10 * 3 + 16 * 9) / 63, 1e-12);
    // Either cut: 8 networks, each with 4 of its 8 ports on either side.
    EXPECT_EQ(d["bisection"]["cuts"]["board_columns"], 32);
    EXPECT_EQ(d["bisection"]["cuts"]["board_rows"], 32);
    EXPECT_EQ(d["bisection"]["links"], 32);
    EXPECT_EQ(d["bisection"]["bandwidth_bps"], 32 * link_bps);
    EXPECT_EQ(d["injection_bandwidth_bps"], 64 * injection_bps);
    EXPECT_EQ(d["global_bandwidth_bps"], 64 * link_bps);
    EXPECT_DOUBLE_EQ(d["global_to_injection"].get<double>(), 0.25);
}

TEST(describe, hx2mesh_16x16_has_32_port_switches)
{
    const json d = describe({"topology.grid=[16, 16]"});
    EXPECT_EQ(d["accelerators"], 1024);
    EXPECT_EQ(d["switches"]["single"], 64);
    EXPECT_EQ(d["switches"]["total"], 64);
    EXPECT_EQ(d["line_networks"]["row"]["ports"], 32);
    EXPECT_EQ(d["line_networks"]["column"]["ports"], 32);
    EXPECT_EQ(d["links"]["on_board"], 256 * 4);
    EXPECT_EQ(d["links"]["accelerator_switch"], 2048);
    EXPECT_EQ(d["diameter_hops"], 4);
    EXPECT_NEAR(d["mean_distance_hops"].get<double>(), (4.0 + 10 * 15 + 10 * 15 + 16 * 225) / 1023, 1e-12);
    EXPECT_EQ(d["bisection"]["links"], 32 * 16);
    EXPECT_DOUBLE_EQ(d["global_to_injection"].get<double>(), 0.25);
}

// Hx4Mesh: an inner accelerator is one hop from an edge; the worst pair is inner to inner on
// another board-row and board-column: 1 + 2 + 1 + 2 + 2 = 8 hops.
TEST(describe, hx4mesh_8x8_has_16_port_switches)
{
    const json d = describe({"topology.board=[4, 4]", "topology.grid=[8, 8]"});
    EXPECT_EQ(d["accelerators"], 1024);
    EXPECT_EQ(d["switches"]["single"], 64);  // 8*4 row + 8*4 column networks
    EXPECT_EQ(d["line_networks"]["row"]["ports"], 16);
    EXPECT_EQ(d["links"]["on_board"], 64 * 24);
    EXPECT_EQ(d["links"]["accelerator_switch"], 64 * 16);
    EXPECT_EQ(d["diameter_hops"], 8);
    EXPECT_EQ(d["bisection"]["links"], 32 * 8);
    EXPECT_DOUBLE_EQ(d["global_to_injection"].get<double>(), 0.125);
}

// 128-port lines of radix-64 switches: 32 down / 32 up per leaf, 4 leaves, ceil(4*32/64) = 2
// spines, 32/2 = 16 parallel links per leaf-spine pair.
TEST(describe, hx2mesh_64x64_has_fat_tree_lines)
{
    const json d = describe({"topology.grid=[64, 64]", "topology.switch_radix=64"});
    EXPECT_EQ(d["accelerators"], 16384);
    for (const char* direction : {"row", "column"}) {
        const json& p = d["line_networks"][direction];
        EXPECT_EQ(p["kind"], "fat-tree") << direction;
        EXPECT_EQ(p["count"], 128) << direction;
        EXPECT_EQ(p["ports"], 128) << direction;
        EXPECT_EQ(p["leaves"], 4) << direction;
        EXPECT_EQ(p["spines"], 2) << direction;
        EXPECT_EQ(p["parallel_links"], 16) << direction;
    }
    EXPECT_EQ(d["switches"]["single"], 0);
    EXPECT_EQ(d["switches"]["leaf"], 256 * 4);
    EXPECT_EQ(d["switches"]["spine"], 256 * 2);
    EXPECT_EQ(d["routers"]["switch"], 1536);
    EXPECT_EQ(d["links"]["on_board"], 4096 * 4);
    EXPECT_EQ(d["links"]["accelerator_switch"], 256 * 128);
    EXPECT_EQ(d["links"]["switch_switch"], 256 * 4 * 2 * 16);
    EXPECT_EQ(d["links"]["total"], 16384 + 32768 + 32768);
    // Boards on different leaves: accelerator, leaf, spine, leaf, accelerator in each network.
    EXPECT_EQ(d["diameter_hops"], 8);
    EXPECT_EQ(d["bisection"]["links"], 128 * 64);
    EXPECT_DOUBLE_EQ(d["global_to_injection"].get<double>(), 0.25);
}

TEST(describe, hx4mesh_32x32_has_64_port_switches)
{
    const json d = describe({"topology.board=[4, 4]", "topology.grid=[32, 32]", "topology.switch_radix=64"});
    EXPECT_EQ(d["accelerators"], 16384);
    EXPECT_EQ(d["line_networks"]["row"]["kind"], "switch");
    EXPECT_EQ(d["line_networks"]["row"]["ports"], 64);
    EXPECT_EQ(d["switches"]["single"], 256);
    EXPECT_EQ(d["switches"]["leaf"], 0);
    EXPECT_EQ(d["links"]["on_board"], 1024 * 24);
    EXPECT_EQ(d["links"]["accelerator_switch"], 1024 * 16);
    EXPECT_EQ(d["links"]["switch_switch"], 0);
    EXPECT_EQ(d["diameter_hops"], 8);
    EXPECT_EQ(d["bisection"]["links"], 128 * 32);
    EXPECT_DOUBLE_EQ(d["global_to_injection"].get<double>(), 0.125);
}

// One board-row: no column networks, each of the 16 accelerator columns is a ring of 4 closed by
// a wrap link. Horizontal: at most 1 + 2 + 1 hops through a row network; vertical: at most 2.
TEST(describe, single_board_dimension_has_wrap_links)
{
    const json d = describe({"topology.board=[4, 4]", "topology.grid=[1, 4]"});
    EXPECT_EQ(d["accelerators"], 64);
    EXPECT_EQ(d["line_networks"]["column"]["kind"], "wrap");
    EXPECT_EQ(d["line_networks"]["column"]["count"], 16);
    EXPECT_EQ(d["switches"]["single"], 4);
    EXPECT_EQ(d["links"]["wrap"], 16);
    EXPECT_EQ(d["links"]["on_board"], 4 * 24);
    EXPECT_EQ(d["links"]["accelerator_switch"], 4 * 8);
    EXPECT_EQ(d["diameter_hops"], 6);
    // Board-columns 0-1 | 2-3: 4 row networks with 4 ports a side. The single board-row is cut
    // between accelerator rows 1 and 2: each of the 16 rings crosses twice.
    EXPECT_EQ(d["bisection"]["cuts"]["board_columns"], 16);
    EXPECT_EQ(d["bisection"]["cuts"]["board_rows"], 32);
    EXPECT_EQ(d["bisection"]["links"], 16);
}

// Tapered trees (topology.taper): 16-port lines of radix 8, each leaf keeping u of its 4 up
// ports: ceil(4 leaves * u / 8) spines, u / spines parallel links.
TEST(describe, tapered_fat_tree_lines)
{
    const json full = describe({"topology.grid=[8, 8]", "topology.switch_radix=8"});
    const json half = describe({"topology.grid=[8, 8]", "topology.switch_radix=8", "topology.taper=0.5"});
    const json p = half["line_networks"]["row"];
    EXPECT_EQ(full["line_networks"]["row"]["spines"], 2);
    EXPECT_EQ(full["line_networks"]["row"]["up_links_per_leaf"], 4);
    EXPECT_EQ(p["kind"], "fat-tree");
    EXPECT_EQ(p["leaves"], 4);
    EXPECT_EQ(p["spines"], 1);
    EXPECT_EQ(p["parallel_links"], 2);
    EXPECT_EQ(p["up_links_per_leaf"], 2);
    EXPECT_EQ(half["shape"]["taper"], 0.5);
    EXPECT_EQ(half["switches"]["leaf"], 32 * 4);
    EXPECT_EQ(half["switches"]["spine"], 32 * 1);
    EXPECT_EQ(full["switches"]["spine"], 32 * 2);
    EXPECT_EQ(half["links"]["accelerator_switch"], 32 * 16);
    EXPECT_EQ(half["links"]["switch_switch"], 32 * 4 * 2);
    EXPECT_EQ(full["links"]["switch_switch"], 32 * 4 * 4);
    EXPECT_EQ(half["links"]["total"], 64 * 4 + 32 * 16 + 32 * 8);
    // Board-columns 0-3 | 4-7: leaves 0 and 1 of every row network hold one side, 2 and 3 the
    // other. Nonblocking, each row network carries its 8 ports' worth across; tapered, the 2
    // up-links of each of two leaves: 4.
    EXPECT_EQ(full["bisection"]["cuts"]["board_columns"], 16 * 8);
    EXPECT_EQ(half["bisection"]["cuts"]["board_columns"], 16 * 4);
    EXPECT_EQ(half["bisection"]["links"], 64);
    EXPECT_DOUBLE_EQ(full["global_to_injection"].get<double>(), 0.25);
    EXPECT_DOUBLE_EQ(half["global_to_injection"].get<double>(), 0.125);
    EXPECT_EQ(half["diameter_hops"], full["diameter_hops"]);
    EXPECT_NE(format_description(half).find("taper           0.5"), std::string::npos) << format_description(half);
}

// A cut through a leaf: 12-port lines of radix 8 (leaves of ports 0-3, 4-7, 8-11), board-columns
// 0-2 | 3-5 put ports 0-5 on one side. The middle leaf joins its 2 + 2 ports itself; the others
// have 4 ports of one side each, and send them across through their up-links: 4 each when
// nonblocking (6 in all, the smaller side), 1 each with a quarter of them kept (2 + 1 = 3).
TEST(describe, tapered_cut_through_a_leaf)
{
    const json full = describe({"topology.grid=[6, 6]", "topology.switch_radix=8"});
    const json quarter = describe({"topology.grid=[6, 6]", "topology.switch_radix=8", "topology.taper=0.25"});
    EXPECT_EQ(quarter["line_networks"]["row"]["spines"], 1);
    EXPECT_EQ(quarter["line_networks"]["row"]["parallel_links"], 1);
    EXPECT_EQ(full["bisection"]["cuts"]["board_columns"], 12 * 6);
    EXPECT_EQ(quarter["bisection"]["cuts"]["board_columns"], 12 * 3);
}

TEST(describe, line_beyond_three_fat_tree_levels_is_rejected)
{
    // 2*40 ports of radix 4: 40 leaves would need 20 spines with 2/20 = 0 links to each; 3 levels:
    // 20 pods, 10 cores per group with 2/10 = 0 links to each spine.
    EXPECT_THROW(describe({"topology.grid=[40, 2]", "topology.switch_radix=4"}), config_error);
}

TEST(describe, mesh_8x8)
{
    const json d = describe({"topology.kind=mesh", "topology.dims=[8, 8]", "routing.algorithm=dimension-order"});
    EXPECT_EQ(d["topology"], "mesh");
    EXPECT_EQ(d["accelerators"], 64);
    EXPECT_EQ(d["routers"]["switch"], 0);
    EXPECT_EQ(d["links"]["router_router"], 2 * 8 * 7);
    EXPECT_EQ(d["links"]["wrap"], 0);
    EXPECT_EQ(d["diameter_hops"], 14);
    // Mean |i-j| over all pairs of a line of 8 is (64-1)/24; two dimensions, distinct pairs only.
    EXPECT_NEAR(d["mean_distance_hops"].get<double>(), 2 * 63.0 / 24 * 64 / 63, 1e-12);
    EXPECT_EQ(d["bisection"]["cuts"]["columns"], 8);
    EXPECT_EQ(d["bisection"]["cuts"]["rows"], 8);
    EXPECT_EQ(d["bisection"]["links"], 8);
    EXPECT_EQ(d["global_bandwidth_bps"], 16 * link_bps);
}

TEST(describe, torus_8x8)
{
    const json d = describe({"topology.kind=torus", "topology.dims=[8, 8]", "routing.algorithm=dimension-order"});
    EXPECT_EQ(d["topology"], "torus");
    EXPECT_EQ(d["links"]["router_router"], 2 * 8 * 7);
    EXPECT_EQ(d["links"]["wrap"], 16);
    EXPECT_EQ(d["links"]["total"], 128);
    EXPECT_EQ(d["diameter_hops"], 8);
    // Mean ring distance over all pairs of a ring of 8 is 8/4; two dimensions, distinct pairs.
    EXPECT_NEAR(d["mean_distance_hops"].get<double>(), 2 * 2.0 * 64 / 63, 1e-12);
    EXPECT_EQ(d["bisection"]["cuts"]["columns"], 16);
    EXPECT_EQ(d["bisection"]["links"], 16);
    EXPECT_DOUBLE_EQ(d["global_to_injection"].get<double>(), 2.0 * 16 * 400 / (64 * 1600));
}

// The paper's fat-tree baseline at 1,024 accelerators, k = 64: 32 leaves of 32 down and 32 up
// ports, ceil(32*32/64) = 16 spines, 32/16 = 2 parallel links per leaf-spine pair.
TEST(describe, fat_tree_1024_radix_64)
{
    const json d = describe({"topology.kind=fat_tree", "topology.dims=[32, 32]", "topology.switch_radix=64",
                             "link.bandwidth=1600Gbps"});
    EXPECT_EQ(d["topology"], "fat_tree");
    EXPECT_EQ(d["accelerators"], 1024);
    EXPECT_EQ(d["routers"]["accelerator"], 0);
    EXPECT_EQ(d["routers"]["switch"], 48);
    EXPECT_EQ(d["switches"]["leaf"], 32);
    EXPECT_EQ(d["switches"]["spine"], 16);
    EXPECT_EQ(d["tree"]["parallel_links"], 2);
    EXPECT_EQ(d["tree"]["up_links_per_leaf"], 32);
    EXPECT_EQ(d["links"]["accelerator_switch"], 1024);
    EXPECT_EQ(d["links"]["switch_switch"], 1024);  // 32 leaves x 16 spines x 2
    EXPECT_EQ(d["links"]["total"], 2048);
    // Leaf, spine, leaf; 31 peers of each accelerator share its leaf (2 hops), 992 do not (4).
    EXPECT_EQ(d["diameter_hops"], 4);
    EXPECT_NEAR(d["mean_distance_hops"].get<double>(), (31 * 2.0 + 992 * 4.0) / 1023, 1e-12);
    // Nonblocking: half of the accelerators' cables cross the cut; global = injection.
    EXPECT_EQ(d["bisection"]["links"], 512);
    EXPECT_EQ(d["bisection"]["bandwidth_bps"], 512 * injection_bps);
    EXPECT_EQ(d["global_bandwidth_bps"], 1024 * injection_bps);
    EXPECT_DOUBLE_EQ(d["global_to_injection"].get<double>(), 1.0);
}

TEST(describe, fat_tree_tapered_halves_the_spines_and_the_bisection)
{
    const json d = describe({"topology.kind=fat_tree", "topology.dims=[32, 32]", "topology.taper=0.5",
                             "link.bandwidth=1600Gbps"});
    EXPECT_EQ(d["switches"]["leaf"], 32);
    EXPECT_EQ(d["switches"]["spine"], 8);  // ceil(32*16/64)
    EXPECT_EQ(d["tree"]["parallel_links"], 2);
    EXPECT_EQ(d["links"]["switch_switch"], 512);
    // 16 leaves on each side, each sending its 32 accelerators through its 16 up-links.
    EXPECT_EQ(d["bisection"]["links"], 256);
    EXPECT_DOUBLE_EQ(d["global_to_injection"].get<double>(), 0.5);
}

// The paper's fat-tree baselines at 16,384 accelerators, k = 64: beyond k*k/2 = 2,048, so 3
// levels. 512 leaves of 32 accelerators in 16 pods of 32 leaves; each pod has u spines (u = the
// up-links a leaf keeps: 32, 16, 8), one link from each of its leaves to each; each spine has 32
// up-links to the 8 cores of its group (16 pods x 32 / 64), 4 parallel links per spine-core pair.
TEST(describe, fat_trees_16k_radix_64_have_three_levels)
{
    struct expected {
        const char* taper;
        unsigned up, spines, cores;
    };
    for (const expected& e : {expected{"1", 32, 512, 256}, expected{"0.5", 16, 256, 128}, expected{"0.25", 8, 128, 64}}) {
        SCOPED_TRACE(std::string("taper ") + e.taper);
        const json d = describe({"topology.kind=fat_tree", "topology.dims=[128, 128]", "topology.switch_radix=64",
                                 std::string("topology.taper=") + e.taper, "link.bandwidth=1600Gbps"});
        EXPECT_EQ(d["tree"]["levels"], 3);
        EXPECT_EQ(d["tree"]["pods"], 16);
        EXPECT_EQ(d["switches"]["leaf"], 512);
        EXPECT_EQ(d["switches"]["spine"], e.spines);
        EXPECT_EQ(d["switches"]["core"], e.cores);
        EXPECT_EQ(d["switches"]["total"], 512 + e.spines + e.cores);
        EXPECT_EQ(d["tree"]["up_links_per_leaf"], e.up);
        EXPECT_EQ(d["tree"]["core_parallel_links"], 4);
        EXPECT_EQ(d["tree"]["up_links_per_spine"], 32);
        EXPECT_EQ(d["links"]["accelerator_switch"], 16384);
        EXPECT_EQ(d["links"]["switch_switch"], 512 * e.up + e.spines * 32);
        // Leaf (2 hops, 31 peers), leaf-spine-leaf (4 hops, the 992 others of the pod), through a
        // core (6 hops, the 15,360 in other pods).
        EXPECT_EQ(d["diameter_hops"], 6);
        EXPECT_NEAR(d["mean_distance_hops"].get<double>(), (31 * 2.0 + 992 * 4.0 + 15360 * 6.0) / 16383, 1e-12);
        // 256 leaves on each side of the cut, each sending through its u up-links.
        EXPECT_EQ(d["bisection"]["links"], 256 * e.up);
        EXPECT_DOUBLE_EQ(d["global_to_injection"].get<double>(), e.up / 32.0);
    }
}

TEST(describe, fat_tree_that_fits_one_switch)
{
    const json d = describe({"topology.kind=fat_tree", "topology.dims=[4, 8]"});
    EXPECT_EQ(d["switches"]["single"], 1);
    EXPECT_EQ(d["switches"]["total"], 1);
    EXPECT_EQ(d["links"]["accelerator_switch"], 32);
    EXPECT_EQ(d["links"]["switch_switch"], 0);
    EXPECT_EQ(d["diameter_hops"], 2);
    EXPECT_EQ(d["bisection"]["links"], 16);
}

TEST(describe, fat_tree_beyond_three_levels_is_rejected)
{
    // Radix 8: k*k*k/4 = 128 accelerators fit (a 3-level tree beyond k*k/2 = 32); 132 do not.
    EXPECT_EQ(describe({"topology.kind=fat_tree", "topology.dims=[16, 8]", "topology.switch_radix=8"})["tree"]["levels"],
              3);
    try {
        describe({"topology.kind=fat_tree", "topology.dims=[12, 11]", "topology.switch_radix=8"});
        FAIL() << "no error";
    } catch (const config_error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("topology.dims"), std::string::npos) << what;
        EXPECT_NE(what.find("topology.switch_radix"), std::string::npos) << what;
        EXPECT_NE(what.find("128"), std::string::npos) << what;
    }
}

// Dragonfly: p accelerators per router, a routers per group, h global links per router, g = a*h + 1
// groups. Links: p*a*g terminal cables, g*a*(a-1)/2 local, g*(g-1)/2 global. With g = 2m + 1 and a
// even, the "groups" cut puts groups 0..m-1 and the upper half of group m's routers (whose palmtree
// links all lead to groups below m) on one side: m*m global links cross it, plus the (a/2)^2 local
// links of group m between its halves. The "halves" cut (accelerator ids) splits group m the other
// way, so its 2m global links cross too.
json describe_dragonfly(unsigned p, unsigned a, unsigned h)
{
    return describe({"topology.kind=dragonfly", "topology.terminals_per_router=" + std::to_string(p),
                     "topology.routers_per_group=" + std::to_string(a),
                     "topology.global_links_per_router=" + std::to_string(h), "link.bandwidth=1600Gbps"});
}

TEST(describe, dragonfly_72)
{
    const json d = describe_dragonfly(2, 4, 2);
    EXPECT_EQ(d["topology"], "dragonfly");
    EXPECT_EQ(d["shape"]["groups"], 9);
    EXPECT_EQ(d["shape"]["switch_radix"], 7);  // 2 + 3 + 2
    EXPECT_EQ(d["accelerators"], 72);
    EXPECT_EQ(d["routers"]["accelerator"], 0);
    EXPECT_EQ(d["routers"]["switch"], 36);
    EXPECT_EQ(d["switches"]["total"], 36);
    EXPECT_EQ(d["links"]["accelerator_switch"], 72);
    EXPECT_EQ(d["links"]["local"], 9 * 6);
    EXPECT_EQ(d["links"]["global"], 9 * 8 / 2);
    EXPECT_EQ(d["links"]["total"], 72 + 54 + 36);
    // NIC, router, (local,) global, (local,) router, NIC.
    EXPECT_EQ(d["diameter_hops"], 5);
    EXPECT_EQ(d["switch_diameter_hops"], 3);
    EXPECT_EQ(d["bisection"]["cuts"]["groups"], 4 * 4 + 2 * 2);
    EXPECT_EQ(d["bisection"]["cuts"]["halves"], 4 * 4 + 2 * 4 + 2 * 2);
    EXPECT_EQ(d["bisection"]["links"], 20);
    EXPECT_EQ(d["bisection"]["bandwidth_bps"], 20 * injection_bps);
    EXPECT_EQ(d["injection_bandwidth_bps"], 72 * injection_bps);
    EXPECT_DOUBLE_EQ(d["global_to_injection"].get<double>(), 40.0 / 72);
}

TEST(describe, dragonfly_1056_of_the_paper_config)
{
    const json d = describe_dragonfly(4, 8, 4);
    EXPECT_EQ(d["shape"]["groups"], 33);
    EXPECT_EQ(d["shape"]["switch_radix"], 15);
    EXPECT_EQ(d["accelerators"], 1056);
    EXPECT_EQ(d["routers"]["switch"], 264);
    EXPECT_EQ(d["links"]["local"], 33 * 28);
    EXPECT_EQ(d["links"]["global"], 33 * 16);
    EXPECT_EQ(d["links"]["total"], 1056 + 924 + 528);
    EXPECT_EQ(d["diameter_hops"], 5);
    EXPECT_EQ(d["switch_diameter_hops"], 3);
    // Below the mean of minimal routes (3 + 2 (a-1)/a hops between groups), since a shortest path
    // may cross two global links instead of two local ones.
    const double minimal_mean = (1056 * (3 * 2.0 + 28 * 3.0) + 33 * 32 * (3 * 1024.0 + 2 * 7 * 8 * 16)) / (1056 * 1055.0);
    EXPECT_LT(d["mean_distance_hops"].get<double>(), minimal_mean);
    EXPECT_GT(d["mean_distance_hops"].get<double>(), 4.5);
    EXPECT_EQ(d["bisection"]["cuts"]["groups"], 16 * 16 + 4 * 4);
    EXPECT_EQ(d["bisection"]["cuts"]["halves"], 16 * 16 + 2 * 16 + 4 * 4);
    EXPECT_EQ(d["bisection"]["links"], 272);
    EXPECT_EQ(d["injection_bandwidth_bps"], 1056 * injection_bps);
    EXPECT_EQ(d["global_bandwidth_bps"], 2 * 272 * injection_bps);
}

TEST(describe, dragonfly_without_a_balanced_group_cut)
{
    // g = 7 groups of 3 routers: the middle group cannot be split into whole halves.
    const json d = describe_dragonfly(1, 3, 2);
    EXPECT_EQ(d["shape"]["groups"], 7);
    EXPECT_TRUE(d["bisection"]["cuts"]["groups"].is_null());
    EXPECT_FALSE(d["bisection"]["cuts"]["halves"].is_null());
    // One router per group (a = 1): no local links, every router a hop from every other.
    const json flat = describe_dragonfly(2, 1, 4);
    EXPECT_EQ(flat["links"]["local"], 0);
    EXPECT_EQ(flat["links"]["global"], 10);
    EXPECT_EQ(flat["switch_diameter_hops"], 1);
}

TEST(describe, text_names_the_facts)
{
    const std::string text = format_description(describe({}));
    EXPECT_NE(text.find("accelerators    64\n"), std::string::npos) << text;
    EXPECT_NE(text.find("diameter        4 hops"), std::string::npos) << text;
    EXPECT_NE(text.find("bisection       32 links"), std::string::npos) << text;
    const std::string dragonfly = format_description(describe_dragonfly(2, 4, 2));
    EXPECT_NE(dragonfly.find("topology        dragonfly: 9 groups of 4 routers"), std::string::npos) << dragonfly;
    EXPECT_NE(dragonfly.find("links           72 accelerator-switch, 54 local, 36 global (162 in all)"),
              std::string::npos)
        << dragonfly;
    EXPECT_NE(dragonfly.find("diameter        5 hops, 3 switch to switch"), std::string::npos) << dragonfly;
    EXPECT_NE(dragonfly.find("bisection       20 links"), std::string::npos) << dragonfly;
}

}  // namespace
}  // namespace hxsim
