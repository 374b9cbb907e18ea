#include "models/routing/torus_adaptive_routing.h"

#include <stdexcept>

namespace hxsim {

namespace {

// route_candidates::add() keeps one candidate per port, but here a port may be offered twice:
// as the escape hop and in the adaptive class.
void append(route_candidates& out, std::uint16_t port, std::uint8_t vc_class)
{
    if (out.count == route_candidates::capacity)
        throw std::logic_error("torus_adaptive_routing: more candidates than route_candidates holds");
    out.items[out.count++] = route_candidate{port, vc_class, 0};
}

}  // namespace

void torus_adaptive_routing::route(std::uint32_t router_id, std::uint16_t in_port, const packet& pkt,
                                   route_candidates& out) const
{
    const route_candidate escape = m_escape.next_hop(router_id, in_port, pkt.dst, pkt.vc_class);
    append(out, escape.port, escape.vc_class);
    if (escape.port == port_local)
        return;

    const torus_shape& shape = m_escape.shape();
    const torus_shape::coord here = shape.coord_of(router_id), dest = shape.coord_of(pkt.dst);
    const torus_shape::moves x = shape.minimal_moves(here.col, dest.col, shape.cols);
    const torus_shape::moves y = shape.minimal_moves(here.row, dest.row, shape.rows);
    // In the fixed port order N, E, S, W, like the other routings.
    if (y.negative)
        append(out, port_n, m_adaptive_class);
    if (x.positive)
        append(out, port_e, m_adaptive_class);
    if (y.positive)
        append(out, port_s, m_adaptive_class);
    if (x.negative)
        append(out, port_w, m_adaptive_class);
}

}  // namespace hxsim
