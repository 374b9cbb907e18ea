// One board of a HammingMesh: a-by-b accelerators wired as a 2D mesh without wrap-around. The
// links that leave the board at its edges are bound by the topology builder.
#pragma once

#include <memory>
#include <vector>

#include <systemc>

#include "models/accelerator/accelerator.h"

namespace hxsim {

struct board_params {
    hammingmesh_shape shape;
    unsigned board_row = 0;
    unsigned board_col = 0;
    accelerator_params accelerator;  ///< template; ids, routing and edge buffers are set per accelerator
    std::uint32_t mesh_buffer_flits = 0;        ///< an accelerator router's input buffer, per VC
    std::uint32_t row_edge_buffer_flits = 0;    ///< behind a W/E edge port (switch or wrap peer)
    std::uint32_t column_edge_buffer_flits = 0; ///< behind an N/S edge port
};

class board : public sc_core::sc_module {
public:
    board(const sc_core::sc_module_name& name, const board_params& params);

    /// The accelerator at local row `row`, column `col`.
    accelerator& at(unsigned row, unsigned col) { return *m_accelerators[row * m_shape.b + col]; }

private:
    hammingmesh_shape m_shape;
    std::vector<std::unique_ptr<accelerator>> m_accelerators;
};

}  // namespace hxsim
