// The base of the coordinate patterns of the literature (transpose, bit-complement, bit-reverse,
// shuffle, tornado, neighbor): a map on grid positions. Each source sends all its messages to one
// partner, found by mapping its row-major position in the terminal grid and reading back the
// terminal there, so that the pattern follows the grid even where terminal ids are numbered
// otherwise (HammingMesh numbers them board by board). A source whose position maps onto itself
// does not inject.
#pragma once

#include <vector>

#include "tb/traffic/open_loop.h"

namespace hxsim {

class grid_map_pattern : public open_loop_pattern {
public:
    /// The terminal that `src` sends to; `src` itself if it sends nothing.
    std::uint32_t partner(std::uint32_t src) const { return m_partner[src]; }

protected:
    /// `target_of[p]` is the position that the terminal at position p sends to. Throws
    /// config_error if no terminal would send at all.
    grid_map_pattern(const platform_config& config, const terminal_grid& grid,
                     const std::vector<std::uint32_t>& target_of);

    /// log2 of the number of terminals, the width of a position index for the bit patterns.
    /// Throws config_error naming the pattern unless that number is a power of two.
    static unsigned position_bits(const platform_config& config, const terminal_grid& grid);

private:
    std::uint32_t destination(std::uint32_t src, rng&) override { return m_partner[src]; }
    bool sends(std::uint32_t src) const override { return m_partner[src] != src; }

    std::vector<std::uint32_t> m_partner;  // terminal id -> terminal id
};

}  // namespace hxsim
