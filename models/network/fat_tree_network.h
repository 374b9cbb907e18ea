// A line network built as a fat tree of radix-k switches (hammingmesh.md section 1; the
// arithmetic is plan_network in hammingmesh_shape.h), of 2 or 3 levels.
//
// 2 levels: leaves leaf_0 ... each with up to k/2 down ports toward the boards (line port p on
// leaf p / (k/2), its down port p % (k/2)) followed by its up ports, and spines spine_0 ..., every
// leaf wired to every spine with `parallel_links` links. Leaf l's up port u goes to spine
// u / parallel_links, at that spine's port l * parallel_links + u % parallel_links.
//
// 3 levels: the leaves as above, grouped in pods of k/2; pod q's spines spine_<q*up + j>: leaf l's
// up port j goes to its pod's spine j, at that spine's down port l % (k/2); the spine's up ports
// follow its down ports, up port v to core v / core_links of group j, at that core's port
// q * core_links + v % core_links. Cores core_<j*cores + c>: every port faces a spine.
//
// Links: link_<p> leaves the leaf toward the board edge on line port p (as a single switch's
// link_<p>); leaf_<l>_link_<port> leaves leaf l's up port; spine_<s>_link_<port> leaves spine s's
// port (down toward a leaf, or up toward a core); core_<c>_link_<port> leaves core c's port toward
// a spine. Switch ids: leaves first_switch_id + l, then the spines, then the cores.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "models/network/line_network.h"

namespace hxsim {

class fat_tree_network : public line_network {
public:
    std::vector<std::unique_ptr<hxsim::router>> leaves;
    std::vector<std::unique_ptr<hxsim::router>> spines;
    std::vector<std::unique_ptr<hxsim::router>> cores;      ///< 3 levels only
    std::vector<std::unique_ptr<hxsim::link>> link_out;    ///< per line port, toward the boards
    std::vector<std::unique_ptr<hxsim::link>> leaf_up;     ///< leaf to spine, leaf by leaf, up port order
    std::vector<std::unique_ptr<hxsim::link>> spine_down;  ///< spine to leaf, spine by spine, port order
    std::vector<std::unique_ptr<hxsim::link>> spine_up;    ///< 3 levels: spine to core, spine by spine
    std::vector<std::unique_ptr<hxsim::link>> core_down;   ///< 3 levels: core to spine, core by core

    fat_tree_network(const sc_core::sc_module_name& name, const line_network_params& params);

    link_target_socket& port_in(unsigned line_port) override
    {
        return leaves[m_plan.leaf_of(line_port)]->in[m_plan.leaf_down_port(line_port)];
    }
    hxsim::link& port_out(unsigned line_port) override { return *link_out[line_port]; }

private:
    /// A switch of `ports` ports with id first_switch_id + `index`; `board_ports` of them (the
    /// first) face a board's (or NIC's) buffer, the others a switch's.
    std::unique_ptr<hxsim::router> make_switch(const std::string& name, unsigned index, unsigned ports,
                                               unsigned board_ports, const line_network_params& params) const;
    std::unique_ptr<hxsim::link> make_cable(const std::string& name, hxsim::router& from, unsigned from_port,
                                            hxsim::router& to, unsigned to_port, const line_network_params& params) const;
    /// link_<p> for every line port, out of its leaf (after the switches, as the builder always did).
    void make_line_links(const line_network_params& params);
    void build_two_levels(const line_network_params& params);
    void build_three_levels(const line_network_params& params);

    line_network_plan m_plan;
};

}  // namespace hxsim
