// Uniform random traffic: every message goes to an accelerator drawn uniformly among the others.
#pragma once

#include "tb/traffic/open_loop.h"

namespace hxsim {

class uniform_pattern : public open_loop_pattern {
public:
    using open_loop_pattern::open_loop_pattern;

private:
    std::uint32_t destination(std::uint32_t src, rng& gen) override;
};

}  // namespace hxsim
