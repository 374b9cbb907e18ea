#include "models/topology/fat_tree.h"

#include <fmt/format.h>

#include "models/topology/describe.h"

namespace hxsim {

namespace {

unsigned accelerators_of(const platform_config& config)
{
    return config.topology.dims[0] * config.topology.dims[1];
}

}  // namespace

line_network_plan fat_tree::plan_of(const platform_config& config)
{
    return plan_network(accelerators_of(config), config.topology.switch_radix,
                        tapered_up_ports(config.topology.switch_radix, config.topology.taper));
}

void fat_tree::check(const platform_config& config)
{
    check_fat_tree(config);  // the same rule as --describe
    if (config.routing.algorithm != "min-adaptive")
        throw config_error(fmt::format("{}: routing.algorithm: '{}' is not available on a fat tree; use min-adaptive",
                                       config.source, config.routing.algorithm));
}

fat_tree::fat_tree(const platform_config& config, forward_observer* observer)
    : m_rows(config.topology.dims[0]), m_cols(config.topology.dims[1]), m_accelerators(m_rows * m_cols),
      m_routing((check(config), plan_of(config)), m_accelerators)
{
    const std::uint32_t nic_flits = buffer_flits(config.router.buffer_bytes, config.flit_bytes);
    const std::uint32_t switch_flits = buffer_flits(config.net_switch.buffer_bytes, config.flit_bytes);

    accelerator_params ap = accelerator_setup(config, m_accelerators, m_routing, observer);
    ap.nic.router_buffer_flits = switch_flits;  // the NIC injects into a leaf's input buffer

    line_network_params np;
    np.plan = m_routing.plan();
    np.switch_router = make_router_params(config, config.net_switch);
    np.switch_router.routing = &m_routing;
    np.switch_router.observer = observer;
    np.first_switch_id = m_accelerators;
    np.board_buffer_flits = nic_flits;  // behind a line port: the NIC's receive buffer
    np.switch_buffer_flits = switch_flits;
    np.cable = ap.mesh_link;
    m_tree = make_line_network("tree", np);

    for (std::uint32_t p = 0; p < m_accelerators; ++p) {
        ap.nic.id = p;
        m_nics.push_back(std::make_unique<hxsim::nic>(fmt::format("nic_{}", p).c_str(), ap.nic));
        m_inject.push_back(std::make_unique<hxsim::link>(fmt::format("link_inject_{}", p).c_str(), ap.nic_link));
        m_nics.back()->net_out.bind(m_inject.back()->in);
        m_inject.back()->out.bind(m_tree->port_in(p));
        m_tree->port_out(p).out.bind(m_nics.back()->net_in);
    }

    // Routers and links for statistics and diagnostics: the switches in id order, the injection
    // links, then the tree's links (link_<p> toward NIC p first).
    m_routers = m_tree->switches();
    for (const auto& l : m_inject)
        m_links.push_back(l.get());
    m_links.insert(m_links.end(), m_tree->links().begin(), m_tree->links().end());
}

terminal_grid fat_tree::layout() const
{
    terminal_grid grid;
    grid.rows = m_rows;
    grid.cols = m_cols;
    grid.terminal_at.resize(m_accelerators);
    for (std::uint32_t i = 0; i < m_accelerators; ++i)
        grid.terminal_at[i] = i;
    return grid;
}

}  // namespace hxsim
