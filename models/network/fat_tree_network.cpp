#include "models/network/fat_tree_network.h"

#include <stdexcept>

namespace hxsim {

fat_tree_network::fat_tree_network(const sc_core::sc_module_name& name, const line_network_params& params)
    : line_network(name), m_plan(params.plan)
{
    if (!m_plan.is_tree() || !m_plan.buildable())
        throw std::logic_error(std::string(this->name()) + ": not a buildable fat tree");

    // Leaves: down ports toward the boards (accelerator buffers behind them), then up ports.
    for (unsigned l = 0; l < m_plan.leaves; ++l)
        leaves.push_back(make_switch("leaf_" + std::to_string(l), l, m_plan.leaf_ports(l), m_plan.leaf_down_ports(l),
                                     params));
    if (m_plan.three_levels())
        build_three_levels(params);
    else
        build_two_levels(params);

    for (const auto* level : {&leaves, &spines, &cores})
        for (const auto& r : *level)
            m_switches.push_back(r.get());
    for (const auto* group : {&link_out, &leaf_up, &spine_down, &spine_up, &core_down})
        for (const auto& l : *group)
            m_links.push_back(l.get());
}

void fat_tree_network::make_line_links(const line_network_params& params)
{
    for (unsigned p = 0; p < m_plan.ports; ++p) {
        link_out.push_back(std::make_unique<hxsim::link>(("link_" + std::to_string(p)).c_str(), params.cable));
        leaves[m_plan.leaf_of(p)]->out[m_plan.leaf_down_port(p)].bind(link_out.back()->in);
    }
}

std::unique_ptr<hxsim::router> fat_tree_network::make_switch(const std::string& name, unsigned index, unsigned ports,
                                                             unsigned board_ports,
                                                             const line_network_params& params) const
{
    router_params rp = params.switch_router;
    rp.id = params.first_switch_id + index;
    rp.ports = ports;
    rp.downstream_buffer_flits.assign(rp.ports, params.switch_buffer_flits);
    for (unsigned p = 0; p < board_ports; ++p)
        rp.downstream_buffer_flits[p] = params.board_buffer_flits;
    return std::make_unique<hxsim::router>(name.c_str(), rp);
}

std::unique_ptr<hxsim::link> fat_tree_network::make_cable(const std::string& name, hxsim::router& from,
                                                          unsigned from_port, hxsim::router& to, unsigned to_port,
                                                          const line_network_params& params) const
{
    auto cable = std::make_unique<hxsim::link>((name + "_link_" + std::to_string(from_port)).c_str(), params.cable);
    from.out[from_port].bind(cable->in);
    cable->out.bind(to.in[to_port]);
    return cable;
}

void fat_tree_network::build_two_levels(const line_network_params& params)
{
    const line_network_plan& plan = m_plan;
    for (unsigned s = 0; s < plan.spines; ++s)
        spines.push_back(make_switch("spine_" + std::to_string(s), plan.leaves + s, plan.spine_ports(), 0, params));
    make_line_links(params);
    for (unsigned l = 0; l < plan.leaves; ++l)
        for (unsigned u = 0; u < plan.up; ++u)
            leaf_up.push_back(make_cable("leaf_" + std::to_string(l), *leaves[l], plan.leaf_up_port(l, u),
                                         *spines[plan.spine_of_up(u)], plan.spine_port(l, u), params));
    for (unsigned s = 0; s < plan.spines; ++s)
        for (unsigned p = 0; p < plan.spine_ports(); ++p) {
            const unsigned l = plan.leaf_of_spine_port(p);
            spine_down.push_back(make_cable("spine_" + std::to_string(s), *spines[s], p, *leaves[l],
                                            plan.leaf_up_port(l, plan.up_of_spine_port(s, p)), params));
        }
}

void fat_tree_network::build_three_levels(const line_network_params& params)
{
    const line_network_plan& plan = m_plan;
    for (unsigned s = 0; s < plan.spines; ++s)
        spines.push_back(make_switch("spine_" + std::to_string(s), plan.leaves + s, plan.spine3_ports(s), 0, params));
    for (unsigned c = 0; c < plan.all_cores(); ++c)
        cores.push_back(
            make_switch("core_" + std::to_string(c), plan.leaves + plan.spines + c, plan.core_ports(), 0, params));
    make_line_links(params);

    for (unsigned l = 0; l < plan.leaves; ++l) {
        const unsigned pod = plan.pod_of_leaf(l);
        for (unsigned j = 0; j < plan.up; ++j)
            leaf_up.push_back(make_cable("leaf_" + std::to_string(l), *leaves[l], plan.leaf_up_port(l, j),
                                         *spines[plan.pod_spine(pod, j)], plan.spine_port_to_leaf(l), params));
    }
    for (unsigned s = 0; s < plan.spines; ++s) {
        const unsigned pod = s / plan.up, j = s % plan.up, below = plan.spine_down_ports(s);
        for (unsigned i = 0; i < below; ++i) {
            const unsigned l = pod * plan.down + i;
            spine_down.push_back(make_cable("spine_" + std::to_string(s), *spines[s], i, *leaves[l],
                                            plan.leaf_up_port(l, j), params));
        }
        for (unsigned v = 0; v < plan.spine_up; ++v)
            spine_up.push_back(make_cable("spine_" + std::to_string(s), *spines[s], below + v,
                                          *cores[j * plan.cores + v / plan.core_links],
                                          pod * plan.core_links + v % plan.core_links, params));
    }
    for (unsigned c = 0; c < plan.all_cores(); ++c) {
        const unsigned j = c / plan.cores, in_group = c % plan.cores;
        for (unsigned p = 0; p < plan.core_ports(); ++p) {
            const unsigned pod = p / plan.core_links, s = plan.pod_spine(pod, j);
            core_down.push_back(make_cable("core_" + std::to_string(c), *cores[c], p, *spines[s],
                                           plan.spine_down_ports(s) + in_group * plan.core_links + p % plan.core_links,
                                           params));
        }
    }
}

}  // namespace hxsim
