#include "tb/traffic/transpose.h"

#include <fmt/format.h>

namespace hxsim {

namespace {

std::vector<std::uint32_t> transposed(const terminal_grid& grid)
{
    if (grid.rows != grid.cols)
        throw config_error(fmt::format("traffic.pattern: transpose needs a square grid of terminals, but it is "
                                       "{}x{}",
                                       grid.rows, grid.cols));
    std::vector<std::uint32_t> target(std::size_t{grid.rows} * grid.cols);
    for (std::uint32_t r = 0; r < grid.rows; ++r)
        for (std::uint32_t c = 0; c < grid.cols; ++c)
            target[r * grid.cols + c] = c * grid.cols + r;
    return target;
}

}  // namespace

transpose_pattern::transpose_pattern(const platform_config& config, const terminal_grid& grid)
    : grid_map_pattern(config, grid, transposed(grid))
{
}

}  // namespace hxsim
