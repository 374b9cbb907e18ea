// The accelerators' side of a run: posts the messages of a traffic pattern to every NIC through
// its TLM-2.0 socket, takes the NICs' deliveries, and hands both to the scoreboard. Messages up to
// the inline limit carry real bytes; larger ones carry only a seed.
#pragma once

#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/core/action_queue.h"
#include "models/topology/platform.h"
#include "tb/scoreboard.h"
#include "tb/traffic/pattern.h"

namespace hxsim {

struct traffic_generator_params {
    std::uint64_t inline_payload_bytes = 0;  ///< messages up to this size carry real bytes
    std::uint64_t seed = 0;                  ///< of the message contents
};

class traffic_generator : public sc_core::sc_module, private tlm::tlm_mm_interface {
public:
    sc_core::sc_vector<tlm_utils::simple_initiator_socket_tagged<traffic_generator>> to_nic;
    sc_core::sc_vector<tlm_utils::simple_target_socket_tagged<traffic_generator>> from_nic;

    /// Binds to every NIC of `net`.
    traffic_generator(const sc_core::sc_module_name& name, platform& net, traffic_pattern& pattern,
                      scoreboard& board, const traffic_generator_params& params);
    ~traffic_generator() override;

    /// Every message of the pattern has been posted.
    bool done() const { return m_sources_left == 0; }

private:
    struct message_slot : tlm::tlm_generic_payload {
        explicit message_slot(tlm::tlm_mm_interface* mm) : tlm::tlm_generic_payload(mm) {}
        std::vector<std::uint8_t> data;
    };

    void start_of_simulation() override;
    void wake();
    /// Posts one message; false while the NIC has not ended its request phase (send queue full).
    bool post(std::uint32_t src, const message_spec& spec);
    void fetch_next(std::uint32_t src);
    tlm::tlm_sync_enum nb_transport_bw(int src, tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    void b_transport(int dst, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    void free(tlm::tlm_generic_payload* trans) override;

    traffic_pattern& m_pattern;
    scoreboard& m_board;
    traffic_generator_params m_params;
    std::vector<message_spec> m_pending;  // each source's next message
    unsigned m_sources_left;
    action_queue<std::uint32_t, action_order::any_order> m_due;  // sources by their next message's instant
    scheduled_wake m_wake{[this] { wake(); }};
    std::vector<message_slot*> m_free_slots;
    std::vector<std::unique_ptr<message_slot>> m_slots;
};

}  // namespace hxsim
