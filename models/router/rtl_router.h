// The accelerator router simulated by its RTL: rtl/hx_router.sv, verilated to SystemC, behind the
// same link sockets as the TLM router, so a platform mixes the two freely (config rtl.routers).
//
// The adapter maps hxsim's link protocol onto the RTL's per-port, per-VC pins:
//   - a packet arriving on a link becomes flits on in_valid_i/in_flit_i, one per cycle, each on
//     the clock edge at or after it has fully arrived (plus router.input_latency);
//   - the RTL's in_credit_o pulses go back upstream as credits, one flit each;
//   - credits arriving from downstream become out_credit_i pulses;
//   - flits on out_valid_o/out_flit_o become the packet on the outgoing link, the head at the edge
//     it appears (plus router.output_latency). The link needs the tail's time when the head
//     starts, so the adapter announces it (the RTL streams one flit per cycle, never ahead of the
//     flit's arrival) and checks that the RTL's tail leaves exactly then.
// The routing table is loaded through the RTL's table port during reset, from the same routing
// algorithm the TLM router uses. The RTL clock is gated: the adapter clocks it on router.clock
// edges only while it holds flits or has inputs to present, so an idle RTL router costs nothing.
// A router_pin_checker watches the pins and fails the run on a protocol violation. Traced (--vcd,
// --trace), it writes Verilator's waveform of the RTL's pins and internals beside the VCD.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <systemc>

#include "models/router/router.h"
#include "models/router/router_base.h"
#include "models/trace/traceable.h"

namespace hxsim {

struct rtl_router_params {
    router_params router;            ///< as for the TLM router (ports, VCs, buffers, clock, latencies, routing)
    std::uint32_t destinations = 0;  ///< accelerators: the routing table holds every class x destination
};

class rtl_router : public router_base, public traceable, private link_port_owner {
public:
    rtl_router(const sc_core::sc_module_name& name, const rtl_router_params& params);
    ~rtl_router() override;

    /// Lets RTL routers built from now on write waveforms; Verilator needs it before the models
    /// are constructed (run_simulation calls it when a trace is asked for).
    static void enable_tracing();

    std::string describe_buffers() const override;

    /// Opens Verilator's waveform of this router's RTL at writer.companion_path(name(), ".vcd")
    /// (".fst" when built with HXSIM_RTL_FST), over the trace window.
    void attach_trace(vcd_writer& writer) override;
    /// Closes Verilator's waveform, if open.
    void finish_trace() override;

    /// Clock cycles the RTL has been clocked so far (its clock is gated while idle).
    std::uint64_t cycles() const;

private:
    struct impl;

    void packet_arrives(unsigned port, const link_beat& beat, sim_ps head_ps) override;
    void credits_arrive(unsigned port, const link_beat& beat, sim_ps at_ps) override;
    void reset_sequence();
    void trace_window();
    void clock_step();

    std::unique_ptr<impl> m_impl;
};

}  // namespace hxsim
