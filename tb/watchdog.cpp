#include "tb/watchdog.h"

#include <sstream>

#include <fmt/format.h>

#include "models/sim/units.h"

namespace hxsim {

watchdog::watchdog(const sc_core::sc_module_name& name, sim_ps period_ps, const platform& net, scoreboard& board,
                   const traffic_generator& traffic)
    : sc_core::sc_module(name), m_period_ps(period_ps), m_net(net), m_board(board), m_traffic(traffic)
{
    SC_HAS_PROCESS(watchdog);
    SC_METHOD(check);
    sensitive << m_tick;
    dont_initialize();
}

void watchdog::start_of_simulation()
{
    m_tick.notify(to_sc_time(m_period_ps));
}

void watchdog::check()
{
    if (m_board.failed())
        return;
    // Nothing left to do: stop ticking so the simulation can end when the network is idle.
    if (m_traffic.done() && m_board.outstanding() == 0)
        return;
    const network_counters& c = m_net.counters();
    const std::uint64_t progress = c.packets_injected + c.packets_delivered + m_board.injected();
    if (progress == m_last_progress && m_board.outstanding() > 0 && m_net.packets_in_flight() == 0) {
        m_board.fail(fmt::format("{} messages outstanding but no packet in flight: packets were lost. "
                                 "Undelivered messages:\n{}",
                                 m_board.outstanding(), m_board.describe_missing(10)));
        return;
    }
    if (progress == m_last_progress && m_board.outstanding() > 0) {
        std::string where = m_net.describe_buffers();
        std::istringstream lines(where);
        std::string line, shown;
        unsigned count = 0;
        while (std::getline(lines, line))
            if (count++ < 40)
                shown += line + "\n";
        if (count > 40)
            shown += fmt::format("  ... and {} more buffers\n", count - 40);
        m_board.fail(fmt::format("no progress for {} with {} messages outstanding and {} packets in flight "
                                 "(deadlock?). Packets are stuck at:\n{}Undelivered messages:\n{}",
                                 format_time_ps(m_period_ps), m_board.outstanding(), m_net.packets_in_flight(), shown,
                                 m_board.describe_missing(10)));
        return;
    }
    m_last_progress = progress;
    m_tick.notify(to_sc_time(m_period_ps));
}

}  // namespace hxsim
