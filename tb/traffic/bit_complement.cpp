#include "tb/traffic/bit_complement.h"

namespace hxsim {

namespace {

std::vector<std::uint32_t> complemented(unsigned bits)
{
    const std::uint32_t mask = (std::uint32_t{1} << bits) - 1;
    std::vector<std::uint32_t> target(mask + 1);
    for (std::uint32_t p = 0; p <= mask; ++p)
        target[p] = ~p & mask;
    return target;
}

}  // namespace

bit_complement_pattern::bit_complement_pattern(const platform_config& config, const terminal_grid& grid)
    : grid_map_pattern(config, grid, complemented(position_bits(config, grid)))
{
}

}  // namespace hxsim
