#include "models/routing/hammingmesh_routing.h"

#include "models/routing/fat_tree_routing.h"

#include <algorithm>
#include <array>

namespace hxsim {

namespace {

unsigned distance(unsigned p, unsigned q) { return p > q ? p - q : q - p; }

}  // namespace

bool hammingmesh_routing::at_edge(const coord& here, std::uint16_t dir) const
{
    switch (dir) {
    case port_n: return here.row == 0;
    case port_s: return here.row == m_shape.a - 1;
    case port_w: return here.col == 0;
    default: return here.col == m_shape.b - 1;
    }
}

void hammingmesh_routing::add_step(const coord& here, std::uint16_t dir, unsigned vc_class, route_candidates& out) const
{
    // Leaving the board enters a network: the next class.
    out.add(dir, static_cast<std::uint8_t>(at_edge(here, dir) ? vc_class + 1 : vc_class));
}

void hammingmesh_routing::route(std::uint32_t router_id, std::uint16_t, const packet& pkt, route_candidates& out) const
{
    const coord dest = m_shape.coord_of(pkt.dst);
    if (router_id < m_shape.accelerators())
        route_on_board(m_shape.coord_of(router_id), dest, pkt.vc_class, out);
    else
        route_in_switch(router_id, dest, pkt, out);
}

void hammingmesh_routing::route_on_board(const coord& here, const coord& dest, unsigned vc_class,
                                         route_candidates& out) const
{
    if (here == dest) {
        out.add(port_local, static_cast<std::uint8_t>(vc_class));
        return;
    }
    const unsigned a = m_shape.a, b = m_shape.b;
    std::array<bool, accelerator_ports> allowed{};  // indexed by port; added in port order at the end

    const bool same_board_row = here.board_row == dest.board_row;
    const bool same_board_col = here.board_col == dest.board_col;

    if (same_board_row && same_board_col) {
        // Toward the target on the board, or around through a network when that is not longer.
        const bool may_cross = vc_class + 1 < classes;
        if (here.col != dest.col) {
            const unsigned direct = distance(here.col, dest.col);
            const std::uint16_t toward = dest.col > here.col ? port_e : port_w;
            const std::uint16_t around = toward == port_e ? port_w : port_e;
            const unsigned via = (toward == port_e ? here.col + (b - 1 - dest.col) : (b - 1 - here.col) + dest.col) +
                                 hammingmesh_shape::round_trip_hops(m_row_plan, hammingmesh_shape::west_port(here.board_col));
            allowed[toward] = !may_cross || direct <= via;
            allowed[around] = may_cross && via <= direct;
        }
        if (here.row != dest.row) {
            const unsigned direct = distance(here.row, dest.row);
            const std::uint16_t toward = dest.row > here.row ? port_s : port_n;
            const std::uint16_t around = toward == port_s ? port_n : port_s;
            const unsigned via = (toward == port_s ? here.row + (a - 1 - dest.row) : (a - 1 - here.row) + dest.row) +
                                 hammingmesh_shape::round_trip_hops(m_column_plan, hammingmesh_shape::north_port(here.board_row));
            allowed[toward] = !may_cross || direct <= via;
            allowed[around] = may_cross && via <= direct;
        }
        // North-last: no move toward N inside the board until the column is right. Leaving the
        // board through the N edge is a move into the next class, not a turn within this one.
        if (here.col != dest.col && !at_edge(here, port_n))
            allowed[port_n] = false;
    } else if (same_board_col) {
        // Into the column network through the nearest N or S edge, column corrected first.
        const unsigned to_n = here.row, to_s = a - 1 - here.row;
        for (std::uint16_t dir : {port_n, port_s}) {
            if ((dir == port_n ? to_n : to_s) != std::min(to_n, to_s))
                continue;
            if (at_edge(here, dir))
                allowed[dir] = here.col == dest.col;
            else
                allowed[dir] = dir != port_n || here.col == dest.col;
        }
        if (here.col != dest.col)
            allowed[dest.col > here.col ? port_e : port_w] = true;
    } else if (same_board_row) {
        // Into the row network through the nearest W or E edge, row corrected first.
        const unsigned to_w = here.col, to_e = b - 1 - here.col;
        bool in_exit_column = false;
        for (std::uint16_t dir : {port_e, port_w}) {
            if ((dir == port_w ? to_w : to_e) != std::min(to_w, to_e))
                continue;
            if (at_edge(here, dir)) {
                in_exit_column = true;
                allowed[dir] = here.row == dest.row;
            } else {
                allowed[dir] = true;
            }
        }
        if (dest.row > here.row)
            allowed[port_s] = true;
        else if (dest.row < here.row)
            allowed[port_n] = in_exit_column;
    } else {
        // Neither: straight to the nearest edge, any direction; routed again on the board it lands on.
        const std::array<unsigned, accelerator_ports> to_edge{0, here.row, b - 1 - here.col, a - 1 - here.row, here.col};
        const unsigned nearest = *std::min_element(to_edge.begin() + 1, to_edge.end());
        for (std::uint16_t dir : {port_n, port_e, port_s, port_w})
            allowed[dir] = to_edge[dir] == nearest;
    }

    for (std::uint16_t dir : {port_n, port_e, port_s, port_w})
        if (allowed[dir])
            add_step(here, dir, vc_class, out);
}

void hammingmesh_routing::route_in_switch(std::uint32_t switch_id, const coord& dest, const packet& pkt,
                                          route_candidates& out) const
{
    const auto cls = static_cast<std::uint8_t>(pkt.vc_class);
    const hammingmesh_shape::switch_place place = m_shape.place_of(switch_id, m_row_plan, m_column_plan);

    // The exit line ports: the destination's board-column (row network) or board-row (column
    // network), on the side nearer the column (row) it needs there; both on a tie.
    std::array<std::uint16_t, 2> exits{};
    unsigned count = 0;
    if (place.row) {
        const unsigned from_w = dest.col, from_e = m_shape.b - 1 - dest.col;
        if (from_w <= from_e)
            exits[count++] = hammingmesh_shape::west_port(dest.board_col);
        if (from_e <= from_w)
            exits[count++] = hammingmesh_shape::east_port(dest.board_col);
    } else {
        const unsigned from_n = dest.row, from_s = m_shape.a - 1 - dest.row;
        if (from_n <= from_s)
            exits[count++] = hammingmesh_shape::north_port(dest.board_row);
        if (from_s <= from_n)
            exits[count++] = hammingmesh_shape::south_port(dest.board_row);
    }

    const line_network_plan& plan = place.row ? m_row_plan : m_column_plan;
    route_in_tree(plan, place.index, exits.data(), count, pkt.id, cls, out);
}

}  // namespace hxsim
