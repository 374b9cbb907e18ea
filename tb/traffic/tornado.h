// Tornado traffic (BookSim's, in the row dimension): the terminal at grid position (row, col)
// sends all its messages to the one at (row, (col + ceil(cols/2) - 1) mod cols), nearly half-way
// around its row. With fewer than three columns that offset is zero and nobody would send, which
// is refused (config_error).
#pragma once

#include "tb/traffic/grid_map.h"

namespace hxsim {

class tornado_pattern : public grid_map_pattern {
public:
    tornado_pattern(const platform_config& config, const terminal_grid& grid);
};

}  // namespace hxsim
