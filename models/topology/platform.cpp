#include "models/topology/platform.h"

#include <stdexcept>

#include "models/core/wake_scheduler.h"
#include "models/topology/dragonfly.h"
#include "models/topology/fat_tree.h"
#include "models/topology/hammingmesh.h"
#include "models/topology/torus.h"

namespace hxsim {

std::string platform::describe_buffers() const
{
    std::string out;
    for (const router_base* r : m_routers)
        out += r->describe_buffers();
    return out;
}

router_params make_router_params(const platform_config& config, const router_config& rc)
{
    router_params rp;
    rp.vcs = config.vcs;
    rp.flit_bytes = config.flit_bytes;
    rp.buffer_bytes = rc.buffer_bytes;
    rp.output_buffer_bytes = rc.output_buffer_bytes;
    rp.input_latency_ps = rc.input_latency_ps;
    rp.output_latency_ps = rc.output_latency_ps;
    rp.crossbar_bandwidth_bps = rc.crossbar_bandwidth_bps;
    rp.pre_switch_cycles = rc.routing_cycles + rc.vc_allocation_cycles + rc.switch_allocation_cycles;
    rp.switch_traversal_cycles = rc.switch_traversal_cycles;
    // Without pipeline stages the router is the latency model of the foundation: unclocked.
    rp.clock_period_ps = rp.pre_switch_cycles + rp.switch_traversal_cycles > 0 ? rc.clock_period_ps : 0;
    rp.credit_delay_ps = rc.credit_delay_ps;
    rp.wormhole = rc.flow_control == "wormhole";
    rp.allocator = rc.allocator == "islip" ? allocator_kind::islip : allocator_kind::separable_input_first;
    rp.allocator_iterations = rc.allocator_iterations;
    rp.age_arbitration = rc.arbitration == "age";
    return rp;
}

accelerator_params platform::accelerator_setup(const platform_config& config, unsigned accelerators,
                                               const routing_algorithm& routing, forward_observer* observer)
{
    const std::uint32_t buffer = buffer_flits(config.router.buffer_bytes, config.flit_bytes);
    accelerator_params ap;
    ap.router = make_router_params(config, config.router);
    ap.router.routing = &routing;
    ap.router.observer = observer;
    ap.nic.accelerators = accelerators;
    ap.nic.mtu_bytes = config.nic.mtu_bytes;
    ap.nic.send_queue_messages = config.nic.send_queue_messages;
    ap.nic.flit_bytes = config.flit_bytes;
    ap.nic.vcs = config.vcs;
    ap.nic.injection_vcs = config.vcs / routing.vc_classes();  // the first class's VCs
    ap.nic.router_buffer_flits = buffer;
    ap.nic.receive_buffer_flits = buffer;
    ap.nic.wormhole = config.router.flow_control == "wormhole";
    ap.nic.pool = &m_pool;
    ap.nic.counters = &m_counters;
    ap.mesh_link = link_params{config.link.bandwidth_bps, config.link.latency_ps, config.flit_bytes};
    ap.nic_link = link_params{config.nic.injection_bandwidth_bps, 0, config.flit_bytes};
    ap.rtl_routers = config.rtl.routers;
    return ap;
}

void check_platform(const platform_config& config)
{
    if (config.topology.kind == "hammingmesh")
        hammingmesh::check(config);
    if (config.topology.kind == "mesh" || config.topology.kind == "torus")
        torus::check(config);
    if (config.topology.kind == "fat_tree")
        fat_tree::check(config);
    if (config.topology.kind == "dragonfly")
        dragonfly::check(config);
}

std::unique_ptr<platform> build_platform(const platform_config& config, forward_observer* observer)
{
    std::unique_ptr<platform> built;
    if (config.topology.kind == "hammingmesh")
        built = std::make_unique<hammingmesh>(config, observer);
    // A mesh is a torus without wrap links: one builder for both.
    else if (config.topology.kind == "mesh" || config.topology.kind == "torus")
        built = std::make_unique<torus>(config, observer);
    else if (config.topology.kind == "fat_tree")
        built = std::make_unique<fat_tree>(config, observer);
    else if (config.topology.kind == "dragonfly")
        built = std::make_unique<dragonfly>(config, observer);
    else
        throw std::invalid_argument("unknown topology kind '" + config.topology.kind + "'");
    // Its models made the scheduler: the platform's packets count towards prefetching from now on.
    wake_scheduler::instance().watch_packets(&built->pool());
    return built;
}

platform::~platform()
{
    wake_scheduler& scheduler = wake_scheduler::instance();
    if (scheduler.watched_packets() == &m_pool)
        scheduler.watch_packets(nullptr);
}

}  // namespace hxsim
