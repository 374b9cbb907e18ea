#include "tb/traffic/shuffle.h"

namespace hxsim {

namespace {

std::vector<std::uint32_t> shuffled(unsigned bits)
{
    const std::uint32_t mask = (std::uint32_t{1} << bits) - 1;
    std::vector<std::uint32_t> target(mask + 1);
    for (std::uint32_t p = 0; p <= mask; ++p)
        target[p] = bits == 0 ? p : ((p << 1) | (p >> (bits - 1))) & mask;
    return target;
}

}  // namespace

shuffle_pattern::shuffle_pattern(const platform_config& config, const terminal_grid& grid)
    : grid_map_pattern(config, grid, shuffled(position_bits(config, grid)))
{
}

}  // namespace hxsim
