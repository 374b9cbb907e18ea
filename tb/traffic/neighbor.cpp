#include "tb/traffic/neighbor.h"

namespace hxsim {

namespace {

std::vector<std::uint32_t> neighbor_targets(const terminal_grid& grid)
{
    std::vector<std::uint32_t> target(std::size_t{grid.rows} * grid.cols);
    for (std::uint32_t r = 0; r < grid.rows; ++r)
        for (std::uint32_t c = 0; c < grid.cols; ++c)
            target[r * grid.cols + c] = r * grid.cols + (c + 1) % grid.cols;
    return target;
}

}  // namespace

neighbor_pattern::neighbor_pattern(const platform_config& config, const terminal_grid& grid)
    : grid_map_pattern(config, grid, neighbor_targets(grid))
{
}

}  // namespace hxsim
