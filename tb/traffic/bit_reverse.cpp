#include "tb/traffic/bit_reverse.h"

namespace hxsim {

namespace {

std::vector<std::uint32_t> reversed(unsigned bits)
{
    std::vector<std::uint32_t> target(std::size_t{1} << bits);
    for (std::uint32_t p = 0; p < target.size(); ++p) {
        std::uint32_t r = 0;
        for (unsigned b = 0; b < bits; ++b)
            r |= ((p >> b) & 1u) << (bits - 1 - b);
        target[p] = r;
    }
    return target;
}

}  // namespace

bit_reverse_pattern::bit_reverse_pattern(const platform_config& config, const terminal_grid& grid)
    : grid_map_pattern(config, grid, reversed(position_bits(config, grid)))
{
}

}  // namespace hxsim
