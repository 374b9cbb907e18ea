// Simulated time inside the models: integer picoseconds, the kernel's default resolution.
#pragma once

#include <cstdint>
#include <systemc>

namespace hxsim {

using sim_ps = std::uint64_t;

/// The kernel's current time in picoseconds.
inline sim_ps now_ps() { return sc_core::sc_time_stamp().value(); }

/// A picosecond count as an sc_time (the kernel resolution is left at its 1 ps default).
inline sc_core::sc_time to_sc_time(sim_ps ps) { return sc_core::sc_time::from_value(ps); }

/// Time to serialize `bytes` at `bits_per_second`, rounded up to the next picosecond.
inline sim_ps serialization_ps(std::uint64_t bytes, std::uint64_t bits_per_second)
{
    const unsigned __int128 bit_ps = static_cast<unsigned __int128>(bytes) * 8u * 1'000'000'000'000u;
    return static_cast<sim_ps>((bit_ps + bits_per_second - 1) / bits_per_second);
}

}  // namespace hxsim
