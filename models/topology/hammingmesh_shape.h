// The geometry of a HammingMesh: where each accelerator and switch sits, and how they are
// numbered. Plain arithmetic, shared by the builder, the routing, --describe and the tests.
//
// Boards are numbered row-major over the x-by-y grid, accelerators row-major inside an a-by-b
// board: accelerator = board * a*b + row * b + col. Row network (R, r) joins accelerator-row r of
// every board of board-row R; column network (C, c) joins accelerator-column c of every board of
// board-column C. A dimension with a single board has no network: its edge ports are wired to
// each other (a wrap link) instead.
//
// A line network with P = 2 * boards ports is one switch when P <= radix k, else a 2-level fat
// tree of radix-k switches (hammingmesh.md section 1): leaves of k/2 down ports, ceil(P/(k/2))
// leaves; each leaf keeps `up` of its k/2 up ports (topology.taper; k/2 when nonblocking),
// ceil(leaves*up/k) spines, every leaf wired to every spine with up/spines parallel links.
// When that would leave less than one link per leaf-spine pair (more than about k*k/2 ports), it
// is a 3-level fat tree: pods of k/2 leaves, each pod with `up` spines (leaf up port j to the
// pod's spine j, one link), every spine with k/2 up ports to the cores of its group j (the spines
// j of all pods): ceil(pods*(k/2)/k) cores per group, each wired to each spine of its group with
// (k/2)/cores parallel links. The taper is applied at the leaves only; above them the tree is
// nonblocking. Up to k*k*k/4 ports.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include "models/sim/config.h"

namespace hxsim {

/// Module names, shared by the builder and the checks that match patterns (rtl.routers) against
/// them: accelerator router (r, c) of board (R, C) is board_R_C.acc_r_c.router.
inline std::string board_module_name(unsigned board_row, unsigned board_col)
{
    return "board_" + std::to_string(board_row) + "_" + std::to_string(board_col);
}
inline std::string accelerator_module_name(unsigned row, unsigned col)
{
    return "acc_" + std::to_string(row) + "_" + std::to_string(col);
}

/// Ports of an accelerator router.
enum accelerator_port : std::uint16_t { port_local = 0, port_n = 1, port_e = 2, port_s = 3, port_w = 4 };
constexpr unsigned accelerator_ports = 5;

/// How one line network (a row or column network) is built.
struct line_network_plan {
    enum class kind_t : std::uint8_t { wrap, single_switch, fat_tree };
    kind_t kind = kind_t::wrap;
    unsigned levels = 0;          ///< fat tree: 2 or 3
    unsigned ports = 0;           ///< line ports: 2 per board (none for a wrap link)
    unsigned down = 0;            ///< fat tree: down ports of a full leaf (k/2)
    unsigned up = 0;              ///< fat tree: wired up ports per leaf (2 levels: spines * parallel_links;
                                  ///< 3 levels: the spines of a pod)
    unsigned leaves = 0;
    unsigned spines = 0;          ///< all of them (3 levels: pods * up)
    unsigned parallel_links = 0;  ///< between every leaf and every spine (3 levels: 1); 0: not buildable
    unsigned pods = 0;            ///< 3 levels: groups of `down` leaves sharing `up` spines
    unsigned cores = 0;           ///< 3 levels: cores per group (group j: the spines j of every pod)
    unsigned core_links = 0;      ///< 3 levels: parallel links between a core and each spine of its group
    unsigned spine_up = 0;        ///< 3 levels: wired up ports per spine (cores * core_links)

    bool is_tree() const { return kind == kind_t::fat_tree; }
    bool three_levels() const { return is_tree() && levels == 3; }
    /// Switches of one network: 1, leaves + spines (+ cores), or none.
    unsigned switches() const
    {
        return kind == kind_t::wrap ? 0 : kind == kind_t::single_switch ? 1 : leaves + spines + all_cores();
    }
    unsigned all_cores() const { return three_levels() ? up * cores : 0; }
    /// A fat tree with at least one link between the switches of adjacent levels (or no tree at all).
    bool buildable() const { return !is_tree() || (three_levels() ? core_links > 0 : parallel_links > 0); }
    /// Switch-to-switch links of one network (each one cable).
    unsigned switch_links() const
    {
        if (!is_tree())
            return 0;
        return three_levels() ? leaves * up + spines * spine_up : leaves * spines * parallel_links;
    }

    /// Fat tree: the leaf a line port hangs below, and its down port there.
    unsigned leaf_of(unsigned line_port) const { return line_port / down; }
    std::uint16_t leaf_down_port(unsigned line_port) const { return static_cast<std::uint16_t>(line_port % down); }
    /// Down ports of leaf `leaf` (the last one may have fewer than k/2); its up ports follow them.
    unsigned leaf_down_ports(unsigned leaf) const { return leaf + 1 < leaves ? down : ports - leaf * down; }
    unsigned leaf_ports(unsigned leaf) const { return leaf_down_ports(leaf) + up; }
    unsigned spine_ports() const { return leaves * parallel_links; }
    /// Leaf `leaf`'s up port `u` (0 <= u < up) is wired to spine u / parallel_links, at that
    /// spine's port leaf * parallel_links + u % parallel_links (2 levels).
    std::uint16_t leaf_up_port(unsigned leaf, unsigned u) const
    {
        return static_cast<std::uint16_t>(leaf_down_ports(leaf) + u);
    }
    unsigned spine_of_up(unsigned u) const { return u / parallel_links; }
    std::uint16_t spine_port(unsigned leaf, unsigned u) const
    {
        return static_cast<std::uint16_t>(leaf * parallel_links + u % parallel_links);
    }
    /// Spine port `p` leads to leaf p / parallel_links, at its up port u = spine * parallel_links + p % parallel_links.
    unsigned leaf_of_spine_port(unsigned p) const { return p / parallel_links; }
    unsigned up_of_spine_port(unsigned spine, unsigned p) const { return spine * parallel_links + p % parallel_links; }

    /// 3 levels. Pod q holds leaves q*down ... (the last pod may hold fewer) and spines q*up ...
    /// (spine q*up + j is the pod's spine j). Leaf l's up port j goes to its pod's spine j, at
    /// that spine's down port l % down; the spine's up ports follow its down ports. Core c of
    /// group j (all_cores index j*cores + c) has port p toward pod p / core_links's spine j, at
    /// that spine's up port c*core_links + p % core_links.
    unsigned pod_of_leaf(unsigned leaf) const { return leaf / down; }
    /// The index (among the spines) of pod `pod`'s spine `j`.
    unsigned pod_spine(unsigned pod, unsigned j) const { return pod * up + j; }
    /// The down port of a spine toward leaf `leaf` of its pod.
    std::uint16_t spine_port_to_leaf(unsigned leaf) const { return static_cast<std::uint16_t>(leaf % down); }
    unsigned pod_leaves(unsigned pod) const { return pod + 1 < pods ? down : leaves - pod * down; }
    unsigned spine_down_ports(unsigned spine) const { return pod_leaves(spine / up); }
    unsigned spine3_ports(unsigned spine) const { return spine_down_ports(spine) + spine_up; }
    unsigned core_ports() const { return pods * core_links; }
};

/// The up ports a leaf of radix-k switches keeps with `taper` (fraction of its k/2 up ports), when
/// that is a whole number; 0 otherwise (topology.taper is validated against it).
inline unsigned tapered_up_ports(unsigned radix, double taper)
{
    const double up = taper * (radix / 2);
    const double whole = std::round(up);
    return std::fabs(up - whole) < 1e-9 && whole >= 1 ? static_cast<unsigned>(whole) : 0;
}

/// The plan of a network of `ports` (at least 1) line ports with switches of `radix` ports (0:
/// unlimited, always a single switch) whose leaves keep `up_ports` up ports (0: all k/2,
/// nonblocking): one switch when they fit it, else a 2-level fat tree, else a 3-level one
/// (core_links 0 when even that is not enough). A fat-tree machine (topology.kind fat_tree) is one
/// such network whose line ports are the accelerators.
inline line_network_plan plan_network(unsigned ports, unsigned radix, unsigned up_ports = 0)
{
    line_network_plan p;
    p.ports = ports;
    if (radix == 0 || p.ports <= radix) {
        p.kind = line_network_plan::kind_t::single_switch;
        return p;
    }
    p.kind = line_network_plan::kind_t::fat_tree;
    p.levels = 2;
    p.down = radix / 2;
    const unsigned up = up_ports == 0 ? p.down : up_ports;
    p.leaves = (p.ports + p.down - 1) / p.down;
    p.spines = (p.leaves * up + radix - 1) / radix;
    p.parallel_links = up / p.spines;
    p.up = p.spines * p.parallel_links;
    if (p.parallel_links > 0)
        return p;
    p.levels = 3;
    p.up = up;
    p.parallel_links = 1;
    p.pods = (p.leaves + p.down - 1) / p.down;
    p.spines = p.pods * up;
    p.cores = (p.pods * p.down + radix - 1) / radix;
    p.core_links = p.down / p.cores;
    p.spine_up = p.cores * p.core_links;
    return p;
}

/// The plan of a line of `boards` boards (2 line ports each); no network below 2 boards.
inline line_network_plan plan_line_network(unsigned boards, unsigned radix, unsigned up_ports = 0)
{
    return boards < 2 ? line_network_plan{} : plan_network(2 * boards, radix, up_ports);
}

struct hammingmesh_shape {
    unsigned a = 0;  ///< accelerator rows per board
    unsigned b = 0;  ///< accelerator columns per board
    unsigned x = 0;  ///< board rows
    unsigned y = 0;  ///< board columns
    unsigned radix = 0;     ///< ports per switch; 0: unlimited (every line network one switch)
    unsigned up_ports = 0;  ///< fat-tree leaves: up ports kept (topology.taper); 0: all k/2

    struct coord {
        unsigned board_row, board_col, row, col;
        bool operator==(const coord& o) const
        {
            return board_row == o.board_row && board_col == o.board_col && row == o.row && col == o.col;
        }
    };

    /// Where a switch sits: its line network and its place in it.
    struct switch_place {
        bool row = true;          ///< a row network's, else a column network's
        unsigned network = 0;     ///< row network R*a+r, or column network C*b+c
        unsigned index = 0;       ///< in the network: leaves first, then spines (0: the single switch)
    };

    unsigned accelerators() const { return a * b * x * y; }
    bool has_row_networks() const { return y >= 2; }
    bool has_column_networks() const { return x >= 2; }
    unsigned row_networks() const { return has_row_networks() ? x * a : 0; }
    unsigned column_networks() const { return has_column_networks() ? y * b : 0; }
    /// How each row (column) network is built: all of one direction alike.
    line_network_plan row_plan() const { return plan_line_network(y, radix, up_ports); }
    line_network_plan column_plan() const { return plan_line_network(x, radix, up_ports); }
    unsigned switches() const
    {
        return row_networks() * row_plan().switches() + column_networks() * column_plan().switches();
    }
    /// Hops out of one edge of a board and back in at the opposite one through the network of
    /// plan `p`, whose line ports `first_port` and `first_port + 1` they are: 1 over a wrap link, 2
    /// through one switch or one leaf, 4 when they hang below two leaves (through a spine), 6 when
    /// below two pods of a 3-level tree (through a core).
    static unsigned round_trip_hops(const line_network_plan& p, unsigned first_port)
    {
        if (p.kind == line_network_plan::kind_t::wrap)
            return 1;
        if (!p.is_tree() || p.leaf_of(first_port) == p.leaf_of(first_port + 1))
            return 2;
        return p.three_levels() && p.pod_of_leaf(p.leaf_of(first_port)) != p.pod_of_leaf(p.leaf_of(first_port + 1)) ? 6
                                                                                                                      : 4;
    }

    coord coord_of(std::uint32_t acc) const
    {
        const unsigned per_board = a * b, board = acc / per_board, local = acc % per_board;
        return coord{board / y, board % y, local / b, local % b};
    }
    std::uint32_t accelerator_of(const coord& c) const
    {
        return (c.board_row * y + c.board_col) * a * b + c.row * b + c.col;
    }

    /// Router ids: accelerators first, then the row networks' switches, then the column
    /// networks'; each network's switches consecutive, leaves first, then spines.
    std::uint32_t row_switch(unsigned board_row, unsigned row, unsigned index = 0) const
    {
        return accelerators() + (board_row * a + row) * row_plan().switches() + index;
    }
    std::uint32_t column_switch(unsigned board_col, unsigned col, unsigned index = 0) const
    {
        return accelerators() + row_networks() * row_plan().switches() + (board_col * b + col) * column_plan().switches() +
               index;
    }
    bool is_row_switch(std::uint32_t id) const
    {
        return id >= accelerators() && id < accelerators() + row_networks() * row_plan().switches();
    }
    /// The place of switch `id` (id >= accelerators()); `rows` and `columns` are row_plan() and
    /// column_plan(), for callers that keep them.
    switch_place place_of(std::uint32_t id) const { return place_of(id, row_plan(), column_plan()); }
    switch_place place_of(std::uint32_t id, const line_network_plan& rows, const line_network_plan& columns) const
    {
        switch_place p;
        const std::uint32_t first_column = accelerators() + row_networks() * rows.switches();
        p.row = id < first_column;
        const unsigned per = p.row ? rows.switches() : columns.switches();
        const std::uint32_t first = p.row ? accelerators() : first_column;
        p.network = (id - first) / per;
        p.index = (id - first) % per;
        return p;
    }

    /// Line ports (the ports of a single switch): board-column C's W edge at 2C, E edge at 2C+1
    /// (row networks); board-row R's N edge at 2R, S edge at 2R+1 (column networks).
    static std::uint16_t west_port(unsigned board_col) { return static_cast<std::uint16_t>(2 * board_col); }
    static std::uint16_t east_port(unsigned board_col) { return static_cast<std::uint16_t>(2 * board_col + 1); }
    static std::uint16_t north_port(unsigned board_row) { return static_cast<std::uint16_t>(2 * board_row); }
    static std::uint16_t south_port(unsigned board_row) { return static_cast<std::uint16_t>(2 * board_row + 1); }
};

/// The shape a hammingmesh topology configuration describes (topology.taper already validated).
inline hammingmesh_shape hammingmesh_shape_of(const topology_config& t)
{
    hammingmesh_shape s{t.board[0], t.board[1], t.grid[0], t.grid[1]};
    s.radix = t.switch_radix;
    s.up_ports = tapered_up_ports(t.switch_radix, t.taper);
    return s;
}

}  // namespace hxsim
