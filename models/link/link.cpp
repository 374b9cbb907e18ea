#include "models/link/link.h"

#include <algorithm>

namespace hxsim {

link::link(const sc_core::sc_module_name& name, const link_params& params)
    : sc_core::sc_module(name), in("in"), out("out"), m_params(params),
      m_flit_ps(serialization_ps(params.flit_bytes, params.bandwidth_bps))
{
    in.bind(static_cast<link_fw_if&>(*this));
    out.bind(static_cast<link_bw_if&>(*this));
}

tlm::tlm_sync_enum link::nb_transport_fw(link_beat& beat, tlm::tlm_phase& phase, sc_core::sc_time& delay)
{
    const sim_ps start = now_ps() + delay.value();
    const packet& pkt = *beat.pkt;
    const sim_ps tail_leaves = std::max(start + serialization_ps(pkt.bytes, m_params.bandwidth_bps),
                                        beat.tail_ps + m_flit_ps);
    m_busy_ps += tail_leaves - start;
    ++m_packets;
    m_bytes += pkt.bytes;

    link_beat arriving = beat;
    arriving.tail_ps = tail_leaves + m_params.latency_ps;
    tlm::tlm_phase fw_phase = tlm::BEGIN_REQ;
    sc_core::sc_time head_delay = to_sc_time(start + m_flit_ps + m_params.latency_ps - now_ps());
    out->nb_transport_fw(arriving, fw_phase, head_delay);

    phase = tlm::END_REQ;
    delay = to_sc_time(tail_leaves - now_ps());
    beat.interval_ps = m_flit_ps;  // tells the sender the pace of the flits
    return tlm::TLM_UPDATED;
}

tlm::tlm_sync_enum link::nb_transport_bw(link_beat& beat, tlm::tlm_phase& phase, sc_core::sc_time& delay)
{
    delay += to_sc_time(m_params.latency_ps);
    return in->nb_transport_bw(beat, phase, delay);
}

}  // namespace hxsim
