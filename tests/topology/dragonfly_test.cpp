// The Dragonfly machine (topology.kind dragonfly) and its routing. The wiring arithmetic
// (dragonfly_shape.h) joins every pair of groups once and every pair of routers of a group once.
// Simulations of a 72-accelerator Dragonfly (p = 2, a = 4, h = 2: 9 groups of 4 routers) watch
// every forwarding decision: each packet enters at its source's router, follows the cables as
// dragonfly_shape describes them (so the builder wired what the routing assumes), leaves at its
// destination's port, within 3 switch-to-switch hops (minimal) or 5 (UGAL), in the VC class of the
// global links it has crossed, which never decreases. Under adversarial traffic (every terminal
// to the same terminal of the next group) UGAL accepts far more than minimal routing; at full load
// with small buffers nothing deadlocks; the same seed gives the same statistics.
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "models/routing/dragonfly_routing.h"
#include "models/topology/dragonfly.h"
#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

constexpr dragonfly_shape small{2, 4, 2};

std::vector<std::string> dragonfly_72(const std::string& routing, std::vector<std::string> more = {})
{
    std::vector<std::string> o{"topology.kind=dragonfly",
                               "topology.terminals_per_router=2",
                               "topology.routers_per_group=4",
                               "topology.global_links_per_router=2",
                               "routing.algorithm=" + routing,
                               "link.bandwidth=1600Gbps",
                               "run.duration=5us"};
    o.insert(o.end(), more.begin(), more.end());
    return o;
}

/// Follows every packet hop by hop through the cables that dragonfly_shape describes.
class path_checker : public forward_observer {
public:
    /// `max_links`: switch-to-switch hops allowed per path; `vcs_per_class`: router.vcs / classes.
    path_checker(const dragonfly_shape& shape, unsigned max_links, unsigned vcs_per_class)
        : m_shape(shape), m_max_links(max_links), m_vcs_per_class(vcs_per_class)
    {
    }

    void on_forward(std::uint32_t router_id, std::uint16_t in_port, std::uint16_t out_port, std::uint8_t out_vc,
                    const packet& pkt) override
    {
        const dragonfly_shape& s = m_shape;
        const std::string who = fmt::format("packet {} ({} -> {}), router {}", pkt.id, pkt.src, pkt.dst, router_id);
        if (router_id < s.terminals() || router_id >= s.terminals() + s.routers()) {
            ADD_FAILURE() << who << ": not a dragonfly router";
            return;
        }
        const unsigned router = router_id - s.terminals(), here = router % s.a, group = s.group_of(router);
        path& p = m_paths[pkt.id];
        if (!p.started) {
            if (router != s.router_of_terminal(pkt.src) || in_port != pkt.src % s.p)
                ADD_FAILURE() << who << ": the first router is not the source's, at its port";
            p.started = true;
        } else if (router != p.next_router || in_port != p.next_in_port) {
            ADD_FAILURE() << who << ": arrived at router " << router << " port " << in_port << ", the cable leads to "
                          << p.next_router << " port " << p.next_in_port;
        }
        const unsigned cls = out_vc / m_vcs_per_class;
        if (cls != p.globals || cls != pkt.vc_class)
            ADD_FAILURE() << who << ": class " << cls << " (packet's " << int(pkt.vc_class) << ") after "
                          << p.globals << " global links";
        if (out_port < s.p) {
            if (router != s.router_of_terminal(pkt.dst) || out_port != pkt.dst % s.p)
                ADD_FAILURE() << who << ": leaves at port " << out_port << ", not at the destination";
            m_longest = std::max(m_longest, p.links);
            m_valiant += p.globals == 2 ? 1 : 0;
            ++m_delivered;
            m_paths.erase(pkt.id);
            return;
        }
        if (++p.links > m_max_links)
            ADD_FAILURE() << who << ": switch-to-switch hop " << p.links << " of at most " << m_max_links;
        if (!s.is_global_port(out_port)) {
            const unsigned there = s.local_neighbour(here, out_port);
            p.next_router = group * s.a + there;
            p.next_in_port = s.local_port(there, here);
            return;
        }
        const unsigned link = here * s.h + (out_port - s.global_port(0)), far = s.far_end(link);
        p.next_router = s.global_target(group, link) * s.a + s.router_of_link(far);
        p.next_in_port = s.port_of_link(far);
        ++p.globals;
    }

    std::uint64_t delivered() const { return m_delivered; }
    std::uint64_t valiant() const { return m_valiant; }
    unsigned longest() const { return m_longest; }
    std::size_t unfinished() const { return m_paths.size(); }

private:
    struct path {
        bool started = false;
        unsigned links = 0, globals = 0;
        unsigned next_router = 0;
        std::uint16_t next_in_port = 0;
    };
    dragonfly_shape m_shape;
    unsigned m_max_links, m_vcs_per_class;
    std::unordered_map<std::uint64_t, path> m_paths;
    std::uint64_t m_delivered = 0, m_valiant = 0;
    unsigned m_longest = 0;
};

TEST(dragonfly, every_pair_of_groups_has_one_global_link)
{
    for (const dragonfly_shape s : {small, dragonfly_shape{4, 8, 4}, dragonfly_shape{1, 3, 2}, dragonfly_shape{3, 1, 5}}) {
        const unsigned g = s.groups();
        std::vector<unsigned> links(g * g, 0);
        for (unsigned group = 0; group < g; ++group)
            for (unsigned k = 0; k + 1 < g; ++k) {
                const unsigned target = s.global_target(group, k);
                ++links[group * g + target];
                // The far end's link leads back, and is the one global_link_to names.
                EXPECT_EQ(s.global_target(target, s.far_end(k)), group);
                EXPECT_EQ(s.global_link_to(group, target), k);
                EXPECT_LT(s.router_of_link(k), s.a);
                EXPECT_TRUE(s.is_global_port(s.port_of_link(k)));
                EXPECT_LT(s.port_of_link(k), s.radix());
            }
        for (unsigned x = 0; x < g; ++x)
            for (unsigned y = 0; y < g; ++y)
                EXPECT_EQ(links[x * g + y], x == y ? 0u : 1u) << "groups " << x << ", " << y;
        EXPECT_EQ(s.global_links(), std::uint64_t{g} * (g - 1) / 2);
    }
}

TEST(dragonfly, routers_of_a_group_are_joined_all_to_all)
{
    const dragonfly_shape s{2, 5, 1};
    for (unsigned from = 0; from < s.a; ++from) {
        std::vector<bool> used(s.radix(), false);
        for (unsigned to = 0; to < s.a; ++to) {
            if (to == from)
                continue;
            const std::uint16_t port = s.local_port(from, to);
            EXPECT_GE(port, s.p);
            EXPECT_FALSE(s.is_global_port(port));
            EXPECT_FALSE(used[port]) << "router " << from << " port " << port << " used twice";
            used[port] = true;
            EXPECT_EQ(s.local_neighbour(from, port), to);
        }
    }
    EXPECT_EQ(s.local_links(), std::uint64_t{s.groups()} * 5 * 4 / 2);
}

TEST(dragonfly, ugal_offers_the_minimal_and_a_valiant_first_hop)
{
    const dragonfly_routing ugal(small, small.terminals(), true, 1);
    packet pkt{};
    pkt.src = 0;   // router 0 of group 0, which holds link 0 of group 0: to group 1
    pkt.dst = 14;  // router 7 = group 1's router 3, where that link arrives (its link 9 - 2 - 0 = 7)
    for (pkt.id = 0; pkt.id < 50; ++pkt.id) {
        route_candidates out;
        ugal.route(small.terminals(), 0, pkt, out);
        ASSERT_EQ(out.count, 2u);
        EXPECT_EQ(out.items[0].port, small.global_port(0));
        EXPECT_EQ(out.items[0].vc_class, 0);
        EXPECT_EQ(out.items[0].hops, 1);
        EXPECT_EQ(out.items[1].vc_class, 0);
        EXPECT_GE(out.items[1].hops, 2);
        EXPECT_LE(out.items[1].hops, 5);
        const unsigned via = ugal.intermediate_group(pkt);
        EXPECT_NE(via, 0u);
        EXPECT_NE(via, 1u);
        EXPECT_LT(via, small.groups());
    }
    const dragonfly_routing minimal(small, small.terminals(), false, 1);
    route_candidates out;
    minimal.route(small.terminals(), 0, pkt, out);
    ASSERT_EQ(out.count, 1u);
    EXPECT_EQ(out.items[0].port, small.global_port(0));
    EXPECT_EQ(out.items[0].hops, 0);
}

TEST(dragonfly, intermediate_groups_spread_over_the_others)
{
    const dragonfly_routing ugal(small, small.terminals(), true, 7);
    packet pkt{};
    pkt.src = 0;
    pkt.dst = 70;  // group 8
    std::vector<unsigned> count(small.groups(), 0);
    for (pkt.id = 0; pkt.id < 7000; ++pkt.id)
        ++count[ugal.intermediate_group(pkt)];
    EXPECT_EQ(count[0], 0u);
    EXPECT_EQ(count[8], 0u);
    for (unsigned g = 1; g < 8; ++g)
        EXPECT_NEAR(count[g], 1000, 150) << "group " << g;
}

void check_paths(const std::string& routing, const std::string& pattern, double load, unsigned max_links)
{
    test::run_scenario([&] {
        const platform_config config =
            test::config_with(dragonfly_72(routing, {"traffic.pattern=" + pattern, fmt::format("traffic.load={}", load)}));
        path_checker checker(small, max_links, config.vcs / dragonfly_routing::classes_for(routing == "ugal"));
        const run_outcome out = test::run_observed(config, checker);
        const std::uint64_t packets = out.stats["packets_delivered"].get<std::uint64_t>();
        EXPECT_GT(packets, 1000u);
        EXPECT_EQ(out.stats["messages_delivered"], out.stats["messages_injected"]);
        EXPECT_EQ(checker.delivered(), packets);
        EXPECT_EQ(checker.unfinished(), 0u);
        EXPECT_EQ(checker.longest(), max_links) << "no path of the longest kind";
        if (routing == "minimal") {
            EXPECT_EQ(checker.valiant(), 0u);
        } else if (pattern == "neighbor") {
            EXPECT_GT(checker.valiant(), packets / 4) << "UGAL hardly left the minimal path";
        }
    });
}

TEST(dragonfly, minimal_paths_take_at_most_3_switch_hops)
{
    check_paths("minimal", "uniform", 0.5, 3);
}

TEST(dragonfly, ugal_paths_take_at_most_5_switch_hops_in_rising_classes)
{
    check_paths("ugal", "uniform", 0.8, 5);
    check_paths("ugal", "neighbor", 0.8, 5);
}

double accepted_gbps(const std::string& routing, const std::string& pattern)
{
    return test::measure_in_child([&] {
        const run_outcome out =
            run_simulation(test::config_with(dragonfly_72(routing, {"traffic.pattern=" + pattern, "traffic.load=0.9"})));
        EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
        return out.stats["accepted_gbps_per_accelerator"]["mean"].get<double>();
    });
}

TEST(dragonfly, ugal_beats_minimal_under_adversarial_traffic)
{
    // Every terminal of a group sends to the next group: minimal routing puts a group's 8
    // terminals on one global link (1/8 of their injection); UGAL spreads them over the others.
    const double minimal = accepted_gbps("minimal", "neighbor"), ugal = accepted_gbps("ugal", "neighbor");
    EXPECT_LT(minimal, 1600.0 / 8 * 1.1) << minimal;
    EXPECT_GT(ugal, 2.5 * minimal) << "minimal " << minimal << " Gb/s, UGAL " << ugal << " Gb/s";
}

TEST(dragonfly, ugal_keeps_up_with_minimal_under_uniform_traffic)
{
    const double minimal = accepted_gbps("minimal", "uniform"), ugal = accepted_gbps("ugal", "uniform");
    EXPECT_GT(ugal, 0.9 * minimal) << "minimal " << minimal << " Gb/s, UGAL " << ugal << " Gb/s";
}

TEST(dragonfly, full_load_with_small_buffers_completes_without_deadlock)
{
    // Two packets per buffer and no output buffers, so that back-pressure reaches across groups.
    for (const std::string pattern : {"uniform", "neighbor"}) {
        for (const std::string routing : {"ugal", "minimal"}) {
            test::run_scenario([&] {
                const run_outcome out = run_simulation(test::config_with(dragonfly_72(
                    routing, {"traffic.pattern=" + pattern, "traffic.load=1.0", "router.buffer=64flits",
                              "switch.buffer=64flits", "router.output_buffer=0B", "switch.output_buffer=0B",
                              "run.watchdog=20us"})));
                EXPECT_TRUE(out.ok) << routing << " " << pattern << ": " << fmt::format("{}", fmt::join(out.failures, "; "));
                EXPECT_EQ(out.stats["messages_delivered"], out.stats["messages_injected"]);
            });
        }
    }
}

std::string stats_of(const std::string& seed)
{
    const std::vector<char> text = test::collect_in_child<char>([&] {
        run_outcome out = run_simulation(test::config_with(dragonfly_72("ugal", {"traffic.load=0.8", "run.seed=" + seed})));
        EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
        out.stats.erase("wall_seconds");
        out.stats.erase("build_seconds");
        const std::string dump = out.stats.dump();
        return std::vector<char>(dump.begin(), dump.end());
    });
    return std::string(text.begin(), text.end());
}

TEST(dragonfly, same_seed_same_statistics)
{
    const std::string first = stats_of("3"), again = stats_of("3"), other = stats_of("4");
    ASSERT_FALSE(first.empty());
    EXPECT_EQ(first, again);
    EXPECT_NE(first, other);
}

TEST(dragonfly, builds_the_described_machine)
{
    test::run_scenario([] {
        const platform_config config = test::config_with(dragonfly_72("ugal"));
        const auto net = build_platform(config);
        EXPECT_EQ(net->accelerators(), 72u);
        EXPECT_EQ(net->routers().size(), 36u);
        // Injection links, plus one link per router port (9 * 4 routers of radix 2 + 3 + 2).
        EXPECT_EQ(net->links().size(), 72u + 36u * 7u);
        const terminal_grid grid = net->layout();
        EXPECT_EQ(grid.rows, 8u);
        EXPECT_EQ(grid.cols, 9u);
        EXPECT_EQ(grid.terminal_at[0 * 9 + 1], 8u);  // row 0 of group 1
        EXPECT_EQ(grid.terminal_at[3 * 9 + 2], 19u);
    });
}

TEST(dragonfly, config_rules)
{
    EXPECT_THROW(check_platform(test::config_with(dragonfly_72("min-adaptive"))), config_error);
    EXPECT_THROW(check_platform(test::config_with(dragonfly_72("ugal", {"router.vcs=2"}))), config_error);
    EXPECT_NO_THROW(check_platform(test::config_with(dragonfly_72("minimal", {"router.vcs=2"}))));
    EXPECT_THROW(test::config_with(dragonfly_72("ugal", {"topology.terminals_per_router=0"})), config_error);
}

}  // namespace
}  // namespace hxsim
