// The generated header first: it declares sc_time_stamp for verilated.h (toolchain.md).
#include "Vhx_router.h"

#include "models/router/rtl_router.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "models/core/action_queue.h"
#include "models/router/router_pin_checker.h"
#include "models/router/rtl_router_shape.h"
#include "models/trace/vcd_writer.h"

#if VM_TRACE_FST
#include <verilated_fst_sc.h>
#else
#include <verilated_vcd_sc.h>
#endif

namespace hxsim {

namespace {

constexpr rtl_router_shape shape = verilated_router;

// The payload bits of a flit (router_pins.h has the fields the RTL reads): the adapter keeps the
// packet's slot and the flit's index there.
constexpr unsigned slot_shift = 32;
constexpr std::uint64_t slot_mask = (std::uint64_t{1} << (router_pins::tail_bit - slot_shift)) - 1;
constexpr unsigned index_shift = shape.dest_width + shape.len_width;
constexpr std::uint64_t index_mask = (std::uint64_t{1} << (slot_shift - index_shift)) - 1;

std::uint64_t make_flit(std::uint32_t slot, std::uint32_t index, std::uint32_t flits, std::uint32_t dst)
{
    std::uint64_t flit = (std::uint64_t{slot} << slot_shift) | (std::uint64_t{index} << index_shift);
    if (index == 0)
        flit |= router_pins::head_fields(flits, dst);
    if (index + 1 == flits)
        flit |= std::uint64_t{1} << router_pins::tail_bit;
    return flit;
}

}  // namespace

struct rtl_router::impl {
    using flits_t = router_pin_checker::flits_t;
#if VM_TRACE_FST
    using waveform = VerilatedFstSc;
    static constexpr const char* waveform_extension = ".fst";
#else
    using waveform = VerilatedVcdSc;
    static constexpr const char* waveform_extension = ".vcd";
#endif

    enum class action_kind : std::uint8_t { flit, credit };
    struct action {
        action_kind kind = action_kind::flit;
        std::uint8_t port = 0;
        std::uint8_t vc = 0;
        std::uint64_t flit = 0;
    };
    // A packet inside the RTL, found again by the slot number its flits carry.
    struct slot {
        packet* pkt = nullptr;
        std::uint16_t in_port = 0;
        std::uint8_t in_vc = 0;
        sim_ps tail_in_edge = 0;      // the edge its tail is presented on the input pins
        std::uint32_t flits_out = 0;  // flits that have left
        sim_ps tail_out_edge = 0;     // announced to the outgoing link when the head left
    };

    rtl_router_params params;
    unsigned vcs_per_class;
    std::uint32_t buffer_flits;
    Vhx_router rtl;
    sc_core::sc_signal<bool, sc_core::SC_MANY_WRITERS> clk{"clk"};  // reset sequence, then clock_step
    router_pins pins;
    router_pin_checker checker;

    action_queue<action> actions;          // inputs to present, at their edges
    sc_core::sc_event edge;
    enum class phase : std::uint8_t { edge, settle, sample } next_phase = phase::edge;
    bool reset_done = false;
    sim_ps last_edge_ps = ~sim_ps{0};
    std::uint64_t cycles = 0;
    std::vector<sim_ps> next_free_in_edge;       // per input port: its pins take one flit per cycle
    std::vector<std::uint32_t> pending_credits;  // per output port and VC, due but not yet presented
    std::vector<slot> slots;
    std::vector<std::uint32_t> free_slots;
    std::uint64_t flits_inside = 0;
    std::string waveform_path;  // traced: Verilator's waveform, open over [waveform_from, waveform_to)
    sim_ps waveform_from = 0;
    sim_ps waveform_to = 0;
    // The kernel keeps a pointer to every trace file until the process ends, so the waveform is
    // closed (finish_trace), never deleted.
    waveform* wave = nullptr;

    impl(const rtl_router_params& p, unsigned classes)
        : params(p), vcs_per_class(p.router.vcs / classes),
          buffer_flits(hxsim::buffer_flits(p.router.buffer_bytes, p.router.flit_bytes)), rtl("rtl"),
          checker("checker", router_pin_checker_params{buffer_flits, p.router.downstream_buffer_flits, p.router.port_names}),
          next_free_in_edge(shape.ports, 0), pending_credits(shape.ports * shape.vcs, 0)
    {
        pins.connect(rtl, clk);
        checker.watch(clk, pins);
    }

    sim_ps period() const { return params.router.clock_period_ps; }
    sim_ps align(sim_ps t) const { return (t + period() - 1) / period() * period(); }

    std::uint32_t acquire_slot()
    {
        if (free_slots.empty()) {
            if (slots.size() > slot_mask)
                throw std::logic_error("more packets inside an RTL router than its flits can name");
            slots.emplace_back();
            return static_cast<std::uint32_t>(slots.size() - 1);
        }
        const std::uint32_t s = free_slots.back();
        free_slots.pop_back();
        return s;
    }
};

rtl_router::rtl_router(const sc_core::sc_module_name& name, const rtl_router_params& params) : router_base(name)
{
    const router_params& rp = params.router;
    if (rp.ports != shape.ports || rp.vcs != shape.vcs || rp.routing->vc_classes() != shape.classes)
        throw std::invalid_argument(fmt::format("{}: the verilated router has {} ports, {} VCs and {} classes; this "
                                                "one needs {}, {} and {}",
                                                this->name(), shape.ports, shape.vcs, shape.classes, rp.ports, rp.vcs,
                                                rp.routing->vc_classes()));
    if (rp.clock_period_ps == 0 || params.destinations > shape.max_destinations())
        throw std::invalid_argument(fmt::format("{}: needs a clock and at most {} destinations", this->name(),
                                                shape.max_destinations()));
    m_impl = std::make_unique<impl>(params, shape.classes);
    // Its neighbours call into it and it notifies its clock from their time: they must not run
    // ahead of the kernel.
    wake_scheduler::instance().forbid_running_ahead();

    in.init(rp.ports, [this](const char*, std::size_t i) {
        return new link_target_socket(("in_" + m_impl->params.router.port_names.at(i)).c_str(), *this,
                                      static_cast<unsigned>(i));
    });
    out.init(rp.ports, [this](const char*, std::size_t i) {
        return new link_initiator_socket(("out_" + m_impl->params.router.port_names.at(i)).c_str(), *this,
                                         static_cast<unsigned>(i));
    });

    SC_HAS_PROCESS(rtl_router);
    SC_THREAD(reset_sequence);
    SC_METHOD(clock_step);
    sensitive << m_impl->edge;
    dont_initialize();
}

rtl_router::~rtl_router() = default;

void rtl_router::enable_tracing() { Verilated::traceEverOn(true); }

void rtl_router::attach_trace(vcd_writer& writer)
{
    impl& m = *m_impl;
    m.waveform_path = writer.companion_path(name(), impl::waveform_extension);
    m.waveform_from = writer.options().from_ps;
    m.waveform_to = writer.options().to_ps;
    sc_core::sc_spawn([this] { trace_window(); }, "trace_window");
}

void rtl_router::finish_trace()
{
    if (m_impl->wave)
        m_impl->wave->close();
}

void rtl_router::trace_window()
{
    // Verilator attaches a waveform to a model that has started (toolchain.md), so from the
    // simulation itself: at the window's start, closed at its end.
    impl& m = *m_impl;
    wait(sc_core::sc_time::from_value(m.waveform_from) - sc_core::sc_time_stamp() + sc_core::SC_ZERO_TIME);
    m.wave = new impl::waveform;
    m.rtl.trace(m.wave, 99);
    m.wave->open(m.waveform_path.c_str());
    if (m.waveform_to == trace_options::unbounded)
        return;
    wait(sc_core::sc_time::from_value(m.waveform_to - m.waveform_from));
    m.wave->close();
}

std::uint64_t rtl_router::cycles() const { return m_impl->cycles; }

void rtl_router::reset_sequence()
{
    // At time 0, in delta cycles: hold reset, present the downstream buffer depths, and write the
    // routing table one entry per clock pulse, from the routing algorithm itself.
    impl& m = *m_impl;
    const router_params& rp = m.params.router;
    std::uint64_t init = 0;
    for (unsigned q = 0; q < shape.ports; ++q) {
        const std::uint32_t depth = std::min(rp.downstream_buffer_flits[q], shape.max_credits());
        init |= std::uint64_t{depth} << (q * shape.credit_width);
    }
    m.pins.rst_n.write(false);
    m.pins.out_credit_init.write(init);
    m.clk.write(false);
    wait(sc_core::SC_ZERO_TIME);

    packet probe;
    for (unsigned cls = 0; cls < shape.classes; ++cls)
        for (std::uint32_t dst = 0; dst < m.params.destinations; ++dst) {
            probe.dst = dst;
            probe.vc_class = static_cast<std::uint8_t>(cls);
            route_candidates candidates;
            rp.routing->route(rp.id, 0, probe, candidates);
            std::uint32_t ports = 0, next_class = 0;
            for (unsigned i = 0; i < candidates.count; ++i) {
                const route_candidate& c = candidates.items[i];
                if (c.vc_class != cls && c.vc_class != cls + 1)
                    throw std::logic_error(fmt::format("{}: the routing moves a packet from class {} to {}; the RTL "
                                                       "table only knows the same class or the next",
                                                       name(), cls, c.vc_class));
                ports |= 1u << c.port;
                if (c.vc_class == cls + 1)
                    next_class |= 1u << c.port;
            }
            if (ports == 0)
                continue;  // never written: no candidate
            m.pins.table_we.write(true);
            m.pins.table_addr.write((cls << shape.dest_width) | dst);
            m.pins.table_data.write((next_class << shape.ports) | ports);
            m.clk.write(true);
            wait(sc_core::SC_ZERO_TIME);
            m.clk.write(false);
            wait(sc_core::SC_ZERO_TIME);
        }
    m.pins.table_we.write(false);
    m.clk.write(true);
    wait(sc_core::SC_ZERO_TIME);
    m.clk.write(false);
    m.pins.rst_n.write(true);
    wait(sc_core::SC_ZERO_TIME);
    m.reset_done = true;
    m.actions.rearm(m.edge);
}

void rtl_router::packet_arrives(unsigned port, const link_beat& beat, sim_ps head_ps)
{
    impl& m = *m_impl;
    packet* pkt = beat.pkt;
    const std::uint32_t n = pkt->flits;
    if (n > shape.max_packet_flits() || pkt->dst >= shape.max_destinations())
        throw std::logic_error(fmt::format("{}: packet #{} ({} flits to {}) does not fit the RTL's flit fields", name(),
                                           pkt->id, n, pkt->dst));
    const std::uint32_t s = m.acquire_slot();
    impl::slot& sl = m.slots[s];
    sl = impl::slot{pkt, static_cast<std::uint16_t>(port), beat.vc, 0, 0, 0};
    // Flit k has fully arrived one link cycle after flit k-1, never after the tail; each is
    // presented on the first clock edge after that, one per cycle on a port.
    const sim_ps t = m.period();
    for (std::uint32_t k = 0; k < n; ++k) {
        const sim_ps arrived = std::max(head_ps + k * t, beat.tail_ps >= (n - 1 - k) * t ? beat.tail_ps - (n - 1 - k) * t : 0);
        const sim_ps at = std::max(m.align(arrived) + m.params.router.input_latency_ps, m.next_free_in_edge[port]);
        m.next_free_in_edge[port] = at + t;
        m.actions.schedule(at, impl::action{impl::action_kind::flit, static_cast<std::uint8_t>(port), beat.vc,
                                            make_flit(s, k, n, pkt->dst)},
                           m.edge);
        sl.tail_in_edge = at;
    }
    m.flits_inside += n;
}

void rtl_router::credits_arrive(unsigned port, const link_beat& beat, sim_ps at_ps)
{
    impl& m = *m_impl;
    for (std::uint32_t k = 0; k < beat.credits; ++k)
        m.actions.schedule(m.align(at_ps + k * beat.interval_ps),
                           impl::action{impl::action_kind::credit, static_cast<std::uint8_t>(port), beat.vc, 0}, m.edge);
}

void rtl_router::clock_step()
{
    impl& m = *m_impl;
    const sim_ps now = now_ps();
    const sim_ps t = m.period();
    switch (m.next_phase) {
    case impl::phase::edge: {
        // One rising edge per instant; inputs that turn up for an edge already taken wait for the next.
        if (!m.reset_done || now == m.last_edge_ps || m.align(now) != now) {
            m.edge.notify(to_sc_time(m.reset_done ? m.align(now + 1) - now : t));
            return;
        }
        m.last_edge_ps = now;
        std::uint32_t valid = 0;
        impl::flits_t flits;
        impl::action a;
        while (m.actions.pop_due(now, a)) {
            if (a.kind == impl::action_kind::credit) {
                ++m.pending_credits[a.port * shape.vcs + a.vc];
                continue;
            }
            const std::uint32_t bit = 1u << (a.port * shape.vcs + a.vc);
            if (valid & (((1u << shape.vcs) - 1) << (a.port * shape.vcs)))
                throw std::logic_error(fmt::format("{}: two flits for input port {} at one edge", name(), a.port));
            valid |= bit;
            router_pins::set_flit(flits, a.port, a.flit);
        }
        std::uint32_t credits = 0;
        for (unsigned i = 0; i < m.pending_credits.size(); ++i)
            if (m.pending_credits[i] > 0) {
                --m.pending_credits[i];
                credits |= 1u << i;
            }
        m.pins.in_valid.write(valid);
        m.pins.in_flit.write(flits);
        m.pins.out_credit.write(credits);
        m.clk.write(true);
        ++m.cycles;
        m.next_phase = impl::phase::settle;
        next_trigger(sc_core::SC_ZERO_TIME);
        return;
    }
    case impl::phase::settle:
        // The RTL evaluates the edge in this delta cycle; its outputs are readable in the next.
        m.next_phase = impl::phase::sample;
        next_trigger(sc_core::SC_ZERO_TIME);
        return;
    case impl::phase::sample:
        break;
    }

    m.clk.write(false);
    const router_params& rp = m.params.router;
    // Buffer slots freed in the cycle that starts now go back upstream.
    const std::uint32_t freed = m.pins.in_credit.read();
    for (unsigned i = 0; i < shape.ports * shape.vcs; ++i)
        if ((freed >> i) & 1)
            in[i / shape.vcs].return_credits(static_cast<std::uint8_t>(i % shape.vcs), 1, rp.credit_delay_ps);
    // Flits that left at this edge.
    const std::uint32_t leaving = m.pins.out_valid.read();
    const impl::flits_t& out_flits = m.pins.out_flit.read();
    for (unsigned q = 0; leaving != 0 && q < shape.ports; ++q)
        for (unsigned w = 0; w < shape.vcs; ++w) {
            if (!((leaving >> (q * shape.vcs + w)) & 1))
                continue;
            const std::uint64_t flit = router_pins::flit_of(out_flits, q);
            const std::uint64_t s = (flit >> slot_shift) & slot_mask;
            const std::uint32_t index = static_cast<std::uint32_t>((flit >> index_shift) & index_mask);
            if (s >= m.slots.size() || m.slots[s].pkt == nullptr)
                throw std::logic_error(fmt::format("{}: out_{} carries a flit of no packet", name(), rp.port_names[q]));
            impl::slot& sl = m.slots[s];
            packet* pkt = sl.pkt;
            if (index != sl.flits_out || flit != make_flit(static_cast<std::uint32_t>(s), index, pkt->flits, pkt->dst))
                throw std::logic_error(fmt::format("{}: out_{} flit {} of packet #{} is corrupt or out of order", name(),
                                                   rp.port_names[q], sl.flits_out, pkt->id));
            ++sl.flits_out;
            --m.flits_inside;
            if (index == 0) {
                // The link needs the tail's time now: one flit per cycle behind the head, never
                // before the tail has crossed the router's stages.
                sl.tail_out_edge = std::max(now + (pkt->flits - 1) * t, sl.tail_in_edge + shape.switch_stages * t);
                pkt->vc = static_cast<std::uint8_t>(w);
                pkt->vc_class = static_cast<std::uint8_t>(w / m.vcs_per_class);
                ++pkt->hops;
                if (rp.observer)
                    rp.observer->on_forward(rp.id, sl.in_port, static_cast<std::uint16_t>(q), pkt->vc, *pkt);
                out[q].send(pkt, now + rp.output_latency_ps, sl.tail_out_edge + rp.output_latency_ps);
            }
            if (index + 1 == pkt->flits) {
                if (now != sl.tail_out_edge)
                    throw std::logic_error(fmt::format("{}: the tail of packet #{} left out_{} at {} ps; the link was "
                                                       "told {} ps",
                                                       name(), pkt->id, rp.port_names[q], now, sl.tail_out_edge));
                sl.pkt = nullptr;
                m.free_slots.push_back(static_cast<std::uint32_t>(s));
            }
        }

    // Keep clocking while the RTL holds anything; otherwise sleep until the next input is due.
    m.next_phase = impl::phase::edge;
    bool credits_waiting = false;
    for (std::uint32_t c : m.pending_credits)
        credits_waiting |= c > 0;
    if (m.flits_inside > 0 || !m.pins.idle.read() || credits_waiting)
        m.edge.notify(to_sc_time(t));
    else
        m.actions.rearm(m.edge);
}

std::string rtl_router::describe_buffers() const
{
    const impl& m = *m_impl;
    std::string text;
    for (const impl::slot& sl : m.slots) {
        if (sl.pkt == nullptr)
            continue;
        text += fmt::format("  {} (RTL): packet #{} {}->{} from in_{} vc {}, {} of {} flits out\n", name(), sl.pkt->id,
                            sl.pkt->src, sl.pkt->dst, m.params.router.port_names[sl.in_port], sl.in_vc, sl.flits_out,
                            sl.pkt->flits);
    }
    return text;
}

}  // namespace hxsim
