// All-to-all (the paper's "AllPingPong"): at time zero every accelerator posts one message of
// the configured size to each of the others, in shifted order (to src+1, src+2, ...), so that at
// any moment each destination is the current target of one source.
#pragma once

#include <vector>

#include "tb/traffic/pattern.h"

namespace hxsim {

class alltoall_pattern : public traffic_pattern {
public:
    alltoall_pattern(const platform_config& config, unsigned accelerators);
    bool next(std::uint32_t src, message_spec& out) override;

private:
    unsigned m_accelerators;
    std::uint64_t m_bytes;
    std::vector<std::uint32_t> m_sent;
};

}  // namespace hxsim
