#include "models/link/link_terminator.h"

#include <stdexcept>

#include <fmt/format.h>

namespace hxsim {

link_terminator::link_terminator(const sc_core::sc_module_name& name) : sc_core::sc_module(name), in("in"), out("out")
{
    in.bind(static_cast<link_fw_if&>(*this));
    out.bind(static_cast<link_bw_if&>(*this));
}

tlm::tlm_sync_enum link_terminator::nb_transport_fw(link_beat& beat, tlm::tlm_phase&, sc_core::sc_time&)
{
    // The port had no credits: a packet here means the router or the routing ignored them.
    const packet* pkt = beat.pkt;
    throw std::logic_error(fmt::format("{}: packet {} ({} -> {}) sent toward a port that faces nothing", name(),
                                       pkt ? pkt->id : 0, pkt ? pkt->src : 0, pkt ? pkt->dst : 0));
}

tlm::tlm_sync_enum link_terminator::nb_transport_bw(link_beat& beat, tlm::tlm_phase&, sc_core::sc_time&)
{
    // Credits come back only for packets received, and this end never sends any.
    throw std::logic_error(fmt::format("{}: {} credits returned for VC {} to a port that never sends", name(),
                                       beat.credits, beat.vc));
}

}  // namespace hxsim
