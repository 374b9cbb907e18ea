// Builds a fat-tree machine, `topology.kind: fat_tree` (the paper's fat-tree baseline,
// hammingmesh.md section 4): topology.dims = [rows, cols] gives rows*cols accelerators, each just
// a NIC (`nic_<p>`) cabled to a leaf of one 2- or 3-level folded Clos of radix-topology.switch_radix
// switches: a fat_tree_network (`tree`, or a single switch when the accelerators fit one) whose
// line port p is accelerator p, laid out by plan_network (hammingmesh_shape.h) with
// topology.taper up-links kept per leaf. NIC p sends through its own injection link
// (`link_inject_<p>`, nic.injection_bandwidth, no latency) into the leaf and receives from the
// network's link toward line port p (`tree.link_<p>`, link.bandwidth and link.latency like every
// cable of the tree). Switch ids start at the number of accelerators (leaves, then spines, then cores), as in
// a HammingMesh. More accelerators than a 3-level tree of these switches joins (k*k*k/4 when
// nonblocking) are refused.
#pragma once

#include <memory>
#include <vector>

#include "models/link/link.h"
#include "models/network/line_network.h"
#include "models/nic/nic.h"
#include "models/routing/fat_tree_routing.h"
#include "models/topology/platform.h"

namespace hxsim {

class fat_tree : public platform {
public:
    /// `config`: topology.kind "fat_tree", with topology.dims, switch_radix and taper, switch.*
    /// (the switches), link.* (every cable of the tree), nic.* and router.flit/vcs/buffer (the
    /// NICs' receive buffers). `observer`, if given, sees every forwarding decision.
    fat_tree(const platform_config& config, forward_observer* observer);

    /// The checks the constructor makes on `config` (a 3-level tree suffices; the routing), without
    /// building anything. Throws config_error.
    static void check(const platform_config& config);
    /// The network plan of `config` (topology.taper already validated).
    static line_network_plan plan_of(const platform_config& config);

    unsigned accelerators() const override { return m_accelerators; }
    hxsim::nic& nic_of(unsigned accelerator) override { return *m_nics.at(accelerator); }
    terminal_grid layout() const override;

private:
    unsigned m_rows, m_cols, m_accelerators;
    fat_tree_routing m_routing;
    std::vector<std::unique_ptr<hxsim::nic>> m_nics;
    std::vector<std::unique_ptr<hxsim::link>> m_inject;  ///< NIC p to its leaf
    std::unique_ptr<line_network> m_tree;
};

}  // namespace hxsim
