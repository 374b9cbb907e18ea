#include "models/network/line_network.h"

#include <string>

namespace hxsim {

line_network::line_network(const sc_core::sc_module_name& name, const line_network_params& params)
    : sc_core::sc_module(name), net_switch("switch", params.switch_router)
{
    for (unsigned p = 0; p < params.switch_router.ports; ++p) {
        link_out.push_back(std::make_unique<hxsim::link>(("link_" + std::to_string(p)).c_str(), params.cable));
        net_switch.out[p].bind(link_out.back()->in);
    }
}

}  // namespace hxsim
