// The pins of the RTL router (rtl/hx_router.sv) as SystemC signals, apart from its clock (whose
// source differs: a free-running clock in a testbench, the adapter's gated clock in a platform).
// One bundle connects the verilated model, the protocol checker and whoever drives the pins.
#pragma once

#include <cstdint>

#include <systemc>

#include "models/router/rtl_router_shape.h"

namespace hxsim {

struct router_pins {
    using flits_t = sc_dt::sc_bv<verilated_router.ports * verilated_router.flit_width>;

    sc_core::sc_signal<bool> rst_n{"rst_n"};
    sc_core::sc_signal<std::uint32_t> in_valid{"in_valid"};    ///< [port][vc], bit port * vcs + vc
    sc_core::sc_signal<flits_t> in_flit{"in_flit"};            ///< [port], bits port * flit_width up
    sc_core::sc_signal<std::uint32_t> in_credit{"in_credit"};
    sc_core::sc_signal<std::uint32_t> out_valid{"out_valid"};
    sc_core::sc_signal<flits_t> out_flit{"out_flit"};
    sc_core::sc_signal<std::uint32_t> out_credit{"out_credit"};
    sc_core::sc_signal<std::uint64_t> out_credit_init{"out_credit_init"};  ///< [port], credit_width bits each
    sc_core::sc_signal<bool> table_we{"table_we"};
    sc_core::sc_signal<std::uint32_t> table_addr{"table_addr"};  ///< {class, destination}
    sc_core::sc_signal<std::uint32_t> table_data{"table_data"};  ///< {next_class_mask, port_mask}
    sc_core::sc_signal<bool> idle{"idle"};

    static_assert(verilated_router.flit_width == 64, "a flit is one 64-bit word of the pin vectors");

    /// Flit fields, as rtl/hx_router.sv reads them: head and tail bits on top; a head carries its
    /// destination in the low dest_width bits and its length in flits above them. The other bits
    /// are payload the router carries unchanged.
    static constexpr unsigned head_bit = verilated_router.flit_width - 1;
    static constexpr unsigned tail_bit = verilated_router.flit_width - 2;
    static bool is_head(std::uint64_t flit) { return (flit >> head_bit) & 1; }
    static bool is_tail(std::uint64_t flit) { return (flit >> tail_bit) & 1; }
    static std::uint32_t length_of(std::uint64_t head)
    {
        return static_cast<std::uint32_t>(head >> verilated_router.dest_width) & verilated_router.max_packet_flits();
    }
    /// The head fields of a packet of `flits` flits to `destination`.
    static std::uint64_t head_fields(std::uint32_t flits, std::uint32_t destination)
    {
        return (std::uint64_t{1} << head_bit) | (std::uint64_t{flits} << verilated_router.dest_width) | destination;
    }

    /// Port `port`'s flit in a flit vector (two 32-bit words of the vector, low word first).
    static std::uint64_t flit_of(const flits_t& flits, unsigned port)
    {
        return std::uint64_t{flits.get_word(2 * port)} | std::uint64_t{flits.get_word(2 * port + 1)} << 32;
    }
    /// Sets port `port`'s flit in a flit vector.
    static void set_flit(flits_t& flits, unsigned port, std::uint64_t flit)
    {
        flits.set_word(2 * port, static_cast<sc_dt::sc_digit>(flit));
        flits.set_word(2 * port + 1, static_cast<sc_dt::sc_digit>(flit >> 32));
    }

    /// Binds a verilated hx_router (Vhx_router) to these signals and to `clk`.
    template <typename verilated_model>
    void connect(verilated_model& rtl, sc_core::sc_signal_in_if<bool>& clk)
    {
        rtl.clk_i(clk);
        rtl.rst_ni(rst_n);
        rtl.in_valid_i(in_valid);
        rtl.in_flit_i(in_flit);
        rtl.in_credit_o(in_credit);
        rtl.out_valid_o(out_valid);
        rtl.out_flit_o(out_flit);
        rtl.out_credit_i(out_credit);
        rtl.out_credit_init_i(out_credit_init);
        rtl.table_we_i(table_we);
        rtl.table_addr_i(table_addr);
        rtl.table_data_i(table_data);
        rtl.idle_o(idle);
    }
};

}  // namespace hxsim
