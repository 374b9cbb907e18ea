#include "models/network/fat_tree_network.h"

#include <stdexcept>
#include <string>

namespace hxsim {

fat_tree_network::fat_tree_network(const sc_core::sc_module_name& name, const line_network_params& params)
    : line_network(name), m_plan(params.plan)
{
    const line_network_plan& plan = m_plan;
    if (!plan.is_tree() || !plan.buildable())
        throw std::logic_error(std::string(this->name()) + ": not a buildable 2-level fat tree");

    // Leaves: down ports toward the boards (accelerator buffers behind them), then up ports.
    for (unsigned l = 0; l < plan.leaves; ++l) {
        router_params rp = params.switch_router;
        rp.id = params.first_switch_id + l;
        rp.ports = plan.leaf_ports(l);
        rp.downstream_buffer_flits.assign(rp.ports, params.switch_buffer_flits);
        for (unsigned p = 0; p < plan.leaf_down_ports(l); ++p)
            rp.downstream_buffer_flits[p] = params.board_buffer_flits;
        leaves.push_back(std::make_unique<hxsim::router>(("leaf_" + std::to_string(l)).c_str(), rp));
    }
    // Spines: every port faces a leaf's input buffer.
    for (unsigned s = 0; s < plan.spines; ++s) {
        router_params rp = params.switch_router;
        rp.id = params.first_switch_id + plan.leaves + s;
        rp.ports = plan.spine_ports();
        rp.downstream_buffer_flits.assign(rp.ports, params.switch_buffer_flits);
        spines.push_back(std::make_unique<hxsim::router>(("spine_" + std::to_string(s)).c_str(), rp));
    }

    for (unsigned p = 0; p < plan.ports; ++p) {
        link_out.push_back(std::make_unique<hxsim::link>(("link_" + std::to_string(p)).c_str(), params.cable));
        leaves[plan.leaf_of(p)]->out[plan.leaf_down_port(p)].bind(link_out.back()->in);
    }
    for (unsigned l = 0; l < plan.leaves; ++l)
        for (unsigned u = 0; u < plan.up; ++u) {
            const std::uint16_t port = plan.leaf_up_port(l, u);
            leaf_up.push_back(std::make_unique<hxsim::link>(
                ("leaf_" + std::to_string(l) + "_link_" + std::to_string(port)).c_str(), params.cable));
            leaves[l]->out[port].bind(leaf_up.back()->in);
            leaf_up.back()->out.bind(spines[plan.spine_of_up(u)]->in[plan.spine_port(l, u)]);
        }
    for (unsigned s = 0; s < plan.spines; ++s)
        for (unsigned p = 0; p < plan.spine_ports(); ++p) {
            const unsigned l = plan.leaf_of_spine_port(p);
            spine_down.push_back(std::make_unique<hxsim::link>(
                ("spine_" + std::to_string(s) + "_link_" + std::to_string(p)).c_str(), params.cable));
            spines[s]->out[p].bind(spine_down.back()->in);
            spine_down.back()->out.bind(leaves[l]->in[plan.leaf_up_port(l, plan.up_of_spine_port(s, p))]);
        }

    for (const auto& r : leaves)
        m_switches.push_back(r.get());
    for (const auto& r : spines)
        m_switches.push_back(r.get());
    for (const auto* group : {&link_out, &leaf_up, &spine_down})
        for (const auto& l : *group)
            m_links.push_back(l.get());
}

}  // namespace hxsim
