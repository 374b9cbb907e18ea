#include "models/router/router.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "models/core/bit_set.h"
#include "models/core/prefetch.h"
#include "models/trace/vcd_writer.h"

namespace hxsim {

/// What a traced router records (see router.h); variables are indexed [port * vcs + vc]. The
/// recording functions are cold: an untraced router's hot path keeps only the null-pointer tests.
struct router::trace_state {
    vcd_writer* writer = nullptr;
    unsigned vcs = 0;
    std::vector<vcd_writer::var_id> occupancy;  // input buffer, flits
    std::vector<vcd_writer::var_id> credits;    // downstream credits held by the output
    // Per input VC, in the order of its queue: when each packet's last buffered flit arrives.
    std::vector<std::deque<sim_ps>> last_arrival;

    /// `flits` arrive evenly spaced, the first with the head, the last with the tail.
    [[gnu::cold]] void arrival(unsigned port, unsigned vc, sim_ps head_ps, sim_ps tail_ps, std::uint32_t flits)
    {
        const unsigned i = port * vcs + vc;
        tail_ps = std::max(tail_ps, head_ps);
        if (flits <= 1) {
            writer->add(head_ps, occupancy[i], 1);
            last_arrival[i].push_back(head_ps);
            return;
        }
        writer->add_train(head_ps, (tail_ps - head_ps) / (flits - 1), flits - 1, occupancy[i], 1);
        writer->add(tail_ps, occupancy[i], 1);
        last_arrival[i].push_back(tail_ps);
    }

    /// The head of input VC `vc` frees its `flits` slots at first_ps, first_ps + interval_ps, ...
    /// A slot is never shown free before its flit arrived: the packet-level model may free the
    /// last slots marginally early (switch traversal longer than a flit time), and the waveform
    /// then stretches the train to end with the tail's arrival.
    [[gnu::cold]] void departure(unsigned port, unsigned vc, sim_ps first_ps, sim_ps interval_ps, std::uint32_t flits)
    {
        const unsigned i = port * vcs + vc;
        const sim_ps arrived = last_arrival[i].front();
        last_arrival[i].pop_front();
        if (flits <= 1) {
            writer->add(std::max(first_ps, arrived), occupancy[i], -1);
            return;
        }
        if (first_ps + interval_ps * (flits - 1) < arrived)
            interval_ps = (arrived - first_ps + flits - 2) / (flits - 1);
        writer->add_train(first_ps, interval_ps, flits, occupancy[i], -1);
    }

    [[gnu::cold]] void spend(unsigned port, unsigned vc, std::uint32_t flits, sim_ps at_ps)
    {
        writer->add(at_ps, credits[port * vcs + vc], -static_cast<std::int64_t>(flits));
    }

    [[gnu::cold]] void credits_back(unsigned port, unsigned vc, sim_ps first_ps, sim_ps interval_ps, std::uint32_t count)
    {
        writer->add_train(first_ps, interval_ps, count, credits[port * vcs + vc], 1);
    }
};

namespace {

/// Drops the instants up to `now` from increasing `instants`.
void drop_due(std::vector<sim_ps>& instants, sim_ps now)
{
    auto due = instants.begin();
    while (due != instants.end() && *due <= now)
        ++due;
    instants.erase(instants.begin(), due);
}

}  // namespace

router::router(const sc_core::sc_module_name& name, const router_params& params)
    : router_base(name), m_crossbar_flit_ps(serialization_ps(params.flit_bytes, params.crossbar_bandwidth_bps)),
      m_crossbar_ser(params.crossbar_bandwidth_bps),
      m_allocator(params.ports, params.allocator, params.allocator_iterations, params.age_arbitration),
      m_vcs_per_class(params.vcs / params.routing->vc_classes()),
      m_buffer_flits(buffer_flits(params.buffer_bytes, params.flit_bytes)),
      m_output_buffered(params.output_buffer_bytes > 0), m_params(params)
{
    if (params.vcs > router_max_vcs)
        throw std::invalid_argument(fmt::format("{}: {} VCs per port, more than the {} a router tracks", this->name(),
                                                params.vcs, router_max_vcs));
    if (m_vcs_per_class == 0)
        throw std::invalid_argument(fmt::format("{}: {} VCs cannot serve {} routing classes", this->name(),
                                                params.vcs, params.routing->vc_classes()));
    if (m_params.downstream_buffer_flits.size() != params.ports)
        throw std::invalid_argument(fmt::format("{}: downstream buffers not given for every port", this->name()));

    in.init(params.ports, [this](const char*, std::size_t i) {
        return new link_target_socket(("in_" + port_name(i)).c_str(), *this, static_cast<unsigned>(i));
    });
    out.init(params.ports, [this](const char*, std::size_t i) {
        return new link_initiator_socket(("out_" + port_name(i)).c_str(), *this, static_cast<unsigned>(i));
    });

    m_inputs = std::make_unique<input_port[]>(params.ports);
    m_outputs = std::make_unique<output_port[]>(params.ports);
    m_bit_words = (params.ports + 63) / 64;
    m_port_state = std::make_unique<std::uint64_t[]>(std::size_t{port_sets} * m_bit_words + 1 + 2 * params.ports);
    const std::uint32_t output_flits = buffer_flits(params.output_buffer_bytes, params.flit_bytes);
    m_input_vcs = std::make_unique<input_vc[]>(std::size_t{params.ports} * params.vcs);
    m_output_vcs = std::make_unique<output_vc[]>(std::size_t{params.ports} * params.vcs);
    for (unsigned p = 0; p < params.ports; ++p)
        for (unsigned v = 0; v < params.vcs; ++v) {
            output_vc& ovc = output_vc_at(p, v);
            ovc.free_flits = output_flits;
            ovc.credits = credit_counter(m_params.downstream_buffer_flits[p]);
        }
}

router::~router() = default;

void router::attach_trace(vcd_writer& writer)
{
    auto t = std::make_unique<trace_state>();
    t->writer = &writer;
    t->vcs = m_params.vcs;
    const std::string scope = name();
    for (unsigned p = 0; p < m_params.ports; ++p)
        for (unsigned v = 0; v < m_params.vcs; ++v)
            t->occupancy.push_back(writer.add_counter(scope, fmt::format("in_{}_vc{}_flits", port_name(p), v), 32, 0));
    for (unsigned p = 0; p < m_params.ports; ++p)
        for (unsigned v = 0; v < m_params.vcs; ++v)
            t->credits.push_back(writer.add_counter(scope, fmt::format("out_{}_vc{}_credits", port_name(p), v), 32,
                                                    m_params.downstream_buffer_flits[p]));
    t->last_arrival.resize(m_params.ports * m_params.vcs);
    m_trace = std::move(t);
}

std::string router::port_name(unsigned port) const
{
    return port < m_params.port_names.size() ? m_params.port_names[port] : std::to_string(port);
}

sim_ps router::align(sim_ps t) const
{
    const sim_ps period = m_params.clock_period_ps;
    return period == 0 ? t : (t + period - 1) / period * period;
}

sim_ps router::head_crossing_ps() const
{
    return m_params.switch_traversal_cycles > 0 ? m_params.switch_traversal_cycles * m_params.clock_period_ps
                                                : m_crossbar_flit_ps;
}

void router::wake_at(sim_ps at_ps)
{
    // Many conditions ask for the same instant (an output and an input freeing together): one
    // wake-up serves them all.
    const sim_ps at = align(at_ps);
    // Mostly the latest instant asked for, or one after it: no search then.
    if (m_wake_ups.empty() || at > m_wake_ups.back()) {
        m_wake_ups.push_back(at);
        m_wake.request(at);
        return;
    }
    if (at == m_wake_ups.back())
        return;
    const auto it = std::lower_bound(m_wake_ups.begin(), m_wake_ups.end(), at);
    if (it != m_wake_ups.end() && *it == at)
        return;
    m_wake_ups.insert(it, at);
    m_wake.request(at);
}

void router::event_at(unsigned port, sim_ps at_ps)
{
    const watched_event e{align(at_ps), port};
    const auto it = std::upper_bound(m_events.begin(), m_events.end(), e.at_ps,
                                     [](sim_ps t, const watched_event& x) { return t < x.at_ps; });
    m_events.insert(it, e);
}

void router::wake_once(sim_ps& asked_ps, sim_ps at_ps)
{
    // An instant still to come stays among m_wake_ups until it is due: asking again is a no-op.
    if (asked_ps == at_ps)
        return;
    asked_ps = at_ps;
    wake_at(at_ps);
}

void router::start_of_simulation()
{
    for (unsigned p = 0; p < m_params.ports; ++p) {
        m_outputs[p].link.find(out[p]);
        m_inputs[p].link.find(in[p]);
    }
}

void router::packet_arrives(unsigned port, const link_beat& beat, sim_ps head_ps)
{
    if (m_trace)
        m_trace->arrival(port, beat.vc, head_ps, beat.tail_ps, resident_flits(beat.pkt->flits, m_buffer_flits));
    packet* pkt = beat.pkt;
    input_vc& ivc = input_vc_at(port, beat.vc);
    ivc.used_flits += resident_flits(pkt->flits, m_buffer_flits);
    if (ivc.used_flits > m_buffer_flits)
        throw std::logic_error(fmt::format("{}: input {} VC {} overflows: the sender ignored credits",
                                           name(), port_name(port), beat.vc));
    pkt->vc = beat.vc;
    pkt->arrival_class = pkt->vc_class;
    pkt->out_port = packet::unrouted;
    pkt->head_ready_ps = align(head_ps) + m_params.input_latency_ps +
                         m_params.pre_switch_cycles * m_params.clock_period_ps;
    pkt->tail_ready_ps = beat.tail_ps + m_params.input_latency_ps;
    ivc.queue.push_back(pkt);
    if (ivc.queue.size() == 1)
        m_actions.schedule(align(pkt->head_ready_ps), action{static_cast<std::uint16_t>(port), beat.vc}, m_wake);
}

arrival_lines router::arrival_lines_of(unsigned port) const
{
    static_assert(sizeof(input_vc) == cache_line_bytes, "arrival_lines: VC v's line v lines after VC 0's");
    return arrival_lines{&m_trace, reinterpret_cast<const char*>(&input_vc_at(port, 0))};
}

void router::credits_arrive(unsigned port, const link_beat& beat, sim_ps at_ps)
{
    if (m_trace)
        m_trace->credits_back(port, beat.vc, at_ps, beat.interval_ps, beat.credits);
    // Counted from at_ps on (credit_counter): the router looks again then only if a packet waits
    // for them, queued for this output's link or blocked with this output among its choices.
    // With output buffers a packet is blocked by their room, which credits do not give: it
    // chooses again when room frees (start_on_link), not at every credit train.
    output_vc_at(port, beat.vc).credits.add_train(at_ps, beat.interval_ps, beat.credits);
    add_room(port, beat.vc, beat.credits);
    const bool watched_here = !m_output_buffered && test_bit(port_bits(watched), port);
    bool look = watched_here;
    if (test_bit(port_bits(link_starved), port) && link_retry_ps(port) > at_ps) {
        set_link_retry(port, at_ps);
        look = true;
    }
    if (look)
        wake_at(at_ps);
    if (watched_here)
        event_at(port, at_ps);
}

void router::apply_releases(unsigned out_port, sim_ps now)
{
    if (!m_output_buffered && !m_params.wormhole)
        return;  // nothing else has releases: the output's releases line stays untouched
    output_port& op = m_outputs[out_port];
    while (!op.releases.empty() && op.releases.front().at_ps <= now) {
        const release& r = op.releases.front();
        output_vc& ovc = output_vc_at(out_port, r.vc);
        ovc.free_flits += r.flits;
        if (m_params.wormhole && ovc.owner == r.packet_id)
            ovc.owner = no_owner;
        op.releases.pop_front();
    }
}

void router::wake()
{
    const sim_ps now = now_ps();
    // The link hints due now are done with: the hook has run for this wake-up.
    if (const unsigned due = link_hints_due(now); due > 0) {
        std::copy(m_link_hints + due, m_link_hints + m_link_hint_count, m_link_hints);
        m_link_hint_count -= due;
    }
    action a;
    while (m_actions.pop_due(now, a))
        head_ready(a.port, a.vc);
    // Every instant asked for is served when it comes: those due are the first.
    drop_due(m_wake_ups, now);
    bool events = false;
    if (!m_events.empty() && m_events.front().at_ps <= now) {
        events = true;
        auto due = m_events.begin();
        for (; due != m_events.end() && due->at_ps <= now; ++due)
            set_bit(port_bits(evented), due->port);
        m_events.erase(m_events.begin(), due);
    }
    // A clocked router is woken on its clock edges only: its actions and wake_at() instants are
    // aligned (credits no longer come as actions at their own times).
    allocate(now, events);
    if (events)
        for (unsigned w = 0; w < m_bit_words; ++w)
            port_bits(evented)[w] = 0;
    if (link_retry_bound() <= now) {
        // The bound anew, from the outputs still waiting (set_link_retry() may lower it meanwhile).
        link_retry_bound() = credit_counter::never;
        for_each_bit(port_bits(link_waiting), m_bit_words, [&](unsigned o) {
            if (link_retry_ps(o) <= now) {
                try_link(o, now);
                if (m_outputs[o].queued_packets == 0) {
                    clear_bit(port_bits(link_waiting), o);
                    return;
                }
            }
            link_retry_bound() = std::min(link_retry_bound(), link_retry_ps(o));
        });
    }
    // The next packets of the inputs that sent one: ready already, or an action when they will be
    // (in the order of the transfers, as no action of this router is queued in between). Those
    // ready already find their input busy with the packet before them: they are looked at again
    // when it frees.
    for (const action& n : m_scratch.next_heads) {
        const sim_ps ready = align(std::max(input_vc_at(n.port, n.vc).queue.front()->head_ready_ps, now));
        if (ready == now)
            m_scratch.ready_now.push_back(n);
        else
            m_actions.schedule(ready, n, m_wake);
    }
    for (const action& r : m_scratch.ready_now) {
        head_ready(r.port, r.vc);
        input_port& ip = m_inputs[r.port];
        wake_once(ip.woken_ps, ip.busy_until_ps);
        hint_input(ip.busy_until_ps, r.port, r.vc);
    }
    sim_ps next = m_actions.empty() ? scheduled_wake::none : m_actions.next_ps();
    if (!m_wake_ups.empty())
        next = std::min(next, m_wake_ups.front());
    if (next != scheduled_wake::none)
        m_wake.request(next);
}

void router::prefetch(unsigned stage) const
{
    if (stage == 3) {
        // m_params through the observer: the rest is read when the router is built (or by a
        // wormhole or UGAL hop's flits_needed() and score_of()).
        prefetch_lines(&m_inputs, &m_params.observer + 1);
        if (const action* a = m_actions.peek())
            prefetch_line(a);
        return;
    }
    const action* a = m_actions.peek();
    const unsigned hints_due = link_hints_due(m_wake.pending_ps());
    if (stage == 2) {
        prefetch_line(m_port_state.get());
        if (!m_wake_ups.empty())
            prefetch_line(m_wake_ups.data());
        if (a != nullptr) {
            prefetch_line(&input_vc_at(a->port, a->vc));
            prefetch_line(&m_inputs[a->port]);
        }
        for (unsigned i = 0; i < hints_due; ++i) {
            const link_hint h = m_link_hints[i];
            if (h.input()) {
                prefetch_line(&input_vc_at(h.port(), h.vc()));
                prefetch_line(&m_inputs[h.port()]);
            } else {
                const output_port& op = m_outputs[h.port()];
                prefetch_line(&op);
                op.link.prefetch_wire();
                prefetch_line(&output_vc_at(h.port(), h.vc()));
                if (m_output_buffered)
                    prefetch_lines(&op.releases, &op.releases + 1);
            }
        }
        return;
    }
    // A queue's front is read now; as it leaves, the next packet becomes the front (transfer
    // reads it at once) and the slot after it is read.
    const auto prefetch_queue = [](const auto& queue, bool next_packet) {
        if (queue.empty())
            return;
        prefetch_line(queue.front());
        if (next_packet && queue.second() != nullptr)
            prefetch_line(queue.second());
        if (const packet* const* third = queue.third_slot())
            prefetch_line(third);
    };
    if (a != nullptr)
        prefetch_queue(input_vc_at(a->port, a->vc).queue, true);
    for (unsigned i = 0; i < hints_due; ++i) {
        const link_hint h = m_link_hints[i];
        if (h.input()) {
            prefetch_queue(input_vc_at(h.port(), h.vc()).queue, true);
        } else {
            prefetch_queue(output_vc_at(h.port(), h.vc()).queue, false);
            const output_port& op = m_outputs[h.port()];
            op.link.prefetch_arrival(h.vc());
            // The send applies the release of the packet before it, whose VC may be another.
            if (m_output_buffered && !op.releases.empty() && op.releases.front().vc != h.vc())
                prefetch_line(&output_vc_at(h.port(), op.releases.front().vc));
        }
    }
}

void router::head_ready(unsigned port, unsigned vc)
{
    input_vc& ivc = input_vc_at(port, vc);
    if (ivc.queue.empty())
        return;
    packet& pkt = *ivc.queue.front();
    if (pkt.routed() || pkt.head_ready_ps > now_ps())
        return;
    route(port, pkt);
    prefetch_output(pkt.out_port, pkt.out_vc);
    m_outputs[pkt.out_port].requests.push_back(
        request{&pkt, pkt.flits, static_cast<std::uint16_t>(port), static_cast<std::uint8_t>(vc), pkt.out_vc, 0, 0});
    set_bit(port_bits(requesting), pkt.out_port);
}

void router::candidates_of(unsigned port, packet& pkt, route_candidates& candidates) const
{
    // Routing sees the packet as it arrived, also when it chooses again.
    const std::uint8_t chosen_class = pkt.vc_class;
    pkt.vc_class = pkt.arrival_class;
    m_params.routing->route(m_params.id, static_cast<std::uint16_t>(port), pkt, candidates);
    pkt.vc_class = chosen_class;
    if (candidates.count == 0)
        no_route(port, pkt);
}

void router::no_route(unsigned port, const packet& pkt) const
{
    throw std::logic_error(fmt::format("{}: no route for packet {} ({} -> {}) entering at {}", name(), pkt.id, pkt.src,
                                       pkt.dst, port_name(port)));
}

void router::watch_output(unsigned port)
{
    if (watchers(port)++ == 0)
        set_bit(port_bits(watched), port);
}

void router::unwatch(unsigned port, packet& pkt)
{
    route_candidates candidates;
    candidates_of(port, pkt, candidates);
    for (unsigned i = 0; i < candidates.count; ++i) {
        const unsigned o = candidates.items[i].port;
        if (--watchers(o) == 0)
            clear_bit(port_bits(watched), o);
    }
}

void router::route(unsigned port, packet& pkt, bool watch)
{
    route_candidates candidates;
    candidates_of(port, pkt, candidates);
    const unsigned count = candidates.count;
    const auto& items = candidates.items;
    if (watch)
        for (unsigned i = 0; i < count; ++i)
            watch_output(items[i].port);
    if (count == 1 && m_vcs_per_class == 1) {
        // One way on and one VC for its class: nothing to weigh, and the VC's credits stay unread
        // until the packet asks for the crossbar (a switch's exit, a packet's last hop).
        pkt.out_port = items[0].port;
        pkt.out_vc = items[0].vc_class;
        pkt.vc_class = items[0].vc_class;
        return;
    }
    // Minimal adaptive: the candidate port with the most free downstream space, over the VCs of
    // its class, wins (ties: the earlier candidate), and on it the VC with most room (ties: the
    // lower). The port's whole space, not one VC's: a port whose VCs are all half full is busier
    // than one with a single empty VC, and choosing by one VC would pile traffic onto the first
    // candidates when a class has several VCs. A UGAL candidate (hops > 0) scores minus its queue
    // (downstream space in use and flits waiting here) times the hops of its path.
    const sim_ps now = now_ps();
    if (!m_room_bounds && count >= room_bounds_from)
        keep_room_bounds();
    const bool bounded = m_room_bounds != nullptr;
    // The choice is kept in locals and written to the packet once: a store to its bytes could
    // alias anything the loops read, which would then be read again for every candidate (dozens
    // at a leaf of a large fat tree).
    unsigned best = 0, best_vc = 0;
    std::int64_t best_score = score_of(items[0], room_of(items[0], now, best_vc));
    // One candidate with several VCs (a mesh's hop) is chosen here: the set-up of the loops below
    // cost the mesh 0.3% more instructions.
    if (count == 1) {
        pkt.out_port = items[0].port;
        pkt.out_vc = static_cast<std::uint8_t>(best_vc);
        pkt.vc_class = items[0].vc_class;
        return;
    }
    const auto weigh = [&](unsigned i, std::int64_t bound) {
        const route_candidate& c = items[i];
        unsigned vc = 0;
        const std::int64_t room = room_of(c, now, vc);
        if (room > bound)
            room_bound_broken(c, room, bound);
        const std::int64_t score = score_of(c, room);
        if (score > best_score) {
            best = i;
            best_score = score;
            best_vc = vc;
        }
    };
    // A candidate that cannot win, whatever of its credits have arrived, is passed over.
    const auto look = [&](unsigned i) {
        const route_candidate& c = items[i];
        const std::int64_t bound = bounded ? room_bound(c.port, c.vc_class) : announced_room(c.port, c.vc_class);
        if (score_of(c, bound) > best_score)
            weigh(i, bound);
    };
    // A run of consecutive ports of one class (route_candidates::add_run: a fat tree's up ports)
    // is passed over by its bounds alone, which lie side by side and are its scores (hops 0).
    const unsigned run_begin = std::max(candidates.run_begin, 1u);
    const unsigned run_end = candidates.run_begin + candidates.run_length;
    if (bounded && run_begin < run_end) {
        for (unsigned i = 1; i < run_begin; ++i)
            look(i);
        const std::int64_t* const run = &room_bound(items[run_begin].port, items[run_begin].vc_class);
        for (unsigned i = run_begin; i < run_end; ++i)
            if (run[i - run_begin] > best_score)
                weigh(i, run[i - run_begin]);
        for (unsigned i = run_end; i < count; ++i)
            look(i);
    } else {
        for (unsigned i = 1; i < count; ++i)
            look(i);
    }
    pkt.out_port = items[best].port;
    pkt.out_vc = static_cast<std::uint8_t>(best_vc);
    pkt.vc_class = items[best].vc_class;
}

std::int64_t router::room_of(const route_candidate& c, sim_ps now, unsigned& vc)
{
    std::int64_t port_room = 0, vc_room = 0;
    for (unsigned k = 0; k < m_vcs_per_class; ++k) {
        const unsigned v = c.vc_class * m_vcs_per_class + k;
        output_vc& ovc = output_vc_at(c.port, v);
        const std::int64_t room = ovc.credits.available(now) - static_cast<std::int64_t>(ovc.queued_flits);
        port_room += room;
        if (k == 0 || room > vc_room) {
            vc_room = room;
            vc = v;
        }
    }
    return port_room;
}

std::int64_t router::score_of(const route_candidate& c, std::int64_t port_room) const
{
    if (c.hops == 0)
        return port_room;
    const std::int64_t capacity = std::int64_t{m_params.downstream_buffer_flits[c.port]} * m_vcs_per_class;
    return (port_room - capacity) * c.hops;
}

std::int64_t router::announced_room(unsigned port, unsigned cls) const
{
    std::int64_t room = 0;
    for (unsigned k = 0; k < m_vcs_per_class; ++k) {
        const output_vc& ovc = output_vc_at(port, cls * m_vcs_per_class + k);
        room += ovc.credits.announced() - static_cast<std::int64_t>(ovc.queued_flits);
    }
    return room;
}

void router::keep_room_bounds()
{
    m_room_bounds = std::make_unique<std::int64_t[]>(std::size_t{m_params.ports} * m_params.routing->vc_classes());
    for (unsigned p = 0; p < m_params.ports; ++p)
        for (unsigned cls = 0; cls < m_params.routing->vc_classes(); ++cls)
            room_bound(p, cls) = announced_room(p, cls);
}

void router::room_bound_broken(const route_candidate& c, std::int64_t room, std::int64_t bound) const
{
    throw std::logic_error(fmt::format("{}: output {} has room {} for class {}, above its bound {}", name(),
                                       port_name(c.port), room, c.vc_class, bound));
}

std::uint32_t router::flits_needed(unsigned out_port, std::uint32_t flits) const
{
    return m_params.wormhole ? resident_flits(flits, m_params.downstream_buffer_flits[out_port]) : flits;
}

bool router::can_take(unsigned out_port, unsigned out_vc, std::uint32_t flits, sim_ps now)
{
    output_port& op = m_outputs[out_port];
    output_vc& ovc = output_vc_at(out_port, out_vc);
    const auto short_of_room = [&] { return m_output_buffered && ovc.free_flits < flits; };
    // Releases only add room: with room enough already, the output buffer's due ones wait for
    // start_on_link, where the output's releases are at hand (this way they stay cold here).
    if (m_params.wormhole || short_of_room())
        apply_releases(out_port, now);
    const bool owned = m_params.wormhole && ovc.owner != no_owner;
    if (owned || short_of_room()) {
        // Waits for a tail to leave: one on its way, or one of a packet sent later (try_link).
        if (!op.releases.empty())
            wake_at(op.releases.front().at_ps);
        return false;
    }
    if (m_output_buffered)
        return true;
    // No output buffer: the link must be free when the head reaches it, and the downstream buffer
    // must have room for the whole packet (virtual cut-through).
    const sim_ps head_delay = head_crossing_ps() + m_params.output_latency_ps;
    if (op.link_busy_until_ps > now + head_delay) {
        wake_at(op.link_busy_until_ps - head_delay);
        return false;
    }
    const sim_ps when = ovc.credits.when_available(flits_needed(out_port, flits), now);
    if (when == now)
        return true;
    if (when != credit_counter::never)
        wake_at(when);
    return false;
}

// A class member, not a function's static: no guard to test on every allocation.
router::allocation_scratch router::m_scratch;

void router::allocate(sim_ps now, bool events)
{
    allocation_scratch& s = m_scratch;
    std::vector<allocation_request>& requests = s.requests;
    requests.clear();
    s.blocked.clear();
    s.ready_now.clear();
    s.next_heads.clear();
    for_each_bit(port_bits(requesting), m_bit_words, [&](unsigned o) {
        output_port& op = m_outputs[o];
        if (op.requests.empty()) {
            clear_bit(port_bits(requesting), o);
            return;
        }
        if (op.crossbar_busy_until_ps > now) {
            wake_once(op.crossbar_woken_ps, op.crossbar_busy_until_ps);
            return;
        }
        for (std::size_t i = 0; i < op.requests.size(); ++i) {
            request& r = op.requests[i];
            input_port& ip = m_inputs[r.in_port];
            if (ip.busy_until_ps > now) {
                wake_once(ip.woken_ps, ip.busy_until_ps);
                continue;
            }
            if (r.lost) {
                if (r.pkt->head_ready_ps > now)
                    continue;  // woken when it may try again
                r.lost = 0;
            }
            if (can_take(o, r.out_vc, r.flits, now)) {
                if (r.blocked) {
                    unwatch(r.in_port, *r.pkt);
                    r.blocked = 0;
                }
                offer(r, o);
            } else {
                s.blocked.push_back(r);
            }
        }
    });
    // A packet its chosen output cannot take chooses again among its candidates, as a flit-level
    // router's VC allocator does: adaptive routing then falls back on the escape channels that
    // keep it deadlock-free. A new choice that can go requests in this same cycle. It chooses
    // again when it is first blocked, and from then on when credits or output buffer room come
    // to one of its candidates (watched outputs): other wake-ups of its router leave its choice
    // alone, so that results do not depend on when the router happens to wake.
    for (const request& r : s.blocked) {
        if (r.blocked && !events)
            continue;
        packet& pkt = *r.pkt;
        if (r.blocked) {
            route_candidates candidates;
            candidates_of(r.in_port, pkt, candidates);
            bool evented_here = false;
            for (unsigned i = 0; i < candidates.count; ++i)
                evented_here = evented_here || test_bit(port_bits(evented), candidates.items[i].port);
            if (!evented_here)
                continue;
        }
        const std::uint16_t before = pkt.out_port;
        route(r.in_port, pkt, !r.blocked);
        request chosen = r;
        chosen.out_vc = pkt.out_vc;
        chosen.blocked = 1;
        std::size_t at;
        if (pkt.out_port == before) {
            // The same output: its request keeps its place among the output's requests.
            at = request_index(before, r.in_port, r.in_vc);
            m_outputs[before].requests[at] = chosen;
            if (pkt.out_vc == r.out_vc)
                continue;
        } else {
            drop_request(before, r.in_port, r.in_vc);
            at = m_outputs[pkt.out_port].requests.size();
            m_outputs[pkt.out_port].requests.push_back(chosen);
            set_bit(port_bits(requesting), pkt.out_port);
        }
        output_port& op = m_outputs[pkt.out_port];
        if (op.crossbar_busy_until_ps > now) {
            wake_once(op.crossbar_woken_ps, op.crossbar_busy_until_ps);
        } else if (can_take(pkt.out_port, pkt.out_vc, pkt.flits, now)) {
            unwatch(r.in_port, pkt);
            op.requests[at].blocked = 0;
            offer(op.requests[at], pkt.out_port);
        }
    }
    m_allocator.allocate(requests, s.grants);
    for (unsigned g : s.grants) {
        const allocation_request& r = requests[g];
        transfer(r.in_port, r.in_vc, r.out_port, now);
    }
    if (s.grants.size() == requests.size())
        return;
    for (unsigned g : s.grants)
        requests[g].in_port = no_port;
    // A request that lost allocation tries again once its input and output are free: after the
    // transfers that took them, or, if the allocator left both unmatched, in the next cycle
    // (unclocked: one flit time through the crossbar). Its head may move on only then: a wake-up
    // of the router before, for other traffic (clocked: again in this cycle), leaves it alone, as
    // an allocator runs once a cycle.
    for (const allocation_request& r : requests) {
        if (r.in_port == no_port)
            continue;  // granted
        const sim_ps free = std::max(m_inputs[r.in_port].busy_until_ps, m_outputs[r.out_port].crossbar_busy_until_ps);
        if (free > now) {
            wake_at(free);
            continue;
        }
        const sim_ps next = now + (m_params.clock_period_ps > 0 ? m_params.clock_period_ps : m_crossbar_flit_ps);
        request& lost = m_outputs[r.out_port].requests[request_index(r.out_port, r.in_port, r.in_vc)];
        lost.lost = 1;
        lost.pkt->head_ready_ps = next;
        wake_at(next);
    }
}

void router::offer(const request& r, unsigned out_port)
{
    prefetch_line(r.pkt);
    prefetch_line(&input_vc_at(r.in_port, r.in_vc));
    prefetch_output(out_port, r.out_vc);
    m_scratch.requests.push_back(allocation_request{r.in_port, r.in_vc, static_cast<std::uint16_t>(out_port),
                                                    m_params.age_arbitration ? r.pkt->injected_ps : 0});
}

void router::prefetch_output(unsigned port, unsigned vc) const
{
    const output_port& op = m_outputs[port];
    prefetch_lines(&op.link, &op.next_vc);
    prefetch_line(&op.queued_packets);
    const output_vc& ovc = output_vc_at(port, vc);
    prefetch_line(&ovc);
    prefetch_line(&ovc.queue);
}

void router::transfer(unsigned in_port, unsigned in_vc, unsigned out_port, sim_ps now)
{
    output_port& op = m_outputs[out_port];
    input_port& ip = m_inputs[in_port];
    input_vc& ivc = input_vc_at(in_port, in_vc);
    packet* pkt = ivc.queue.front();
    drop_request(out_port, in_port, in_vc);
    ivc.queue.pop_front();
    if (m_params.observer)
        m_params.observer->on_forward(m_params.id, static_cast<std::uint16_t>(in_port), pkt->out_port, pkt->out_vc, *pkt);
    const std::uint32_t resident = resident_flits(pkt->flits, m_buffer_flits);
    ivc.used_flits -= resident;
    output_vc& ovc = output_vc_at(out_port, pkt->out_vc);
    if (m_params.wormhole)
        ovc.owner = pkt->id;

    // The packet streams through the crossbar at its bandwidth, never ahead of its own tail.
    const sim_ps crossed = std::max(now + m_crossbar_ser(pkt->bytes),
                                    pkt->tail_ready_ps + m_crossbar_flit_ps);
    const sim_ps head_out = now + head_crossing_ps() + m_params.output_latency_ps;
    sim_ps drained;  // the tail has left the input buffer and the crossbar
    if (m_output_buffered) {
        drained = crossed;
        ovc.free_flits -= pkt->flits;
        pkt->head_ready_ps = head_out;
        pkt->tail_ready_ps = crossed + m_params.output_latency_ps;
        if (op.queued_packets == 0 && op.link_busy_until_ps <= head_out &&
            ovc.credits.when_available(flits_needed(out_port, pkt->flits), now) <= head_out) {
            // Nothing ahead of it for the link, which is free when its head is through, and
            // the credits it needs are on their way by then: what try_link() would do at
            // head_out, decided now (credits only come, and later packets queue behind it).
            start_on_link(out_port, pkt->out_vc, pkt, head_out);
        } else {
            // Behind another packet of its VC it cannot go before that one has left, and the
            // router wakes then (start_on_link: packets queued); try_link() then wakes it when
            // its head is through if it is not yet. Nothing about this output changes until then.
            const bool behind = !ovc.queue.empty();
            ovc.queued_flits += pkt->flits;
            add_room(out_port, pkt->out_vc, -std::int64_t{pkt->flits});
            ovc.queue.push_back(pkt);
            ++op.queued_packets;
            op.queued_vcs |= std::uint64_t{1} << pkt->out_vc;
            set_bit(port_bits(link_waiting), out_port);
            // What try_link() would find first in this wake-up (wake() calls it after
            // allocation), done here; with the link free, it looks at the queues then.
            // Sent when its head is through, or when the link is free (a packet on it now wakes
            // the router when its tail has left only if another waits: this one asks here).
            if (!wait_for_link(out_port, now)) {
                if (!behind) {
                    set_link_retry(out_port, 0);
                    wake_at(head_out);  // the link is free already
                    hint_link(head_out, out_port, pkt->out_vc);
                }
            } else if (!behind && head_out > op.link_busy_until_ps) {
                wake_at(head_out);  // wait_for_link() asked for the link's instant
                hint_link(head_out, out_port, pkt->out_vc);
            } else if (op.queued_packets == 1) {
                // Alone behind a packet sent from an empty queue (start_on_link() hinted none):
                // it goes when the link frees.
                hint_link(op.link_busy_until_ps, out_port, pkt->out_vc);
            }
        }
    } else {
        // Straight onto the link, which paces the crossbar from then on.
        spend_credits(out_port, pkt->out_vc, flits_needed(out_port, pkt->flits));
        pkt->vc = pkt->out_vc;
        sim_ps link_flit_ps = 0;
        const sim_ps tail_left = op.link.send(pkt, head_out, crossed + m_params.output_latency_ps, &link_flit_ps);
        op.link_busy_until_ps = tail_left;
        // The tail crossed the crossbar just before it went on the link: the next packet's head
        // may follow it through the crossbar right away.
        drained = tail_left - m_params.output_latency_ps - link_flit_ps;
        // With wormhole the tail leaving frees the output VC (a packet waiting for the link
        // looks again when it is free: can_take).
        if (m_params.wormhole)
            op.releases.push_back(release{tail_left, pkt->id, 0, pkt->out_vc});
    }
    // A request waiting for this input or output looks again when they are free (allocate).
    ip.busy_until_ps = drained;
    op.crossbar_busy_until_ps = drained;

    // Input buffer slots free up flit by flit, the head's at the grant, the tail's as it enters
    // the crossbar; each goes back upstream as a credit.
    const sim_ps last = std::max(now, drained - std::min(drained - now, head_crossing_ps()));
    const sim_ps interval = resident > 1 ? (last - now) / (resident - 1) : 0;
    const sim_ps first = last - interval * (resident - 1);
    if (m_trace) {
        m_trace->departure(in_port, in_vc, first, interval, resident);
        if (!m_output_buffered)
            m_trace->spend(out_port, pkt->out_vc, flits_needed(out_port, pkt->flits), now);
    }
    ip.link.return_credits(static_cast<std::uint8_t>(in_vc), resident, first - now + m_params.credit_delay_ps,
                               interval);
    ++pkt->hops;

    // The input's next packet, deep in its buffer, is cold: it is fetched now and looked at once
    // this wake-up's links are served (wake(), next_heads).
    if (!ivc.queue.empty()) {
        prefetch_line(ivc.queue.front());
        m_scratch.next_heads.push_back(action{static_cast<std::uint16_t>(in_port), static_cast<std::uint8_t>(in_vc)});
    }
}

std::size_t router::request_index(unsigned out_port, unsigned in_port, unsigned in_vc) const
{
    const auto& requests = m_outputs[out_port].requests;
    std::size_t i = 0;
    while (requests[i].in_port != in_port || requests[i].in_vc != in_vc)
        ++i;
    return i;
}

void router::drop_request(unsigned out_port, unsigned in_port, unsigned in_vc)
{
    auto& requests = m_outputs[out_port].requests;
    requests.erase(request_index(out_port, in_port, in_vc));
    if (requests.empty())
        clear_bit(port_bits(requesting), out_port);
}

void router::try_link(unsigned out_port, sim_ps now)
{
    // Whatever keeps this output from sending now also tells when to look again (the earliest
    // link, head or credit time); until then, or until a packet or credits come, it is skipped.
    output_port& op = m_outputs[out_port];
    sim_ps& retry = link_retry_ps(out_port);  // set directly: wake() folds it into the bound after
    if (wait_for_link(out_port, now))
        return;
    clear_bit(port_bits(link_starved), out_port);  // until a packet is found waiting for credits below
    retry = credit_counter::never;
    const unsigned vcs = m_params.vcs;
    for (unsigned k = 0; k < vcs; ++k) {
        // Round from next_vc (at most vcs: one past the last VC that sent), without a division.
        const unsigned v = op.next_vc + k >= vcs ? op.next_vc + k - vcs : op.next_vc + k;
        if (((op.queued_vcs >> v) & 1) == 0)
            continue;
        output_vc& ovc = output_vc_at(out_port, v);
        packet* pkt = ovc.queue.front();
        if (pkt->head_ready_ps > now) {
            retry = std::min(retry, pkt->head_ready_ps);
            wake_at(pkt->head_ready_ps);  // asked already unless it was queued behind another (transfer)
            continue;
        }
        const sim_ps when = ovc.credits.when_available(flits_needed(out_port, pkt->flits), now);
        if (when != now) {
            if (when != credit_counter::never)
                wake_at(when);
            else
                set_bit(port_bits(link_starved), out_port);
            retry = std::min(retry, when);
            continue;
        }
        clear_bit(port_bits(link_starved), out_port);  // looked at again when the tail has left
        ovc.queue.pop_front();
        if (ovc.queue.empty())
            op.queued_vcs &= ~(std::uint64_t{1} << v);
        --op.queued_packets;
        ovc.queued_flits -= pkt->flits;
        add_room(out_port, v, pkt->flits);
        start_on_link(out_port, v, pkt, now);
        retry = op.link_busy_until_ps;
        return;
    }
}

bool router::wait_for_link(unsigned out_port, sim_ps now)
{
    const sim_ps busy_until = m_outputs[out_port].link_busy_until_ps;
    if (busy_until <= now)
        return false;
    clear_bit(port_bits(link_starved), out_port);  // nothing is sent before the link frees
    set_link_retry(out_port, busy_until);
    wake_at(busy_until);
    return true;
}

void router::start_on_link(unsigned out_port, unsigned vc, packet* pkt, sim_ps start)
{
    output_port& op = m_outputs[out_port];
    apply_releases(out_port, now_ps());  // before the next one: can_take() may have left them
    const std::uint32_t needed = flits_needed(out_port, pkt->flits);
    spend_credits(out_port, vc, needed);
    if (m_trace)
        m_trace->spend(out_port, vc, needed, start);
    pkt->vc = static_cast<std::uint8_t>(vc);
    const sim_ps free_at = op.link.send(pkt, start, pkt->tail_ready_ps);
    op.link_busy_until_ps = free_at;
    op.next_vc = vc + 1;
    op.releases.push_back(release{free_at, pkt->id, pkt->flits, static_cast<std::uint8_t>(vc)});
    // The next packet waiting for this link goes when the tail has left; a request waiting for
    // output buffer room looks again then.
    if (op.queued_packets > 0)
        hint_link(free_at, out_port, next_bit_after(op.queued_vcs, vc));
    if (test_bit(port_bits(watched), out_port)) {
        wake_at(free_at);
        event_at(out_port, free_at);
    } else if (op.queued_packets > 0) {
        wake_at(free_at);
    }
}

unsigned router::link_hints_due(sim_ps at_ps) const
{
    unsigned due = 0;
    while (due < m_link_hint_count && m_link_hints[due].at_ps() <= at_ps)
        ++due;
    return due;
}

void router::add_hint(sim_ps at_ps, bool input, unsigned port, unsigned vc)
{
    constexpr unsigned low_bits = 1 + hint_port_bits + hint_vc_bits;
    if (!m_wake.prefetched() || at_ps >> (64 - low_bits) != 0 || port >> hint_port_bits != 0)
        return;  // no hook reads them, or the hint does not fit its word
    const link_hint hint{at_ps << low_bits | std::uint64_t{input} << (hint_port_bits + hint_vc_bits) |
                         std::uint64_t{port} << hint_vc_bits | vc};
    if (m_link_hint_count == link_hints) {
        if (hint.bits >= m_link_hints[link_hints - 1].bits)
            return;
        --m_link_hint_count;  // the earliest are kept
    }
    unsigned i = m_link_hint_count++;
    for (; i > 0 && m_link_hints[i - 1].bits > hint.bits; --i)
        m_link_hints[i] = m_link_hints[i - 1];
    m_link_hints[i] = hint;
}

std::string router::describe_buffers() const
{
    std::ostringstream os;
    const sim_ps now = now_ps();
    for (unsigned p = 0; p < m_params.ports; ++p)
        for (unsigned v = 0; v < m_params.vcs; ++v) {
            const input_vc& ivc = input_vc_at(p, v);
            if (ivc.queue.empty())
                continue;
            const packet& head = *ivc.queue.front();
            os << fmt::format("  {}.in_{} vc {}: {} packets; head #{} {}->{}", name(), port_name(p), v,
                              ivc.queue.size(), head.id, head.src, head.dst);
            if (head.routed()) {
                const_cast<router*>(this)->apply_releases(head.out_port, now);  // the room free now
                auto& ovc = const_cast<output_vc&>(output_vc_at(head.out_port, head.out_vc));
                os << fmt::format(" waits for out_{} vc {} (", port_name(head.out_port), head.out_vc);
                if (m_output_buffered)
                    os << fmt::format("buffer free {} flits, ", ovc.free_flits);
                os << fmt::format("credits {}, needs {})", ovc.credits.available(now), head.flits);
            }
            os << '\n';
        }
    for (unsigned p = 0; p < m_params.ports; ++p)
        for (unsigned v = 0; v < m_params.vcs; ++v) {
            auto& ovc = const_cast<output_vc&>(output_vc_at(p, v));
            if (ovc.queue.empty())
                continue;
            const packet& head = *ovc.queue.front();
            os << fmt::format("  {}.out_{} vc {}: {} packets; head #{} {}->{} needs {} credits, has {}\n", name(),
                              port_name(p), v, ovc.queue.size(), head.id, head.src, head.dst, head.flits,
                              ovc.credits.available(now));
        }
    return os.str();
}

}  // namespace hxsim
