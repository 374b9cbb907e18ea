#include "tb/traffic/grid_map.h"

#include <stdexcept>

#include <fmt/format.h>

namespace hxsim {

grid_map_pattern::grid_map_pattern(const platform_config& config, const terminal_grid& grid,
                                   const std::vector<std::uint32_t>& target_of)
    : open_loop_pattern(config, static_cast<unsigned>(grid.terminal_at.size())),
      m_partner(grid.terminal_at.size())
{
    const std::size_t n = grid.terminal_at.size();
    // A malformed layout is a bug of the topology, not of the configuration.
    if (static_cast<std::size_t>(grid.rows) * grid.cols != n || target_of.size() != n)
        throw std::invalid_argument(fmt::format("terminal grid of {}x{} holds {} terminals", grid.rows,
                                                grid.cols, n));
    std::vector<std::uint32_t> position_of(n, static_cast<std::uint32_t>(n));
    for (std::uint32_t p = 0; p < n; ++p) {
        const std::uint32_t id = grid.terminal_at[p];
        if (id >= n || position_of[id] != n)
            throw std::invalid_argument(fmt::format("terminal grid: terminal {} is misplaced", id));
        position_of[id] = p;
    }
    bool anyone_sends = false;
    for (std::uint32_t id = 0; id < n; ++id) {
        m_partner[id] = grid.terminal_at[target_of[position_of[id]]];
        anyone_sends = anyone_sends || m_partner[id] != id;
    }
    if (!anyone_sends)
        throw config_error(fmt::format("traffic.pattern: {} maps every terminal of the {}x{} grid onto itself, so "
                                       "nothing would be sent",
                                       config.traffic.pattern, grid.rows, grid.cols));
}

unsigned grid_map_pattern::position_bits(const platform_config& config, const terminal_grid& grid)
{
    const std::size_t n = grid.terminal_at.size();
    if (n == 0 || (n & (n - 1)) != 0)
        throw config_error(fmt::format("traffic.pattern: {} needs a power-of-two number of terminals, but there "
                                       "are {}",
                                       config.traffic.pattern, n));
    unsigned bits = 0;
    while ((std::size_t{1} << bits) < n)
        ++bits;
    return bits;
}

}  // namespace hxsim
