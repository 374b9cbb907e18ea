// A line network built as a 2-level fat tree of radix-k switches (hammingmesh.md section 1; the
// arithmetic is plan_line_network in hammingmesh_shape.h): leaves leaf_0 ... each with up to k/2
// down ports toward the boards (line port p on leaf p / (k/2), its down port p % (k/2)) followed by
// its up ports, and spines spine_0 ..., every leaf wired to every spine with `parallel_links`
// links. Leaf l's up port u goes to spine u / parallel_links, at that spine's port
// l * parallel_links + u % parallel_links.
//
// Links: link_<p> leaves the leaf toward the board edge on line port p (as a single switch's
// link_<p>); leaf_<l>_link_<port> leaves leaf l's up port toward a spine; spine_<s>_link_<port>
// leaves spine s's port toward a leaf. Switch ids: leaves first_switch_id + l, spines after them.
#pragma once

#include <memory>
#include <vector>

#include "models/network/line_network.h"

namespace hxsim {

class fat_tree_network : public line_network {
public:
    std::vector<std::unique_ptr<hxsim::router>> leaves;
    std::vector<std::unique_ptr<hxsim::router>> spines;
    std::vector<std::unique_ptr<hxsim::link>> link_out;    ///< per line port, toward the boards
    std::vector<std::unique_ptr<hxsim::link>> leaf_up;     ///< leaf to spine, leaf by leaf, up port order
    std::vector<std::unique_ptr<hxsim::link>> spine_down;  ///< spine to leaf, spine by spine, port order

    fat_tree_network(const sc_core::sc_module_name& name, const line_network_params& params);

    link_target_socket& port_in(unsigned line_port) override
    {
        return leaves[m_plan.leaf_of(line_port)]->in[m_plan.leaf_down_port(line_port)];
    }
    hxsim::link& port_out(unsigned line_port) override { return *link_out[line_port]; }

private:
    line_network_plan m_plan;
};

}  // namespace hxsim
