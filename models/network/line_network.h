// The network that joins one line of accelerators across a line of boards (a row network or a
// column network of HammingMesh): today a single radix-k switch with one link per board edge port.
#pragma once

#include <memory>
#include <vector>

#include <systemc>

#include "models/link/link.h"
#include "models/router/router.h"

namespace hxsim {

struct line_network_params {
    router_params switch_router;  ///< ports, downstream buffers and routing already set
    link_params cable;            ///< switch -> accelerator links
};

class line_network : public sc_core::sc_module {
public:
    hxsim::router net_switch;                       ///< named "switch"
    std::vector<std::unique_ptr<hxsim::link>> link_out;  ///< one per switch port, toward the boards

    line_network(const sc_core::sc_module_name& name, const line_network_params& params);
};

}  // namespace hxsim
