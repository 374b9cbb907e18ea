// The arithmetic of a canonical Dragonfly (Kim et al., ISCA 2008), `topology.kind: dragonfly`,
// shared by its builder (dragonfly.h), its routing (dragonfly_routing.h) and --describe.
//
// p terminals per router, a routers per group joined all-to-all by local links, h global links
// per router, g = a*h + 1 groups: every pair of groups is joined by exactly one global link.
// Radix k = p + (a - 1) + h. Terminal t sits on router t / p (its port t % p); router R is router
// R % a of group R / a.
//
// Ports of a router: [0, p) its terminals; [p, p + a - 1) local links, the one toward router r'
// of the group at p + r' (r' below this router) or p + r' - 1 (above); [p + a - 1, k) global
// links, port p + a - 1 + j for the router's j-th global link.
//
// Global links, palmtree arrangement (Camarero et al., 2014): a group's global links are numbered
// k = r*h + j (router r, its j-th global port), and link k of group G leads to group
// (G + k + 1) mod g, where it is that group's link g - 2 - k. Each offset 1..g-1 appears once per
// group, so each pair of groups is joined once; router r's links reach h consecutive groups.
#pragma once

#include <cstdint>

namespace hxsim {

struct dragonfly_shape {
    unsigned p = 0;  ///< terminals per router
    unsigned a = 0;  ///< routers per group
    unsigned h = 0;  ///< global links per router

    unsigned groups() const { return a * h + 1; }
    unsigned routers() const { return groups() * a; }
    unsigned terminals() const { return routers() * p; }
    unsigned radix() const { return p + a - 1 + h; }
    std::uint64_t local_links() const { return std::uint64_t{groups()} * a * (a - 1) / 2; }
    std::uint64_t global_links() const { return std::uint64_t{groups()} * (groups() - 1) / 2; }

    unsigned group_of(unsigned router) const { return router / a; }
    unsigned router_of_terminal(unsigned terminal) const { return terminal / p; }

    std::uint16_t local_port(unsigned from, unsigned to) const
    {
        return static_cast<std::uint16_t>(p + (to < from ? to : to - 1));
    }
    /// The router of the same group that local port `port` of router `from` leads to.
    unsigned local_neighbour(unsigned from, std::uint16_t port) const
    {
        const unsigned index = port - p;
        return index < from ? index : index + 1;
    }
    std::uint16_t global_port(unsigned j) const { return static_cast<std::uint16_t>(p + a - 1 + j); }
    bool is_global_port(std::uint16_t port) const { return port >= p + a - 1; }

    /// The group that global link `k` (0 .. g-2) of group `group` leads to.
    unsigned global_target(unsigned group, unsigned k) const { return (group + k + 1) % groups(); }
    /// The global link of group `group` that leads to group `target` (another group).
    unsigned global_link_to(unsigned group, unsigned target) const
    {
        return (target + groups() - group - 1) % groups();
    }
    /// Link `k` of a group arrives at the other group as its link g - 2 - k.
    unsigned far_end(unsigned k) const { return groups() - 2 - k; }
    /// The router of its group (0 .. a-1) that holds global link `k`, and that link's port there.
    unsigned router_of_link(unsigned k) const { return k / h; }
    std::uint16_t port_of_link(unsigned k) const { return global_port(k % h); }
};

}  // namespace hxsim
