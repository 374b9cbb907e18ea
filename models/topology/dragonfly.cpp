#include "models/topology/dragonfly.h"

#include <fmt/format.h>

namespace hxsim {

dragonfly_shape dragonfly::shape_of(const platform_config& config)
{
    const topology_config& t = config.topology;
    return dragonfly_shape{t.terminals_per_router, t.routers_per_group, t.global_links_per_router};
}

void dragonfly::check(const platform_config& config)
{
    const std::string& algorithm = config.routing.algorithm;
    if (algorithm != "ugal" && algorithm != "minimal")
        throw config_error(fmt::format("{}: routing.algorithm: '{}' is not available on a dragonfly; use ugal or minimal",
                                       config.source, algorithm));
    // The router splits its VCs evenly among the classes: each needs at least one.
    const unsigned needed = dragonfly_routing::classes_for(algorithm == "ugal");
    if (config.vcs < needed)
        throw config_error(fmt::format("{}: router.vcs: {} routing on a dragonfly needs {} virtual channels (one per "
                                       "global link crossed so far), but router.vcs is {}",
                                       config.source, algorithm, needed, config.vcs));
}

dragonfly::dragonfly(const platform_config& config, forward_observer* observer)
    : m_shape(shape_of(config)),
      m_routing((check(config), m_shape), m_shape.terminals(), config.routing.algorithm == "ugal", config.run.seed)
{
    const std::uint32_t nic_flits = buffer_flits(config.router.buffer_bytes, config.flit_bytes);
    const std::uint32_t switch_flits = buffer_flits(config.net_switch.buffer_bytes, config.flit_bytes);
    const unsigned n = m_shape.terminals();

    accelerator_params ap = accelerator_setup(config, n, m_routing, observer);
    ap.nic.router_buffer_flits = switch_flits;  // the NIC injects into its router's input buffer

    router_params rp = make_router_params(config, config.net_switch);
    rp.routing = &m_routing;
    rp.observer = observer;
    rp.ports = m_shape.radix();
    rp.downstream_buffer_flits.assign(rp.ports, switch_flits);
    for (unsigned t = 0; t < m_shape.p; ++t)
        rp.downstream_buffer_flits[t] = nic_flits;  // behind a terminal port: the NIC's receive buffer
    for (unsigned r = 0; r < m_shape.routers(); ++r) {
        rp.id = n + r;
        m_switches.push_back(std::make_unique<hxsim::router>(
            fmt::format("group_{}_router_{}", m_shape.group_of(r), r % m_shape.a).c_str(), rp));
    }

    for (std::uint32_t t = 0; t < n; ++t) {
        ap.nic.id = t;
        m_nics.push_back(std::make_unique<hxsim::nic>(fmt::format("nic_{}", t).c_str(), ap.nic));
        m_inject.push_back(std::make_unique<hxsim::link>(fmt::format("link_inject_{}", t).c_str(), ap.nic_link));
        m_nics.back()->net_out.bind(m_inject.back()->in);
        m_inject.back()->out.bind(m_switches[m_shape.router_of_terminal(t)]->in[t % m_shape.p]);
    }

    // Every port's outgoing cable: to its NIC, to the other router of the group, or to the far
    // end of its global link.
    for (unsigned r = 0; r < m_shape.routers(); ++r) {
        const unsigned group = m_shape.group_of(r), here = r % m_shape.a;
        for (std::uint16_t port = 0; port < m_shape.radix(); ++port) {
            m_cables.push_back(std::make_unique<hxsim::link>(
                fmt::format("group_{}_router_{}_link_{}", group, here, port).c_str(), ap.mesh_link));
            hxsim::link& cable = *m_cables.back();
            m_switches[r]->out[port].bind(cable.in);
            if (port < m_shape.p) {
                cable.out.bind(m_nics[r * m_shape.p + port]->net_in);
            } else if (!m_shape.is_global_port(port)) {
                const unsigned there = m_shape.local_neighbour(here, port);
                cable.out.bind(m_switches[group * m_shape.a + there]->in[m_shape.local_port(there, here)]);
            } else {
                const unsigned link = here * m_shape.h + (port - m_shape.global_port(0));
                const unsigned far_group = m_shape.global_target(group, link), far = m_shape.far_end(link);
                cable.out.bind(m_switches[far_group * m_shape.a + m_shape.router_of_link(far)]
                                   ->in[m_shape.port_of_link(far)]);
            }
        }
    }

    // Routers and links for statistics and diagnostics: the routers in id order, the injection
    // links, then the routers' links.
    for (const auto& r : m_switches)
        m_routers.push_back(r.get());
    for (const auto& l : m_inject)
        m_links.push_back(l.get());
    for (const auto& l : m_cables)
        m_links.push_back(l.get());
}

terminal_grid dragonfly::layout() const
{
    terminal_grid grid;
    grid.rows = m_shape.a * m_shape.p;
    grid.cols = m_shape.groups();
    grid.terminal_at.resize(m_shape.terminals());
    for (std::uint32_t row = 0; row < grid.rows; ++row)
        for (std::uint32_t col = 0; col < grid.cols; ++col)
            grid.terminal_at[row * grid.cols + col] = col * grid.rows + row;
    return grid;
}

}  // namespace hxsim
