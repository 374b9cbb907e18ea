// Minimal adaptive routing on HammingMesh (hammingmesh.md section 2, as in the reference model).
//
// On the destination board the packet moves toward its target, and may leave through an edge and
// come back through the row or column network when that is not longer. Toward another board in
// the same board-column (board-row) it heads for the nearest N or S (W or E) edge while
// correcting its column (row); toward a board in neither, for the nearest edge in any direction,
// and is routed again on the intermediate board it lands on. Switches pick the destination
// board's entry side closest to the target (both on a tie): that line port is the packet's exit
// from the network.
//
// Fat-tree networks (hammingmesh_shape.h: line_network_plan): a leaf sends the packet down when
// an exit port hangs below it, else up through any of its up ports (all are candidates, so the
// router picks by credits: adaptive up-port selection); a spine sends it down to the leaf holding
// an exit port, over any of the parallel links. Up at most once, then down: minimal in the tree.
// A router offers at most route_candidates::capacity candidates; a leaf with more up ports (or a
// spine with more parallel links) offers a window of that many, rotated by packet id.
//
// Deadlock freedom: the VC class is the number of networks crossed (0, 1, 2), raised on every
// link that leaves a board; at most two networks are crossed. Within a class the board mesh
// obeys north-last: no move toward N until the column is the one the packet must end in. Inside
// a network the class does not change; up/down routing in a tree has no cycle.
#pragma once

#include "models/routing/routing.h"
#include "models/topology/hammingmesh_shape.h"

namespace hxsim {

class hammingmesh_routing : public routing_algorithm {
public:
    static constexpr unsigned classes = 3;

    explicit hammingmesh_routing(const hammingmesh_shape& shape)
        : m_shape(shape), m_row_plan(shape.row_plan()), m_column_plan(shape.column_plan())
    {
    }

    unsigned vc_classes() const override { return classes; }
    void route(std::uint32_t router_id, std::uint16_t in_port, const packet& pkt,
               route_candidates& out) const override;

private:
    using coord = hammingmesh_shape::coord;
    void route_on_board(const coord& here, const coord& dest, unsigned vc_class, route_candidates& out) const;
    /// `dest`: the coordinates of pkt.dst, which route() has worked out already.
    void route_in_switch(std::uint32_t switch_id, const coord& dest, const packet& pkt, route_candidates& out) const;
    bool at_edge(const coord& here, std::uint16_t dir) const;
    void add_step(const coord& here, std::uint16_t dir, unsigned vc_class, route_candidates& out) const;

    hammingmesh_shape m_shape;
    line_network_plan m_row_plan, m_column_plan;
};

}  // namespace hxsim
