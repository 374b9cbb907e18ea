// The far end of a port that faces nothing, such as the edge ports of a mesh. TLM sockets must
// all be bound, so a terminator takes the link leaving such a port (`in`) and feeds the port's
// input (`out`): it never sends a packet, and receiving one, or credits for one, is a model error.
// The builder gives the port 0 downstream credits, so its router never tries to send there.
#pragma once

#include <systemc>

#include "models/core/link_protocol.h"

namespace hxsim {

class link_terminator : public sc_core::sc_module, private link_fw_if, private link_bw_if {
public:
    tlm::tlm_target_socket<32, link_protocol_types> in;      ///< from the dangling output's link
    tlm::tlm_initiator_socket<32, link_protocol_types> out;  ///< to the dangling input

    explicit link_terminator(const sc_core::sc_module_name& name);

private:
    tlm::tlm_sync_enum nb_transport_fw(link_beat& beat, tlm::tlm_phase& phase, sc_core::sc_time& delay) override;
    tlm::tlm_sync_enum nb_transport_bw(link_beat& beat, tlm::tlm_phase& phase, sc_core::sc_time& delay) override;
    void b_transport(link_beat&, sc_core::sc_time&) override {}
    bool get_direct_mem_ptr(link_beat&, tlm::tlm_dmi&) override { return false; }
    unsigned int transport_dbg(link_beat&) override { return 0; }
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}
};

}  // namespace hxsim
