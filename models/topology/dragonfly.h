// Builds a Dragonfly machine, `topology.kind: dragonfly` (the paper's Dragonfly baseline,
// hammingmesh.md section 4): the canonical Dragonfly of dragonfly_shape.h with
// topology.terminals_per_router (p), routers_per_group (a) and global_links_per_router (h). Every
// accelerator is just a NIC (`nic_<t>`) cabled to port t % p of router t / p; routers are
// `group_<G>_router_<r>` (switch.* parameters), with ids after the accelerators' (accelerators
// first, then the routers in dragonfly_shape order, as in a fat tree). NIC t sends through its own
// injection link (`link_inject_<t>`, nic.injection_bandwidth, no latency) and receives from its
// router's link; every link leaving a router is `group_<G>_router_<r>_link_<port>` (link.bandwidth
// and link.latency: terminal, local and global cables alike). Routing: dragonfly_routing, ugal or
// minimal.
#pragma once

#include <memory>
#include <vector>

#include "models/link/link.h"
#include "models/nic/nic.h"
#include "models/router/router.h"
#include "models/routing/dragonfly_routing.h"
#include "models/topology/dragonfly_shape.h"
#include "models/topology/platform.h"

namespace hxsim {

class dragonfly : public platform {
public:
    /// `config`: topology.kind "dragonfly" with topology.terminals_per_router, routers_per_group
    /// and global_links_per_router, switch.* (the routers), link.* (every cable), nic.* and
    /// router.flit/vcs/buffer (the NICs' receive buffers), routing.algorithm ugal or minimal and
    /// run.seed (UGAL's intermediate groups). `observer`, if given, sees every forwarding decision.
    dragonfly(const platform_config& config, forward_observer* observer);

    /// The checks the constructor makes on `config` (the routing and the VCs it needs), without
    /// building anything. Throws config_error.
    static void check(const platform_config& config);
    /// The shape that `config`'s topology keys give.
    static dragonfly_shape shape_of(const platform_config& config);

    unsigned accelerators() const override { return m_shape.terminals(); }
    hxsim::nic& nic_of(unsigned accelerator) override { return *m_nics.at(accelerator); }
    /// One column per group, one row per terminal of a group: the neighbor pattern sends every
    /// terminal's traffic to the next group (the adversarial pattern of a Dragonfly).
    terminal_grid layout() const override;
    const dragonfly_shape& shape() const { return m_shape; }

private:
    dragonfly_shape m_shape;
    dragonfly_routing m_routing;
    std::vector<std::unique_ptr<hxsim::nic>> m_nics;
    std::vector<std::unique_ptr<hxsim::link>> m_inject;   ///< NIC t to its router
    std::vector<std::unique_ptr<hxsim::router>> m_switches;  ///< in dragonfly_shape order
    std::vector<std::unique_ptr<hxsim::link>> m_cables;   ///< router by router, port by port
};

}  // namespace hxsim
