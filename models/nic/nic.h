// The accelerator's network interface. Towards the accelerator: a TLM-2.0 target socket taking
// message writes (non-blocking base protocol: END_REQ when queued, at once or, with the send
// queue full, when a message has left; BEGIN_RESP once the last packet has left) and an initiator socket on which it writes each delivered message. Towards
// the network: a link into the accelerator router's local port and a link back out of it.
//
// Sending: messages are served in order; each is cut into MTU packets injected at the NIC's
// bandwidth, on the first routing class's VC with most credits, as soon as one has room for the
// whole packet (credits are counted when announced). Receiving: packets are sunk at
// link rate; a message is reassembled from its packets in any order, checked for missing and
// duplicate pieces, and delivered to the accelerator in the order the source sent it.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <unordered_map>
#include <vector>

#include <systemc>
#include <tlm>

#include "models/core/action_queue.h"
#include "models/core/credit_counter.h"
#include "models/core/link_protocol.h"
#include "models/link/link.h"
#include "models/nic/message.h"
#include "models/nic/reassembly_table.h"
#include "models/sim/histogram.h"

namespace hxsim {

/// Counters shared by every NIC of a platform (one stats path for the whole run).
struct network_counters {
    std::uint64_t packets_injected = 0;
    std::uint64_t packets_delivered = 0;
    std::uint64_t packet_hops = 0;      ///< router traversals of delivered packets
    std::uint64_t bytes_delivered = 0;
    std::uint64_t max_reorder_messages = 0;  ///< most complete messages one NIC held back for order
    std::uint64_t packets_out_of_order = 0;  ///< arrived after a later packet of the same message
    histogram packet_latency_ps;        ///< head leaves the source NIC to tail reaching the destination NIC
    sim_ps measure_from_ps = 0;         ///< packets injected in [from, until) count in the latency
    sim_ps measure_until_ps = ~sim_ps{0};
};

struct nic_params {
    std::uint32_t id = 0;                 ///< accelerator index
    std::uint32_t accelerators = 0;       ///< valid destinations are [0, accelerators)
    std::uint64_t mtu_bytes = 0;
    std::uint64_t send_queue_messages = 0;  ///< messages held to send; beyond, END_REQ waits for room. 0: no limit
    std::uint64_t flit_bytes = 0;
    unsigned vcs = 0;
    unsigned injection_vcs = 0;           ///< VCs [0, injection_vcs) carry new packets
    std::uint32_t router_buffer_flits = 0;  ///< per VC of the router's local input: initial credits
    std::uint32_t receive_buffer_flits = 0; ///< per VC of this NIC's receive buffer
    bool wormhole = false;                  ///< the router's flow control (packets may outsize its buffer)
    packet_pool* pool = nullptr;
    network_counters* counters = nullptr;
};

class nic : public sc_core::sc_module, private link_port_owner, private tlm::tlm_fw_transport_if<>,
            private tlm::tlm_bw_transport_if<> {
public:
    tlm::tlm_target_socket<> host_in;      ///< the accelerator posts messages here
    tlm::tlm_initiator_socket<> host_out;  ///< delivered messages are written here
    link_initiator_socket net_out;         ///< to the router's local input
    link_target_socket net_in;             ///< from the router's local output

    nic(const sc_core::sc_module_name& name, const nic_params& params);


private:
    enum class action_kind : std::uint8_t { accept, send, sent, receive };
    struct action {
        action_kind kind = action_kind::send;
        tlm::tlm_generic_payload* trans = nullptr;
        packet* pkt = nullptr;
    };
    struct outgoing {
        tlm::tlm_generic_payload* trans;
        std::uint64_t id;
        std::uint64_t seed;
        std::uint64_t sequence;
        std::uint64_t next_offset;
        std::uint32_t record;  // its packets' message_record, from its first packet on
    };

    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay) override;
    void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) override;
    bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }
    unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }
    // Deliveries are blocking writes: the backward path of host_out carries nothing.
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time&) override
    {
        return tlm::TLM_ACCEPTED;
    }
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}

    void start_of_simulation() override;
    friend class link_port_owner;  // calls_of()
    link_port_calls calls() const override { return calls_of<nic>(); }
    void packet_arrives(unsigned port, const link_beat& beat, sim_ps head_ps) final;
    void credits_arrive(unsigned port, const link_beat& beat, sim_ps at_ps) final;

    bool validate(tlm::tlm_generic_payload& trans);
    /// Takes a posted message into the send queue at `at_ps`.
    void accept(tlm::tlm_generic_payload& trans, sim_ps at_ps);
    void wake();
    /// scheduled_wake's prefetch hook: stage 3 this NIC's hot lines and its first action; 2 what
    /// the action names (a packet received, or the message being sent); 1 the packet's
    /// reassembly slot, or the message's transaction.
    void prefetch(unsigned stage) const;
    void try_send();
    /// The next packet of `msg`: its size, and the credits it needs on its injection VC.
    struct packet_shape {
        std::uint32_t bytes;
        std::uint32_t flits;
        std::uint32_t needed;
    };
    packet_shape packet_after(const outgoing& msg) const;
    /// The record of `msg`'s packets, made as its first packet goes.
    std::uint32_t open_record(const outgoing& msg);
    /// When a packet needing `needed` credits can go: some injection VC has them, as far as the
    /// trains announced tell, and the link is free; never if the credits do not suffice.
    sim_ps credits_ready_ps(std::uint32_t needed, sim_ps now);
    void receive(packet* pkt);
    void deliver(const reassembly_table::entry& msg);
    void deliver(std::uint64_t id, std::uint32_t src, std::uint64_t bytes, std::uint8_t* data, std::uint64_t checksum,
                 std::uint64_t sequence);
    /// Delivers the messages from `src` held back for order that are now next.
    void deliver_held(std::uint32_t src, std::uint64_t& expected);

    nic_params m_params;
    link_sender_end m_net_out_link;  // the links behind net_out and net_in, called without the sockets
    link_receiver_end m_net_in_link;
    tlm::tlm_generic_payload m_delivery;
    message_extension* m_delivery_ext;  // owned by m_delivery
    action_queue<action> m_actions;
    scheduled_wake m_wake{[this] { wake(); }, [this](unsigned stage) { prefetch(stage); }};

    // Sending.
    std::deque<outgoing> m_send_queue;
    std::uint64_t m_held_messages = 0;                       // accepted, last packet not yet sent
    tlm::tlm_generic_payload* m_waiting_for_room = nullptr;  // its END_REQ owed (base protocol: one)
    std::vector<credit_counter> m_credits;
    std::uint32_t m_mtu_flits;  // the flits of a full packet: no packet needs more credits
    sim_ps m_link_free_ps = 0;
    // The next packet lacks credits: found by a try with the link free, or by the last send, for
    // when its link frees. Credit trains announced meanwhile then tell it when to look again.
    bool m_waiting_for_credits = false;
    std::unordered_map<std::uint32_t, std::uint64_t> m_next_sequence_to;
    // Per peer sequence numbers in dense tables when the platform is small enough (both empty
    // otherwise, and the maps serve; the expected ones sit with the receiving state below): a
    // vector index instead of a hash lookup per message. At 1,024 accelerators the tables take
    // 16 KiB a NIC, less than the maps once an all-to-all has filled them; at 16,384 they would
    // take 4 GiB in all.
    static constexpr std::uint32_t dense_peers_limit = 1024;
    std::vector<std::uint64_t> m_next_sequence_dense;
    std::uint64_t& next_sequence_to(std::uint32_t dst)
    {
        return m_next_sequence_dense.empty() ? m_next_sequence_to[dst] : m_next_sequence_dense[dst];
    }
    std::uint64_t& expected_sequence_from(std::uint32_t src)
    {
        return m_expected_sequence_dense.empty() ? m_expected_sequence_from[src] : m_expected_sequence_dense[src];
    }

    // Receiving. What every packet and every completed message reads, in one cache line and the
    // start of the next: the NIC is cold when a packet's tail arrives on a large platform.
    alignas(64) reassembly_table m_reassembly;
    std::uint64_t m_held_count = 0;  // messages in m_held
    std::vector<std::uint64_t> m_expected_sequence_dense;
    std::unordered_map<std::uint32_t, std::uint64_t> m_expected_sequence_from;
    std::unordered_map<std::uint32_t, std::map<std::uint64_t, reassembly_table::entry>> m_held;  // by sequence
};

}  // namespace hxsim
