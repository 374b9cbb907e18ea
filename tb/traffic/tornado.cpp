#include "tb/traffic/tornado.h"

namespace hxsim {

namespace {

std::vector<std::uint32_t> tornado_targets(const terminal_grid& grid)
{
    const std::uint32_t offset = (grid.cols + 1) / 2 - 1;  // ceil(cols/2) - 1
    std::vector<std::uint32_t> target(std::size_t{grid.rows} * grid.cols);
    for (std::uint32_t r = 0; r < grid.rows; ++r)
        for (std::uint32_t c = 0; c < grid.cols; ++c)
            target[r * grid.cols + c] = r * grid.cols + (c + offset) % grid.cols;
    return target;
}

}  // namespace

tornado_pattern::tornado_pattern(const platform_config& config, const terminal_grid& grid)
    : grid_map_pattern(config, grid, tornado_targets(grid))
{
}

}  // namespace hxsim
