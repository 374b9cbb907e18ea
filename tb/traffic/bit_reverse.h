// Bit-reverse traffic: the terminal at row-major grid position i sends all its messages to the one
// at the position whose log2(N) bits are those of i in reverse order. Needs N a power of two.
// Terminals whose position is a bit palindrome would send to themselves: they do not inject.
#pragma once

#include "tb/traffic/grid_map.h"

namespace hxsim {

class bit_reverse_pattern : public grid_map_pattern {
public:
    /// Throws config_error unless the number of terminals is a power of two.
    bit_reverse_pattern(const platform_config& config, const terminal_grid& grid);
};

}  // namespace hxsim
