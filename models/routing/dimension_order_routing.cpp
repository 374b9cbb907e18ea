#include "models/routing/dimension_order_routing.h"

namespace hxsim {

route_candidate dimension_order_routing::next_hop(std::uint32_t router_id, std::uint16_t in_port, std::uint32_t dst,
                                                  unsigned in_class) const
{
    const torus_shape::coord here = m_shape.coord_of(router_id), dest = m_shape.coord_of(dst);
    if (here == dest)
        return route_candidate{port_local, static_cast<std::uint8_t>(in_class), 0};

    // X first; on a torus tie both ways are minimal and the positive one is taken.
    std::uint16_t port;
    if (here.col != dest.col)
        port = m_shape.minimal_moves(here.col, dest.col, m_shape.cols).positive ? port_e : port_w;
    else
        port = m_shape.minimal_moves(here.row, dest.row, m_shape.rows).positive ? port_s : port_n;

    // Dateline: class 1 from the wrap hop of this dimension on, as long as the packet keeps going
    // the same way (it arrived through the port opposite to the one it leaves by).
    const bool continues = in_port == torus_shape::opposite(port);
    const bool crossed = m_shape.wrap && continues && in_class == 1;
    const bool wraps = m_shape.crosses_wrap(here, port);
    return route_candidate{port, static_cast<std::uint8_t>(crossed || wraps ? 1 : 0), 0};
}

void dimension_order_routing::route(std::uint32_t router_id, std::uint16_t in_port, const packet& pkt,
                                    route_candidates& out) const
{
    const route_candidate hop = next_hop(router_id, in_port, pkt.dst, pkt.vc_class);
    out.add(hop.port, hop.vc_class);
}

}  // namespace hxsim
