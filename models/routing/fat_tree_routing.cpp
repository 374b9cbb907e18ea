#include "models/routing/fat_tree_routing.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hxsim {

namespace {

/// Adds `port`; `fresh`: it belongs to a set of distinct ports added to a list that was empty,
/// so it needs no check for repeats (dozens of up ports would make the checks quadratic).
void offer(route_candidates& out, bool fresh, unsigned port, std::uint8_t cls)
{
    if (fresh)
        out.add_new(static_cast<std::uint16_t>(port), cls);
    else
        out.add(static_cast<std::uint16_t>(port), cls);
}

}  // namespace

void add_port_window(std::uint16_t first, unsigned count, std::uint64_t turn, std::uint8_t cls,
                     route_candidates& out)
{
    const bool fresh = out.count == 0;
    const unsigned room = route_candidates::capacity - out.count;
    if (fresh && count <= room) {
        out.add_run(first, count, cls);
        return;
    }
    if (count <= room) {
        for (unsigned i = 0; i < count; ++i)
            out.add(static_cast<std::uint16_t>(first + i), cls);
        return;
    }
    const auto start = static_cast<unsigned>(turn % count);
    for (unsigned i = 0; i < room; ++i)
        offer(out, fresh, first + (start + i) % count, cls);
}

namespace {

/// Down over the parallel links of group g (ports [g * links, (g + 1) * links): toward a leaf from
/// a 2-level spine, toward a pod from a core) for the groups `first` and `second` of the exits:
/// all the links of one group, or an even share of the candidates for each of two, rotated by
/// `turn`.
void add_down_windows(unsigned first, unsigned second, unsigned links, std::uint64_t turn, std::uint8_t cls,
                      route_candidates& out)
{
    if (first == second) {
        add_port_window(static_cast<std::uint16_t>(first * links), links, turn, cls, out);
        return;
    }
    const unsigned share = std::min(links, route_candidates::capacity / 2);
    const auto start = static_cast<unsigned>(turn % links);
    const bool fresh = out.count == 0;  // the two groups' ports are distinct
    for (const unsigned group : {first, second})
        for (unsigned j = 0; j < share; ++j)
            offer(out, fresh, group * links + (start + j) % links, cls);
}

/// The spines and cores of a 3-level tree (route_in_tree handles the leaves alike for 2 and 3 levels).
void route_in_three_levels(const line_network_plan& plan, unsigned index, const std::uint16_t* exits, unsigned count,
                           std::uint64_t turn, std::uint8_t cls, route_candidates& out)
{
    if (index < plan.leaves + plan.spines) {
        // A spine of pod q: down to the leaf holding an exit when one is in the pod, else up.
        const unsigned spine = index - plan.leaves, pod = spine / plan.up;
        for (unsigned i = 0; i < count; ++i) {
            const unsigned leaf = plan.leaf_of(exits[i]);
            const bool again = i == 1 && plan.leaf_of(exits[0]) == leaf;
            if (plan.pod_of_leaf(leaf) == pod && !again)
                out.add(plan.spine_port_to_leaf(leaf), cls);
        }
        if (out.count == 0)
            add_port_window(static_cast<std::uint16_t>(plan.spine_down_ports(spine)), plan.spine_up, turn, cls, out);
        return;
    }
    // A core: down to the pod holding an exit, over any of the parallel links.
    add_down_windows(plan.pod_of_leaf(plan.leaf_of(exits[0])), plan.pod_of_leaf(plan.leaf_of(exits[count - 1])),
                     plan.core_links, turn, cls, out);
}

}  // namespace

void route_in_tree(const line_network_plan& plan, unsigned index, const std::uint16_t* exits, unsigned count,
                   std::uint64_t turn, std::uint8_t cls, route_candidates& out)
{
    if (!plan.is_tree()) {
        for (unsigned i = 0; i < count; ++i)
            out.add(exits[i], cls);
        return;
    }
    if (index < plan.leaves) {
        // A leaf: down when an exit hangs below it, else up through any up port.
        const unsigned leaf = index;
        for (unsigned i = 0; i < count; ++i)
            if (plan.leaf_of(exits[i]) == leaf)
                out.add(plan.leaf_down_port(exits[i]), cls);
        if (out.count == 0)
            add_port_window(plan.leaf_up_port(leaf, 0), plan.up, turn, cls, out);
        return;
    }
    if (plan.three_levels()) {
        route_in_three_levels(plan, index, exits, count, turn, cls, out);
        return;
    }
    // A spine: down to the leaf holding an exit, over any of the parallel links.
    add_down_windows(plan.leaf_of(exits[0]), plan.leaf_of(exits[count - 1]), plan.parallel_links, turn, cls, out);
}

void fat_tree_routing::route(std::uint32_t router_id, std::uint16_t, const packet& pkt, route_candidates& out) const
{
    if (router_id < m_first_switch_id || router_id - m_first_switch_id >= std::max(1u, m_plan.switches()))
        throw std::logic_error("fat_tree_routing: router " + std::to_string(router_id) + " is not a switch of the tree");
    const auto exit = static_cast<std::uint16_t>(pkt.dst);
    route_in_tree(m_plan, router_id - m_first_switch_id, &exit, 1, pkt.id, static_cast<std::uint8_t>(pkt.vc_class),
                  out);
}

}  // namespace hxsim
