// The hxsim link protocol: TLM-2.0 non-blocking transport between a sending port, a link and a
// receiving port, with timing annotation instead of per-cycle signals.
//
// Forward path (sender -> link -> receiver), phase BEGIN_REQ, carries a packet:
//   - sender to link: the annotated delay is when the head starts on the wire; the link answers
//     TLM_UPDATED/END_REQ with the delay until the tail has left, i.e. until the link is free,
//     and its time per flit in beat.interval_ps.
//   - link to receiver: the annotated delay is when the head has arrived; beat.tail_ps is the
//     absolute time the tail arrives.
// Backward path (receiver -> link -> sender), phase CREDIT: `credits` flits of buffer in VC `vc`
// were freed, one per `interval_ps`; the annotated delay is when the first reaches the sender.
#pragma once

#include <cstdint>
#include <tlm>

#include "models/core/packet.h"

namespace hxsim {

class link;  // models/link/link.h

DECLARE_EXTENDED_PHASE(CREDIT);

/// What crosses a link: a packet going forward, or credits going back.
struct link_beat {
    packet* pkt = nullptr;
    sim_ps tail_ps = 0;       ///< absolute time the tail is available (sender) or arrives (receiver)
    std::uint8_t vc = 0;
    std::uint32_t credits = 0;
    sim_ps interval_ps = 0;   ///< between successive credits of one return
};

/// The beat that carries `credits` of VC `vc` back, one per `interval_ps`.
inline link_beat credit_beat(std::uint8_t vc, std::uint32_t credits, sim_ps interval_ps)
{
    link_beat beat;
    beat.vc = vc;
    beat.credits = credits;
    beat.interval_ps = interval_ps;
    return beat;
}

struct link_protocol_types {
    using tlm_payload_type = link_beat;
    using tlm_phase_type = tlm::tlm_phase;
};

using link_fw_if = tlm::tlm_fw_transport_if<link_protocol_types>;
using link_bw_if = tlm::tlm_bw_transport_if<link_protocol_types>;

/// The first lines a packet arriving on one port makes its receiver read (packet_arrives()), for
/// the sender to fetch before it sends (router::prefetch): the receiver on a large platform is
/// another model, cold, reached through a chain of pointers.
struct arrival_lines {
    const void* model = nullptr;  ///< the receiver's line packet_arrives() reads first; null: none
    const char* vcs = nullptr;    ///< VC 0's line of the port, VC v's v lines after it; null: none
};

class link_port_owner;

/// packet_arrives() or credits_arrive() of one link_port_owner class, as a plain function.
using link_port_call = void (*)(link_port_owner& owner, unsigned port, const link_beat& beat, sim_ps at_ps);

/// The calls a link makes on the model at either end, found once before the run: a virtual call
/// first reads the model's vtable pointer, a line of its own, cold on a large platform, on every
/// packet and credit train (docs/performance.md, thirty-fourth pass).
struct link_port_calls {
    link_port_call packet_arrives = nullptr;
    link_port_call credits_arrive = nullptr;
};

/// A module with link ports implements this; the port index says which socket was called.
class link_port_owner {
public:
    virtual ~link_port_owner() = default;
    /// What packet_arrives() on `port` reads first (none by default).
    virtual arrival_lines arrival_lines_of(unsigned) const { return {}; }
    /// packet_arrives() and credits_arrive() as plain functions: by default functions that make
    /// the virtual calls; a model on the hot path returns its own (calls_of<Owner>()).
    virtual link_port_calls calls() const { return calls_of<link_port_owner>(); }
    /// A packet head arrives on input `port` at absolute time `head_ps`.
    virtual void packet_arrives(unsigned port, const link_beat& beat, sim_ps head_ps) = 0;
    /// Credits for output `port` arrive at absolute time `at_ps`.
    virtual void credits_arrive(unsigned port, const link_beat& beat, sim_ps at_ps) = 0;

protected:
    /// calls() for a class `Owner` whose packet_arrives() and credits_arrive() are final, called
    /// without reading the vtable; `Owner` makes this function its friend. For link_port_owner
    /// itself, the virtual calls.
    template <typename Owner>
    static link_port_calls calls_of()
    {
        return {[](link_port_owner& o, unsigned port, const link_beat& beat, sim_ps at_ps) {
                    static_cast<Owner&>(o).packet_arrives(port, beat, at_ps);
                },
                [](link_port_owner& o, unsigned port, const link_beat& beat, sim_ps at_ps) {
                    static_cast<Owner&>(o).credits_arrive(port, beat, at_ps);
                }};
    }
};

/// Receiving side of a link: forwards packet arrivals to its owner, tagged with the port index.
/// Its transport interface is a public base: a link finds the socket behind it (after elaboration),
/// calls its owner directly and attaches itself, so that the owner can call the link directly
/// (link.h: link_sender_end, link_receiver_end).
class link_target_socket : public tlm::tlm_target_socket<32, link_protocol_types>, public link_fw_if {
public:
    link_target_socket(const char* name, link_port_owner& owner, unsigned port)
        : tlm::tlm_target_socket<32, link_protocol_types>(name), m_owner(owner), m_port(port)
    {
        bind(static_cast<link_fw_if&>(*this));
    }

    link_port_owner& owner() const { return m_owner; }
    unsigned port() const { return m_port; }
    /// The hxsim link bound to this socket, once it found it (end of elaboration); else null.
    link* attached_link() const { return m_link; }
    void attach(link& l) { m_link = &l; }

    /// Returns `credits` flits of VC `vc` to the sender, the first after `delay_ps` plus the link
    /// latency, the others one per `interval_ps` after it.
    void return_credits(std::uint8_t vc, std::uint32_t credits, sim_ps delay_ps, sim_ps interval_ps = 0)
    {
        link_beat beat = credit_beat(vc, credits, interval_ps);
        tlm::tlm_phase phase = CREDIT;
        sc_core::sc_time delay = to_sc_time(delay_ps);
        (*this)->nb_transport_bw(beat, phase, delay);
    }

private:
    tlm::tlm_sync_enum nb_transport_fw(link_beat& beat, tlm::tlm_phase& phase, sc_core::sc_time& delay) override
    {
        m_owner.packet_arrives(m_port, beat, now_ps() + delay.value());
        return tlm::TLM_ACCEPTED;
    }
    void b_transport(link_beat&, sc_core::sc_time&) override {}
    bool get_direct_mem_ptr(link_beat&, tlm::tlm_dmi&) override { return false; }
    unsigned int transport_dbg(link_beat&) override { return 0; }

    link_port_owner& m_owner;
    unsigned m_port;
    link* m_link = nullptr;
};

/// Sending side of a link: hands packets to the link, receives credits from it (the link calls the
/// owner directly once it found this socket, as for link_target_socket).
class link_initiator_socket : public tlm::tlm_initiator_socket<32, link_protocol_types>, public link_bw_if {
public:
    link_initiator_socket(const char* name, link_port_owner& owner, unsigned port)
        : tlm::tlm_initiator_socket<32, link_protocol_types>(name), m_owner(owner), m_port(port)
    {
        bind(static_cast<link_bw_if&>(*this));
    }

    /// Starts `pkt` on the link at `start_ps` (now or later); `tail_ps` is when its tail is
    /// available here. Returns the absolute time the link is free again (the tail has left);
    /// `flit_ps`, if given, receives the link's time per flit.
    sim_ps send(packet* pkt, sim_ps start_ps, sim_ps tail_ps, sim_ps* flit_ps = nullptr)
    {
        link_beat beat;
        beat.pkt = pkt;
        beat.tail_ps = tail_ps;
        beat.vc = pkt->vc;
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_core::sc_time delay = to_sc_time(start_ps - now_ps());
        (*this)->nb_transport_fw(beat, phase, delay);
        if (flit_ps)
            *flit_ps = beat.interval_ps;
        return now_ps() + delay.value();
    }

    link_port_owner& owner() const { return m_owner; }
    unsigned port() const { return m_port; }
    /// The hxsim link bound to this socket, once it found it (end of elaboration); else null.
    link* attached_link() const { return m_link; }
    void attach(link& l) { m_link = &l; }

private:
    tlm::tlm_sync_enum nb_transport_bw(link_beat& beat, tlm::tlm_phase& phase, sc_core::sc_time& delay) override
    {
        m_owner.credits_arrive(m_port, beat, now_ps() + delay.value());
        return tlm::TLM_ACCEPTED;
    }
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}

    link_port_owner& m_owner;
    unsigned m_port;
    link* m_link = nullptr;
};

}  // namespace hxsim
