#include "tb/traffic_generator.h"

#include <algorithm>

#include <fmt/format.h>

#include "models/nic/message.h"

namespace hxsim {

traffic_generator::traffic_generator(const sc_core::sc_module_name& name, platform& net, traffic_pattern& pattern,
                                     scoreboard& board, const traffic_generator_params& params)
    : sc_core::sc_module(name), to_nic("to_nic", net.accelerators()), from_nic("from_nic", net.accelerators()),
      m_pattern(pattern), m_board(board), m_params(params), m_pending(net.accelerators()),
      m_sources_left(net.accelerators())
{
    for (unsigned i = 0; i < net.accelerators(); ++i) {
        to_nic[i].register_nb_transport_bw(this, &traffic_generator::nb_transport_bw, static_cast<int>(i));
        from_nic[i].register_b_transport(this, &traffic_generator::b_transport, static_cast<int>(i));
        to_nic[i].bind(net.nic_of(i).host_in);
        net.nic_of(i).host_out.bind(from_nic[i]);
    }
}

void traffic_generator::start_of_simulation()
{
    for (std::uint32_t src = 0; src < m_pending.size(); ++src)
        fetch_next(src);
}

traffic_generator::~traffic_generator() = default;

void traffic_generator::fetch_next(std::uint32_t src)
{
    // A message is due when the pattern creates it, or once the NIC has room for it if that is
    // later; it counts from its creation either way (the time waited is part of its latency).
    if (m_pattern.next(src, m_pending[src]))
        m_due.schedule(std::max(m_pending[src].at_ps, now_ps()), src, m_wake);
    else
        --m_sources_left;
}

void traffic_generator::wake()
{
    const sim_ps now = now_ps();
    std::uint32_t src = 0;
    while (m_due.pop_due(now, src))
        if (post(src, m_pending[src]))
            fetch_next(src);
    m_due.rearm(m_wake);
}

bool traffic_generator::post(std::uint32_t src, const message_spec& spec)
{
    message_slot* slot;
    if (m_free_slots.empty()) {
        m_slots.push_back(std::make_unique<message_slot>(static_cast<tlm::tlm_mm_interface*>(this)));
        slot = m_slots.back().get();
        slot->set_extension(new message_extension);
    } else {
        slot = m_free_slots.back();
        m_free_slots.pop_back();
    }
    const std::uint64_t seed = m_params.seed * 0x2545f4914f6cdd1dULL + m_board.injected() + 1;
    const std::uint64_t id = m_board.expect(src, spec.dst, spec.bytes, seed, spec.at_ps);

    slot->set_command(tlm::TLM_WRITE_COMMAND);
    slot->set_address(spec.dst);
    slot->set_data_length(static_cast<unsigned>(spec.bytes));
    slot->set_streaming_width(static_cast<unsigned>(spec.bytes));
    slot->set_byte_enable_ptr(nullptr);
    slot->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    if (spec.bytes <= m_params.inline_payload_bytes) {
        slot->data.resize(spec.bytes);
        payload_bytes(seed, slot->data.data(), spec.bytes);
        slot->set_data_ptr(slot->data.data());
    } else {
        slot->set_data_ptr(nullptr);
    }
    auto* ext = slot->get_extension<message_extension>();
    ext->id = id;
    ext->seed = seed;

    slot->acquire();
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    const tlm::tlm_sync_enum status = to_nic[src]->nb_transport_fw(*slot, phase, delay);
    if (status == tlm::TLM_COMPLETED) {
        m_board.fail(fmt::format("the NIC of accelerator {} refused message {} to {}: {}", src, id, spec.dst,
                                 slot->get_response_string()));
        slot->release();
    }
    // Base protocol: the next message waits for this one's END_REQ (a full send queue delays it).
    return status != tlm::TLM_ACCEPTED;
}

tlm::tlm_sync_enum traffic_generator::nb_transport_bw(int src, tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                                      sc_core::sc_time&)
{
    if (phase == tlm::END_REQ) {
        fetch_next(static_cast<std::uint32_t>(src));
        return tlm::TLM_ACCEPTED;
    }
    if (phase == tlm::BEGIN_RESP) {
        trans.release();
        return tlm::TLM_COMPLETED;
    }
    return tlm::TLM_ACCEPTED;
}

void traffic_generator::b_transport(int dst, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay)
{
    m_board.delivered(static_cast<std::uint32_t>(dst), trans, now_ps() + delay.value());
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

void traffic_generator::free(tlm::tlm_generic_payload* trans)
{
    m_free_slots.push_back(static_cast<message_slot*>(trans));
}

}  // namespace hxsim
