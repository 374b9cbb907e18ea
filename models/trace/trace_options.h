// What to trace into a VCD waveform and when: the output file, the objects (globs over SystemC
// hierarchical names) and the time window. hxsim's --vcd, --trace and --trace-window fill it
// (README: "Waveforms"); run_simulation() hands it to a vcd_writer, whose options() gives it to
// every traced object (e.g. an RTL adapter that opens a waveform of its own beside the VCD).
#pragma once

#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "models/core/glob.h"
#include "models/core/sim_time.h"

namespace hxsim {

struct trace_options {
    static constexpr sim_ps unbounded = std::numeric_limits<sim_ps>::max();

    std::string path;                   ///< the VCD file; empty: tracing is off
    std::vector<std::string> patterns;  ///< globs over hierarchical names; empty: every traceable object
    sim_ps from_ps = 0;                 ///< window start: the values at this instant are the initial ones
    sim_ps to_ps = unbounded;           ///< window end (exclusive): no change at or after it is written

    bool enabled() const { return !path.empty(); }
};

/// Parses a window "FROM:TO", both times with a unit as the configuration writes them ("0ns:2us",
/// "1.5us:3us"), FROM before TO. Throws std::invalid_argument with a message that quotes the
/// text and says what is wrong.
void parse_trace_window(std::string_view text, sim_ps& from_ps, sim_ps& to_ps);

}  // namespace hxsim
