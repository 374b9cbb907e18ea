// Minimal adaptive routing on HammingMesh (hammingmesh.md section 2, as in the reference model).
//
// On the destination board the packet moves toward its target, and may leave through an edge and
// come back through the row or column network when that is not longer. Toward another board in
// the same board-column (board-row) it heads for the nearest N or S (W or E) edge while
// correcting its column (row); toward a board in neither, for the nearest edge in any direction,
// and is routed again on the intermediate board it lands on. Switches pick the destination
// board's entry side closest to the target (both on a tie).
//
// Deadlock freedom: the VC class is the number of networks crossed (0, 1, 2), raised on every
// link that leaves a board; at most two networks are crossed. Within a class the board mesh
// obeys north-last: no move toward N until the column is the one the packet must end in.
#pragma once

#include "models/routing/routing.h"
#include "models/topology/hammingmesh_shape.h"

namespace hxsim {

class hammingmesh_routing : public routing_algorithm {
public:
    static constexpr unsigned classes = 3;

    explicit hammingmesh_routing(const hammingmesh_shape& shape) : m_shape(shape) {}

    unsigned vc_classes() const override { return classes; }
    void route(std::uint32_t router_id, std::uint16_t in_port, const packet& pkt,
               route_candidates& out) const override;

private:
    using coord = hammingmesh_shape::coord;
    void route_on_board(const coord& here, const coord& dest, unsigned vc_class, route_candidates& out) const;
    void route_in_switch(std::uint32_t switch_id, const coord& dest, unsigned vc_class, route_candidates& out) const;
    bool at_edge(const coord& here, std::uint16_t dir) const;
    void add_step(const coord& here, std::uint16_t dir, unsigned vc_class, route_candidates& out) const;

    hammingmesh_shape m_shape;
};

}  // namespace hxsim
