// Routing on a Dragonfly (dragonfly_shape.h): minimal, or UGAL (Kim et al., ISCA 2008), the
// paper's Dragonfly baseline routing (hammingmesh.md section 2).
//
// A minimal path between groups is local, global, local (each local hop only when needed): at
// most 3 switch-to-switch hops. A Valiant path first goes minimally to an intermediate group,
// then minimally to the destination: at most 5 (local, global, local, global, local).
//
// UGAL-L decides once, at the source router, for a packet bound to another group: it offers the
// first hop of the minimal path and the first hop of a Valiant path through an intermediate
// group drawn from the packet id and run.seed (a fixed function, so a packet that chooses again
// sees the same group, and the same seed gives the same run). Each candidate carries the switch
// hops of its whole path; the router takes the one whose queue (route_candidate::hops) times hops
// is smallest, the minimal one on a tie. Later routers need no stored decision: a packet still in
// its source group heads for the global link to the destination group when its router holds it
// (it was sent minimally) and else for the one to its intermediate group (it was sent there);
// a packet in a group that is neither source nor destination is in its intermediate group.
// Traffic inside a group always goes minimally.
//
// VC classes: a hop's class is the number of global links the packet has crossed before it
// (0, 1, 2), so classes never decrease along a path: minimal uses 0, 0, 1 and Valiant 0, 0, 1,
// 1, 2. Why it is deadlock-free: a local hop of class c waits only on a global hop of class c
// (or the ejection), and a global hop of class c only on hops of class c + 1, so the channel
// dependency graph has no cycle. Minimal routing needs 2 classes, UGAL 3 (router.vcs >= 3). The
// globals crossed so far are the class the packet arrived in, plus one when it arrived through a
// global port.
#pragma once

#include <cstdint>

#include "models/routing/routing.h"
#include "models/topology/dragonfly_shape.h"

namespace hxsim {

class dragonfly_routing : public routing_algorithm {
public:
    /// `shape`: the network (copied); router R (dragonfly_shape numbering) has id first_switch_id + R.
    /// `ugal`: UGAL, else minimal. `seed`: draws the intermediate groups (run.seed).
    dragonfly_routing(const dragonfly_shape& shape, std::uint32_t first_switch_id, bool ugal, std::uint64_t seed)
        : m_shape(shape), m_first_switch_id(first_switch_id), m_ugal(ugal), m_seed(seed)
    {
    }

    /// The VC classes `ugal` (else minimal) routing needs.
    static unsigned classes_for(bool ugal) { return ugal ? 3 : 2; }

    unsigned vc_classes() const override { return classes_for(m_ugal); }
    void route(std::uint32_t router_id, std::uint16_t in_port, const packet& pkt,
               route_candidates& out) const override;

    /// The intermediate group of `pkt`'s Valiant path: neither its source's nor its destination's
    /// group. Only for packets between two groups of a dragonfly with at least 3 groups.
    unsigned intermediate_group(const packet& pkt) const;

private:
    /// The first hop from a router toward another group.
    struct hop {
        std::uint16_t port;  ///< its output port
        unsigned hops;       ///< switch hops to that group: 1 (global) or 2 (local, then global)
        unsigned entry;      ///< the router of that group where the global link arrives
    };
    /// From router `router` (dragonfly_shape numbering) toward group `target`.
    hop toward_group(unsigned router, unsigned target) const;
    /// Switch hops from router `from` to router `to` of the same group: 0 or 1.
    static unsigned local_hops(unsigned from, unsigned to) { return from == to ? 0 : 1; }

    dragonfly_shape m_shape;
    std::uint32_t m_first_switch_id;
    bool m_ugal;
    std::uint64_t m_seed;
};

}  // namespace hxsim
