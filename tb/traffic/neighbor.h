// Neighbor traffic: the terminal at grid position (row, col) sends all its messages to its
// neighbor in the row, at (row, (col + 1) mod cols). A single column is refused (config_error):
// everyone would send to itself.
#pragma once

#include "tb/traffic/grid_map.h"

namespace hxsim {

class neighbor_pattern : public grid_map_pattern {
public:
    neighbor_pattern(const platform_config& config, const terminal_grid& grid);
};

}  // namespace hxsim
