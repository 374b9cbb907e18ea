#include "models/routing/dragonfly_routing.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hxsim {

unsigned dragonfly_routing::intermediate_group(const packet& pkt) const
{
    const unsigned from = m_shape.group_of(m_shape.router_of_terminal(pkt.src));
    const unsigned to = m_shape.group_of(m_shape.router_of_terminal(pkt.dst));
    // splitmix64 of the packet id and the seed: a fixed draw per packet, the same on every machine.
    std::uint64_t z = pkt.id + (m_seed + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    // One of the g - 2 other groups: skip the two ends, lower one first.
    auto group = static_cast<unsigned>(z % (m_shape.groups() - 2));
    if (group >= std::min(from, to))
        ++group;
    if (group >= std::max(from, to))
        ++group;
    return group;
}

dragonfly_routing::hop dragonfly_routing::toward_group(unsigned router, unsigned target) const
{
    const unsigned here = router % m_shape.a;
    const unsigned link = m_shape.global_link_to(m_shape.group_of(router), target);
    const unsigned owner = m_shape.router_of_link(link);
    const unsigned entry = target * m_shape.a + m_shape.router_of_link(m_shape.far_end(link));
    if (owner == here)
        return hop{m_shape.port_of_link(link), 1, entry};
    return hop{m_shape.local_port(here, owner), 2, entry};
}

void dragonfly_routing::route(std::uint32_t router_id, std::uint16_t in_port, const packet& pkt,
                              route_candidates& out) const
{
    if (router_id < m_first_switch_id || router_id - m_first_switch_id >= m_shape.routers())
        throw std::logic_error("dragonfly_routing: router " + std::to_string(router_id) + " is not a dragonfly router");
    const unsigned router = router_id - m_first_switch_id;
    const unsigned group = m_shape.group_of(router);
    const unsigned dst_router = m_shape.router_of_terminal(pkt.dst);
    const unsigned dst_group = m_shape.group_of(dst_router);
    const unsigned globals = pkt.vc_class + (m_shape.is_global_port(in_port) ? 1u : 0u);
    const auto cls = static_cast<std::uint8_t>(globals);

    if (router == dst_router) {
        out.add(static_cast<std::uint16_t>(pkt.dst % m_shape.p), cls);
        return;
    }
    if (group == dst_group) {
        out.add(m_shape.local_port(router % m_shape.a, dst_router % m_shape.a), cls);
        return;
    }
    const hop minimal = toward_group(router, dst_group);
    if (globals == 1) {
        // Neither source nor destination group: the intermediate group of a Valiant path.
        out.add(minimal.port, cls);
        return;
    }
    if (globals != 0)
        throw std::logic_error("dragonfly_routing: packet " + std::to_string(pkt.id) + " crossed " +
                               std::to_string(globals) + " global links and is not in its destination group");

    const bool at_source = in_port < m_shape.p;
    if (at_source && m_ugal && m_shape.groups() > 2) {
        const hop valiant = toward_group(router, intermediate_group(pkt));
        const hop onward = toward_group(valiant.entry, dst_group);
        const unsigned minimal_hops = minimal.hops + local_hops(minimal.entry, dst_router);
        const unsigned valiant_hops = valiant.hops + onward.hops + local_hops(onward.entry, dst_router);
        out.add(minimal.port, cls, static_cast<std::uint8_t>(minimal_hops));
        out.add(valiant.port, cls, static_cast<std::uint8_t>(valiant_hops));
        return;
    }
    // In the source group after a local hop: the router holds the global link to the destination
    // group (sent minimally) or, on a Valiant path, the one to the intermediate group.
    if (at_source || minimal.hops == 1) {
        out.add(minimal.port, cls);
        return;
    }
    const hop valiant = m_ugal ? toward_group(router, intermediate_group(pkt)) : minimal;
    if (valiant.hops != 1)
        throw std::logic_error("dragonfly_routing: packet " + std::to_string(pkt.id) +
                               " took a local hop in its source group toward no global link of its path");
    out.add(valiant.port, cls);
}

}  // namespace hxsim
