// An input-queued virtual-channel router with output buffers, at packet granularity with
// cut-through timing. One class serves as the accelerator's 5-port router and as the radix-k
// switch of a row or column network; the topology builder sets ports, timing and routing.
//
// A packet's way through: its head arrives on an input VC; after the input latency it is routed
// (adaptively: the candidate output and VC with most free downstream space); the crossbar moves it
// into that output's VC buffer at the crossbar bandwidth, one transfer at a time per input and per
// output, once that buffer has room; its input buffer space goes back to the upstream sender as
// credits when the tail has crossed. After the output latency the link sends it, VCs taking turns,
// once the downstream buffer has credits for the whole packet (virtual cut-through).
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include <systemc>

#include "models/core/action_queue.h"
#include "models/core/link_protocol.h"
#include "models/routing/routing.h"

namespace hxsim {

struct router_params {
    std::uint32_t id = 0;                 ///< this router's index for the routing algorithm
    unsigned ports = 0;
    unsigned vcs = 0;                     ///< per port, split evenly among the routing's classes
    std::uint64_t flit_bytes = 0;         ///< buffer and credit unit
    std::uint64_t buffer_bytes = 0;       ///< input buffer and output buffer, per port and VC
    sim_ps input_latency_ps = 0;
    sim_ps output_latency_ps = 0;
    std::uint64_t crossbar_bandwidth_bps = 0;
    const routing_algorithm* routing = nullptr;
    forward_observer* observer = nullptr;  ///< optional
    std::vector<std::string> port_names;   ///< socket suffixes, e.g. {"local", "N", "E", "S", "W"}
    std::vector<std::uint32_t> downstream_buffer_flits;  ///< per output port, per VC: initial credits
};

class router : public sc_core::sc_module, private link_port_owner {
public:
    sc_core::sc_vector<link_target_socket> in;      ///< one per port, from the upstream link
    sc_core::sc_vector<link_initiator_socket> out;  ///< one per port, to the downstream link

    router(const sc_core::sc_module_name& name, const router_params& params);

    std::uint64_t packets_forwarded() const { return m_forwarded; }
    /// Packets held in this router's buffers.
    std::uint64_t packets_buffered() const;
    /// Where packets sit and what they wait for, for deadlock diagnostics; empty when idle.
    std::string describe_buffers() const;

private:
    enum class action_kind : std::uint8_t { head_ready, credit, output_release, crossbar_done, link_ready };
    struct action {
        action_kind kind = action_kind::head_ready;
        std::uint16_t port = 0;
        std::uint8_t vc = 0;
        std::uint32_t value = 0;
    };
    struct request {
        std::uint16_t in_port;
        std::uint8_t in_vc;
    };
    struct input_vc {
        std::deque<packet*> queue;
        std::uint32_t used_flits = 0;
    };
    struct input_port {
        std::vector<input_vc> vcs;
        sim_ps busy_until_ps = 0;  // crossbar input streaming a packet
    };
    struct output_vc {
        std::deque<packet*> queue;
        std::uint32_t free_flits = 0;   // output buffer space
        std::uint32_t queued_flits = 0; // waiting for the link
        std::int64_t credits = 0;       // downstream input buffer space
    };
    struct output_port {
        std::vector<output_vc> vcs;
        std::vector<request> requests;  // oldest first
        sim_ps crossbar_busy_until_ps = 0;
        sim_ps link_busy_until_ps = 0;
        unsigned next_vc = 0;           // round robin over VCs on the link
    };

    void packet_arrives(unsigned port, const link_beat& beat, sim_ps head_ps) override;
    void credits_arrive(unsigned port, const link_beat& beat, sim_ps at_ps) override;

    void wake();
    void head_ready(unsigned port, unsigned vc);
    void route(unsigned port, packet& pkt);
    void try_crossbar(unsigned out_port);
    void try_link(unsigned out_port);
    std::string port_name(unsigned port) const;

    router_params m_params;
    unsigned m_vcs_per_class;
    std::uint32_t m_buffer_flits;
    sim_ps m_crossbar_flit_ps;
    std::vector<input_port> m_inputs;
    std::vector<output_port> m_outputs;
    action_queue<action> m_actions;
    sc_core::sc_event m_wake;
    std::uint64_t m_forwarded = 0;
};

}  // namespace hxsim
