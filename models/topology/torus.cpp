#include "models/topology/torus.h"

#include <fmt/format.h>

#include "models/routing/torus_adaptive_routing.h"

namespace hxsim {

namespace {

torus_shape shape_of(const platform_config& config)
{
    return torus_shape{config.topology.dims[0], config.topology.dims[1], config.topology.kind == "torus"};
}

std::unique_ptr<routing_algorithm> make_routing(const platform_config& config, const torus_shape& shape)
{
    const std::string& algorithm = config.routing.algorithm;
    const char* network = shape.wrap ? "a torus" : "a mesh";
    unsigned needed = 0;
    const char* why = "";
    std::unique_ptr<routing_algorithm> routing;
    if (algorithm == "dimension-order") {
        routing = std::make_unique<dimension_order_routing>(shape);
        needed = dimension_order_routing::classes_for(shape);
        why = "dateline";
    } else if (algorithm == "min-adaptive") {
        routing = std::make_unique<torus_adaptive_routing>(shape);
        needed = torus_adaptive_routing::classes_for(shape);
        why = shape.wrap ? "two dateline escape classes and an adaptive one" : "an escape class and an adaptive one";
    } else {
        throw config_error(fmt::format("{}: routing.algorithm: '{}' is not available on {}; use dimension-order or "
                                       "min-adaptive", config.source, algorithm, network));
    }
    // The router splits its VCs evenly among the classes: each needs at least one.
    if (config.vcs < needed)
        throw config_error(fmt::format("{}: router.vcs: {} routing on {} needs {} virtual channels ({}), but "
                                       "router.vcs is {}", config.source, algorithm, network, needed, why, config.vcs));
    return routing;
}

}  // namespace

void torus::check(const platform_config& config)
{
    make_routing(config, shape_of(config));
}

torus::torus(const platform_config& config, forward_observer* observer)
    : m_shape(shape_of(config)), m_routing(make_routing(config, m_shape))
{
    const std::uint32_t buffer = buffer_flits(config.router.buffer_bytes, config.flit_bytes);

    accelerator_params ap = accelerator_setup(config, m_shape.routers(), *m_routing, observer);

    static constexpr std::uint16_t directions[] = {port_n, port_e, port_s, port_w};
    for (std::uint32_t id = 0; id < m_shape.routers(); ++id) {
        const torus_shape::coord c = m_shape.coord_of(id);
        ap.router.id = id;
        ap.nic.id = id;
        // A mesh edge port has no neighbour: 0 credits, so the router never sends there.
        for (std::uint16_t p : directions)
            ap.downstream_buffer_flits[p] = m_shape.has_link(c, p) ? buffer : 0;
        m_nodes.push_back(std::make_unique<accelerator>(fmt::format("node_{}_{}", c.row, c.col).c_str(), ap));
    }

    // Every N/E/S/W link reaches the neighbour's opposite port (around the ring at a torus edge).
    static const char* const port_names[accelerator_ports] = {"local", "N", "E", "S", "W"};
    for (std::uint32_t id = 0; id < m_shape.routers(); ++id) {
        const torus_shape::coord c = m_shape.coord_of(id);
        accelerator& here = *m_nodes[id];
        for (std::uint16_t p : directions) {
            if (m_shape.has_link(c, p)) {
                here.link_out[p]->out.bind(node_at(m_shape.neighbour(c, p)).router->in[torus_shape::opposite(p)]);
                continue;
            }
            m_terminators.push_back(std::make_unique<link_terminator>(
                fmt::format("edge_{}_{}_{}", c.row, c.col, port_names[p]).c_str()));
            here.link_out[p]->out.bind(m_terminators.back()->in);
            m_terminators.back()->out.bind(here.router->in[p]);
        }
    }

    // Routers and links in id order, for statistics and diagnostics; a mesh edge link joins
    // nothing and is left out.
    for (std::uint32_t id = 0; id < m_shape.routers(); ++id) {
        const torus_shape::coord c = m_shape.coord_of(id);
        accelerator& node = *m_nodes[id];
        m_routers.push_back(node.router.get());
        m_links.push_back(&node.link_inject);
        m_links.push_back(node.link_out[port_local].get());
        for (std::uint16_t p : directions)
            if (m_shape.has_link(c, p))
                m_links.push_back(node.link_out[p].get());
    }
}

terminal_grid torus::layout() const
{
    terminal_grid grid;
    grid.rows = m_shape.rows;
    grid.cols = m_shape.cols;
    grid.terminal_at.resize(m_shape.routers());
    for (std::uint32_t i = 0; i < m_shape.routers(); ++i)
        grid.terminal_at[i] = i;
    return grid;
}

nic& torus::nic_of(unsigned accelerator)
{
    return m_nodes.at(accelerator)->nic;
}

}  // namespace hxsim
