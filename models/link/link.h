// A point-to-point link: serializes packets at its bandwidth, delays them by its latency, and
// carries credits back to the sender with the same latency. Cut-through: the head reaches the
// receiver one flit time plus the latency after it started; the tail follows at the link rate,
// never before it was available at the sender.
//
// Traced (--vcd; README: "Waveforms"), a link shows what is on its wire at the sender's end:
// `valid` (a packet's flits are on the wire: from its head starting to its tail leaving), the
// packet's `packet` id, `src`, `dst` and `vc`, and `credits`, the count of credits that have come
// back through it to the sender. The receiver sees the same, the link latency later (the head
// after one more flit time).
#pragma once

#include <cstdint>
#include <memory>
#include <systemc>

#include "models/core/link_protocol.h"
#include "models/trace/traceable.h"

namespace hxsim {

struct link_params {
    std::uint64_t bandwidth_bps = 0;  ///< serialization rate
    sim_ps latency_ps = 0;            ///< propagation, for packets and credits alike
    std::uint64_t flit_bytes = 0;     ///< the head is one flit
};

class link : public sc_core::sc_module, public traceable, private link_fw_if, private link_bw_if {
public:
    tlm::tlm_target_socket<32, link_protocol_types> in;      ///< from the sending port
    tlm::tlm_initiator_socket<32, link_protocol_types> out;  ///< to the receiving port

    link(const sc_core::sc_module_name& name, const link_params& params);
    ~link() override;

    const link_params& params() const { return m_params; }
    sim_ps busy_ps() const { return m_busy_ps; }
    std::uint64_t packets() const { return m_packets; }
    std::uint64_t bytes() const { return m_bytes; }

    void attach_trace(vcd_writer& writer) override;

private:
    struct trace_state;

    /// Finds the hxsim sockets at both ends, to call them without TLM's port indirections.
    void end_of_elaboration() override;
    tlm::tlm_sync_enum nb_transport_fw(link_beat& beat, tlm::tlm_phase& phase, sc_core::sc_time& delay) override;
    tlm::tlm_sync_enum nb_transport_bw(link_beat& beat, tlm::tlm_phase& phase, sc_core::sc_time& delay) override;
    void b_transport(link_beat&, sc_core::sc_time&) override {}
    bool get_direct_mem_ptr(link_beat&, tlm::tlm_dmi&) override { return false; }
    unsigned int transport_dbg(link_beat&) override { return 0; }
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}

    link_params m_params;
    sim_ps m_flit_ps;
    serializer m_ser;  // packet times on the wire
    sim_ps m_busy_ps = 0;
    std::uint64_t m_packets = 0;
    std::uint64_t m_bytes = 0;
    std::unique_ptr<trace_state> m_trace;  ///< null unless traced
    // The receiving and sending sockets when they are hxsim's own (null: another model, such as
    // a terminator, reached through the TLM call).
    link_target_socket* m_receiver = nullptr;
    link_initiator_socket* m_sender = nullptr;
};

}  // namespace hxsim
