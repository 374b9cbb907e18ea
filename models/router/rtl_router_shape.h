// The parameters rtl/hx_router.sv is verilated with (its defaults, rtl/CMakeLists.txt). The RTL
// adapter drives the pins these sizes give, and the configuration is checked against them before
// a platform with RTL routers is built (models/sim/config.cpp).
#pragma once

#include <cstdint>

namespace hxsim {

struct rtl_router_shape {
    unsigned ports;              ///< NumPorts: local, N, E, S, W
    unsigned vcs;                ///< NumVcs per port
    unsigned classes;            ///< NumClasses: deadlock classes, VcsPerClass = vcs / classes
    unsigned buffer_depth;       ///< BufferDepth: flits per input VC
    unsigned flit_width;         ///< FlitWidth: bits per flit on the pins
    unsigned dest_width;         ///< DestWidth: destinations 0 .. 2^dest_width - 1
    unsigned len_width;          ///< LenWidth: packet length in flits, in the head flit
    unsigned credit_width;       ///< CreditWidth: downstream credit counters
    unsigned pre_switch_stages;  ///< NumPreSwitchStages: route, VC and switch allocation cycles
    unsigned switch_stages;      ///< NumSwitchStages: crossbar to output pins, in cycles

    std::uint32_t max_destinations() const { return std::uint32_t{1} << dest_width; }
    std::uint32_t max_packet_flits() const { return (std::uint32_t{1} << len_width) - 1; }
    std::uint32_t max_credits() const { return (std::uint32_t{1} << credit_width) - 1; }
};

inline constexpr rtl_router_shape verilated_router{5, 3, 3, 16, 64, 10, 8, 8, 3, 1};

}  // namespace hxsim
