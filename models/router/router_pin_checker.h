// A protocol checker on the pins of the RTL router (rtl/hx_router.sv): it samples them at every
// rising clock edge, as an SVA bind would, and fails the run with a precise message when
//   - a port carries more than one VC's flit in a cycle;
//   - packets are framed wrongly on a port and VC (a body flit without a head, a head before the
//     previous tail, a packet whose flit count differs from the length in its head);
//   - an output interleaves two packets, or sends a flit without a downstream credit;
//   - a sender overruns an input buffer, or the router returns a credit for an empty one;
//   - more credits come back than the buffer behind an output holds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <systemc>

#include "models/router/router_pins.h"
#include "models/router/rtl_router_shape.h"

namespace hxsim {

struct router_pin_checker_params {
    std::uint32_t input_buffer_flits = 0;               ///< per input VC: the credits upstream senders hold
    std::vector<std::uint32_t> downstream_buffer_flits; ///< per output port: the credits it starts with
    std::vector<std::string> port_names;                ///< for messages
};

class router_pin_checker : public sc_core::sc_module {
public:
    using flits_t = router_pins::flits_t;

    sc_core::sc_in<bool> clk;
    sc_core::sc_in<bool> rst_n;
    sc_core::sc_in<std::uint32_t> in_valid;
    sc_core::sc_in<flits_t> in_flit;
    sc_core::sc_in<std::uint32_t> in_credit;
    sc_core::sc_in<std::uint32_t> out_valid;
    sc_core::sc_in<flits_t> out_flit;
    sc_core::sc_in<std::uint32_t> out_credit;

    router_pin_checker(const sc_core::sc_module_name& name, const router_pin_checker_params& params);

    /// Watches `pins`, sampled on the rising edges of `clock`.
    void watch(sc_core::sc_signal_in_if<bool>& clock, router_pins& pins);

private:
    struct stream {
        bool open = false;             // between a head and its tail
        std::uint32_t expected = 0;    // flits the head announced
        std::uint32_t seen = 0;
    };

    void sample();
    void check_framing(stream& s, std::uint64_t flit, const char* side, unsigned port, unsigned vc);
    [[noreturn]] void violation(const std::string& what) const;
    std::string where(const char* side, unsigned port, unsigned vc) const;
    std::string port_label(unsigned port) const;

    router_pin_checker_params m_params;
    std::vector<stream> m_in;          // per input port and VC
    std::vector<stream> m_out;         // per output port and VC
    std::vector<std::uint32_t> m_buffered;   // per input port and VC: flits in the RTL's buffer
    std::vector<std::int64_t> m_credits;     // per output port and VC: downstream credits
    std::vector<int> m_out_open_vc;          // per output port: the VC whose packet is streaming, or -1
};

}  // namespace hxsim
