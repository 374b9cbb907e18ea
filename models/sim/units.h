// Strict parsing and printing of values with units: times, bandwidths and sizes, as written in
// the configuration ("40ns", "400Gbps", "8KiB"). Parsing uses exact integer arithmetic, so a value
// is accepted only if it is a whole number of the base unit (picoseconds, bits per second, bytes).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace hxsim {

/// "<number>[ ]<unit>", unit one of ps, ns, us, ms, s; the number is decimal digits with an
/// optional fraction ("1.5ns"), no sign, no exponent. Zero is returned as 0. Throws
/// std::invalid_argument with a short reason (no value, no key) on anything else.
std::uint64_t parse_time_ps(std::string_view text);

/// As parse_time_ps, units bps, Kbps, Mbps, Gbps, Tbps (powers of 1000).
std::uint64_t parse_bandwidth_bps(std::string_view text);

/// As parse_time_ps, units B, KB, MB, GB (powers of 1000) and KiB, MiB, GiB (powers of 1024).
std::uint64_t parse_size_bytes(std::string_view text);

/// As parse_time_ps, units Hz, KHz, MHz, GHz (powers of 1000).
std::uint64_t parse_frequency_hz(std::string_view text);

/// The value in the largest unit that shows it exactly with at most 3 decimals ("40ns",
/// "1.6Tbps", "8KiB"); the matching parse function gives the value back.
std::string format_time_ps(std::uint64_t ps);
std::string format_bandwidth_bps(std::uint64_t bps);
std::string format_size_bytes(std::uint64_t bytes);

}  // namespace hxsim
