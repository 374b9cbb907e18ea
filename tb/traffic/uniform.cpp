#include "tb/traffic/uniform.h"

namespace hxsim {

std::uint32_t uniform_pattern::destination(std::uint32_t src, rng& gen)
{
    // Draw among the N-1 others: skip over the source itself.
    const auto d = static_cast<std::uint32_t>(gen.below(accelerators() - 1));
    return d >= src ? d + 1 : d;
}

}  // namespace hxsim
