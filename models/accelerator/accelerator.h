// One accelerator's network chip: its NIC, its 5-port router (local, N, E, S, W) and the links
// leaving it. The router is the TLM model, or the verilated RTL when its name matches a pattern
// of rtl.routers. The NIC's two links join it to the router's local port; the four mesh links leave
// the router toward the neighbours, or off the board at an edge (wired by the board and builder).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "models/link/link.h"
#include "models/nic/nic.h"
#include "models/router/router.h"
#include "models/router/router_base.h"
#include "models/topology/hammingmesh_shape.h"

namespace hxsim {

struct accelerator_params {
    router_params router;     ///< ports, port names and the local port's credits are filled in here
    nic_params nic;
    link_params mesh_link;    ///< the N/E/S/W links (board traces and cables alike)
    link_params nic_link;     ///< NIC <-> router, at the injection bandwidth
    /// Buffer (flits per VC) behind each mesh port's link: a neighbour's or a switch's input.
    std::array<std::uint32_t, accelerator_ports> downstream_buffer_flits{};
    /// Globs over router names (rtl.routers): a router that matches one is the verilated RTL.
    std::vector<std::string> rtl_routers;
};

class accelerator : public sc_core::sc_module {
public:
    hxsim::nic nic;
    std::unique_ptr<router_base> router;  ///< TLM or RTL, see rtl_routers
    hxsim::link link_inject;  ///< NIC -> router local port
    /// Links leaving the router, by port: [port_local] goes to the NIC, the others to N, E, S, W.
    std::array<std::unique_ptr<hxsim::link>, accelerator_ports> link_out;

    accelerator(const sc_core::sc_module_name& name, const accelerator_params& params);

    /// Whether the router is the verilated RTL.
    bool rtl() const { return m_rtl; }

private:
    static router_params router_setup(const accelerator_params& params);

    bool m_rtl = false;
};

}  // namespace hxsim
