#include "models/link/link.h"

#include <algorithm>

#include "models/trace/vcd_writer.h"

namespace hxsim {

// The recording functions are cold: an untraced link's hot path keeps only the null-pointer tests.
struct link::trace_state {
    vcd_writer* writer;
    vcd_writer::var_id valid, packet, src, dst, vc, credits;

    [[gnu::cold]] void sent(sim_ps start, sim_ps tail_leaves, const hxsim::packet& pkt, std::uint8_t on_vc)
    {
        // Back to back, the next packet starts at the instant this one's tail leaves: it is
        // recorded later, so valid stays 1 and the packet id changes.
        writer->set(start, valid, 1);
        writer->set(start, packet, pkt.id);
        writer->set(start, src, pkt.src);
        writer->set(start, dst, pkt.dst);
        writer->set(start, vc, on_vc);
        writer->set(tail_leaves, valid, 0);
    }

    /// `count` credits reach the sender, the first at `first`, then one per `interval`.
    [[gnu::cold]] void returned(sim_ps first, sim_ps interval, std::uint32_t count)
    {
        writer->add_train(first, interval, count, credits, 1);
    }
};

link::link(const sc_core::sc_module_name& name, const link_params& params)
    : sc_core::sc_module(name), in("in"), out("out"), m_params(params)
{
    m_own_wire.latency_ps = params.latency_ps;
    m_own_wire.flit_ps = serialization_ps(params.flit_bytes, params.bandwidth_bps);
    m_own_wire.ser = serializer(params.bandwidth_bps);
    in.bind(static_cast<link_fw_if&>(*this));
    out.bind(static_cast<link_bw_if&>(*this));
}

link::~link() = default;

void link::attach_trace(vcd_writer& writer)
{
    auto t = std::make_unique<trace_state>();
    t->writer = &writer;
    const std::string scope = name();
    t->valid = writer.add_value(scope, "valid", 1, 0);
    t->packet = writer.add_value(scope, "packet", 64);
    t->src = writer.add_value(scope, "src", 32);
    t->dst = writer.add_value(scope, "dst", 32);
    t->vc = writer.add_value(scope, "vc", 8);
    t->credits = writer.add_counter(scope, "credits", 32, 0);
    m_trace = std::move(t);
}

void link::end_of_elaboration()
{
    if (auto* receiver = dynamic_cast<link_target_socket*>(out.operator->())) {
        receiver->attach(*this);
        m_own_wire.receiver = &receiver->owner();
        m_own_wire.receiver_port = receiver->port();
        m_own_wire.arrive = receiver->owner().calls().packet_arrives;
        m_own_wire.arrival = receiver->owner().arrival_lines_of(receiver->port());
    }
    if (auto* sender = dynamic_cast<link_initiator_socket*>(in.operator->())) {
        sender->attach(*this);
        m_sender_route = credit_route{&sender->owner(), sender->owner().calls().credits_arrive, sender->port(),
                                      m_params.latency_ps};
    }
}

void link::lend_wire(link_wire& to)
{
    if (m_trace || m_wire->receiver == nullptr || m_wire != &m_own_wire)
        return;
    to = m_own_wire;
    m_wire = &to;
}

sim_ps link::carry(packet* pkt, std::uint8_t vc, sim_ps start, sim_ps tail_ps, sim_ps* flit_ps)
{
    link_wire& wire = *m_wire;
    const sim_ps tail_leaves = wire.send(*pkt, start, tail_ps);
    if (m_trace)
        m_trace->sent(start, tail_leaves, *pkt, vc);  // recorded before the receiver sees the packet
    if (wire.receiver) {
        wire.deliver(pkt, vc, start, tail_leaves);
    } else {
        link_beat arriving = wire.arriving(pkt, vc, tail_leaves);
        tlm::tlm_phase fw_phase = tlm::BEGIN_REQ;
        sc_core::sc_time head_delay = to_sc_time(wire.head_arrives(start) - now_ps());
        out->nb_transport_fw(arriving, fw_phase, head_delay);
    }
    if (flit_ps)
        *flit_ps = wire.flit_ps;  // tells the sender the pace of the flits
    return tail_leaves;
}

void link::carry_credits(std::uint8_t vc, std::uint32_t credits, sim_ps delay_ps, sim_ps interval_ps)
{
    const sim_ps first = now_ps() + delay_ps + m_params.latency_ps;
    if (m_trace)
        m_trace->returned(first, interval_ps, credits);
    if (m_sender_route.sender) {
        deliver_credits(m_sender_route, vc, credits, first, interval_ps);
        return;
    }
    link_beat beat = credit_beat(vc, credits, interval_ps);
    tlm::tlm_phase phase = CREDIT;
    sc_core::sc_time delay = to_sc_time(first - now_ps());
    in->nb_transport_bw(beat, phase, delay);
}

tlm::tlm_sync_enum link::nb_transport_fw(link_beat& beat, tlm::tlm_phase& phase, sc_core::sc_time& delay)
{
    const sim_ps tail_leaves = carry(beat.pkt, beat.vc, now_ps() + delay.value(), beat.tail_ps, &beat.interval_ps);
    phase = tlm::END_REQ;
    delay = to_sc_time(tail_leaves - now_ps());
    return tlm::TLM_UPDATED;
}

tlm::tlm_sync_enum link::nb_transport_bw(link_beat& beat, tlm::tlm_phase& phase, sc_core::sc_time& delay)
{
    carry_credits(beat.vc, beat.credits, delay.value(), beat.interval_ps);
    return tlm::TLM_ACCEPTED;
}

}  // namespace hxsim
