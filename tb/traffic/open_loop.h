// Open-loop injection shared by the patterns that offer a load. Every source posts messages of
// traffic.message_size during the injection window [0, run.warmup + run.duration), on average
// traffic.load of the injection bandwidth, i.e. one message per t_msg / load where t_msg is a
// message's serialization time at nic.injection_bandwidth. traffic.injection picks the process:
//  - poisson:   exponential gaps of mean t_msg / load;
//  - bernoulli: time slotted by the accelerator router clock (router.clock); in every cycle a
//               source starts a message with probability load * cycle / t_msg, so messages start
//               on cycle boundaries. A probability above 1 cannot be offered (config_error);
//  - bursty:    on/off; an on-period is a geometric number of messages of mean
//               traffic.burst_length sent back to back (one every t_msg), an off-period is
//               exponential of mean burst_length * t_msg * (1/load - 1), which keeps the
//               long-run rate at the load.
// This class does the timing; subclasses only choose destinations.
#pragma once

#include <vector>

#include "tb/traffic/pattern.h"
#include "tb/traffic/rng.h"

namespace hxsim {

class open_loop_pattern : public traffic_pattern {
public:
    /// Throws config_error if the injection process cannot offer the load (see above).
    open_loop_pattern(const platform_config& config, unsigned accelerators);
    bool next(std::uint32_t src, message_spec& out) final;

protected:
    /// The destination of source `src`'s next message, drawn from `gen` if random.
    virtual std::uint32_t destination(std::uint32_t src, rng& gen) = 0;
    /// Whether `src` sends at all; a pattern that maps a source onto itself silences it.
    virtual bool sends(std::uint32_t src) const { return true; }
    unsigned accelerators() const { return m_accelerators; }

private:
    enum class process { poisson, bernoulli, bursty };
    struct source {
        rng gen;
        double next_ps;                // start of the next message (whole ps but for poisson)
        std::uint64_t burst_left = 0;  // bursty: messages of the current burst after the next one
    };

    void start(source& s);    // places the first message
    void advance(source& s);  // moves on to the message after next_ps
    double off_period(source& s);

    unsigned m_accelerators;
    std::uint64_t m_bytes;
    process m_process = process::poisson;
    double m_message_ps;          // t_msg
    double m_load;
    double m_mean_gap_ps = 0;     // poisson: t_msg / load
    double m_cycle_ps = 0;        // bernoulli: the router clock period
    double m_start_chance = 0;    // bernoulli: a message starts in a given cycle
    double m_burst_end_chance = 0;  // bursty: a message is the last of its burst (1 / burst_length)
    double m_mean_off_ps = 0;     // bursty: mean off-period
    sim_ps m_end_ps;              // end of the injection window
    std::vector<source> m_sources;
};

}  // namespace hxsim
