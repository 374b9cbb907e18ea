// A built network platform, whatever its topology: the accelerators' NICs that traffic talks to,
// and the routers and links that statistics and diagnostics walk over.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/core/packet.h"
#include "models/accelerator/accelerator.h"
#include "models/link/link.h"
#include "models/nic/nic.h"
#include "models/router/router.h"
#include "models/router/router_base.h"
#include "models/sim/config.h"

namespace hxsim {

class forward_observer;

/// Where the terminals (accelerators) sit on a 2D grid, for traffic patterns defined by
/// coordinates (transpose, tornado, neighbor). Positions are row-major.
struct terminal_grid {
    unsigned rows = 0;
    unsigned cols = 0;
    std::vector<std::uint32_t> terminal_at;  ///< position row*cols+col -> terminal id
};

class platform {
public:
    /// Stops the scheduler counting this platform's packets (build_platform() starts it).
    virtual ~platform();

    virtual unsigned accelerators() const = 0;
    virtual hxsim::nic& nic_of(unsigned accelerator) = 0;
    virtual terminal_grid layout() const = 0;

    const std::vector<const link*>& links() const { return m_links; }
    const std::vector<const router_base*>& routers() const { return m_routers; }
    network_counters& counters() { return m_counters; }
    const network_counters& counters() const { return m_counters; }

    /// Packets between their source and destination NIC.
    std::uint64_t packets_in_flight() const { return m_pool.in_use(); }
    /// The pool the NICs take packets from and give them back to.
    const packet_pool& pool() const { return m_pool; }
    /// Every router's buffered packets and what they wait for (deadlock diagnostics).
    std::string describe_buffers() const;

protected:
    /// The accelerator module's parameters shared by every builder: its router (accelerator
    /// router class), its NIC and its links; the builder adds ids and downstream buffers.
    accelerator_params accelerator_setup(const platform_config& config, unsigned accelerators,
                                         const routing_algorithm& routing, forward_observer* observer);

    std::vector<const link*> m_links;
    std::vector<const router_base*> m_routers;
    network_counters m_counters;
    packet_pool m_pool;
};

/// The timing and buffering of a router class from the configuration; the builder adds ports,
/// id, routing and downstream buffers.
router_params make_router_params(const platform_config& config, const router_config& router_class);

/// The checks of `config` that only a topology's builder can make (the VCs its routing needs);
/// throws config_error. Builds nothing.
void check_platform(const platform_config& config);

/// Builds the platform that `config.topology.kind` names. `observer`, if given, sees every
/// forwarding decision of every router.
std::unique_ptr<platform> build_platform(const platform_config& config, forward_observer* observer = nullptr);

}  // namespace hxsim
