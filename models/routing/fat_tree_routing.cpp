#include "models/routing/fat_tree_routing.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hxsim {

void add_port_window(std::uint16_t first, unsigned count, std::uint64_t turn, std::uint8_t cls,
                     route_candidates& out)
{
    const unsigned room = route_candidates::capacity - out.count;
    if (count <= room) {
        for (unsigned i = 0; i < count; ++i)
            out.add(static_cast<std::uint16_t>(first + i), cls);
        return;
    }
    const auto start = static_cast<unsigned>(turn % count);
    for (unsigned i = 0; i < room; ++i)
        out.add(static_cast<std::uint16_t>(first + (start + i) % count), cls);
}

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
    // A spine: down to the leaf holding an exit, over any of the parallel links.
    const unsigned first_leaf = plan.leaf_of(exits[0]);
    const bool two_leaves = count == 2 && plan.leaf_of(exits[1]) != first_leaf;
    if (!two_leaves) {
        add_port_window(static_cast<std::uint16_t>(first_leaf * plan.parallel_links), plan.parallel_links, turn, cls,
                        out);
        return;
    }
    // Both exits, on two leaves: an even share of the candidates for each.
    const unsigned share = std::min(plan.parallel_links, route_candidates::capacity / 2);
    for (unsigned i = 0; i < 2; ++i) {
        const unsigned leaf = plan.leaf_of(exits[i]);
        const auto start = static_cast<unsigned>(turn % plan.parallel_links);
        for (unsigned j = 0; j < share; ++j)
            out.add(static_cast<std::uint16_t>(leaf * plan.parallel_links + (start + j) % plan.parallel_links), cls);
    }
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
