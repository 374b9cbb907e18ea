#include "models/router/router.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

namespace hxsim {

router::router(const sc_core::sc_module_name& name, const router_params& params)
    : sc_core::sc_module(name), in("in"), out("out"), m_params(params),
      m_vcs_per_class(params.vcs / params.routing->vc_classes()),
      m_buffer_flits(buffer_flits(params.buffer_bytes, params.flit_bytes)),
      m_crossbar_flit_ps(serialization_ps(params.flit_bytes, params.crossbar_bandwidth_bps))
{
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

    m_inputs.resize(params.ports);
    m_outputs.resize(params.ports);
    for (unsigned p = 0; p < params.ports; ++p) {
        m_inputs[p].vcs.resize(params.vcs);
        m_outputs[p].vcs.resize(params.vcs);
        for (auto& ovc : m_outputs[p].vcs) {
            ovc.free_flits = m_buffer_flits;
            ovc.credits = m_params.downstream_buffer_flits[p];
        }
    }

    SC_HAS_PROCESS(router);
    SC_METHOD(wake);
    sensitive << m_wake;
    dont_initialize();
}

std::string router::port_name(unsigned port) const
{
    return port < m_params.port_names.size() ? m_params.port_names[port] : std::to_string(port);
}

void router::packet_arrives(unsigned port, const link_beat& beat, sim_ps head_ps)
{
    packet* pkt = beat.pkt;
    input_vc& ivc = m_inputs[port].vcs[beat.vc];
    ivc.used_flits += pkt->flits;
    if (ivc.used_flits > m_buffer_flits)
        throw std::logic_error(fmt::format("{}: input {} VC {} overflows: the sender ignored credits",
                                           name(), port_name(port), beat.vc));
    pkt->vc = beat.vc;
    pkt->routed = false;
    pkt->head_ready_ps = head_ps + m_params.input_latency_ps;
    pkt->tail_ready_ps = beat.tail_ps + m_params.input_latency_ps;
    ivc.queue.push_back(pkt);
    if (ivc.queue.size() == 1)
        m_actions.schedule(pkt->head_ready_ps, action{action_kind::head_ready, static_cast<std::uint16_t>(port), beat.vc, 0}, m_wake);
}

void router::credits_arrive(unsigned port, const link_beat& beat, sim_ps at_ps)
{
    m_actions.schedule(at_ps, action{action_kind::credit, static_cast<std::uint16_t>(port), beat.vc, beat.credits}, m_wake);
}

void router::wake()
{
    const sim_ps now = now_ps();
    action a;
    while (m_actions.pop_due(now, a)) {
        switch (a.kind) {
        case action_kind::head_ready:
            head_ready(a.port, a.vc);
            break;
        case action_kind::credit:
            m_outputs[a.port].vcs[a.vc].credits += a.value;
            try_link(a.port);
            break;
        case action_kind::output_release:
            m_outputs[a.port].vcs[a.vc].free_flits += a.value;
            try_crossbar(a.port);
            try_link(a.port);
            break;
        case action_kind::crossbar_done: {
            // The input is free again: every output one of its VCs waits for may now take it.
            try_crossbar(a.value);
            for (const input_vc& ivc : m_inputs[a.port].vcs)
                if (!ivc.queue.empty() && ivc.queue.front()->routed)
                    try_crossbar(ivc.queue.front()->out_port);
            break;
        }
        case action_kind::link_ready:
            try_link(a.port);
            break;
        }
    }
    m_actions.rearm(m_wake);
}

void router::head_ready(unsigned port, unsigned vc)
{
    input_vc& ivc = m_inputs[port].vcs[vc];
    if (ivc.queue.empty())
        return;
    packet& pkt = *ivc.queue.front();
    if (pkt.routed || pkt.head_ready_ps > now_ps())
        return;
    route(port, pkt);
    m_outputs[pkt.out_port].requests.push_back(request{static_cast<std::uint16_t>(port), static_cast<std::uint8_t>(vc)});
    try_crossbar(pkt.out_port);
}

void router::route(unsigned port, packet& pkt)
{
    route_candidates candidates;
    m_params.routing->route(m_params.id, static_cast<std::uint16_t>(port), pkt, candidates);
    if (candidates.count == 0)
        throw std::logic_error(fmt::format("{}: no route for packet {} ({} -> {}) entering at {}", name(), pkt.id,
                                           pkt.src, pkt.dst, port_name(port)));
    // Minimal adaptive: the candidate port and VC with the most free downstream space wins; ties
    // go to the earlier candidate, then the lower VC.
    bool found = false;
    std::int64_t best_score = 0;
    for (unsigned i = 0; i < candidates.count; ++i) {
        const route_candidate& c = candidates.items[i];
        const output_port& op = m_outputs[c.port];
        for (unsigned k = 0; k < m_vcs_per_class; ++k) {
            const unsigned v = c.vc_class * m_vcs_per_class + k;
            const std::int64_t score = op.vcs[v].credits - static_cast<std::int64_t>(op.vcs[v].queued_flits);
            if (!found || score > best_score) {
                found = true;
                best_score = score;
                pkt.out_port = c.port;
                pkt.out_vc = static_cast<std::uint8_t>(v);
                pkt.vc_class = c.vc_class;
            }
        }
    }
    pkt.routed = true;
    if (m_params.observer)
        m_params.observer->on_forward(m_params.id, static_cast<std::uint16_t>(port), pkt.out_port, pkt.out_vc, pkt);
}

void router::try_crossbar(unsigned out_port)
{
    const sim_ps now = now_ps();
    output_port& op = m_outputs[out_port];
    if (op.crossbar_busy_until_ps > now)
        return;
    for (auto it = op.requests.begin(); it != op.requests.end(); ++it) {
        input_port& ip = m_inputs[it->in_port];
        if (ip.busy_until_ps > now)
            continue;
        input_vc& ivc = ip.vcs[it->in_vc];
        packet* pkt = ivc.queue.front();
        output_vc& ovc = op.vcs[pkt->out_vc];
        if (ovc.free_flits < pkt->flits)
            continue;

        // Grant: stream the packet through the crossbar; the tail cannot cross before it arrived.
        const unsigned in_port = it->in_port;
        const unsigned in_vc = it->in_vc;
        op.requests.erase(it);
        const sim_ps done = std::max(now + serialization_ps(pkt->bytes, m_params.crossbar_bandwidth_bps),
                                     pkt->tail_ready_ps + m_crossbar_flit_ps);
        ip.busy_until_ps = done;
        op.crossbar_busy_until_ps = done;
        ivc.queue.pop_front();
        ivc.used_flits -= pkt->flits;
        in[in_port].return_credits(static_cast<std::uint8_t>(in_vc), pkt->flits, done - now);

        ovc.free_flits -= pkt->flits;
        ovc.queued_flits += pkt->flits;
        pkt->head_ready_ps = now + m_crossbar_flit_ps + m_params.output_latency_ps;
        pkt->tail_ready_ps = done + m_params.output_latency_ps;
        ovc.queue.push_back(pkt);
        ++pkt->hops;
        ++m_forwarded;

        m_actions.schedule(done, action{action_kind::crossbar_done, static_cast<std::uint16_t>(in_port), 0, out_port}, m_wake);
        m_actions.schedule(pkt->head_ready_ps, action{action_kind::link_ready, static_cast<std::uint16_t>(out_port), 0, 0}, m_wake);
        if (!ivc.queue.empty()) {
            const sim_ps next_ready = std::max(ivc.queue.front()->head_ready_ps, now);
            m_actions.schedule(next_ready, action{action_kind::head_ready, static_cast<std::uint16_t>(in_port), static_cast<std::uint8_t>(in_vc), 0}, m_wake);
        }
        return;
    }
}

void router::try_link(unsigned out_port)
{
    const sim_ps now = now_ps();
    output_port& op = m_outputs[out_port];
    if (op.link_busy_until_ps > now)
        return;
    const unsigned vcs = m_params.vcs;
    for (unsigned k = 0; k < vcs; ++k) {
        const unsigned v = (op.next_vc + k) % vcs;
        output_vc& ovc = op.vcs[v];
        if (ovc.queue.empty())
            continue;
        packet* pkt = ovc.queue.front();
        if (pkt->head_ready_ps > now || ovc.credits < pkt->flits)
            continue;
        ovc.queue.pop_front();
        ovc.queued_flits -= pkt->flits;
        ovc.credits -= pkt->flits;
        pkt->vc = static_cast<std::uint8_t>(v);
        const sim_ps free_at = out[out_port].send(pkt, pkt->tail_ready_ps);
        op.link_busy_until_ps = free_at;
        op.next_vc = v + 1;
        m_actions.schedule(free_at, action{action_kind::output_release, static_cast<std::uint16_t>(out_port), static_cast<std::uint8_t>(v), pkt->flits}, m_wake);
        return;
    }
}

std::uint64_t router::packets_buffered() const
{
    std::uint64_t n = 0;
    for (const input_port& ip : m_inputs)
        for (const input_vc& ivc : ip.vcs)
            n += ivc.queue.size();
    for (const output_port& op : m_outputs)
        for (const output_vc& ovc : op.vcs)
            n += ovc.queue.size();
    return n;
}

std::string router::describe_buffers() const
{
    std::ostringstream os;
    for (unsigned p = 0; p < m_inputs.size(); ++p)
        for (unsigned v = 0; v < m_inputs[p].vcs.size(); ++v) {
            const input_vc& ivc = m_inputs[p].vcs[v];
            if (ivc.queue.empty())
                continue;
            const packet& head = *ivc.queue.front();
            os << fmt::format("  {}.in_{} vc {}: {} packets; head #{} {}->{}", name(), port_name(p), v,
                              ivc.queue.size(), head.id, head.src, head.dst);
            if (head.routed)
                os << fmt::format(" waits for out_{} vc {} (buffer free {} flits, needs {})", port_name(head.out_port),
                                  head.out_vc, m_outputs[head.out_port].vcs[head.out_vc].free_flits, head.flits);
            os << '\n';
        }
    for (unsigned p = 0; p < m_outputs.size(); ++p)
        for (unsigned v = 0; v < m_outputs[p].vcs.size(); ++v) {
            const output_vc& ovc = m_outputs[p].vcs[v];
            if (ovc.queue.empty())
                continue;
            const packet& head = *ovc.queue.front();
            os << fmt::format("  {}.out_{} vc {}: {} packets; head #{} {}->{} needs {} credits, has {}\n", name(),
                              port_name(p), v, ovc.queue.size(), head.id, head.src, head.dst, head.flits, ovc.credits);
        }
    return os.str();
}

}  // namespace hxsim
