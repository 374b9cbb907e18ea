// Builds a k-ary 2-cube platform, `topology.kind` mesh or torus: `topology.dims` = [rows, cols]
// routers with one terminal each, made of the same accelerator modules (NIC + 5-port router +
// links) as a HammingMesh. Node (row, col) is `node_<row>_<col>`; its router and terminal id is
// row*cols + col. A torus closes every row and column into a ring with wrap links (the E port of
// the last column joins the W port of column 0, the S port of the last row the N port of row 0);
// a mesh's edge ports face a link_terminator instead and have no credits.
#pragma once

#include <memory>
#include <vector>

#include "models/accelerator/accelerator.h"
#include "models/link/link_terminator.h"
#include "models/routing/dimension_order_routing.h"
#include "models/topology/platform.h"

namespace hxsim {

class torus : public platform {
public:
    /// `config`: topology.kind "mesh" or "torus", with topology.dims, router.*, link.*, nic.* and
    /// routing.algorithm ("dimension-order" or "min-adaptive"). `observer`, if given, sees every
    /// forwarding decision. Throws config_error when router.vcs cannot serve the routing's classes.
    torus(const platform_config& config, forward_observer* observer);

    /// The checks the constructor makes on `config`, without building anything.
    static void check(const platform_config& config);

    unsigned accelerators() const override { return m_shape.routers(); }
    hxsim::nic& nic_of(unsigned accelerator) override;
    terminal_grid layout() const override;
    const torus_shape& shape() const { return m_shape; }

private:
    accelerator& node_at(const torus_shape::coord& c) { return *m_nodes[m_shape.router_of(c)]; }

    torus_shape m_shape;
    std::unique_ptr<routing_algorithm> m_routing;
    std::vector<std::unique_ptr<accelerator>> m_nodes;               ///< by router id
    std::vector<std::unique_ptr<link_terminator>> m_terminators;     ///< mesh edge ports
};

}  // namespace hxsim
