// One accelerator's network chip: its NIC, its 5-port router (local, N, E, S, W) and the links
// leaving it. The NIC's two links join it to the router's local port; the four mesh links leave
// the router toward the neighbours, or off the board at an edge (wired by the board and builder).
#pragma once

#include <array>
#include <memory>

#include <systemc>

#include "models/link/link.h"
#include "models/nic/nic.h"
#include "models/router/router.h"
#include "models/topology/hammingmesh_shape.h"

namespace hxsim {

struct accelerator_params {
    router_params router;     ///< ports, port names and the local port's credits are filled in here
    nic_params nic;
    link_params mesh_link;    ///< the N/E/S/W links (board traces and cables alike)
    link_params nic_link;     ///< NIC <-> router, at the injection bandwidth
    /// Buffer (flits per VC) behind each mesh port's link: a neighbour's or a switch's input.
    std::array<std::uint32_t, accelerator_ports> downstream_buffer_flits{};
};

class accelerator : public sc_core::sc_module {
public:
    hxsim::nic nic;
    hxsim::router router;
    hxsim::link link_inject;  ///< NIC -> router local port
    /// Links leaving the router, by port: [port_local] goes to the NIC, the others to N, E, S, W.
    std::array<std::unique_ptr<hxsim::link>, accelerator_ports> link_out;

    accelerator(const sc_core::sc_module_name& name, const accelerator_params& params);

private:
    static router_params router_setup(const accelerator_params& params);
};

}  // namespace hxsim
