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

#include <algorithm>
#include <cstdint>
#include <memory>
#include <systemc>

#include "models/core/link_protocol.h"
#include "models/core/prefetch.h"
#include "models/trace/traceable.h"

namespace hxsim {

struct link_params {
    std::uint64_t bandwidth_bps = 0;  ///< serialization rate
    sim_ps latency_ps = 0;            ///< propagation, for packets and credits alike
    std::uint64_t flit_bytes = 0;     ///< the head is one flit
};

/// What a packet crossing a link reads and writes: its timing, its receiver and its counters. A
/// link keeps it, and lends it to the model sending on it when both ends are hxsim's own and the
/// link is not traced (link_sender_end): it then lies next to the sender's other state for that
/// port, warm when the packet leaves, rather than in the link object, a cold line or two on a large
/// platform (docs/performance.md, eleventh pass).
struct link_wire {
    // First: a sender's prefetch hook reads them from the wire's first line.
    arrival_lines arrival;  // the receiver's, for prefetch_arrival()
    sim_ps latency_ps = 0;
    sim_ps flit_ps = 0;
    serializer ser;  // packet times on the wire
    link_port_owner* receiver = nullptr;  // null: the receiver is reached through TLM
    unsigned receiver_port = 0;
    link_port_call arrive = nullptr;      // the receiver's packet_arrives()
    sim_ps busy_ps = 0;
    std::uint64_t packets = 0;
    std::uint64_t bytes = 0;

    /// Counts `pkt` starting at `start_ps`, its tail available at `tail_ps`; returns when the tail
    /// has left.
    sim_ps send(const packet& pkt, sim_ps start_ps, sim_ps tail_ps)
    {
        const sim_ps tail_leaves = std::max(start_ps + ser(pkt.bytes), tail_ps + flit_ps);
        busy_ps += tail_leaves - start_ps;
        ++packets;
        bytes += pkt.bytes;
        return tail_leaves;
    }
    /// What the receiver sees of a packet whose tail left at `tail_leaves`.
    link_beat arriving(packet* pkt, std::uint8_t vc, sim_ps tail_leaves) const
    {
        link_beat beat;
        beat.pkt = pkt;
        beat.vc = vc;
        beat.tail_ps = tail_leaves + latency_ps;
        return beat;
    }
    sim_ps head_arrives(sim_ps start_ps) const { return start_ps + flit_ps + latency_ps; }
    /// Hands a packet sent (send()) to the receiver, which must be set.
    void deliver(packet* pkt, std::uint8_t vc, sim_ps start_ps, sim_ps tail_leaves) const
    {
        arrive(*receiver, receiver_port, arriving(pkt, vc, tail_leaves), head_arrives(start_ps));
    }
    /// send() and deliver(); as link::carry.
    sim_ps carry(packet* pkt, std::uint8_t vc, sim_ps start_ps, sim_ps tail_ps, sim_ps* pace_ps)
    {
        const sim_ps tail_leaves = send(*pkt, start_ps, tail_ps);
        deliver(pkt, vc, start_ps, tail_leaves);
        if (pace_ps)
            *pace_ps = flit_ps;
        return tail_leaves;
    }
};

class link : public sc_core::sc_module, public traceable, private link_fw_if, private link_bw_if {
public:
    tlm::tlm_target_socket<32, link_protocol_types> in;      ///< from the sending port
    tlm::tlm_initiator_socket<32, link_protocol_types> out;  ///< to the receiving port

    link(const sc_core::sc_module_name& name, const link_params& params);
    ~link() override;

    const link_params& params() const { return m_params; }
    sim_ps busy_ps() const { return m_wire->busy_ps; }
    std::uint64_t packets() const { return m_wire->packets; }
    std::uint64_t bytes() const { return m_wire->bytes; }

    void attach_trace(vcd_writer& writer) override;

    /// What nb_transport_fw does, without the TLM call (link_sender_end): starts `pkt` on the wire on VC
    /// `vc` at `start_ps`, its tail available at `tail_ps`. Returns when the tail has left;
    /// `flit_ps`, if given, receives the time per flit.
    sim_ps carry(packet* pkt, std::uint8_t vc, sim_ps start_ps, sim_ps tail_ps, sim_ps* flit_ps = nullptr);
    /// Lends this link's wire to `to`, in the sending model, which calls link_wire::carry itself
    /// from then on, if the link need not see its packets (untraced, the receiver hxsim's own).
    /// `to` must stay where it is for the rest of the run; it is left as it is if not lent.
    void lend_wire(link_wire& to);
    /// What nb_transport_bw does, without the TLM call: `credits` freed in VC `vc` at the receiver
    /// go back, the first leaving `delay_ps` from now, then one per `interval_ps`.
    void carry_credits(std::uint8_t vc, std::uint32_t credits, sim_ps delay_ps, sim_ps interval_ps);

    /// Where this link's credits go when nothing but their arrival needs the link: the sending
    /// model and its port, and the latency to add. `sender` is null when the link must carry them
    /// itself (traced, or the sender is not an hxsim model). Valid from start_of_simulation().
    struct credit_route {
        link_port_owner* sender = nullptr;
        link_port_call arrive = nullptr;  // the sender's credits_arrive()
        unsigned sender_port = 0;
        sim_ps latency_ps = 0;
    };
    credit_route direct_credit_route() const
    {
        return m_trace ? credit_route{} : m_sender_route;
    }
    /// Hands `credits` of VC `vc` to the sender and port `route` names, the first arriving at
    /// `first_ps`.
    static void deliver_credits(const credit_route& route, std::uint8_t vc, std::uint32_t credits, sim_ps first_ps,
                                sim_ps interval_ps)
    {
        route.arrive(*route.sender, route.sender_port, credit_beat(vc, credits, interval_ps), first_ps);
    }

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

    // What a credit train, or a packet when the wire is not lent, reads and writes: from here to
    // the end.
    alignas(64) link_params m_params;
    link_wire* m_wire = &m_own_wire;  // m_own_wire or the sender's
    std::unique_ptr<trace_state> m_trace;  ///< null unless traced
    // The owner of the sending socket, when it is hxsim's own (sender null: another model, such
    // as a terminator, reached through the TLM call), with its credits_arrive(), its port index
    // and the latency: called without touching the sockets, cold objects on a large platform. The
    // wire holds the receiving one.
    credit_route m_sender_route;
    link_wire m_own_wire;
};

/// A model's sending side of one link, for its hot path: the link behind the socket, found once
/// the link has attached itself (start_of_simulation()), lends its wire, which this end then
/// drives itself; a traced link is called directly, and a socket on another model (a terminator)
/// through TLM.
class link_sender_end {
public:
    link_sender_end() = default;
    link_sender_end(const link_sender_end&) = delete;  // the link may hold a pointer to m_wire
    link_sender_end& operator=(const link_sender_end&) = delete;

    void find(link_initiator_socket& socket)
    {
        m_out = &socket;
        m_link = socket.attached_link();
        if (m_link != nullptr)
            m_link->lend_wire(m_wire);
    }

    /// link_initiator_socket::send, through the wire lent or the link found.
    sim_ps send(packet* pkt, sim_ps start_ps, sim_ps tail_ps, sim_ps* flit_ps = nullptr)
    {
        if (m_wire.receiver != nullptr)  // lent: a wire of its own has none
            return m_wire.carry(pkt, pkt->vc, start_ps, tail_ps, flit_ps);
        return m_link ? m_link->carry(pkt, pkt->vc, start_ps, tail_ps, flit_ps) : m_out->send(pkt, start_ps, tail_ps, flit_ps);
    }

    /// Fetches what prefetch_arrival() reads, a stage before it.
    void prefetch_wire() const
    {
        prefetch_line(&m_wire.arrival.model);
        prefetch_line(&m_wire.arrival.vcs);  // the same line unless the two straddle one
    }
    /// Fetches what the receiver reads first when a packet arrives on VC `vc` (lent wires only).
    void prefetch_arrival(unsigned vc) const
    {
        if (m_wire.arrival.vcs == nullptr)
            return;
        prefetch_line(m_wire.arrival.model);
        prefetch_line(m_wire.arrival.vcs + vc * cache_line_bytes);
    }

private:
    link_wire m_wire;
    link* m_link = nullptr;
    link_initiator_socket* m_out = nullptr;
};

/// A model's receiving side of one link, for its hot path. Credits go back to the sender the link
/// found at its other end without touching the link object (a cold line or two on a large
/// platform, read for every packet), unless the link must see them (it is traced, or the sender
/// is another model's socket): then through the link, or, with no link found, through TLM.
class link_receiver_end {
public:
    void find(link_target_socket& socket)
    {
        m_in = &socket;
        m_link = socket.attached_link();
        if (m_link != nullptr)
            m_direct = m_link->direct_credit_route();
    }

    /// link_target_socket::return_credits, through the link found or straight to its sender.
    void return_credits(std::uint8_t vc, std::uint32_t credits, sim_ps delay_ps, sim_ps interval_ps = 0) const
    {
        if (m_direct.sender != nullptr)
            link::deliver_credits(m_direct, vc, credits, now_ps() + delay_ps + m_direct.latency_ps, interval_ps);
        else if (m_link)
            m_link->carry_credits(vc, credits, delay_ps, interval_ps);
        else
            m_in->return_credits(vc, credits, delay_ps, interval_ps);
    }

private:
    link* m_link = nullptr;
    link_target_socket* m_in = nullptr;
    link::credit_route m_direct;  // sender null: through m_link or m_in
};

}  // namespace hxsim
