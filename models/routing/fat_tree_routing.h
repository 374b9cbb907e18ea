// Routing inside a fat tree of 2 or 3 levels (or a single switch) laid out by line_network_plan
// (hammingmesh_shape.h, fat_tree_network.h): the rule every HammingMesh row and column network
// follows (route_in_tree, called by hammingmesh_routing) and the routing of a fat-tree machine
// (topology.kind fat_tree, fat_tree_routing), whose line ports are the accelerators' NICs.
//
// A single switch sends a packet to an exit line port. A leaf sends it down when an exit hangs
// below it, else up through any up port (all are candidates: the router picks by credits, so the
// up-port choice is adaptive). A spine of a 2-level tree sends it down to the leaf holding an
// exit, over any of the parallel links (an even share for each when the exits hang below two
// leaves). In a 3-level tree a spine sends it down to the leaf holding an exit when that leaf is
// in its pod, else up through any up port; a core sends it down to the pod holding an exit over
// any of the parallel links. A packet goes up, then only down (the least common ancestor level
// and no higher): up/down routing in a tree has no cycle in its channel dependencies, so one VC
// class is enough and the class never changes inside the tree. When the ports to offer are more
// than route_candidates holds, a window of them rotated by packet id is offered.
#pragma once

#include <cstdint>

#include "models/routing/routing.h"
#include "models/topology/hammingmesh_shape.h"

namespace hxsim {

/// Adds ports [first, first + count) to `out` in class `cls`: all of them, or a window rotated by
/// `turn` when they are more than `out` has room for.
void add_port_window(std::uint16_t first, unsigned count, std::uint64_t turn, std::uint8_t cls,
                     route_candidates& out);

/// The next hops in switch `index` of the network `plan` (0: the single switch; leaves, then
/// spines, then cores) toward one of the `count` (1 or 2) line ports `exits`, in class `cls`; `turn` (the
/// packet id) rotates the window when there are more candidates than `out` holds.
void route_in_tree(const line_network_plan& plan, unsigned index, const std::uint16_t* exits, unsigned count,
                   std::uint64_t turn, std::uint8_t cls, route_candidates& out);

/// A fat-tree machine: accelerator p is line port p of one network `plan` whose switches have ids
/// first_switch_id + index. One VC class.
class fat_tree_routing : public routing_algorithm {
public:
    fat_tree_routing(const line_network_plan& plan, std::uint32_t first_switch_id)
        : m_plan(plan), m_first_switch_id(first_switch_id)
    {
    }

    unsigned vc_classes() const override { return 1; }
    void route(std::uint32_t router_id, std::uint16_t in_port, const packet& pkt,
               route_candidates& out) const override;

    const line_network_plan& plan() const { return m_plan; }
    std::uint32_t first_switch_id() const { return m_first_switch_id; }

private:
    line_network_plan m_plan;
    std::uint32_t m_first_switch_id;
};

}  // namespace hxsim
