// An input-queued virtual-channel router, at packet granularity with flit-accurate timing. One
// class serves as the accelerator's 5-port router, the radix-k switch of a row or column network
// and the router of a mesh or torus; the topology builder sets ports, timing and routing.
//
// A packet's way through: its head arrives on an input VC. After the input latency and the
// route-computation, VC-allocation and switch-allocation stages (cycles of the router clock) it
// is routed adaptively (the candidate output and VC with most free downstream space) and requests
// the crossbar. The switch allocator (separable input-first or iSLIP; round-robin or age) grants
// at most one transfer per input and per output at a time. The packet then streams through the
// crossbar, either into the output buffer of its VC (when the router has output buffers) or
// straight onto the link, which then needs credits for the whole packet downstream (virtual
// cut-through). Its input buffer space returns upstream as credits flit by flit as it drains.
// See docs/architecture.md ("Timing of one hop") and docs/fidelity.md.
//
// Traced (--vcd; README: "Waveforms"), a router shows, per input port and VC, `in_<port>_vc<v>_flits`:
// the flits in that input buffer, each counted from its arrival (the packet's flits arrive evenly
// spaced from head to tail) until its slot frees (the grant for the head, then flit by flit as the
// packet enters the crossbar: the times its credits start back upstream); and per output port and
// VC, `out_<port>_vc<v>_credits`: the credits it holds for the downstream buffer, spent when a
// packet is sent onto the link (whole packet; wormhole: as many as it needs), back one by one as
// they arrive.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "models/core/action_queue.h"
#include "models/core/credit_counter.h"
#include "models/core/front_queue.h"
#include "models/core/link_protocol.h"
#include "models/core/ring_queue.h"
#include "models/link/link.h"
#include "models/router/allocator.h"
#include "models/router/router_base.h"
#include "models/routing/routing.h"
#include "models/trace/traceable.h"

namespace hxsim {

/// A router's parameters: first those a hop reads (a router keeps its copy next to its hot state),
/// then those read when it is built.
struct router_params {
    std::uint32_t id = 0;                 ///< this router's index for the routing algorithm
    unsigned ports = 0;
    unsigned vcs = 0;                     ///< per port, split evenly among the routing's classes
    unsigned pre_switch_cycles = 0;       ///< route computation + VC allocation + switch allocation
    unsigned switch_traversal_cycles = 0; ///< head through the crossbar; 0: one flit time at its bandwidth
    bool wormhole = false;                ///< an output VC carries one packet at a time
    bool age_arbitration = false;         ///< arbiters favour the oldest packet (else round robin)
    sim_ps input_latency_ps = 0;
    sim_ps output_latency_ps = 0;
    sim_ps clock_period_ps = 0;           ///< 0: unclocked (latencies only); else events align to its edges
    sim_ps credit_delay_ps = 0;           ///< before a freed buffer slot's credit goes back
    const routing_algorithm* routing = nullptr;
    forward_observer* observer = nullptr;  ///< optional
    std::vector<std::uint32_t> downstream_buffer_flits;  ///< per output port, per VC: initial credits

    std::uint64_t flit_bytes = 0;         ///< buffer and credit unit
    std::uint64_t buffer_bytes = 0;       ///< input buffer, per port and VC
    std::uint64_t output_buffer_bytes = 0;  ///< output buffer per port and VC; 0: none (crossbar feeds the link)
    std::uint64_t crossbar_bandwidth_bps = 0;
    allocator_kind allocator = allocator_kind::separable_input_first;
    unsigned allocator_iterations = 1;
    std::vector<std::string> port_names;   ///< socket suffixes, e.g. {"local", "N", "E", "S", "W"}
};

class router : public router_base, public traceable, private link_port_owner {
public:
    router(const sc_core::sc_module_name& name, const router_params& params);
    ~router() override;

    std::string describe_buffers() const override;

    void attach_trace(vcd_writer& writer) override;

private:
    struct trace_state;

    // The only action: the head of an input VC's first packet is ready. Everything else that
    // changes with time is read when needed (credits: credit_counter; output buffer space and
    // wormhole ownership: output_port::releases) and wakes the router only if it waits for it.
    struct action {
        std::uint16_t port = 0;
        std::uint8_t vc = 0;
    };
    // An input VC's request for the output its head packet chose, with what allocate() reads of
    // the packet at every wake-up of the router: a blocked packet is looked at again and again,
    // deep in a buffer and cold, and its request is not. The packet itself, one load away rather
    // than behind its input VC and queue slot, is fetched once the request can go
    // (docs/performance.md, twenty-second pass).
    struct request {
        packet* pkt;               // the head of input in_port VC in_vc
        std::uint32_t flits;       // pkt->flits
        std::uint16_t in_port;
        std::uint8_t in_vc;
        std::uint8_t out_vc : 6;   // pkt->out_vc, kept in step where it is routed (router_max_vcs)
        std::uint8_t blocked : 1;  // its output could not take it: its candidates are watched
        std::uint8_t lost : 1;     // it lost allocation: it tries again from pkt->head_ready_ps
    };
    static_assert(router_max_vcs <= 64, "request::out_vc holds a VC in 6 bits");
    struct alignas(64) input_vc {
        front_queue<packet*> queue;
        std::uint32_t used_flits = 0;
    };
    struct alignas(64) input_port {
        sim_ps busy_until_ps = 0;  // crossbar input streaming a packet
        sim_ps woken_ps = 0;       // the busy_until_ps a wake-up is asked for (wake_once)
        link_receiver_end link;    // behind in[port], called without touching the socket
    };
    struct alignas(64) output_vc {
        std::uint32_t queued_flits = 0;
        std::uint32_t free_flits = 0;   // output buffer space
        credit_counter credits;         // downstream input buffer space
        std::uint64_t owner = no_owner; // wormhole: the packet holding this VC
        // Output buffer, waiting for the link (one more packet inline would not fit two lines).
        front_queue<packet*, 1> queue;
    };
    // A hop reads an input VC's line and an output VC's two: one more is a miss more a hop.
    static_assert(sizeof(input_vc) == 64 && sizeof(output_vc) == 128, "VC state grew by a cache line");
    /// A packet's tail has left on the link: its output buffer space (or, wormhole, its VC) frees.
    struct release {
        sim_ps at_ps;
        std::uint64_t packet_id;
        std::uint32_t flits;
        std::uint8_t vc;
    };
    // What allocation reads first: the requests (four inline: 16 bytes each, more than the first
    // cache line holds, but a request that spills to the heap costs a line of its own), then the
    // crossbar's busy time; the link and the output buffers' state after them.
    struct alignas(64) output_port {
        ring_queue<request, 4> requests;  // oldest first
        sim_ps crossbar_busy_until_ps = 0;
        sim_ps crossbar_woken_ps = 0;   // the crossbar_busy_until_ps a wake-up is asked for (wake_once)
        sim_ps link_busy_until_ps = 0;
        link_sender_end link;           // behind out[port]: the link's wire, lent, next to its busy time
        unsigned next_vc = 0;           // round robin over VCs on the link
        unsigned queued_packets = 0;    // in the output buffers, all VCs
        // Bit v: output VC v has packets queued for the link. try_link() reads the VCs that do,
        // not every VC's queue (each its own cache line, cold on a large platform).
        std::uint64_t queued_vcs = 0;
        // Output buffer space or (wormhole) a VC freed as a tail leaves; empty otherwise.
        ring_queue<release> releases;   // in time order (the link sends one packet at a time)
    };
    static constexpr std::uint64_t no_owner = ~0ull;
    static constexpr std::uint16_t no_port = 0xffff;

    void start_of_simulation() override;
    friend class link_port_owner;  // calls_of()
    link_port_calls calls() const override { return calls_of<router>(); }
    void packet_arrives(unsigned port, const link_beat& beat, sim_ps head_ps) final;
    /// The router's first hot line (its input VCs' array) and the port's input VCs.
    arrival_lines arrival_lines_of(unsigned port) const override;
    void credits_arrive(unsigned port, const link_beat& beat, sim_ps at_ps) final;

    void wake();
    /// scheduled_wake's prefetch hook: stage 3 this object's hot lines and the first action;
    /// 2 the input VC, input port, port sets and instants it names, and the ports and VCs of the
    /// hints due (m_link_hints); 1 the packets at the heads of those VCs, the input VCs' next
    /// packets and the ring slots read as the heads leave.
    void prefetch(unsigned stage) const;
    void head_ready(unsigned port, unsigned vc);
    /// Chooses pkt's output and VC; `watch`: a packet just blocked, whose candidates are watched
    /// from then on (until unwatch()).
    void route(unsigned port, packet& pkt, bool watch = false);
    /// What route() maximises over the candidates: `port_room`, the free space downstream over
    /// the candidate's class's VCs less what waits here, or for a UGAL candidate (hops > 0) minus
    /// its queue times its path's hops. Never decreases as port_room grows.
    std::int64_t score_of(const route_candidate& c, std::int64_t port_room) const;
    /// The free space downstream of candidate `c`'s port over its class's VCs less what waits
    /// here for them, at `now` (credits arrived by then are taken in); `vc` is set to the VC of the
    /// class with most room (ties: the lower). Inlined into route(), its one caller, where the
    /// call itself cost more than a short list of candidates.
    [[gnu::always_inline]] inline std::int64_t room_of(const route_candidate& c, sim_ps now, unsigned& vc);
    /// The room of output `port` for class `cls` with every credit announced to its VCs counted as
    /// arrived (reads each VC: for a router that keeps no room bounds, and to start them).
    std::int64_t announced_room(unsigned port, unsigned cls) const;
    /// A candidate's room exceeds its bound: the bound's bookkeeping has a hole.
    [[noreturn, gnu::cold]] void room_bound_broken(const route_candidate& c, std::int64_t room,
                                                   std::int64_t bound) const;
    /// A blocked packet's output can take it: its candidates are no longer watched for it (the
    /// caller clears its request's `blocked`).
    void unwatch(unsigned port, packet& pkt);
    /// The candidates of `pkt`, which waits at input `port` (routing sees it as it arrived).
    void candidates_of(unsigned port, packet& pkt, route_candidates& candidates) const;
    [[noreturn, gnu::cold]] void no_route(unsigned port, const packet& pkt) const;
    /// `events`: outputs where an event that blocked packets watch is due (m_events).
    void allocate(sim_ps now, bool events);
    /// Whether output `out_port` VC `out_vc` can take a packet of `flits` now (else asks to wake
    /// when it may).
    bool can_take(unsigned out_port, unsigned out_vc, std::uint32_t flits, sim_ps now);
    /// Credits a packet of `flits` needs before it may start downstream: all its flits (virtual
    /// cut-through), or as many as the downstream buffer holds (wormhole; see docs/fidelity.md).
    std::uint32_t flits_needed(unsigned out_port, std::uint32_t flits) const;
    /// Fetches what a transfer to output `port` VC `vc` reads of them beyond the port's
    /// requests: its link, queue counts and the VC's two lines, cold on a large platform, where
    /// transfer() met them as misses one after the other. Called as a packet chooses the output,
    /// and again as its request is offered (one chosen in an earlier wake-up is cold again).
    void prefetch_output(unsigned port, unsigned vc) const;
    /// Grants the head packet of input `in_port` VC `in_vc` output `out_port`.
    void transfer(unsigned in_port, unsigned in_vc, unsigned out_port, sim_ps now);
    /// The request of input `in_port` VC `in_vc` among output `out_port`'s (it is there).
    std::size_t request_index(unsigned out_port, unsigned in_port, unsigned in_vc) const;
    /// `r` can go: it is among those the switch allocator matches, and what a grant reads is
    /// fetched meanwhile (its packet and input VC).
    void offer(const request& r, unsigned out_port);
    /// Takes the request of input `in_port` VC `in_vc` out of output `out_port`'s requests.
    void drop_request(unsigned out_port, unsigned in_port, unsigned in_vc);
    void try_link(unsigned out_port, sim_ps now);
    /// If the link of `out_port` is busy at `now`: try_link() is skipped until it frees, and the
    /// router wakes then. Returns whether it was busy.
    bool wait_for_link(unsigned out_port, sim_ps now);
    /// Output buffer to link: spends the credits and starts `pkt` on VC `vc` at `start`.
    void start_on_link(unsigned out_port, unsigned vc, packet* pkt, sim_ps start);
    /// The link of `out_port` will likely send the head of VC `vc` at `at_ps` (m_link_hints).
    void hint_link(sim_ps at_ps, unsigned out_port, unsigned vc) { add_hint(at_ps, false, out_port, vc); }
    /// The head of input `in_port` VC `vc` will likely cross at `at_ps`, when its input frees, and
    /// the packet behind it become the head (m_link_hints).
    void hint_input(sim_ps at_ps, unsigned in_port, unsigned vc) { add_hint(at_ps, true, in_port, vc); }
    void add_hint(sim_ps at_ps, bool input, unsigned port, unsigned vc);
    /// How many of m_link_hints (the first ones) are due by `at_ps`.
    unsigned link_hints_due(sim_ps at_ps) const;
    /// Applies the releases of `out_port` due by `now`. Output buffer room may be applied late, as
    /// it only adds room: can_take() applies it when the room it sees is short, start_on_link()
    /// whenever a packet leaves (which keeps the queue short).
    void apply_releases(unsigned out_port, sim_ps now);
    /// Wake at the first clock edge at or after `at_ps`.
    void wake_at(sim_ps at_ps);
    /// Blocked packets with output `port` among their candidates choose again at the first clock
    /// edge at or after `at_ps` (credits or room there; the caller wakes the router then).
    void event_at(unsigned port, sim_ps at_ps);
    /// wake_at(at_ps), `at_ps` being in the future, unless `asked_ps` says it was asked for
    /// already (a busy input or crossbar output: every allocation that finds it busy asks again).
    void wake_once(sim_ps& asked_ps, sim_ps at_ps);
    sim_ps align(sim_ps t) const;
    sim_ps head_crossing_ps() const;
    std::string port_name(unsigned port) const;

    // Per port and per VC state in arrays sized once (ports and VCs are fixed): a pointer each in
    // the router, not a vector's three.
    std::unique_ptr<input_port[]> m_inputs;
    std::unique_ptr<output_port[]> m_outputs;
    sim_ps m_crossbar_flit_ps;
    serializer m_crossbar_ser;  // packet times through the crossbar
    switch_allocator m_allocator;
    unsigned m_vcs_per_class;
    // Scratch of allocate(), shared by every router (one allocates at a time, and nothing it calls
    // allocates in another): one set that stays in the caches rather than three blocks a router.
    struct allocation_scratch {
        std::vector<allocation_request> requests;
        std::vector<unsigned> grants;
        std::vector<request> blocked;  // requests their output could not take
        // Input VCs that sent a packet and hold another (transfer): its head is read at the end of
        // the wake-up, after a prefetch (a packet deep in a buffer is cold; 1-4% on the
        // all-to-all, docs/performance.md, thirty-first pass).
        std::vector<action> next_heads;
        // Of those, the ones whose next packet is ready at this instant: routed at the end of the
        // wake-up, not in another wake-up at the same instant.
        std::vector<action> ready_now;
    };
    static allocation_scratch m_scratch;
    // Sets of outputs, as bit sets of m_bit_words words each: a wake visits only the outputs in a
    // set, in port order (which keeps runs identical), not every port of a switch.
    enum port_set : unsigned {
        requesting,    // outputs with requests
        link_waiting,  // outputs with packets waiting for their link
        // Outputs among the choices of a packet its output cannot take (watchers(), at least one):
        // credits arriving there (without output buffers), or a tail leaving (output buffer
        // room), wake the router, and the packet chooses again. Other waits (a busy input,
        // crossbar or link) wake when they end.
        watched,
        // Outputs whose link has a packet waiting for credits that no announced credits will give
        // (try_link): credits arriving there wake the router. Other link waits have their instant.
        link_starved,
        // Outputs where an event watched comes at this wake-up (m_events): the blocked packets
        // with one of them among their candidates choose again.
        evented,
        port_sets
    };
    // The fields a packet's or a credit train's arrival reads come next, in three cache lines each
    // with the first of m_params: on a large platform the router is cold when its neighbour's link
    // calls it, and each line is a miss (docs/performance.md, seventh and twenty-seventh passes).
    // First line: the trace, the VCs, the port sets and the scheduler's part of m_wake (its
    // functions, called when the router wakes, fill the second).
    alignas(64) std::unique_ptr<trace_state> m_trace;  // null unless traced
    // The VCs of all ports in one array each, by port then VC (input_vc_at(), output_vc_at()):
    // a port's VCs are next to each other, one pointer away from the router.
    std::unique_ptr<input_vc[]> m_input_vcs;
    std::unique_ptr<output_vc[]> m_output_vcs;
    // The sets, a bound, then per output the time before which try_link() can send nothing (0:
    // look now; set by try_link, cleared by what changes its answer: a packet queued for the
    // link, credits arriving). The bound is at most the least of those of the outputs waiting for
    // their link: a wake-up before it skips them all without visiting each. Then per output the
    // blocked packets that have it among their candidates. One block, a line or two for a router
    // of up to 64 ports, not six heap blocks.
    std::unique_ptr<std::uint64_t[]> m_port_state;
    unsigned m_bit_words = 0;
    std::uint32_t m_buffer_flits;
    scheduled_wake m_wake{[this] { wake(); }, [this](unsigned stage) { prefetch(stage); }};
    // Third line: what a credit train's arrival reads besides (wake_at(), event_at()).
    // Instants to wake at with no action due (a condition a waiting packet looks at again), one
    // each, in increasing order: a sorted vector (the one due is the first; a busy switch keeps
    // dozens, found by binary search).
    std::vector<sim_ps> m_wake_ups;
    // Of those, the instants an event that blocked packets watch comes at, and its output, in
    // increasing order of instant.
    struct watched_event {
        sim_ps at_ps;
        unsigned port;
    };
    std::vector<watched_event> m_events;
    // Room bounds, per routing class and output port ([class * ports + port]): the credits
    // announced to the class's VCs there (arrived, or on their way in trains) less the flits
    // queued for them. A bound is at least the room route() would find at any time, so route()
    // passes over a candidate whose bound cannot beat the best so far without reading its VCs.
    // A leaf of a large fat tree weighs dozens of up-ports a packet, each VC a cold cache line,
    // where these bounds lie side by side. Kept from the first route() that weighs
    // room_bounds_from candidates or more (null until then): keeping them writes another line at
    // every credit train, spend and queued packet, which only such a router wins back.
    std::unique_ptr<std::int64_t[]> m_room_bounds;
    static constexpr unsigned room_bounds_from = 8;
    bool m_output_buffered;
    // Fourth line: the actions (a packet's arrival reads them), then the link hints (to the eighth).
    action_queue<action> m_actions;
    // The output VCs whose head packets try_link() will most likely send next, and when (the
    // instant a link with packets queued frees, or a packet queued for a free link is through
    // the crossbar), earliest first: the first link_hints of them, kept only when the scheduler
    // calls the prefetch hook. A link's next packet is read when the router wakes then, in deep
    // output buffers the all-to-all's most waited-for line; prefetched as the packet before it
    // leaves, it is evicted again long before (the whole platform moves meanwhile). The hook
    // fetches it a few wake-ups ahead instead (docs/performance.md, twenty-sixth pass). A hint is
    // one word, the instant above the port and VC (twenty-seventh pass); instants from 2^47 ps
    // (140 s) on, and ports from 1,024, are not hinted. 32 of them, four lines: with 8 a 32-port
    // switch, a link freeing on every port, dropped most of its own (thirty-first pass). A hint
    // may also name an input VC whose head will cross when its input frees: the packet behind it,
    // deep in the buffer, is then read as the new head (thirty-first pass).
    struct link_hint {
        std::uint64_t bits;
        sim_ps at_ps() const { return bits >> (1 + hint_port_bits + hint_vc_bits); }
        bool input() const { return ((bits >> (hint_port_bits + hint_vc_bits)) & 1) != 0; }
        unsigned port() const { return static_cast<unsigned>(bits >> hint_vc_bits) & ((1u << hint_port_bits) - 1); }
        unsigned vc() const { return static_cast<unsigned>(bits) & ((1u << hint_vc_bits) - 1); }
    };
    static constexpr unsigned hint_port_bits = 10;
    static constexpr unsigned hint_vc_bits = 6;
    static_assert(router_max_vcs <= 1u << hint_vc_bits, "a link hint holds a VC in 6 bits");
    static constexpr unsigned link_hints = 32;
    unsigned m_link_hint_count = 0;
    link_hint m_link_hints[link_hints];
    alignas(64) router_params m_params;  // last: what a hop reads of it comes first
    input_vc& input_vc_at(unsigned port, unsigned vc) { return m_input_vcs[port * m_params.vcs + vc]; }
    output_vc& output_vc_at(unsigned port, unsigned vc) { return m_output_vcs[port * m_params.vcs + vc]; }
    const input_vc& input_vc_at(unsigned port, unsigned vc) const { return m_input_vcs[port * m_params.vcs + vc]; }
    const output_vc& output_vc_at(unsigned port, unsigned vc) const { return m_output_vcs[port * m_params.vcs + vc]; }
    std::uint64_t* port_bits(port_set set) { return m_port_state.get() + set * m_bit_words; }
    sim_ps& link_retry_bound() { return m_port_state[port_sets * m_bit_words]; }
    sim_ps& link_retry_ps(unsigned port) { return m_port_state[port_sets * m_bit_words + 1 + port]; }
    std::uint64_t& watchers(unsigned port) { return m_port_state[port_sets * m_bit_words + 1 + m_params.ports + port]; }
    /// A blocked packet has output `port` among its candidates: the port is watched (unwatch()
    /// undoes it).
    void watch_output(unsigned port);
    std::int64_t& room_bound(unsigned port, unsigned cls) { return m_room_bounds[cls * m_params.ports + port]; }
    /// Adds `flits` (negative: takes them) to the room bound of output `port` for VC `vc`'s class,
    /// if bounds are kept.
    void add_room(unsigned port, unsigned vc, std::int64_t flits)
    {
        if (m_room_bounds)
            room_bound(port, vc / m_vcs_per_class) += flits;
    }
    /// Spends `flits` credits of output `port` VC `vc` (the caller has checked they are there),
    /// and takes them off the room bound with them, so that no spend misses it.
    void spend_credits(unsigned port, unsigned vc, std::uint32_t flits)
    {
        output_vc_at(port, vc).credits.consume(flits);
        add_room(port, vc, -std::int64_t{flits});
    }
    /// Starts keeping room bounds, from what the output VCs hold now.
    [[gnu::cold]] void keep_room_bounds();
    /// Output `port` retries its link from `at_ps` on (only lowers the bound).
    void set_link_retry(unsigned port, sim_ps at_ps)
    {
        link_retry_ps(port) = at_ps;
        link_retry_bound() = std::min(link_retry_bound(), at_ps);
    }
};

}  // namespace hxsim
