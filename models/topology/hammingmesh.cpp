#include "models/topology/hammingmesh.h"

#include <fmt/format.h>

#include "models/core/glob.h"
#include "models/topology/describe.h"

namespace hxsim {

namespace {

hammingmesh_shape shape_of(const platform_config& config)
{
    return hammingmesh_shape_of(config.topology);
}

/// The shape, once hammingmesh::check has accepted `config`.
hammingmesh_shape checked_shape_of(const platform_config& config)
{
    hammingmesh::check(config);
    return shape_of(config);
}

}  // namespace

void hammingmesh::check(const platform_config& config)
{
    // Every board of a line attaches 2 ports to its network: one switch, or a 2- or 3-level fat tree
    // when that is more than the radix; a line needing a fourth level is refused.
    check_line_networks(config);

    // A pattern of rtl.routers that selects nothing is a typo, not a wish for an all-TLM platform.
    const hammingmesh_shape shape = shape_of(config);
    for (const std::string& pattern : config.rtl.routers) {
        bool matched = false;
        for (std::uint32_t id = 0; id < shape.accelerators() && !matched; ++id)
            matched = glob_match(pattern, router_name(shape, id));
        if (!matched)
            throw config_error(fmt::format("{}: rtl.routers: the pattern '{}' matches no accelerator router; they are "
                                           "named board_<board row>_<board column>.acc_<row>_<column>.router, from {} "
                                           "to {}",
                                           config.source, pattern, router_name(shape, 0),
                                           router_name(shape, shape.accelerators() - 1)));
    }
}

std::string hammingmesh::router_name(const hammingmesh_shape& shape, std::uint32_t accelerator)
{
    const hammingmesh_shape::coord c = shape.coord_of(accelerator);
    return board_module_name(c.board_row, c.board_col) + "." + accelerator_module_name(c.row, c.col) + ".router";
}

hammingmesh::hammingmesh(const platform_config& config, forward_observer* observer)
    : m_shape(checked_shape_of(config)), m_routing(m_shape),
      m_accelerator_buffer_flits(buffer_flits(config.router.buffer_bytes, config.flit_bytes))
{
    const std::uint32_t acc_flits = m_accelerator_buffer_flits;
    const std::uint32_t switch_flits = buffer_flits(config.net_switch.buffer_bytes, config.flit_bytes);

    const accelerator_params ap = accelerator_setup(config, m_shape.accelerators(), m_routing, observer);

    board_params bp;
    bp.shape = m_shape;
    bp.accelerator = ap;
    bp.mesh_buffer_flits = acc_flits;
    bp.row_edge_buffer_flits = m_shape.has_row_networks() ? switch_flits : acc_flits;
    bp.column_edge_buffer_flits = m_shape.has_column_networks() ? switch_flits : acc_flits;
    for (unsigned br = 0; br < m_shape.x; ++br)
        for (unsigned bc = 0; bc < m_shape.y; ++bc) {
            bp.board_row = br;
            bp.board_col = bc;
            m_boards.push_back(std::make_unique<board>(board_module_name(br, bc).c_str(), bp));
        }

    line_network_params np;
    np.switch_router = make_router_params(config, config.net_switch);
    np.switch_router.routing = &m_routing;
    np.switch_router.observer = observer;
    np.board_buffer_flits = acc_flits;
    np.switch_buffer_flits = switch_flits;
    np.cable = ap.mesh_link;
    for (unsigned br = 0; br < m_shape.x; ++br)
        for (unsigned r = 0; r < m_shape.a; ++r)
            build_row_network(br, r, np);
    for (unsigned bc = 0; bc < m_shape.y; ++bc)
        for (unsigned c = 0; c < m_shape.b; ++c)
            build_column_network(bc, c, np);

    // Routers and links in id order, for statistics and diagnostics.
    for (std::uint32_t id = 0; id < m_shape.accelerators(); ++id) {
        accelerator& acc = accelerator_at(m_shape.coord_of(id));
        m_routers.push_back(acc.router.get());
        m_links.push_back(&acc.link_inject);
        for (const auto& l : acc.link_out)
            m_links.push_back(l.get());
    }
    for (const auto& net : m_networks) {
        m_routers.insert(m_routers.end(), net->switches().begin(), net->switches().end());
        m_links.insert(m_links.end(), net->links().begin(), net->links().end());
    }
}

accelerator& hammingmesh::accelerator_at(const hammingmesh_shape::coord& c)
{
    return m_boards[c.board_row * m_shape.y + c.board_col]->at(c.row, c.col);
}

terminal_grid hammingmesh::layout() const
{
    // An accelerator's global place: its board's row and column times the board size plus its own.
    terminal_grid grid;
    grid.rows = m_shape.x * m_shape.a;
    grid.cols = m_shape.y * m_shape.b;
    grid.terminal_at.resize(m_shape.accelerators());
    for (std::uint32_t id = 0; id < m_shape.accelerators(); ++id) {
        const hammingmesh_shape::coord c = m_shape.coord_of(id);
        grid.terminal_at[(c.board_row * m_shape.a + c.row) * grid.cols + c.board_col * m_shape.b + c.col] = id;
    }
    return grid;
}

nic& hammingmesh::nic_of(unsigned id)
{
    return accelerator_at(m_shape.coord_of(id)).nic;
}

void hammingmesh::build_row_network(unsigned board_row, unsigned row, const line_network_params& base)
{
    const unsigned last = m_shape.b - 1;
    if (!m_shape.has_row_networks()) {
        // One board in the row direction: its W and E edge ports are wired to each other.
        accelerator& west = accelerator_at({board_row, 0, row, 0});
        accelerator& east = accelerator_at({board_row, 0, row, last});
        west.link_out[port_w]->out.bind(east.router->in[port_e]);
        east.link_out[port_e]->out.bind(west.router->in[port_w]);
        return;
    }
    line_network_params np = base;
    np.plan = m_shape.row_plan();
    np.first_switch_id = m_shape.row_switch(board_row, row);
    m_networks.push_back(make_line_network(fmt::format("row_net_{}", board_row * m_shape.a + row).c_str(), np));
    line_network& net = *m_networks.back();
    for (unsigned bc = 0; bc < m_shape.y; ++bc) {
        bind_line_port(net, hammingmesh_shape::west_port(bc), accelerator_at({board_row, bc, row, 0}), port_w);
        bind_line_port(net, hammingmesh_shape::east_port(bc), accelerator_at({board_row, bc, row, last}), port_e);
    }
}

void hammingmesh::bind_line_port(line_network& net, std::uint16_t line_port, accelerator& acc, std::uint16_t acc_port)
{
    acc.link_out[acc_port]->out.bind(net.port_in(line_port));
    net.port_out(line_port).out.bind(acc.router->in[acc_port]);
}

void hammingmesh::build_column_network(unsigned board_col, unsigned col, const line_network_params& base)
{
    const unsigned last = m_shape.a - 1;
    if (!m_shape.has_column_networks()) {
        accelerator& north = accelerator_at({0, board_col, 0, col});
        accelerator& south = accelerator_at({0, board_col, last, col});
        north.link_out[port_n]->out.bind(south.router->in[port_s]);
        south.link_out[port_s]->out.bind(north.router->in[port_n]);
        return;
    }
    line_network_params np = base;
    np.plan = m_shape.column_plan();
    np.first_switch_id = m_shape.column_switch(board_col, col);
    m_networks.push_back(make_line_network(fmt::format("col_net_{}", board_col * m_shape.b + col).c_str(), np));
    line_network& net = *m_networks.back();
    for (unsigned br = 0; br < m_shape.x; ++br) {
        bind_line_port(net, hammingmesh_shape::north_port(br), accelerator_at({br, board_col, 0, col}), port_n);
        bind_line_port(net, hammingmesh_shape::south_port(br), accelerator_at({br, board_col, last, col}), port_s);
    }
}

}  // namespace hxsim
