#include "models/board/board.h"

namespace hxsim {

board::board(const sc_core::sc_module_name& name, const board_params& params)
    : sc_core::sc_module(name), m_shape(params.shape)
{
    const unsigned a = m_shape.a, b = m_shape.b;
    for (unsigned r = 0; r < a; ++r)
        for (unsigned c = 0; c < b; ++c) {
            accelerator_params ap = params.accelerator;
            const std::uint32_t id = m_shape.accelerator_of({params.board_row, params.board_col, r, c});
            ap.router.id = id;
            ap.nic.id = id;
            ap.downstream_buffer_flits[port_n] = r == 0 ? params.column_edge_buffer_flits : params.mesh_buffer_flits;
            ap.downstream_buffer_flits[port_s] = r == a - 1 ? params.column_edge_buffer_flits : params.mesh_buffer_flits;
            ap.downstream_buffer_flits[port_w] = c == 0 ? params.row_edge_buffer_flits : params.mesh_buffer_flits;
            ap.downstream_buffer_flits[port_e] = c == b - 1 ? params.row_edge_buffer_flits : params.mesh_buffer_flits;
            m_accelerators.push_back(std::make_unique<accelerator>(accelerator_module_name(r, c).c_str(), ap));
        }
    // The on-board mesh: every inner port faces its neighbour's opposite port.
    for (unsigned r = 0; r < a; ++r)
        for (unsigned c = 0; c < b; ++c) {
            accelerator& here = at(r, c);
            if (c + 1 < b) {
                here.link_out[port_e]->out.bind(at(r, c + 1).router->in[port_w]);
                at(r, c + 1).link_out[port_w]->out.bind(here.router->in[port_e]);
            }
            if (r + 1 < a) {
                here.link_out[port_s]->out.bind(at(r + 1, c).router->in[port_n]);
                at(r + 1, c).link_out[port_n]->out.bind(here.router->in[port_s]);
            }
        }
}

}  // namespace hxsim
