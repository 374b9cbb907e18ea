// Minimal adaptive routing on a k-ary 2-cube (mesh or torus) with Duato-style escape channels.
//
// Every hop offers, first, the dimension-order next hop in the escape class(es) (mesh: class 0;
// torus: classes 0 and 1 under the dateline rule of dimension_order_routing), then every
// productive port (a minimal direction in either dimension; both ways on a torus tie) in the
// adaptive class (mesh: 1, torus: 2). The router takes the candidate with most free downstream
// space; the escape hop comes first so that it wins ties.
//
// Why it is deadlock-free: the escape channels alone are dimension-order routing, whose channel
// dependencies are acyclic (a packet on a Y escape channel already has its column right, so it
// never asks for an X one; within a ring, class 0 never uses the wrap link and class 1 is only
// entered on it), and every packet, wherever it sits, is offered an escape channel. That holds
// only while a blocked packet can still take its escape hop: a router that commits a head to one
// candidate for good can deadlock in the adaptive class once its buffers fill up.
#pragma once

#include "models/routing/dimension_order_routing.h"

namespace hxsim {

class torus_adaptive_routing : public routing_algorithm {
public:
    /// Escape classes plus the adaptive one: 3 on a torus, 2 on a mesh.
    static unsigned classes_for(const torus_shape& shape) { return dimension_order_routing::classes_for(shape) + 1; }

    /// `shape`: the network routed over (copied).
    explicit torus_adaptive_routing(const torus_shape& shape)
        : m_escape(shape), m_adaptive_class(static_cast<std::uint8_t>(dimension_order_routing::classes_for(shape)))
    {
    }

    unsigned vc_classes() const override { return m_adaptive_class + 1u; }
    std::uint8_t adaptive_class() const { return m_adaptive_class; }
    void route(std::uint32_t router_id, std::uint16_t in_port, const packet& pkt,
               route_candidates& out) const override;

private:
    dimension_order_routing m_escape;  ///< the escape path, and the shape
    std::uint8_t m_adaptive_class;     ///< the class above the escape classes
};

}  // namespace hxsim
