// Transpose traffic: the terminal at grid position (row, col) sends all its messages to the one
// at (col, row). Needs a square grid. The terminals on the diagonal would send to themselves,
// which a NIC refuses, so they do not inject at all.
#pragma once

#include "tb/traffic/grid_map.h"

namespace hxsim {

class transpose_pattern : public grid_map_pattern {
public:
    /// Throws config_error if the grid is not square.
    transpose_pattern(const platform_config& config, const terminal_grid& grid);
};

}  // namespace hxsim
