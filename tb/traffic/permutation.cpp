#include "tb/traffic/permutation.h"

#include <numeric>
#include <utility>

namespace hxsim {

permutation_pattern::permutation_pattern(const platform_config& config, unsigned accelerators)
    : open_loop_pattern(config, accelerators), m_partner(accelerators)
{
    std::iota(m_partner.begin(), m_partner.end(), 0u);
    rng gen(config.run.seed ^ 0x7065726d75746531ULL);
    for (unsigned i = accelerators - 1; i > 0; --i)
        std::swap(m_partner[i], m_partner[gen.below(i + 1)]);
    // Nobody sends to itself: swap each fixed point with its successor's partner.
    for (unsigned i = 0; i < accelerators; ++i)
        if (m_partner[i] == i)
            std::swap(m_partner[i], m_partner[(i + 1) % accelerators]);
}

}  // namespace hxsim
