// The network that joins one line of accelerators across a line of boards (a row network or a
// column network of HammingMesh). Its line ports are numbered as in hammingmesh_shape (2 per
// board); it is one radix-k switch (single_switch_network, below) when they fit one switch, else
// a 2-level fat tree (fat_tree_network.h). The builder binds the boards' edge links to port_in and
// port_out and walks switches() and links() for statistics, diagnostics and tracing.
#pragma once

#include <memory>
#include <vector>

#include <systemc>

#include "models/link/link.h"
#include "models/router/router.h"
#include "models/topology/hammingmesh_shape.h"

namespace hxsim {

struct line_network_params {
    line_network_plan plan;           ///< single switch or fat tree (hammingmesh_shape.h)
    router_params switch_router;      ///< timing, routing and observer; ids, ports and credits are set here
    std::uint32_t first_switch_id = 0;  ///< the single switch's id, or leaf 0's (then leaves, then spines)
    std::uint32_t board_buffer_flits = 0;   ///< behind a line port: an accelerator router's input buffer, per VC
    std::uint32_t switch_buffer_flits = 0;  ///< behind a leaf-spine link: a switch's input buffer, per VC
    link_params cable;                ///< every link of the network
};

class line_network : public sc_core::sc_module {
public:
    /// Where the link from the board edge on `line_port` arrives.
    virtual link_target_socket& port_in(unsigned line_port) = 0;
    /// The link leaving the network toward the board edge on `line_port`, named link_<line_port>.
    virtual hxsim::link& port_out(unsigned line_port) = 0;

    /// The network's switches in id order, and all its links.
    const std::vector<const router_base*>& switches() const { return m_switches; }
    const std::vector<const link*>& links() const { return m_links; }

protected:
    explicit line_network(const sc_core::sc_module_name& name) : sc_core::sc_module(name) {}

    std::vector<const router_base*> m_switches;
    std::vector<const link*> m_links;
};

/// One switch (named "switch") with one output link per port, link_<port>.
class single_switch_network : public line_network {
public:
    hxsim::router net_switch;
    std::vector<std::unique_ptr<hxsim::link>> link_out;  ///< one per switch port, toward the boards

    single_switch_network(const sc_core::sc_module_name& name, const line_network_params& params);

    link_target_socket& port_in(unsigned line_port) override { return net_switch.in[line_port]; }
    hxsim::link& port_out(unsigned line_port) override { return *link_out[line_port]; }
};

/// The network `params.plan` describes: a single switch or a fat tree.
std::unique_ptr<line_network> make_line_network(const sc_core::sc_module_name& name, const line_network_params& params);

}  // namespace hxsim
