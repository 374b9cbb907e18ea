// Dimension-order (XY) routing on a k-ary 2-cube, with or without wrap links, and the geometry
// of that network (torus_shape), shared by the builder, both of its routing algorithms and the
// tests.
//
// A packet first corrects its column (X: E/W ports), then its row (Y: N/S ports). On a torus it
// goes the shorter way around each ring, the positive direction (E, S) on a tie. Deadlock
// freedom on a torus comes from a dateline in every ring: a packet travels in class 0 in a
// dimension until it crosses that dimension's wrap link, in class 1 from that hop on, and starts
// again in class 0 when it turns into the next dimension (class 1 right away if that very hop
// crosses the new dimension's wrap link). A mesh needs no classes: XY has no cyclic dependency.
#pragma once

#include <cstdint>

#include "models/routing/routing.h"
#include "models/topology/hammingmesh_shape.h"  // accelerator_port: the same 5-port router

namespace hxsim {

/// A rows x cols grid of routers with one terminal each. Router (and terminal) id = row*cols + col;
/// row 0 is the north edge, column 0 the west edge. X is the column dimension (E = +1), Y the row
/// dimension (S = +1).
struct torus_shape {
    unsigned rows = 0;  ///< routers per column: the size of the Y dimension
    unsigned cols = 0;  ///< routers per row: the size of the X dimension
    bool wrap = false;  ///< torus: every row and column is closed into a ring; mesh: no wrap links

    struct coord {
        unsigned row, col;
        bool operator==(const coord& o) const { return row == o.row && col == o.col; }
    };

    unsigned routers() const { return rows * cols; }
    coord coord_of(std::uint32_t id) const { return coord{id / cols, id % cols}; }
    std::uint32_t router_of(const coord& c) const { return c.row * cols + c.col; }

    /// The port facing `port` on the neighbour: a link leaving through E arrives on W, and so on.
    static std::uint16_t opposite(std::uint16_t port)
    {
        switch (port) {
        case port_n: return port_s;
        case port_s: return port_n;
        case port_e: return port_w;
        default: return port_e;
        }
    }

    /// Whether the link leaving `c` through `port` (N, E, S, W) crosses the edge of the grid: a
    /// wrap link on a torus, no link at all on a mesh.
    bool at_edge(const coord& c, std::uint16_t port) const
    {
        switch (port) {
        case port_n: return c.row == 0;
        case port_s: return c.row == rows - 1;
        case port_w: return c.col == 0;
        default: return c.col == cols - 1;
        }
    }
    bool crosses_wrap(const coord& c, std::uint16_t port) const { return wrap && at_edge(c, port); }
    bool has_link(const coord& c, std::uint16_t port) const { return wrap || !at_edge(c, port); }

    /// The router the link leaving `c` through `port` reaches (around the ring at a torus edge).
    /// Only meaningful where has_link().
    coord neighbour(coord c, std::uint16_t port) const
    {
        switch (port) {
        case port_n: c.row = c.row == 0 ? rows - 1 : c.row - 1; break;
        case port_s: c.row = c.row == rows - 1 ? 0 : c.row + 1; break;
        case port_w: c.col = c.col == 0 ? cols - 1 : c.col - 1; break;
        default: c.col = c.col == cols - 1 ? 0 : c.col + 1; break;
        }
        return c;
    }

    /// The minimal directions from `from` to `to` in a dimension of `size` routers.
    struct moves {
        bool positive = false;  ///< toward E (X) or S (Y)
        bool negative = false;  ///< toward W (X) or N (Y); both only on a torus tie
    };
    moves minimal_moves(unsigned from, unsigned to, unsigned size) const
    {
        moves m;
        if (from == to)
            return m;
        if (!wrap) {
            m.positive = to > from;
            m.negative = to < from;
            return m;
        }
        const unsigned forward = (to + size - from) % size, backward = size - forward;
        m.positive = forward <= backward;
        m.negative = backward <= forward;
        return m;
    }
};

class dimension_order_routing : public routing_algorithm {
public:
    /// Deadlock-avoidance classes dimension-order routing needs: 2 on a torus (dateline), 1 on a mesh.
    static unsigned classes_for(const torus_shape& shape) { return shape.wrap ? 2 : 1; }

    /// `shape`: the network routed over (copied).
    explicit dimension_order_routing(const torus_shape& shape) : m_shape(shape) {}

    unsigned vc_classes() const override { return classes_for(m_shape); }
    void route(std::uint32_t router_id, std::uint16_t in_port, const packet& pkt,
               route_candidates& out) const override;

    /// The one XY next hop from router `router_id` toward terminal `dst`, for a packet that
    /// entered through `in_port` on a channel of class `in_class`, and the dateline class of that
    /// hop. A packet continues in class 1 only if it arrived in class 1 moving the same way; any
    /// other class (the adaptive class of torus_adaptive_routing among them) counts as not having
    /// crossed a wrap link yet. At the destination: the local port, in class `in_class`.
    route_candidate next_hop(std::uint32_t router_id, std::uint16_t in_port, std::uint32_t dst,
                             unsigned in_class) const;

    const torus_shape& shape() const { return m_shape; }

private:
    torus_shape m_shape;
};

}  // namespace hxsim
