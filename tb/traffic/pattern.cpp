#include "tb/traffic/pattern.h"

#include <fmt/format.h>

#include "tb/traffic/alltoall.h"
#include "tb/traffic/bit_complement.h"
#include "tb/traffic/bit_reverse.h"
#include "tb/traffic/hotspot.h"
#include "tb/traffic/neighbor.h"
#include "tb/traffic/permutation.h"
#include "tb/traffic/shuffle.h"
#include "tb/traffic/tornado.h"
#include "tb/traffic/transpose.h"
#include "tb/traffic/uniform.h"

namespace hxsim {

std::unique_ptr<traffic_pattern> make_pattern(const platform_config& config, const terminal_grid& grid)
{
    const auto accelerators = static_cast<unsigned>(grid.terminal_at.size());
    const std::string& name = config.traffic.pattern;
    // Every pattern sends between distinct terminals.
    if (accelerators < 2)
        throw config_error(fmt::format("traffic.pattern: {} needs at least two terminals, but there are {}", name,
                                       accelerators));
    if (name == "uniform")
        return std::make_unique<uniform_pattern>(config, accelerators);
    if (name == "permutation")
        return std::make_unique<permutation_pattern>(config, accelerators);
    if (name == "alltoall")
        return std::make_unique<alltoall_pattern>(config, accelerators);
    if (name == "transpose")
        return std::make_unique<transpose_pattern>(config, grid);
    if (name == "bit-complement")
        return std::make_unique<bit_complement_pattern>(config, grid);
    if (name == "bit-reverse")
        return std::make_unique<bit_reverse_pattern>(config, grid);
    if (name == "shuffle")
        return std::make_unique<shuffle_pattern>(config, grid);
    if (name == "tornado")
        return std::make_unique<tornado_pattern>(config, grid);
    if (name == "neighbor")
        return std::make_unique<neighbor_pattern>(config, grid);
    if (name == "hotspot")
        return std::make_unique<hotspot_pattern>(config, accelerators);
    throw config_error(fmt::format("traffic.pattern: unknown pattern '{}'", name));
}

}  // namespace hxsim
