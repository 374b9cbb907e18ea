// Fails a run that stops making progress while messages are outstanding (a deadlock, or a
// livelock): no packet injected or delivered for a whole period. The diagnostic names every
// router buffer where packets sit and what they wait for.
#pragma once

#include <systemc>

#include "models/core/sim_time.h"
#include "models/topology/platform.h"
#include "tb/scoreboard.h"
#include "tb/traffic_generator.h"

namespace hxsim {

class watchdog : public sc_core::sc_module {
public:
    watchdog(const sc_core::sc_module_name& name, sim_ps period_ps, const platform& net, scoreboard& board,
             const traffic_generator& traffic);

private:
    void start_of_simulation() override;
    void check();

    sim_ps m_period_ps;
    const platform& m_net;
    scoreboard& m_board;
    const traffic_generator& m_traffic;
    std::uint64_t m_last_progress = 0;
    sc_core::sc_event m_tick;
};

}  // namespace hxsim
