#include "models/topology/platform.h"

#include <stdexcept>

#include "models/topology/hammingmesh.h"

namespace hxsim {

std::string platform::describe_buffers() const
{
    std::string out;
    for (const router* r : m_routers)
        out += r->describe_buffers();
    return out;
}

router_params make_router_params(const platform_config& config, const router_config& rc)
{
    router_params rp;
    rp.vcs = config.vcs;
    rp.flit_bytes = config.flit_bytes;
    rp.buffer_bytes = rc.buffer_bytes;
    rp.input_latency_ps = rc.input_latency_ps;
    rp.output_latency_ps = rc.output_latency_ps;
    rp.crossbar_bandwidth_bps = rc.crossbar_bandwidth_bps;
    return rp;
}

std::unique_ptr<platform> build_platform(const platform_config& config, forward_observer* observer)
{
    if (config.topology.kind == "hammingmesh")
        return std::make_unique<hammingmesh>(config, observer);
    throw std::invalid_argument("unknown topology kind '" + config.topology.kind + "'");
}

}  // namespace hxsim
