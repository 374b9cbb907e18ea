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

std::unique_ptr<platform> build_platform(const platform_config& config, forward_observer* observer)
{
    if (config.topology.kind == "hammingmesh")
        return std::make_unique<hammingmesh>(config, observer);
    throw std::invalid_argument("unknown topology kind '" + config.topology.kind + "'");
}

}  // namespace hxsim
