#include "tb/traffic/open_loop.h"

#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace hxsim {

open_loop_pattern::open_loop_pattern(const platform_config& config, unsigned accelerators)
    : m_accelerators(accelerators), m_bytes(config.traffic.message_size_bytes),
      m_message_ps(static_cast<double>(serialization_ps(m_bytes, config.nic.injection_bandwidth_bps))),
      m_load(config.traffic.load), m_end_ps(config.run.warmup_ps + config.run.duration_ps)
{
    const traffic_config& traffic = config.traffic;
    if (traffic.injection == "poisson") {
        m_process = process::poisson;
        m_mean_gap_ps = m_message_ps / m_load;
    } else if (traffic.injection == "bernoulli") {
        m_process = process::bernoulli;
        if (config.router.clock_period_ps == 0)
            throw config_error("router.clock: bernoulli injection needs the router clock, but it is not set");
        m_cycle_ps = static_cast<double>(config.router.clock_period_ps);
        m_start_chance = m_load * m_cycle_ps / m_message_ps;
        // A load of exactly one start per cycle may come out a rounding error above 1.
        if (m_start_chance > 1.0 + 1e-9)
            throw config_error(fmt::format(
                "traffic.load: {} cannot be offered with bernoulli injection: a message of {} bytes takes {} ps, so "
                "one would have to start with probability {:.3g} in every cycle of router.clock ({} ps), but at "
                "most one message can start per cycle",
                m_load, m_bytes, m_message_ps, m_start_chance, config.router.clock_period_ps));
    } else if (traffic.injection == "bursty") {
        m_process = process::bursty;
        if (traffic.burst_length == 0)
            throw config_error("traffic.burst_length: bursty injection needs at least one message per burst");
        m_burst_end_chance = 1.0 / traffic.burst_length;
        m_mean_off_ps = traffic.burst_length * m_message_ps * (1.0 / m_load - 1.0);
    } else {
        throw config_error(fmt::format("traffic.injection: unknown process '{}' (poisson, bernoulli or bursty)",
                                       traffic.injection));
    }

    m_sources.reserve(accelerators);
    for (unsigned s = 0; s < accelerators; ++s) {
        m_sources.push_back(source{rng(config.run.seed * 0x100000001b3ULL + s),
                                   std::numeric_limits<double>::infinity()});
        // No load, no messages: the gaps would be infinite.
        if (m_load > 0)
            start(m_sources.back());
    }
}

bool open_loop_pattern::next(std::uint32_t src, message_spec& out)
{
    source& s = m_sources[src];
    // Compared as doubles first: llround of a time past any integer would be undefined.
    if (!sends(src) || !(s.next_ps < static_cast<double>(m_end_ps)))
        return false;
    const auto at = static_cast<sim_ps>(std::llround(s.next_ps));
    if (at >= m_end_ps)
        return false;
    out.at_ps = at;
    out.dst = destination(src, s.gen);
    out.bytes = m_bytes;
    advance(s);
    return true;
}

void open_loop_pattern::start(source& s)
{
    switch (m_process) {
    case process::poisson:
        s.next_ps = s.gen.exponential(m_mean_gap_ps);
        break;
    case process::bernoulli:
        // Cycle 0 is the first slot, so the first start is after a geometric number of idle ones.
        s.next_ps = static_cast<double>(s.gen.geometric(m_start_chance)) * m_cycle_ps;
        break;
    case process::bursty: {
        // Start in the stationary state, so that the sources are not synchronized at time zero:
        // on with probability load, and then somewhere inside a message whose burst continues
        // by a geometric number of messages (the burst length is memoryless); otherwise at a
        // point of an off-period, whose remainder is exponential again.
        if (s.gen.bernoulli(m_load)) {
            const double rest_of_message = std::round((1.0 - s.gen.uniform()) * m_message_ps);
            const std::uint64_t more = s.gen.geometric(m_burst_end_chance);
            if (more > 0) {
                s.next_ps = rest_of_message;
                s.burst_left = more - 1;
                break;
            }
            s.next_ps = rest_of_message + off_period(s);
        } else {
            s.next_ps = off_period(s);
        }
        s.burst_left = s.gen.geometric(m_burst_end_chance);
        break;
    }
    }
}

void open_loop_pattern::advance(source& s)
{
    switch (m_process) {
    case process::poisson:
        s.next_ps += s.gen.exponential(m_mean_gap_ps);
        break;
    case process::bernoulli:
        s.next_ps += static_cast<double>(1 + s.gen.geometric(m_start_chance)) * m_cycle_ps;
        break;
    case process::bursty:
        if (s.burst_left > 0) {
            --s.burst_left;
            s.next_ps += m_message_ps;
        } else {
            s.next_ps += m_message_ps + off_period(s);
            // A geometric burst of mean burst_length: the one message at next_ps, and then more.
            s.burst_left = s.gen.geometric(m_burst_end_chance);
        }
        break;
    }
}

double open_loop_pattern::off_period(source& s)
{
    // Whole picoseconds, so that back-to-back messages stay exactly t_msg apart.
    return std::round(s.gen.exponential(m_mean_off_ps));
}

}  // namespace hxsim
