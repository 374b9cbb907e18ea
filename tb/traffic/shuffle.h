// Perfect-shuffle traffic: the terminal at row-major grid position i sends all its messages to the
// one at i's log2(N) bits rotated left by one. Needs N a power of two. The positions that the
// rotation leaves unchanged (all zeros, all ones) would send to themselves: they do not inject.
#pragma once

#include "tb/traffic/grid_map.h"

namespace hxsim {

class shuffle_pattern : public grid_map_pattern {
public:
    /// Throws config_error unless the number of terminals is a power of two.
    shuffle_pattern(const platform_config& config, const terminal_grid& grid);
};

}  // namespace hxsim
