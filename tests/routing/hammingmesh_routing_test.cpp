// HammingMesh routing invariants, checked hop by hop:
//  - exhaustively over every adaptive choice the routing function offers, for every pair of
//    accelerators of several shapes (square and not, single-board dimensions, 1x1 boards);
//  - on the packets a simulation actually routes, on Hx2Mesh and Hx4Mesh under load.
// Invariants: a packet always has somewhere to go and always arrives; the VC class equals the
// networks crossed, rises exactly when a link leaves a board and never exceeds 2; on a board,
// nothing turns after a move north within a class (north-last); switches land the packet on a
// board in the destination's board-row or board-column, at the exit port of the entry-side rule;
// every path is minimal where the rules say so (same board, same board-row or board-column) and
// bounded otherwise. Fat-tree row/column networks (lines longer than the switch radix, tapered or
// not): a leaf goes down only to an exit port and up only when no exit hangs below it, offering
// every up port; a spine goes down only to a leaf holding an exit, offering every parallel link;
// so a packet goes up at most once and the path through the tree is minimal.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "models/routing/hammingmesh_routing.h"
#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

using coord = hammingmesh_shape::coord;

struct endpoint {
    std::uint32_t router;
    std::uint16_t port;
};

/// The line network of `router` (a switch) and how it is built.
line_network_plan plan_of(const hammingmesh_shape& s, std::uint32_t router)
{
    return s.place_of(router).row ? s.row_plan() : s.column_plan();
}

/// The switch and port where line port `line_port` of the network whose first switch is `first`
/// takes a packet in: the single switch's port, or the leaf it hangs below.
endpoint into_network(const hammingmesh_shape& s, bool row, std::uint32_t first, unsigned line_port)
{
    const line_network_plan p = row ? s.row_plan() : s.column_plan();
    if (!p.is_tree())
        return {first, static_cast<std::uint16_t>(line_port)};
    return {first + line_port / p.down, static_cast<std::uint16_t>(line_port % p.down)};
}

/// The wiring of a HammingMesh, re-derived from the paper's description for the test: where the
/// link leaving `router` through `port` arrives. Fat trees: line port P below leaf P / (k/2) at
/// its port P % (k/2); leaf l's up port u (after its down ports) to spine u / parallel at port
/// l * parallel + u % parallel.
endpoint next_hop(const hammingmesh_shape& s, std::uint32_t router, std::uint16_t port)
{
    if (router >= s.accelerators()) {
        const hammingmesh_shape::switch_place place = s.place_of(router);
        const bool row = place.row;
        const unsigned line = place.network;
        const std::uint32_t first = router - place.index;
        const line_network_plan p = plan_of(s, router);
        unsigned line_port = port;
        if (p.is_tree()) {
            const unsigned par = p.parallel_links;
            if (place.index >= p.leaves) {  // a spine: down to a leaf's up port
                const unsigned spine = place.index - p.leaves, leaf = port / par;
                const unsigned leaf_down = std::min(p.down, p.ports - leaf * p.down);
                return {first + leaf, static_cast<std::uint16_t>(leaf_down + spine * par + port % par)};
            }
            const unsigned leaf = place.index;
            const unsigned leaf_down = std::min(p.down, p.ports - leaf * p.down);
            if (port >= leaf_down) {  // up
                const unsigned u = port - leaf_down;
                return {first + p.leaves + u / par, static_cast<std::uint16_t>(leaf * par + u % par)};
            }
            line_port = leaf * p.down + port;
        }
        const unsigned board = line_port / 2;
        const bool first_side = line_port % 2 == 0;
        if (row) {
            const coord c{line / s.a, board, line % s.a, first_side ? 0 : s.b - 1};
            return {s.accelerator_of(c), first_side ? port_w : port_e};
        }
        const coord c{board, line / s.b, first_side ? 0 : s.a - 1, line % s.b};
        return {s.accelerator_of(c), first_side ? port_n : port_s};
    }
    coord c = s.coord_of(router);
    const auto row_net = [&](unsigned line_port) {
        return into_network(s, true, s.row_switch(c.board_row, c.row), line_port);
    };
    const auto column_net = [&](unsigned line_port) {
        return into_network(s, false, s.column_switch(c.board_col, c.col), line_port);
    };
    switch (port) {
    case port_n:
        if (c.row > 0) { --c.row; return {s.accelerator_of(c), port_s}; }
        if (s.has_column_networks()) return column_net(hammingmesh_shape::north_port(c.board_row));
        c.row = s.a - 1; return {s.accelerator_of(c), port_s};
    case port_s:
        if (c.row + 1 < s.a) { ++c.row; return {s.accelerator_of(c), port_n}; }
        if (s.has_column_networks()) return column_net(hammingmesh_shape::south_port(c.board_row));
        c.row = 0; return {s.accelerator_of(c), port_n};
    case port_w:
        if (c.col > 0) { --c.col; return {s.accelerator_of(c), port_e}; }
        if (s.has_row_networks()) return row_net(hammingmesh_shape::west_port(c.board_col));
        c.col = s.b - 1; return {s.accelerator_of(c), port_e};
    default:
        if (c.col + 1 < s.b) { ++c.col; return {s.accelerator_of(c), port_w}; }
        if (s.has_row_networks()) return row_net(hammingmesh_shape::east_port(c.board_col));
        c.col = 0; return {s.accelerator_of(c), port_w};
    }
}

/// The line ports through which a packet for `dst` may leave the network of `router` (a
/// switch): on the destination's board, the side nearer the column (row) it needs; both on a tie.
std::vector<unsigned> exit_ports(const hammingmesh_shape& s, std::uint32_t router, std::uint32_t dst)
{
    const coord d = s.coord_of(dst);
    std::vector<unsigned> exits;
    if (s.place_of(router).row) {
        if (d.col <= s.b - 1 - d.col) exits.push_back(2 * d.board_col);
        if (s.b - 1 - d.col <= d.col) exits.push_back(2 * d.board_col + 1);
    } else {
        if (d.row <= s.a - 1 - d.row) exits.push_back(2 * d.board_row);
        if (s.a - 1 - d.row <= d.row) exits.push_back(2 * d.board_row + 1);
    }
    return exits;
}

/// Inside a network: a single switch or a leaf goes down only to an exit port; a leaf goes up
/// only when no exit hangs below it; a spine goes down only to a leaf that holds an exit.
std::optional<std::string> check_switch_step(const hammingmesh_shape& s, std::uint32_t router, std::uint32_t dst,
                                             std::uint16_t out_port)
{
    const line_network_plan p = plan_of(s, router);
    const std::vector<unsigned> exits = exit_ports(s, router, dst);
    const auto is_exit = [&](unsigned line_port) {
        return std::find(exits.begin(), exits.end(), line_port) != exits.end();
    };
    if (!p.is_tree())
        return is_exit(out_port) ? std::nullopt : std::optional<std::string>("the switch leaves by a non-exit port");
    const hammingmesh_shape::switch_place place = s.place_of(router);
    if (place.index >= p.leaves) {
        const unsigned leaf = out_port / p.parallel_links;
        for (unsigned e : exits)
            if (e / p.down == leaf)
                return std::nullopt;
        return std::string("the spine goes down to a leaf without an exit port");
    }
    const unsigned leaf = place.index;
    const unsigned leaf_down = std::min(p.down, p.ports - leaf * p.down);
    bool exit_below = false;
    for (unsigned e : exits)
        exit_below = exit_below || e / p.down == leaf;
    if (out_port >= leaf_down)
        return exit_below ? std::optional<std::string>("the leaf goes up with an exit port below it") : std::nullopt;
    return is_exit(leaf * p.down + out_port) ? std::nullopt
                                             : std::optional<std::string>("the leaf goes down by a non-exit port");
}

bool leaves_board(const hammingmesh_shape& s, std::uint32_t router, std::uint16_t port)
{
    if (router >= s.accelerators() || port == port_local)
        return false;
    const coord c = s.coord_of(router);
    return (port == port_n && c.row == 0) || (port == port_s && c.row == s.a - 1) || (port == port_w && c.col == 0) ||
           (port == port_e && c.col == s.b - 1);
}

/// Checks one routing step; returns an error text, or nothing when every invariant holds.
/// `north_before`: the packet's last move on this board, in this class, was a move north.
std::optional<std::string> check_step(const hammingmesh_shape& s, std::uint32_t router, unsigned vc_class,
                                      bool north_before, std::uint32_t dst, std::uint16_t out_port, unsigned out_class)
{
    const auto where = [&] { return fmt::format("at router {} toward {} (class {}), port {}", router, dst, vc_class, out_port); };
    if (router == dst)
        return out_port == port_local && out_class == vc_class ? std::nullopt
                                                               : std::optional<std::string>(where() + ": must eject");
    if (out_port == port_local && router < s.accelerators())
        return where() + ": ejects at the wrong accelerator";
    const bool leaving = leaves_board(s, router, out_port);
    if (out_class != vc_class + (leaving ? 1u : 0u))
        return where() + fmt::format(": class {} on this link, expected {}", out_class, vc_class + (leaving ? 1 : 0));
    if (out_class > 2)
        return where() + ": a third network crossed";
    if (north_before && router < s.accelerators() && !leaving && out_port != port_n)
        return where() + ": turns after moving north (north-last)";
    if (router >= s.accelerators()) {
        if (auto error = check_switch_step(s, router, dst, out_port))
            return where() + ": " + *error;
        const endpoint next = next_hop(s, router, out_port);
        if (next.router < s.accelerators()) {
            const coord lands = s.coord_of(next.router), d = s.coord_of(dst);
            if (lands.board_row != d.board_row && lands.board_col != d.board_col)
                return where() + ": the switch lands on a board sharing neither row nor column with the destination";
        }
    }
    return std::nullopt;
}

/// Every path from every accelerator to `dst`, over all adaptive choices. Returns the shortest and
/// longest hop count (router-to-router links) from each source; fails the test on any violation.
struct path_span {
    unsigned shortest = ~0u, longest = 0;
};

class explorer {
public:
    explicit explorer(const hammingmesh_shape& shape) : m_shape(shape), m_routing(shape) {}

    path_span from(std::uint32_t router, unsigned vc_class, bool north_before, std::uint32_t dst, unsigned depth = 0)
    {
        const std::uint64_t key = (static_cast<std::uint64_t>(router) * 4 + vc_class) * 2 + north_before;
        if (auto it = m_memo.find(key); it != m_memo.end())
            return it->second;
        if (depth > 64) {
            ADD_FAILURE() << "path too long or cyclic at router " << router << " toward " << dst;
            return {};
        }
        packet pkt;
        pkt.dst = dst;
        pkt.vc_class = static_cast<std::uint8_t>(vc_class);
        route_candidates candidates;
        m_routing.route(router, 0, pkt, candidates);
        path_span span;
        if (candidates.count == 0)
            ADD_FAILURE() << "no route at router " << router << " toward " << dst;
        if (router >= m_shape.accelerators())
            check_offers_all(router, dst, candidates);
        for (unsigned i = 0; i < candidates.count; ++i) {
            const route_candidate c = candidates.items[i];
            if (auto error = check_step(m_shape, router, vc_class, north_before, dst, c.port, c.vc_class)) {
                ADD_FAILURE() << *error;
                continue;
            }
            if (c.port == port_local && router == dst) {
                span.shortest = 0;
                continue;
            }
            const endpoint next = next_hop(m_shape, router, c.port);
            const bool north = router < m_shape.accelerators() && c.port == port_n && !leaves_board(m_shape, router, c.port);
            const path_span rest = from(next.router, c.vc_class, north, dst, depth + 1);
            span.shortest = std::min(span.shortest, rest.shortest + 1);
            span.longest = std::max(span.longest, rest.longest + 1);
        }
        m_memo[key] = span;
        return span;
    }

    void reset() { m_memo.clear(); }

private:
    /// A leaf going up offers every up port, a spine every parallel link to an exit's leaf (as
    /// many as a route_candidates holds).
    void check_offers_all(std::uint32_t router, std::uint32_t dst, const route_candidates& candidates) const
    {
        const line_network_plan p = plan_of(m_shape, router);
        if (!p.is_tree() || candidates.count == 0)
            return;
        const hammingmesh_shape::switch_place place = m_shape.place_of(router);
        unsigned expected = 0;
        if (place.index < p.leaves) {
            const unsigned leaf_down = std::min(p.down, p.ports - place.index * p.down);
            if (candidates.items[0].port < leaf_down)
                return;  // down: one exit port, or both on a tie
            expected = p.up;
        } else {
            std::set<unsigned> leaves;
            for (unsigned e : exit_ports(m_shape, router, dst))
                leaves.insert(e / p.down);
            expected = static_cast<unsigned>(leaves.size()) * p.parallel_links;
        }
        EXPECT_EQ(candidates.count, std::min(expected, route_candidates::capacity))
            << "at switch " << router << " toward " << dst;
    }

    hammingmesh_shape m_shape;
    hammingmesh_routing m_routing;
    std::unordered_map<std::uint64_t, path_span> m_memo;
};

unsigned distance(unsigned p, unsigned q) { return p > q ? p - q : q - p; }

/// Hops on the destination board's own dimension: direct, or around through the network.
unsigned same_board_hops(unsigned here, unsigned target, unsigned size, unsigned network_hops)
{
    const unsigned direct = distance(here, target);
    const unsigned around = here < target ? here + network_hops + (size - 1 - target)
                                          : (size - 1 - here) + network_hops + target;
    return here == target ? 0 : std::min(direct, around);
}

/// Hops out of a board's edge and back in at its other edge of one dimension through its network
/// (`first_port`, `first_port + 1`): 2 through one switch or one leaf, 4 over a spine, 1 on a wrap.
unsigned round_trip_hops(bool has_network, const line_network_plan& p, unsigned first_port)
{
    if (!has_network)
        return 1;
    return !p.is_tree() || first_port / p.down == (first_port + 1) / p.down ? 2 : 4;
}

void check_shape(const hammingmesh_shape& s)
{
    SCOPED_TRACE(fmt::format("board {}x{}, grid {}x{}, radix {}, up ports {}", s.a, s.b, s.x, s.y, s.radix, s.up_ports));
    explorer walk(s);
    const unsigned board_moves = (s.a - 1) + (s.b - 1);
    const line_network_plan rows = s.row_plan(), columns = s.column_plan();
    const unsigned network_hops = rows.is_tree() || columns.is_tree() ? 4 : 2;
    // Whether both edge ports of every board hang below one leaf: then every exit of a network is
    // equally far from every entry of a board.
    const bool boards_within_leaves = (!rows.is_tree() || rows.down % 2 == 0) && (!columns.is_tree() || columns.down % 2 == 0);
    for (std::uint32_t dst = 0; dst < s.accelerators(); ++dst) {
        walk.reset();
        const coord d = s.coord_of(dst);
        for (std::uint32_t src = 0; src < s.accelerators(); ++src) {
            const path_span span = walk.from(src, 0, false, dst);
            const coord c = s.coord_of(src);
            ASSERT_LE(span.longest, 3 * board_moves + 2 * network_hops) << src << " -> " << dst;
            if (c.board_row == d.board_row && c.board_col == d.board_col) {
                const unsigned expected =
                    same_board_hops(c.col, d.col, s.b, round_trip_hops(s.has_row_networks(), rows, 2 * c.board_col)) +
                    same_board_hops(c.row, d.row, s.a, round_trip_hops(s.has_column_networks(), columns, 2 * c.board_row));
                ASSERT_EQ(span.shortest, expected) << src << " -> " << dst;
                ASSERT_EQ(span.longest, expected) << src << " -> " << dst;
            } else if ((c.board_row == d.board_row || c.board_col == d.board_col) && boards_within_leaves) {
                // One network: every choice is equally short.
                ASSERT_EQ(span.shortest, span.longest) << src << " -> " << dst;
            }
        }
    }
}

/// A shape whose row and column networks are built of switches of `radix` ports keeping
/// `up_ports` up ports per leaf (0: all).
hammingmesh_shape with_switches(hammingmesh_shape s, unsigned radix, unsigned up_ports = 0)
{
    s.radix = radix;
    s.up_ports = up_ports;
    return s;
}

TEST(hammingmesh_routing, exhaustive_hx2mesh_4x4) { check_shape({2, 2, 4, 4}); }
TEST(hammingmesh_routing, exhaustive_hx4mesh_4x4) { check_shape({4, 4, 4, 4}); }
TEST(hammingmesh_routing, exhaustive_rectangular_boards_and_grid) { check_shape({2, 3, 3, 5}); }
TEST(hammingmesh_routing, exhaustive_hx1mesh_is_a_hyperx) { check_shape({1, 1, 4, 5}); }
TEST(hammingmesh_routing, exhaustive_single_board_rows_use_wrap_links) { check_shape({3, 4, 1, 3}); }
TEST(hammingmesh_routing, exhaustive_single_board) { check_shape({4, 5, 1, 1}); }
TEST(hammingmesh_routing, exhaustive_one_row_boards) { check_shape({1, 4, 3, 2}); }

// Fat-tree lines: 16-port lines of radix 8 (4 leaves of 4 down / 4 up ports, 2 spines, 2
// parallel links to each).
TEST(hammingmesh_routing, exhaustive_fat_tree_hx2mesh_8x8) { check_shape(with_switches({2, 2, 8, 8}, 8)); }
TEST(hammingmesh_routing, exhaustive_fat_tree_rectangular)
{
    // Rows: 10 ports of radix 8, 3 leaves (the last with 2 down ports), 2 spines, 2 links each;
    // columns: 12 ports, 3 leaves, 2 spines.
    check_shape(with_switches({2, 3, 6, 5}, 8));
}
// 8-port lines of radix 4: 4 leaves of 2 down / 2 up ports, 2 spines, 1 link to each.
TEST(hammingmesh_routing, exhaustive_fat_tree_radix_4) { check_shape(with_switches({2, 2, 4, 4}, 4)); }
TEST(hammingmesh_routing, exhaustive_tapered_fat_tree)
{
    // Radix 8 keeping 2 of 4 up ports: 16-port lines, 4 leaves, 1 spine with 2 links to each.
    check_shape(with_switches({2, 2, 8, 8}, 8, 2));
}
TEST(hammingmesh_routing, exhaustive_fat_tree_leaves_split_boards)
{
    // Radix 6: 3 down ports per leaf, so a board's two edge ports may hang below two leaves; a
    // trip out and back in over a spine is 4 hops.
    check_shape(with_switches({2, 2, 5, 5}, 6));
}
TEST(hammingmesh_routing, exhaustive_fat_tree_more_up_ports_than_candidates)
{
    // Radix 30, 15 up ports per leaf: a leaf offers a window of 8 of them. 32-port lines of 3
    // leaves (15, 15, 2 down ports), 2 spines with 7 parallel links to each leaf; board 7's ports
    // 14 and 15 hang below leaves 0 and 1, so a spine offers 4 links to each on that tie.
    check_shape(with_switches({1, 1, 16, 16}, 30));
}

TEST(hammingmesh_routing, uses_the_network_when_it_is_shorter)
{
    // On a 1x4 board in a row of boards, 0 -> 3 goes out W and back in E through the switch (2)
    // instead of three hops E.
    explorer walk({1, 4, 1, 2});
    EXPECT_EQ(walk.from(0, 0, false, 3).longest, 2u);
}

/// Watches a simulation's every routing decision and checks the same invariants.
class invariant_observer : public forward_observer {
public:
    explicit invariant_observer(const hammingmesh_shape& shape, unsigned vcs)
        : m_shape(shape), m_vcs_per_class(vcs / hammingmesh_routing::classes)
    {
    }

    void on_forward(std::uint32_t router, std::uint16_t, std::uint16_t out_port, std::uint8_t out_vc,
                    const packet& pkt) override
    {
        state& st = m_packets[pkt.id];
        ++m_decisions;
        if (auto error = check_step(m_shape, router, st.vc_class, st.north_before, pkt.dst, out_port, pkt.vc_class))
            ADD_FAILURE() << "packet " << pkt.id << ": " << *error;
        if (out_vc / m_vcs_per_class != pkt.vc_class)
            ADD_FAILURE() << "packet " << pkt.id << " on VC " << int(out_vc) << " outside class " << int(pkt.vc_class);
        if (router == pkt.dst && out_port == port_local) {
            m_packets.erase(pkt.id);
            ++m_ejected;
            return;
        }
        const bool leaving = leaves_board(m_shape, router, out_port);
        st.north_before = router < m_shape.accelerators() && out_port == port_n && !leaving;
        st.vc_class = pkt.vc_class;
    }

    std::uint64_t decisions() const { return m_decisions; }
    std::uint64_t ejected() const { return m_ejected; }

private:
    struct state {
        unsigned vc_class = 0;
        bool north_before = false;
    };
    hammingmesh_shape m_shape;
    unsigned m_vcs_per_class;
    std::unordered_map<std::uint64_t, state> m_packets;
    std::uint64_t m_decisions = 0, m_ejected = 0;
};

void check_simulated(const std::vector<std::string>& overrides)
{
    const platform_config config = test::config_with(overrides);
    const hammingmesh_shape shape = hammingmesh_shape_of(config.topology);
    invariant_observer observer(shape, config.vcs);
    run_options options;
    options.observer = &observer;
    const run_outcome out = run_simulation(config, options);
    ASSERT_TRUE(out.ok) << out.stats["failures"].dump();
    EXPECT_EQ(observer.ejected(), out.stats["packets_delivered"].get<std::uint64_t>());
    EXPECT_EQ(observer.decisions(), out.stats["packet_hops"].get<std::uint64_t>());
    EXPECT_GT(observer.ejected(), 1000u);
}

TEST(hammingmesh_routing, simulated_hx2mesh_uniform)
{
    test::run_scenario([] { check_simulated({"topology.board=[2,2]", "topology.grid=[4,4]", "traffic.load=0.7"}); });
}

TEST(hammingmesh_routing, simulated_hx4mesh_uniform_with_six_vcs)
{
    test::run_scenario([] {
        check_simulated({"topology.board=[4,4]", "topology.grid=[3,3]", "traffic.load=0.5", "router.vcs=6",
                         "traffic.message_size=16KiB"});
    });
}

TEST(hammingmesh_routing, simulated_hx4mesh_alltoall)
{
    test::run_scenario([] {
        check_simulated({"topology.board=[4,4]", "topology.grid=[2,2]", "traffic.pattern=alltoall",
                         "traffic.message_size=16KiB"});
    });
}

TEST(hammingmesh_routing, simulated_fat_tree_uniform)
{
    test::run_scenario([] {
        check_simulated({"topology.board=[2,2]", "topology.grid=[6,6]", "topology.switch_radix=8", "traffic.load=0.7",
                         "run.duration=5us"});
    });
}

TEST(hammingmesh_routing, simulated_tapered_fat_tree_alltoall)
{
    test::run_scenario([] {
        check_simulated({"topology.board=[2,3]", "topology.grid=[6,5]", "topology.switch_radix=8", "topology.taper=0.5",
                         "traffic.pattern=alltoall", "traffic.message_size=1KiB"});
    });
}

}  // namespace
}  // namespace hxsim
