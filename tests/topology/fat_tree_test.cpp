// The fat-tree machine (topology.kind fat_tree): accelerators as NICs on the leaves of a 2-level
// folded Clos. Simulations of a 64-accelerator tree of radix-16 switches (8 leaves of 8
// accelerators, 4 spines, 2 parallel links per leaf-spine pair; tapered 0.5: 2 spines): uniform
// traffic and all-to-all deliver every message (the scoreboard checks each), load 1.0 finishes
// (no deadlock), a tapered tree is slower at all-to-all, and every packet's path, watched
// decision by decision, is up at most once and then only down: the source's leaf, then (only
// when the destination hangs below another leaf) a spine and the destination's leaf, over a
// parallel link that leads there.
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "models/routing/fat_tree_routing.h"
#include "models/topology/fat_tree.h"
#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

std::vector<std::string> tree_64(std::vector<std::string> more = {})
{
    std::vector<std::string> o{"topology.kind=fat_tree", "topology.dims=[8, 8]", "topology.switch_radix=16",
                               "link.bandwidth=1600Gbps", "run.duration=5us"};
    o.insert(o.end(), more.begin(), more.end());
    return o;
}

/// Checks every forwarding decision against the tree's up/down rule, re-derived here from the
/// layout of fat_tree_network.h: accelerator p hangs below leaf p / 8 at its port p % 8; a leaf's
/// ports 8.. go up; spine port q leads to leaf q / parallel.
class path_checker : public forward_observer {
public:
    path_checker(unsigned accelerators, const line_network_plan& plan) : m_n(accelerators), m_plan(plan) {}

    void on_forward(std::uint32_t router, std::uint16_t in_port, std::uint16_t out_port, std::uint8_t out_vc,
                    const packet& pkt) override
    {
        ++m_decisions;
        path& p = m_paths[pkt.id];
        ++p.switches;
        const std::string who = fmt::format("packet {} ({} -> {}), switch {}", pkt.id, pkt.src, pkt.dst, router);
        if (out_vc != 0 && m_vcs == 1)
            ADD_FAILURE() << who << ": VC " << int(out_vc);
        if (pkt.vc_class != 0)
            ADD_FAILURE() << who << ": class " << int(pkt.vc_class);
        if (router < m_n || router >= m_n + m_plan.leaves + m_plan.spines) {
            ADD_FAILURE() << who << ": not a switch of the tree";
            return;
        }
        const unsigned index = router - m_n;
        const unsigned src_leaf = pkt.src / m_plan.down, dst_leaf = pkt.dst / m_plan.down;
        if (index < m_plan.leaves) {
            const bool from_below = in_port < m_plan.down;
            const bool down = out_port < m_plan.down;
            if (p.switches == 1) {
                // The first switch: the source's leaf, entered from the source's NIC.
                if (index != src_leaf || !from_below || in_port != pkt.src % m_plan.down)
                    ADD_FAILURE() << who << ": first switch is not the source's leaf port";
            } else if (from_below || p.switches != 3 || index != dst_leaf) {
                ADD_FAILURE() << who << ": the second leaf must be the destination's, from a spine, third switch";
            }
            if (down) {
                if (index != dst_leaf || out_port != pkt.dst % m_plan.down)
                    ADD_FAILURE() << who << ": down to port " << out_port << ", not to the destination";
                m_paths.erase(pkt.id);
                ++m_delivered;
                return;
            }
            // Up: only from the source's leaf, and only when the destination is elsewhere.
            if (p.went_up || index == dst_leaf || out_port >= m_plan.down + m_plan.up)
                ADD_FAILURE() << who << ": up through port " << out_port << " (went up before: " << p.went_up << ")";
            p.went_up = true;
            ++m_ups;
            return;
        }
        // A spine: second switch, after going up; down a parallel link to the destination's leaf.
        if (p.switches != 2 || !p.went_up)
            ADD_FAILURE() << who << ": a spine as switch " << p.switches;
        if (out_port / m_plan.parallel_links != dst_leaf)
            ADD_FAILURE() << who << ": spine port " << out_port << " leads to leaf "
                          << out_port / m_plan.parallel_links << ", not " << dst_leaf;
    }

    std::uint64_t decisions() const { return m_decisions; }
    std::uint64_t delivered() const { return m_delivered; }
    std::uint64_t ups() const { return m_ups; }
    std::size_t unfinished() const { return m_paths.size(); }

private:
    struct path {
        unsigned switches = 0;
        bool went_up = false;
    };
    unsigned m_n;
    line_network_plan m_plan;
    unsigned m_vcs = 1;
    std::unordered_map<std::uint64_t, path> m_paths;
    std::uint64_t m_decisions = 0, m_delivered = 0, m_ups = 0;
};

std::vector<std::string> with_radix_8(std::vector<std::string> more)
{
    more.insert(more.begin(), "topology.switch_radix=8");
    return more;
}

TEST(fat_tree, plan_of_the_test_tree)
{
    const line_network_plan p = fat_tree::plan_of(test::config_with(tree_64()));
    EXPECT_TRUE(p.is_tree());
    EXPECT_EQ(p.leaves, 8u);
    EXPECT_EQ(p.spines, 4u);
    EXPECT_EQ(p.parallel_links, 2u);
    const line_network_plan t = fat_tree::plan_of(test::config_with(tree_64({"topology.taper=0.5"})));
    EXPECT_EQ(t.spines, 2u);
    EXPECT_EQ(t.parallel_links, 2u);
    EXPECT_EQ(t.up, 4u);
}

TEST(fat_tree, uniform_traffic_delivers_every_message)
{
    test::run_scenario([] {
        const run_outcome out = run_simulation(test::config_with(tree_64({"traffic.load=0.5"})));
        EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
        EXPECT_GT(out.stats["messages_delivered"].get<std::uint64_t>(), 300u);
        EXPECT_EQ(out.stats["messages_delivered"], out.stats["messages_injected"]);
        EXPECT_EQ(out.stats["config"]["routers"], 12);  // 8 leaves + 4 spines
    });
}

TEST(fat_tree, alltoall_delivers_every_message)
{
    test::run_scenario([] {
        const run_outcome out =
            run_simulation(test::config_with(tree_64({"traffic.pattern=alltoall", "traffic.message_size=2KiB"})));
        EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
        EXPECT_EQ(out.stats["messages_delivered"], 64 * 63);
    });
}

TEST(fat_tree, full_load_completes_without_deadlock)
{
    // Small buffers (2 packets) so that back-pressure reaches across the tree; one VC.
    test::run_scenario([] {
        const run_outcome out = run_simulation(test::config_with(
            tree_64({"traffic.load=1.0", "router.vcs=1", "router.buffer=64flits", "switch.buffer=64flits",
                     "router.output_buffer=0B", "switch.output_buffer=0B", "traffic.message_size=16KiB",
                     "link.bandwidth=400Gbps", "run.watchdog=20us"})));
        EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
        EXPECT_EQ(out.stats["messages_delivered"], out.stats["messages_injected"]);
    });
}

/// All-to-all of 16 KiB on the test tree with `taper`; `radix` "8" makes it the 3-level tree below.
double alltoall_gbps(const std::string& taper, const std::string& radix = "16")
{
    return test::measure_in_child([&] {
        const run_outcome out = run_simulation(test::config_with(tree_64({"traffic.pattern=alltoall",
                                                                          "traffic.message_size=16KiB",
                                                                          "topology.taper=" + taper,
                                                                          "topology.switch_radix=" + radix})));
        EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
        return out.stats["alltoall_gbps_per_accelerator"].get<double>();
    });
}

/// Gb/s per accelerator and the busiest link's utilization over the mean, all-to-all of 4 KiB.
std::vector<double> alltoall_balance(unsigned vcs)
{
    return test::collect_in_child<double>([vcs] {
        const run_outcome out = run_simulation(test::config_with(tree_64(
            {"traffic.pattern=alltoall", "traffic.message_size=4KiB", "router.vcs=" + std::to_string(vcs)})));
        EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
        const auto& u = out.stats["link_utilization"];
        return std::vector<double>{out.stats["alltoall_gbps_per_accelerator"].get<double>(),
                                   u["max"].get<double>() / u["mean"].get<double>()};
    });
}

TEST(fat_tree, up_ports_share_the_load_whatever_the_vcs_per_port)
{
    // Adaptive up-routing weighs a port by its free space over all the VCs it could use: by one
    // VC's alone, twelve VCs made the first up-port look free twelve times over, piled the
    // traffic onto it and cut the all-to-all to a fifth (219 Gb/s against 1,073 with 3 VCs).
    for (unsigned vcs : {3u, 12u}) {
        const auto r = alltoall_balance(vcs);
        ASSERT_EQ(r.size(), 2u);
        EXPECT_GT(r[0], 0.7 * 1600) << vcs << " VCs: " << r[0] << " Gb/s per accelerator";
        EXPECT_LT(r[1], 1.2) << vcs << " VCs: the busiest link carries " << r[1] << " times the mean";
    }
}

TEST(fat_tree, tapered_tree_is_slower_at_alltoall)
{
    const double full = alltoall_gbps("1"), half = alltoall_gbps("0.5");
    // 56 of 63 peers are below other leaves: a leaf's 8 accelerators send 8*56/63 of a link's
    // worth through 8 up-links (nonblocking) or 4 (tapered), which caps the tapered tree near
    // 4/(8*56/63) = 56% of injection.
    EXPECT_LT(half, 0.8 * full) << "nonblocking " << full << " Gb/s, tapered " << half << " Gb/s";
    EXPECT_LT(half, 0.65 * 1600) << half;
}

TEST(fat_tree, every_path_goes_up_at_most_once_then_down)
{
    for (const std::string taper : {"1", "0.5"}) {
        test::run_scenario([&] {
            const platform_config config =
                test::config_with(tree_64({"topology.taper=" + taper, "traffic.load=0.8", "router.vcs=1"}));
            path_checker checker(64, fat_tree::plan_of(config));
            const run_outcome out = test::run_observed(config, checker);
            const std::uint64_t packets = out.stats["packets_delivered"].get<std::uint64_t>();
            EXPECT_GT(packets, 1000u);
            EXPECT_EQ(checker.delivered(), packets);
            EXPECT_EQ(checker.unfinished(), 0u);
            // 1 switch (same leaf) or 3 (leaf, spine, leaf), and most pairs are on different leaves.
            EXPECT_EQ(out.stats["packet_hops"].get<std::uint64_t>(), packets + 2 * checker.ups());
            EXPECT_GT(checker.ups(), packets / 2);
        });
    }
}

TEST(fat_tree, routing_offers_every_up_port_and_every_parallel_link)
{
    const line_network_plan plan = fat_tree::plan_of(test::config_with(tree_64()));
    const fat_tree_routing routing(plan, 64);
    packet pkt{};
    pkt.src = 3;  // leaf 0
    pkt.dst = 61;  // leaf 7, port 5
    route_candidates at_leaf;
    routing.route(64 + 0, 3, pkt, at_leaf);
    ASSERT_EQ(at_leaf.count, 8u);  // the 8 up ports 8..15
    for (unsigned i = 0; i < 8; ++i)
        EXPECT_EQ(at_leaf.items[i].port, 8 + i);
    // ... as the run the router weighs by its room bounds alone.
    EXPECT_EQ(at_leaf.run_begin, 0u);
    EXPECT_EQ(at_leaf.run_length, 8u);
    route_candidates at_spine;
    routing.route(64 + 8 + 2, 1, pkt, at_spine);
    ASSERT_EQ(at_spine.count, 2u);  // leaf 7's two parallel links: ports 14, 15
    EXPECT_EQ(at_spine.items[0].port, 14);
    EXPECT_EQ(at_spine.items[1].port, 15);
    route_candidates at_dst_leaf;
    routing.route(64 + 7, 9, pkt, at_dst_leaf);
    ASSERT_EQ(at_dst_leaf.count, 1u);
    EXPECT_EQ(at_dst_leaf.items[0].port, 5);
    EXPECT_EQ(at_dst_leaf.run_length, 0u);
    pkt.dst = 6;  // below leaf 0: straight down
    route_candidates same_leaf;
    routing.route(64 + 0, 3, pkt, same_leaf);
    ASSERT_EQ(same_leaf.count, 1u);
    EXPECT_EQ(same_leaf.items[0].port, 6);
}

TEST(fat_tree, config_rules)
{
    EXPECT_THROW(test::config_with(tree_64({"routing.algorithm=dimension-order"})), config_error);
    EXPECT_THROW(test::config_with(tree_64({"topology.taper=0.3"})), config_error);
    // Radix 16: 2 levels join 128 accelerators, 3 levels k*k*k/4 = 1,024.
    EXPECT_NO_THROW(check_platform(test::config_with(tree_64({"topology.dims=[16, 9]"}))));
    EXPECT_NO_THROW(check_platform(test::config_with(tree_64({"topology.dims=[32, 32]"}))));
    EXPECT_THROW(check_platform(test::config_with(tree_64({"topology.dims=[33, 32]"}))), config_error);
}

// ---- Three levels -----------------------------------------------------------------------------
// 64 accelerators of radix-8 switches: 16 leaves of 4 down ports would need 8 spines with 4/8 = 0
// links to each leaf, so the tree has 3 levels: 4 pods of 4 leaves, each pod with 4 spines (one
// link from each of its leaves to each) of 4 up-links; 4 groups of 2 cores (group j: the spines
// j of the 4 pods), 2 parallel links per spine-core pair. Tapered 0.5: 2 spines per pod and 2
// groups. At most k*k*k/4 = 128 accelerators.

std::vector<std::string> tree_3_levels(std::vector<std::string> more = {})
{
    return tree_64(with_radix_8(std::move(more)));
}

TEST(fat_tree, plan_of_a_three_level_tree)
{
    const line_network_plan p = fat_tree::plan_of(test::config_with(tree_3_levels()));
    EXPECT_TRUE(p.three_levels());
    EXPECT_EQ(p.leaves, 16u);
    EXPECT_EQ(p.pods, 4u);
    EXPECT_EQ(p.up, 4u);
    EXPECT_EQ(p.spines, 16u);
    EXPECT_EQ(p.cores, 2u);
    EXPECT_EQ(p.all_cores(), 8u);
    EXPECT_EQ(p.core_links, 2u);
    EXPECT_EQ(p.spine_up, 4u);
    EXPECT_EQ(p.switches(), 40u);
    EXPECT_EQ(p.switch_links(), 16u * 4 + 16 * 4);
    const line_network_plan t = fat_tree::plan_of(test::config_with(tree_3_levels({"topology.taper=0.5"})));
    EXPECT_TRUE(t.three_levels());
    EXPECT_EQ(t.spines, 8u);
    EXPECT_EQ(t.all_cores(), 4u);
    EXPECT_EQ(t.spine_up, 4u);  // nonblocking above the leaves
    // A 2-level tree of radix 8 stops at 32 accelerators.
    EXPECT_EQ(fat_tree::plan_of(test::config_with(tree_64({"topology.dims=[4, 8]", "topology.switch_radix=8"}))).levels,
              2u);
    EXPECT_EQ(fat_tree::plan_of(test::config_with(tree_64({"topology.dims=[4, 9]", "topology.switch_radix=8"}))).levels,
              3u);
}

/// Checks every forwarding decision of a 3-level tree: the switches a packet visits climb strictly
/// (leaf, spine, core) to the lowest level that joins source and destination (the leaf when they
/// share it, a spine of their pod when they share a pod, else a core), then descend strictly to
/// the destination's leaf and its port; the first switch is the source's leaf, entered from the
/// source's port; a spine's down port leads to the destination's leaf, a core's to its pod.
class three_level_checker : public forward_observer {
public:
    three_level_checker(unsigned accelerators, const line_network_plan& plan) : m_n(accelerators), m_plan(plan) {}

    void on_forward(std::uint32_t router, std::uint16_t in_port, std::uint16_t out_port, std::uint8_t,
                    const packet& pkt) override
    {
        path& p = m_paths[pkt.id];
        const std::string who = fmt::format("packet {} ({} -> {}), switch {}", pkt.id, pkt.src, pkt.dst, router);
        if (router < m_n || router >= m_n + m_plan.switches()) {
            ADD_FAILURE() << who << ": not a switch of the tree";
            return;
        }
        const unsigned index = router - m_n;
        const unsigned level = index < m_plan.leaves ? 1 : index < m_plan.leaves + m_plan.spines ? 2 : 3;
        const unsigned src_leaf = m_plan.leaf_of(pkt.src), dst_leaf = m_plan.leaf_of(pkt.dst);
        const unsigned top = src_leaf == dst_leaf                                           ? 1
                             : m_plan.pod_of_leaf(src_leaf) == m_plan.pod_of_leaf(dst_leaf) ? 2
                                                                                            : 3;
        if (p.levels.empty() && (index != src_leaf || in_port != m_plan.leaf_down_port(pkt.src)))
            ADD_FAILURE() << who << ": the first switch is not the source's leaf, from its port";
        if (!p.levels.empty()) {
            const unsigned last = p.levels.back();
            const bool climbing = !p.descending && level == last + 1 && level <= top;
            const bool falling = level + 1 == last && (p.descending || last == top);
            if (!climbing && !falling)
                ADD_FAILURE() << who << ": level " << level << " after " << last << " (top " << top << ")";
            p.descending = p.descending || falling;
        }
        p.levels.push_back(level);
        if (level < top && !p.descending) {  // up: through an up port
            const bool up_port = level == 1 ? out_port >= m_plan.leaf_down_ports(index)
                                            : out_port >= m_plan.spine_down_ports(index - m_plan.leaves);
            if (!up_port)
                ADD_FAILURE() << who << ": port " << out_port << " is not an up port";
            return;
        }
        p.descending = true;
        if (level == 1) {
            if (index != dst_leaf || out_port != m_plan.leaf_down_port(pkt.dst))
                ADD_FAILURE() << who << ": leaves at port " << out_port << ", not at the destination";
            m_visited[top - 1] += p.levels.size();
            ++m_delivered_by_top[top - 1];
            m_paths.erase(pkt.id);
        } else if (level == 2) {
            if (out_port != dst_leaf % m_plan.down)
                ADD_FAILURE() << who << ": spine down port " << out_port << " is not toward leaf " << dst_leaf;
        } else if (out_port / m_plan.core_links != m_plan.pod_of_leaf(dst_leaf)) {
            ADD_FAILURE() << who << ": core port " << out_port << " is not toward pod " << m_plan.pod_of_leaf(dst_leaf);
        }
    }

    /// Packets delivered whose lowest common level was 1, 2 and 3, and the switches they visited.
    std::uint64_t delivered(unsigned top) const { return m_delivered_by_top[top - 1]; }
    std::uint64_t visited(unsigned top) const { return m_visited[top - 1]; }
    std::size_t unfinished() const { return m_paths.size(); }

private:
    struct path {
        std::vector<unsigned> levels;
        bool descending = false;
    };
    unsigned m_n;
    line_network_plan m_plan;
    std::unordered_map<std::uint64_t, path> m_paths;
    std::uint64_t m_delivered_by_top[3] = {}, m_visited[3] = {};
};

TEST(fat_tree, three_level_paths_climb_to_the_lowest_common_level_then_descend)
{
    for (const std::string taper : {"1", "0.5"}) {
        test::run_scenario([&] {
            const platform_config config = test::config_with(tree_3_levels({"topology.taper=" + taper,
                                                                            "traffic.load=0.8"}));
            three_level_checker checker(64, fat_tree::plan_of(config));
            const run_outcome out = test::run_observed(config, checker);
            EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
            const std::uint64_t packets = out.stats["packets_delivered"].get<std::uint64_t>();
            EXPECT_GT(packets, 1000u);
            EXPECT_EQ(checker.delivered(1) + checker.delivered(2) + checker.delivered(3), packets);
            EXPECT_EQ(checker.unfinished(), 0u);
            // 1, 3 or 5 switches; uniform traffic: 3 of 63 peers share a leaf, 12 share a pod.
            EXPECT_EQ(checker.visited(1), checker.delivered(1));
            EXPECT_EQ(checker.visited(2), 3 * checker.delivered(2));
            EXPECT_EQ(checker.visited(3), 5 * checker.delivered(3));
            EXPECT_GT(checker.delivered(3), packets / 2);
            EXPECT_GT(checker.delivered(2), 0u);
            EXPECT_GT(checker.delivered(1), 0u);
            EXPECT_EQ(out.stats["packet_hops"].get<std::uint64_t>(),
                      checker.visited(1) + checker.visited(2) + checker.visited(3));
        });
    }
}

TEST(fat_tree, three_level_alltoall_delivers_every_message)
{
    test::run_scenario([] {
        const run_outcome out = run_simulation(
            test::config_with(tree_3_levels({"traffic.pattern=alltoall", "traffic.message_size=2KiB"})));
        EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
        EXPECT_EQ(out.stats["messages_delivered"], 64 * 63);
        EXPECT_EQ(out.stats["config"]["routers"], 40);  // 16 leaves + 16 spines + 8 cores
    });
}

TEST(fat_tree, three_level_full_load_completes_without_deadlock)
{
    for (const std::string taper : {"1", "0.5"}) {
        test::run_scenario([&] {
            const run_outcome out = run_simulation(test::config_with(tree_3_levels(
                {"topology.taper=" + taper, "traffic.load=1.0", "router.vcs=1", "router.buffer=64flits",
                 "switch.buffer=64flits", "router.output_buffer=0B", "switch.output_buffer=0B",
                 "traffic.message_size=16KiB", "link.bandwidth=400Gbps", "run.watchdog=20us"})));
            EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
            EXPECT_EQ(out.stats["messages_delivered"], out.stats["messages_injected"]);
        });
    }
}

TEST(fat_tree, three_level_tree_is_nonblocking_and_its_taper_costs_bandwidth)
{
    // Nonblocking, the 3-level tree carries all-to-all near the injection rate, like the 2-level
    // tree of the same accelerators; a leaf keeping 2 of its 4 up-links sends 4*60/63 of a link's
    // worth of traffic for other leaves through 2, capping it near 2/(4*60/63) = 52%.
    const double full = alltoall_gbps("1", "8"), half = alltoall_gbps("0.5", "8");
    EXPECT_GT(full, 0.7 * 1600) << full;
    EXPECT_LT(half, 0.6 * 1600) << half;
    EXPECT_GT(half, 0.35 * 1600) << half;
}

TEST(fat_tree, three_level_routing_offers_every_up_port_and_every_parallel_link)
{
    const line_network_plan plan = fat_tree::plan_of(test::config_with(tree_3_levels()));
    const fat_tree_routing routing(plan, 64);
    packet pkt{};
    pkt.src = 1;   // leaf 0, pod 0
    pkt.dst = 61;  // leaf 15 (pod 3, its leaf 3), port 1
    route_candidates at_leaf;
    routing.route(64 + 0, 1, pkt, at_leaf);
    ASSERT_EQ(at_leaf.count, 4u);  // up ports 4..7, to the pod's spines 0..3
    for (unsigned i = 0; i < 4; ++i)
        EXPECT_EQ(at_leaf.items[i].port, 4 + i);
    route_candidates at_spine;
    routing.route(64 + 16 + 2, 0, pkt, at_spine);  // pod 0's spine 2: up ports 4..7
    ASSERT_EQ(at_spine.count, 4u);
    for (unsigned i = 0; i < 4; ++i)
        EXPECT_EQ(at_spine.items[i].port, 4 + i);
    route_candidates at_core;
    routing.route(64 + 32 + 2 * 2 + 1, 0, pkt, at_core);  // group 2, core 1: pod 3's links, ports 6 and 7
    ASSERT_EQ(at_core.count, 2u);
    EXPECT_EQ(at_core.items[0].port, 6);
    EXPECT_EQ(at_core.items[1].port, 7);
    route_candidates down_spine;
    routing.route(64 + 16 + 3 * 4 + 2, 4, pkt, down_spine);  // pod 3's spine 2: down to its leaf 3
    ASSERT_EQ(down_spine.count, 1u);
    EXPECT_EQ(down_spine.items[0].port, 3);
    pkt.dst = 13;  // leaf 3, pod 0: a spine of pod 0 turns down
    route_candidates same_pod;
    routing.route(64 + 16 + 1, 0, pkt, same_pod);
    ASSERT_EQ(same_pod.count, 1u);
    EXPECT_EQ(same_pod.items[0].port, 3);
}

TEST(fat_tree, three_level_config_rules)
{
    // k*k*k/4 = 128 accelerators fit radix 8; 132 do not.
    EXPECT_NO_THROW(check_platform(test::config_with(tree_3_levels({"topology.dims=[16, 8]"}))));
    EXPECT_THROW(check_platform(test::config_with(tree_3_levels({"topology.dims=[12, 11]"}))), config_error);
}

}  // namespace
}  // namespace hxsim
