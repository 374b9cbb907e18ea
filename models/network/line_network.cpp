#include "models/network/line_network.h"

#include <string>

#include "models/network/fat_tree_network.h"

namespace hxsim {

namespace {

router_params single_switch_params(const line_network_params& params)
{
    router_params rp = params.switch_router;
    rp.id = params.first_switch_id;
    rp.ports = params.plan.ports;
    rp.downstream_buffer_flits.assign(rp.ports, params.board_buffer_flits);
    return rp;
}

}  // namespace

single_switch_network::single_switch_network(const sc_core::sc_module_name& name, const line_network_params& params)
    : line_network(name), net_switch("switch", single_switch_params(params))
{
    for (unsigned p = 0; p < params.plan.ports; ++p) {
        link_out.push_back(std::make_unique<hxsim::link>(("link_" + std::to_string(p)).c_str(), params.cable));
        net_switch.out[p].bind(link_out.back()->in);
        m_links.push_back(link_out.back().get());
    }
    m_switches.push_back(&net_switch);
}

std::unique_ptr<line_network> make_line_network(const sc_core::sc_module_name& name, const line_network_params& params)
{
    if (params.plan.is_tree())
        return std::make_unique<fat_tree_network>(name, params);
    return std::make_unique<single_switch_network>(name, params);
}

}  // namespace hxsim
