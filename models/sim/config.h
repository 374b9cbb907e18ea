// The platform configuration: one YAML file (configs/*.yaml) plus command-line overrides, loaded
// and validated by load_config(). Every parameter is declared once, in the schema of config.cpp,
// with its type, unit, default and documentation; this header only holds the resolved values.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace hxsim {

/// Raised for any bad input; what() is a complete message that names the file, the line, the key
/// and what was expected, ready to print as-is.
class config_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// All times are integer picoseconds, sizes bytes, bandwidths bits per second.
struct topology_config {
    std::string kind;                 ///< "hammingmesh", "mesh", "torus", "fat_tree" or "dragonfly"
    std::array<unsigned, 2> board{};  ///< hammingmesh: accelerators per board {rows a, columns b}
    std::array<unsigned, 2> grid{};   ///< hammingmesh: boards {board-rows x, board-columns y}
    unsigned switch_radix = 0;        ///< hammingmesh: ports per switch of the row and column networks
    double taper = 1;                 ///< hammingmesh fat-tree lines: fraction of a leaf's k/2 up-links kept
    std::array<unsigned, 2> dims{};   ///< mesh, torus: routers {rows, columns}, one terminal each
    unsigned terminals_per_router = 0;     ///< dragonfly: p
    unsigned routers_per_group = 0;        ///< dragonfly: a
    unsigned global_links_per_router = 0;  ///< dragonfly: h
};

struct link_config {
    std::uint64_t bandwidth_bps = 0;  ///< every board and cable link
    std::uint64_t latency_ps = 0;     ///< propagation, also applied to returning credits
};

struct nic_config {
    std::uint64_t injection_bandwidth_bps = 0;  ///< NIC <-> accelerator router local link
    std::uint64_t mtu_bytes = 0;                ///< largest packet; messages are cut into these
    std::uint64_t send_queue_messages = 0;      ///< messages the NIC holds to send; 0: no limit
};

/// Parameters of one router class (the accelerator routers, or the network switches).
struct router_config {
    std::uint64_t buffer_bytes = 0;             ///< input buffer, per port and VC
    std::uint64_t output_buffer_bytes = 0;      ///< output buffer, per port and VC; 0: none
    std::uint64_t input_latency_ps = 0;         ///< head arrival to crossbar request
    std::uint64_t output_latency_ps = 0;        ///< crossbar to link
    std::uint64_t crossbar_bandwidth_bps = 0;   ///< per crossbar transfer (input to output)
    std::uint64_t clock_period_ps = 0;          ///< the router's clock; pipeline stages count its cycles
    unsigned routing_cycles = 0;                ///< route computation stage
    unsigned vc_allocation_cycles = 0;          ///< VC allocation stage
    unsigned switch_allocation_cycles = 0;      ///< switch allocation stage
    unsigned switch_traversal_cycles = 0;       ///< crossbar traversal of the head (0: one flit time)
    std::uint64_t credit_delay_ps = 0;          ///< credit processing, on top of the link latency
    std::string flow_control;                   ///< "virtual-cut-through" or "wormhole"
    std::string allocator;                      ///< "separable-input-first" or "islip"
    unsigned allocator_iterations = 0;          ///< iSLIP iterations
    std::string arbitration;                    ///< "round-robin" or "age"
};

struct routing_config {
    std::string algorithm;  ///< "min-adaptive", "dimension-order", "ugal" or "minimal"
};

struct traffic_config {
    std::string pattern;                   ///< uniform, alltoall, permutation, transpose, ... (schema)
    double load = 0;                       ///< offered load, fraction of injection bandwidth
    std::string injection;                 ///< "poisson", "bernoulli" or "bursty"
    unsigned burst_length = 0;             ///< bursty: mean messages per on-period
    unsigned hotspot = 0;                  ///< hotspot: the hot terminal
    double hotspot_fraction = 0;           ///< hotspot: share of messages sent to it
    std::uint64_t message_size_bytes = 0;  ///< per message (alltoall: per peer)
    std::uint64_t inline_payload_bytes = 0;  ///< messages up to this size carry real bytes
};

struct run_config {
    std::uint64_t warmup_ps = 0;    ///< open-loop: injection before the measurement window
    std::uint64_t duration_ps = 0;  ///< open-loop: the measurement window, after the warm-up
    std::uint64_t seed = 0;
    std::uint64_t watchdog_ps = 0;  ///< no delivery for this long with packets in flight = failure
};

/// Which accelerator routers are simulated by the verilated RTL (rtl/hx_router.sv) instead of
/// the TLM model.
struct rtl_config {
    std::vector<std::string> routers;  ///< globs over hierarchical names, e.g. "board_0_0.*"; "*": all
};

struct platform_config {
    std::string source;  ///< the file it was loaded from
    topology_config topology;
    link_config link;
    nic_config nic;
    std::uint64_t flit_bytes = 0;  ///< router.flit: buffer and credit unit
    unsigned vcs = 0;              ///< router.vcs: virtual channels per port
    router_config router;          ///< accelerator (on-board) routers
    router_config net_switch;      ///< row/column network switches (YAML section `switch`)
    routing_config routing;
    traffic_config traffic;
    run_config run;
    rtl_config rtl;
};

/// Loads `path`, applies `overrides` ("key=value", as given to --set, in order), validates the
/// whole platform and returns it. Throws config_error on any problem.
platform_config load_config(const std::string& path, const std::vector<std::string>& overrides = {});

/// One line per parameter: key, type/unit, default and meaning (for --help and the README).
std::string describe_parameters();

}  // namespace hxsim
