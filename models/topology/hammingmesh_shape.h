// The geometry of a HammingMesh: where each accelerator and switch sits, and how they are
// numbered. Plain arithmetic, shared by the builder, the routing and the tests.
//
// Boards are numbered row-major over the x-by-y grid, accelerators row-major inside an a-by-b
// board: accelerator = board * a*b + row * b + col. Row network (R, r) joins accelerator-row r of
// every board of board-row R; column network (C, c) joins accelerator-column c of every board of
// board-column C. A dimension with a single board has no network: its edge ports are wired to
// each other (a wrap link) instead.
#pragma once

#include <cstdint>
#include <string>

namespace hxsim {

/// Module names, shared by the builder and the checks that match patterns (rtl.routers) against
/// them: accelerator router (r, c) of board (R, C) is board_R_C.acc_r_c.router.
inline std::string board_module_name(unsigned board_row, unsigned board_col)
{
    return "board_" + std::to_string(board_row) + "_" + std::to_string(board_col);
}
inline std::string accelerator_module_name(unsigned row, unsigned col)
{
    return "acc_" + std::to_string(row) + "_" + std::to_string(col);
}

/// Ports of an accelerator router.
enum accelerator_port : std::uint16_t { port_local = 0, port_n = 1, port_e = 2, port_s = 3, port_w = 4 };
constexpr unsigned accelerator_ports = 5;

struct hammingmesh_shape {
    unsigned a = 0;  ///< accelerator rows per board
    unsigned b = 0;  ///< accelerator columns per board
    unsigned x = 0;  ///< board rows
    unsigned y = 0;  ///< board columns

    struct coord {
        unsigned board_row, board_col, row, col;
        bool operator==(const coord& o) const
        {
            return board_row == o.board_row && board_col == o.board_col && row == o.row && col == o.col;
        }
    };

    unsigned accelerators() const { return a * b * x * y; }
    bool has_row_networks() const { return y >= 2; }
    bool has_column_networks() const { return x >= 2; }
    unsigned row_networks() const { return has_row_networks() ? x * a : 0; }
    unsigned column_networks() const { return has_column_networks() ? y * b : 0; }
    unsigned switches() const { return row_networks() + column_networks(); }
    /// Hops from one board to another through a network: into the switch and out (2), or one wrap link.
    unsigned row_network_hops() const { return has_row_networks() ? 2 : 1; }
    unsigned column_network_hops() const { return has_column_networks() ? 2 : 1; }

    coord coord_of(std::uint32_t acc) const
    {
        const unsigned per_board = a * b, board = acc / per_board, local = acc % per_board;
        return coord{board / y, board % y, local / b, local % b};
    }
    std::uint32_t accelerator_of(const coord& c) const
    {
        return (c.board_row * y + c.board_col) * a * b + c.row * b + c.col;
    }

    /// Router ids: accelerators first, then row-network switches, then column-network switches.
    std::uint32_t row_switch(unsigned board_row, unsigned row) const { return accelerators() + board_row * a + row; }
    std::uint32_t column_switch(unsigned board_col, unsigned col) const
    {
        return accelerators() + row_networks() + board_col * b + col;
    }
    bool is_row_switch(std::uint32_t id) const { return id >= accelerators() && id < accelerators() + row_networks(); }

    /// Switch ports: board-column C's W edge at 2C, E edge at 2C+1 (row networks); board-row R's
    /// N edge at 2R, S edge at 2R+1 (column networks).
    static std::uint16_t west_port(unsigned board_col) { return static_cast<std::uint16_t>(2 * board_col); }
    static std::uint16_t east_port(unsigned board_col) { return static_cast<std::uint16_t>(2 * board_col + 1); }
    static std::uint16_t north_port(unsigned board_row) { return static_cast<std::uint16_t>(2 * board_row); }
    static std::uint16_t south_port(unsigned board_row) { return static_cast<std::uint16_t>(2 * board_row + 1); }
};

}  // namespace hxsim
