#include "models/nic/nic.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "models/core/prefetch.h"

namespace hxsim {

namespace {

/// Pieces of `piece_bytes` that `bytes` take (a packet's flits, a message's packets), the last
/// one partly filled.
std::uint32_t pieces_of(std::uint64_t bytes, std::uint64_t piece_bytes)
{
    return static_cast<std::uint32_t>((bytes + piece_bytes - 1) / piece_bytes);
}

/// The checksum of bytes [offset, offset + length) of the content of `record`'s message: its
/// real bytes, or those its seed derives.
std::uint64_t piece_checksum(const message_record& record, std::uint64_t offset, std::uint64_t length)
{
    return record.data.empty() ? seeded_checksum(record.seed, offset, length)
                               : bytes_checksum(record.data.data() + offset, offset, length);
}

}  // namespace

nic::nic(const sc_core::sc_module_name& name, const nic_params& params)
    : sc_core::sc_module(name), host_in("host_in"), host_out("host_out"), net_out("net_out", *this, 0),
      net_in("net_in", *this, 0), m_params(params), m_delivery_ext(new message_extension), m_credits(params.vcs, credit_counter(params.router_buffer_flits)),
      m_mtu_flits(pieces_of(params.mtu_bytes, params.flit_bytes))
{
    host_in.bind(static_cast<tlm::tlm_fw_transport_if<>&>(*this));
    host_out.bind(static_cast<tlm::tlm_bw_transport_if<>&>(*this));
    m_delivery.set_extension(m_delivery_ext);
    if (params.accelerators <= dense_peers_limit) {
        m_next_sequence_dense.assign(params.accelerators, 0);
        m_expected_sequence_dense.assign(params.accelerators, 0);
    }
}

bool nic::validate(tlm::tlm_generic_payload& trans)
{
    if (trans.get_command() != tlm::TLM_WRITE_COMMAND) {
        trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return false;
    }
    const auto dst = trans.get_address();
    if (dst >= m_params.accelerators || dst == m_params.id) {
        trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return false;
    }
    if (trans.get_data_length() == 0 || trans.get_extension<message_extension>() == nullptr) {
        trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        return false;
    }
    return true;
}

tlm::tlm_sync_enum nic::nb_transport_fw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                        sc_core::sc_time& delay)
{
    if (phase != tlm::BEGIN_REQ)
        return tlm::TLM_ACCEPTED;  // END_RESP: nothing left to do
    if (!validate(trans)) {
        phase = tlm::BEGIN_RESP;
        return tlm::TLM_COMPLETED;
    }
    if (trans.has_mm())
        trans.acquire();
    if (m_params.send_queue_messages > 0 && m_held_messages >= m_params.send_queue_messages) {
        if (m_waiting_for_room != nullptr)
            throw std::logic_error(fmt::format("{}: a second message posted before END_REQ of the first", name()));
        m_waiting_for_room = &trans;
        return tlm::TLM_ACCEPTED;  // END_REQ when a message has left
    }
    accept(trans, now_ps() + delay.value());
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
}

void nic::accept(tlm::tlm_generic_payload& trans, sim_ps at_ps)
{
    ++m_held_messages;
    action a;
    a.kind = action_kind::accept;
    a.trans = &trans;
    m_actions.schedule(at_ps, a, m_wake);
}

void nic::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&)
{
    // Sending is asynchronous by nature (the NIC queues); a blocking post is refused.
    trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
}

void nic::start_of_simulation()
{
    m_net_out_link.find(net_out);
    m_net_in_link.find(net_in);
}

void nic::packet_arrives(unsigned, const link_beat& beat, sim_ps head_ps)
{
    // The NIC sinks flits at link rate: each buffer slot is free again as its flit arrives, and
    // the packet is handled when the tail is in.
    const std::uint32_t flits = resident_flits(beat.pkt->flits, m_params.receive_buffer_flits);
    const sim_ps interval = flits > 1 ? (beat.tail_ps - head_ps) / (flits - 1) : 0;
    m_net_in_link.return_credits(beat.vc, flits, beat.tail_ps - interval * (flits - 1) - now_ps(), interval);
    action a;
    a.kind = action_kind::receive;
    a.pkt = beat.pkt;
    m_actions.schedule(beat.tail_ps, a, m_wake);
}

void nic::credits_arrive(unsigned, const link_beat& beat, sim_ps at_ps)
{
    // Counted from at_ps on (credit_counter), so a waiting packet knows when it can go
    // (try_send). Only a packet that waits needs to look again: these credits may let it go
    // sooner, from their arrival on. Otherwise the next try finds them, with no wake-up.
    m_credits[beat.vc].add_train(at_ps, beat.interval_ps, beat.credits);
    if (!m_waiting_for_credits)
        return;
    // The packet that waits looks again when the credits announced so far give some injection
    // VC room for it, not at each train's first credit, which a packet of many flits cannot use,
    // and not before its link is free. No try before that instant could send, and each train
    // announced later looks for itself.
    const sim_ps when = credits_ready_ps(packet_after(m_send_queue.front()).needed, now_ps());
    if (when != credit_counter::never) {
        action look;
        look.kind = action_kind::send;
        m_actions.schedule(when, look, m_wake);
    }
}

void nic::wake()
{
    const sim_ps now = now_ps();
    action a;
    while (m_actions.pop_due(now, a)) {
        switch (a.kind) {
        case action_kind::accept: {
            const auto* ext = a.trans->get_extension<message_extension>();
            const auto dst = static_cast<std::uint32_t>(a.trans->get_address());
            m_send_queue.push_back(outgoing{a.trans, ext->id, ext->seed, next_sequence_to(dst)++, 0, 0});
            try_send();
            break;
        }
        case action_kind::send:
            try_send();
            break;
        case action_kind::sent: {
            tlm::tlm_phase phase = tlm::BEGIN_RESP;
            sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
            a.trans->set_response_status(tlm::TLM_OK_RESPONSE);
            host_in->nb_transport_bw(*a.trans, phase, delay);
            if (a.trans->has_mm())
                a.trans->release();
            break;
        }
        case action_kind::receive:
            receive(a.pkt);
            break;
        }
    }
    m_actions.rearm(m_wake);
}

void nic::prefetch(unsigned stage) const
{
    const action* a = m_actions.peek();
    if (stage == 3) {
        prefetch_lines(&m_params, &m_reassembly + 1);
        if (a != nullptr)
            prefetch_line(a);
        return;
    }
    if (a == nullptr)
        return;
    if (a->kind == action_kind::receive) {
        if (stage == 2) {
            prefetch_line(a->pkt);
        } else {
            prefetch_line(m_params.pool->record_address(a->pkt->message));
            if (const reassembly_table::entry* slot = m_reassembly.home_slot(a->pkt->message))
                prefetch_line(slot);
        }
    } else if (stage == 2 && !m_send_queue.empty()) {
        prefetch_line(&m_send_queue.front());
    } else if (stage == 1 && !m_send_queue.empty()) {
        prefetch_line(m_send_queue.front().trans);
        // The router the packet goes to: its line and the input VCs the packet may take.
        for (unsigned v = 0; v < m_params.injection_vcs; ++v)
            m_net_out_link.prefetch_arrival(v);
    }
}

void nic::try_send()
{
    const sim_ps now = now_ps();
    if (m_send_queue.empty() || m_link_free_ps > now)
        return;
    outgoing& msg = m_send_queue.front();
    tlm::tlm_generic_payload& trans = *msg.trans;
    const std::uint64_t size = trans.get_data_length();
    const auto [bytes, flits, needed] = packet_after(msg);

    // The injection VC with most credits, if it has room for the whole packet.
    unsigned vc = 0;
    for (unsigned v = 1; v < m_params.injection_vcs; ++v)
        if (m_credits[v].available(now) > m_credits[vc].available(now))
            vc = v;
    if (m_credits[vc].available(now) < needed) {
        // It goes as soon as any injection VC has room for it, as far as the credits announced
        // tell; credits announced later look again when they arrive (credits_arrive).
        m_waiting_for_credits = true;
        const sim_ps when = credits_ready_ps(needed, now);
        if (when != credit_counter::never) {
            action retry;
            retry.kind = action_kind::send;
            m_actions.schedule(when, retry, m_wake);
        }
        return;
    }
    m_waiting_for_credits = false;

    packet_pool& pool = *m_params.pool;
    if (msg.next_offset == 0)
        msg.record = open_record(msg);
    packet* pkt = pool.acquire();
    pkt->id = pool.next_id();
    pkt->src = m_params.id;
    pkt->dst = static_cast<std::uint32_t>(trans.get_address());
    pkt->message = msg.record;
    pkt->piece = static_cast<std::uint32_t>(msg.next_offset / m_params.mtu_bytes);
    pkt->bytes = bytes;
    pkt->flits = flits;
    pkt->vc = static_cast<std::uint8_t>(vc);
    pkt->vc_class = 0;
    pkt->hops = 0;
    pkt->injected_ps = now;

    m_credits[vc].consume(needed);
    m_link_free_ps = m_net_out_link.send(pkt, now, now);
    ++m_params.counters->packets_injected;
    msg.next_offset += bytes;

    // The next packet (this message's next, or the next message's first) goes when the link is
    // free, if the credits announced give it room by then; if not, it waits for credits from now
    // on, and looks again when they suffice (credits_arrive), not at the link's instant in vain.
    // With no message queued after this one, the link's instant serves one posted meanwhile.
    // Mostly the VC just used still has room for a full packet, and no look-ahead is needed.
    sim_ps look = m_link_free_ps;
    const outgoing* upcoming = msg.next_offset < size ? &msg : m_send_queue.size() > 1 ? &m_send_queue[1] : nullptr;
    if (upcoming != nullptr && m_credits[vc].available(now) < m_mtu_flits) {
        const sim_ps ready = credits_ready_ps(packet_after(*upcoming).needed, now);
        if (ready > m_link_free_ps) {
            m_waiting_for_credits = true;
            look = ready;
        }
    }
    if (look != credit_counter::never) {
        action next;
        next.kind = action_kind::send;
        m_actions.schedule(look, next, m_wake);
    }
    if (msg.next_offset == size) {
        action done;
        done.kind = action_kind::sent;
        done.trans = msg.trans;
        m_actions.schedule(m_link_free_ps, done, m_wake);
        m_send_queue.pop_front();
        --m_held_messages;
        if (m_waiting_for_room != nullptr) {
            tlm::tlm_generic_payload& next = *m_waiting_for_room;
            m_waiting_for_room = nullptr;
            accept(next, now);
            tlm::tlm_phase phase = tlm::END_REQ;
            sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
            host_in->nb_transport_bw(next, phase, delay);
        }
    }
}

std::uint32_t nic::open_record(const outgoing& msg)
{
    // The whole message is copied once, for its packets to carry: the accelerator may reuse its
    // buffer once the last packet has left, before they arrive.
    const tlm::tlm_generic_payload& trans = *msg.trans;
    const std::uint32_t bytes = trans.get_data_length();
    const std::uint32_t index = m_params.pool->acquire_record(pieces_of(bytes, m_params.mtu_bytes));
    message_record& record = m_params.pool->record(index);
    record.message_id = msg.id;
    record.sequence = msg.sequence;
    record.seed = msg.seed;
    record.src = m_params.id;
    record.dst = static_cast<std::uint32_t>(trans.get_address());
    record.bytes = bytes;
    if (trans.get_data_ptr() != nullptr)
        record.data.assign(trans.get_data_ptr(), trans.get_data_ptr() + bytes);
    return index;
}

nic::packet_shape nic::packet_after(const outgoing& msg) const
{
    const auto bytes =
        static_cast<std::uint32_t>(std::min(m_params.mtu_bytes, msg.trans->get_data_length() - msg.next_offset));
    const std::uint32_t flits = pieces_of(bytes, m_params.flit_bytes);
    return packet_shape{bytes, flits, m_params.wormhole ? resident_flits(flits, m_params.router_buffer_flits) : flits};
}

sim_ps nic::credits_ready_ps(std::uint32_t needed, sim_ps now)
{
    // Mostly some VC has them now (the send that asks is then not held back): no later instant
    // of another VC can be earlier.
    sim_ps when = credit_counter::never;
    for (unsigned v = 0; v < m_params.injection_vcs && when > now; ++v)
        when = std::min(when, m_credits[v].when_available(needed, now));
    return when == credit_counter::never ? when : std::max(when, m_link_free_ps);
}

void nic::receive(packet* pkt)
{
    if (pkt->dst != m_params.id)
        throw std::logic_error(fmt::format("{}: received packet #{} for accelerator {}", name(), pkt->id, pkt->dst));

    network_counters& counters = *m_params.counters;
    ++counters.packets_delivered;
    counters.packet_hops += pkt->hops;
    counters.bytes_delivered += pkt->bytes;
    if (pkt->injected_ps >= counters.measure_from_ps && pkt->injected_ps < counters.measure_until_ps)
        counters.packet_latency_ps.add(now_ps() - pkt->injected_ps);

    // The message's record: its size, order and content (real bytes, or the seed they derive
    // from), shared by its packets. A packet's bytes are its piece of the content, checksummed
    // here as they arrive.
    packet_pool& pool = *m_params.pool;
    const std::uint32_t index = pkt->message;
    if (!pool.holds_record(index))
        throw std::logic_error(fmt::format("{}: packet #{} names no message (record {})", name(), pkt->id, index));
    message_record& record = pool.record(index);
    const std::uint32_t pieces = pieces_of(record.bytes, m_params.mtu_bytes);
    const std::uint64_t offset = std::uint64_t{pkt->piece} * m_params.mtu_bytes;
    if (record.packets_left == 0 || record.src != pkt->src || record.dst != pkt->dst || pkt->piece >= pieces ||
        pkt->bytes != std::min<std::uint64_t>(m_params.mtu_bytes, record.bytes - offset))
        throw std::logic_error(fmt::format(
            "{}: packet #{} ({} -> {}, piece {}, {} bytes) does not fit message {} ({} -> {}, {} bytes, {} packets to come)",
            name(), pkt->id, pkt->src, pkt->dst, pkt->piece, pkt->bytes, record.message_id, record.src, record.dst,
            record.bytes, record.packets_left));
    --record.packets_left;
    std::uint8_t* const data = record.data.empty() ? nullptr : record.data.data();
    // A message of one packet that is next in its source's order goes straight to the
    // accelerator: nothing to reassemble or hold back, so no reassembly state is made.
    if (pieces == 1) {
        std::uint64_t& expected = expected_sequence_from(pkt->src);
        if (record.sequence == expected) {
            const std::uint32_t src = pkt->src;
            deliver(record.message_id, src, pkt->bytes, data, piece_checksum(record, 0, pkt->bytes), record.sequence);
            pool.release(pkt);
            pool.release_record(index);
            ++expected;
            deliver_held(src, expected);
            return;
        }
    }
    // Reassembled by record: its index is the message's alone until it is delivered.
    auto [msg, fresh] = m_reassembly.try_emplace(index, record.bytes);
    if (fresh) {
        msg->src = pkt->src;
        msg->sequence = record.sequence;
        msg->expect_pieces(pieces);
        if (data != nullptr)
            msg->data.reset(new std::uint8_t[msg->bytes]());
    }
    const std::uint32_t piece = pkt->piece;
    if (msg->has_piece(piece))
        throw std::logic_error(fmt::format("{}: packet #{} duplicates piece {} of message {} from {}", name(), pkt->id,
                                           piece, record.message_id, pkt->src));
    msg->set_piece(piece);
    if (msg->pieces_received > 0 && piece < msg->highest_piece)
        ++counters.packets_out_of_order;
    msg->highest_piece = std::max(msg->highest_piece, piece);
    ++msg->pieces_received;
    if (data != nullptr)
        std::memcpy(msg->data.get() + offset, data + offset, pkt->bytes);
    msg->checksum += piece_checksum(record, offset, pkt->bytes);
    pool.release(pkt);

    if (msg->pieces_received < pieces)
        return;

    // Complete: deliver in the source's order, holding it back if an earlier one is still missing.
    reassembly_table::entry done = m_reassembly.take(msg);
    std::uint64_t& expected = expected_sequence_from(done.src);
    if (done.sequence != expected) {
        m_held[done.src].emplace(done.sequence, std::move(done));
        ++m_held_count;
        counters.max_reorder_messages = std::max(counters.max_reorder_messages, m_held_count);
        return;
    }
    const std::uint32_t src = done.src;
    deliver(done);
    ++expected;
    deliver_held(src, expected);
}

void nic::deliver_held(std::uint32_t src, std::uint64_t& expected)
{
    if (m_held_count == 0)
        return;
    auto held = m_held.find(src);
    while (held != m_held.end() && !held->second.empty() && held->second.begin()->first == expected) {
        deliver(held->second.begin()->second);
        held->second.erase(held->second.begin());
        --m_held_count;
        ++expected;
    }
    if (held != m_held.end() && held->second.empty())
        m_held.erase(held);
}

void nic::deliver(const reassembly_table::entry& msg)
{
    const auto index = static_cast<std::uint32_t>(msg.key);
    deliver(m_params.pool->record(index).message_id, msg.src, msg.bytes, msg.data.get(), msg.checksum, msg.sequence);
    m_params.pool->release_record(index);  // its message is through
}

void nic::deliver(std::uint64_t id, std::uint32_t src, std::uint64_t bytes, std::uint8_t* data,
                  std::uint64_t checksum, std::uint64_t sequence)
{
    m_delivery.set_command(tlm::TLM_WRITE_COMMAND);
    m_delivery.set_address(src);
    m_delivery.set_data_ptr(data);
    m_delivery.set_data_length(static_cast<unsigned>(bytes));
    m_delivery.set_streaming_width(static_cast<unsigned>(bytes));
    m_delivery.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    m_delivery_ext->id = id;
    m_delivery_ext->seed = 0;
    m_delivery_ext->checksum = checksum;
    m_delivery_ext->sequence = sequence;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    host_out->b_transport(m_delivery, delay);
}

}  // namespace hxsim
