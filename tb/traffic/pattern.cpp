#include "tb/traffic/pattern.h"

#include <stdexcept>

#include "tb/traffic/alltoall.h"
#include "tb/traffic/permutation.h"
#include "tb/traffic/uniform.h"

namespace hxsim {

std::unique_ptr<traffic_pattern> make_pattern(const platform_config& config, const terminal_grid& grid)
{
    const auto accelerators = static_cast<unsigned>(grid.terminal_at.size());
    const std::string& name = config.traffic.pattern;
    if (name == "uniform")
        return std::make_unique<uniform_pattern>(config, accelerators);
    if (name == "permutation")
        return std::make_unique<permutation_pattern>(config, accelerators);
    if (name == "alltoall")
        return std::make_unique<alltoall_pattern>(config, accelerators);
    throw std::invalid_argument("unknown traffic pattern '" + name + "'");
}

}  // namespace hxsim
