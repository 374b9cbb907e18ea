// Builds a whole HammingMesh platform from its configuration: x-by-y boards of a-by-b
// accelerators, one network per row and per column of accelerators (a single radix-k switch, or a
// 2- or 3-level fat tree of them when the line has more than k ports), or wrap links where a dimension
// has a single board. Modules are named by place: board_<R>_<C>.acc_<r>_<c>.{nic,router,link_*},
// row_net_<i>.switch, col_net_<i>.switch, or row_net_<i>.leaf_<l>, row_net_<i>.spine_<s>.
#pragma once

#include <memory>
#include <vector>

#include "models/board/board.h"
#include "models/network/line_network.h"
#include "models/routing/hammingmesh_routing.h"
#include "models/topology/platform.h"

namespace hxsim {

class hammingmesh : public platform {
public:
    /// Throws config_error naming topology.switch_radix when a row or column network would need
    /// more than a 3-level fat tree.
    hammingmesh(const platform_config& config, forward_observer* observer);

    /// The checks the constructor makes on `config`, without building anything.
    static void check(const platform_config& config);

    /// The hierarchical name of an accelerator's router, as built: board_R_C.acc_r_c.router.
    static std::string router_name(const hammingmesh_shape& shape, std::uint32_t accelerator);

    unsigned accelerators() const override { return m_shape.accelerators(); }
    hxsim::nic& nic_of(unsigned accelerator) override;
    terminal_grid layout() const override;
    const hammingmesh_shape& shape() const { return m_shape; }

private:
    accelerator& accelerator_at(const hammingmesh_shape::coord& c);
    void build_row_network(unsigned board_row, unsigned row, const line_network_params& base);
    void build_column_network(unsigned board_col, unsigned col, const line_network_params& base);
    void bind_line_port(line_network& net, std::uint16_t line_port, accelerator& acc, std::uint16_t acc_port);

    hammingmesh_shape m_shape;
    hammingmesh_routing m_routing;
    std::uint32_t m_accelerator_buffer_flits;  ///< an accelerator router's input buffer, per VC
    std::vector<std::unique_ptr<board>> m_boards;
    std::vector<std::unique_ptr<line_network>> m_networks;
};

}  // namespace hxsim
