// Bit-complement traffic: the terminal at row-major grid position i, written with the log2(N)
// bits of the N positions, sends all its messages to the one at position ~i. Needs N a power of
// two; no terminal maps onto itself.
#pragma once

#include "tb/traffic/grid_map.h"

namespace hxsim {

class bit_complement_pattern : public grid_map_pattern {
public:
    /// Throws config_error unless the number of terminals is a power of two.
    bit_complement_pattern(const platform_config& config, const terminal_grid& grid);
};

}  // namespace hxsim
