// Simulated time inside the models: integer picoseconds, the kernel's default resolution.
#pragma once

#include <cstdint>
#include <cstring>
#include <systemc>

namespace hxsim {

using sim_ps = std::uint64_t;

/// The time of the wake_scheduler's pass, which may run ahead of the kernel (wake_scheduler.h).
/// Set for every wake-up of a pass, not only those ahead: the models read the time many times a
/// wake-up, and this way without the guard of the kernel clock's reference below.
struct scheduler_clock {
    static inline bool in_pass = false;  ///< a pass is under way (or was ended by a model's exception)
    static inline sim_ps now_ps = 0;     ///< the pass's time while `in_pass`: the kernel's or later
};

/// The current simulated time in picoseconds: the scheduler's pass's while one runs, else the
/// kernel's.
inline sim_ps now_ps()
{
    if (scheduler_clock::in_pass)
        return scheduler_clock::now_ps;
    // The kernel's clock lives in the simulation context, one per process (SystemC elaborates
    // once): keep a reference to it instead of calling into the library for every look.
    static const sc_core::sc_time& now = sc_core::sc_time_stamp();
    return now.value();
}

/// A picosecond count as an sc_time (the kernel resolution is left at its 1 ps default).
/// Built in place: sc_time holds nothing but its count of resolution units, and from_value() is
/// a library call that also marks the resolution as fixed, which the kernel has done itself once
/// the simulation runs (this project never changes the 1 ps default).
inline sc_core::sc_time to_sc_time(sim_ps ps)
{
    static_assert(sizeof(sc_core::sc_time) == sizeof(sim_ps), "sc_time is its value");
    sc_core::sc_time t;
    std::memcpy(static_cast<void*>(&t), &ps, sizeof ps);
    return t;
}

/// Time to serialize `bytes` at `bits_per_second`, rounded up to the next picosecond.
inline sim_ps serialization_ps(std::uint64_t bytes, std::uint64_t bits_per_second)
{
    const unsigned __int128 bit_ps = static_cast<unsigned __int128>(bytes) * 8u * 1'000'000'000'000u;
    return static_cast<sim_ps>((bit_ps + bits_per_second - 1) / bits_per_second);
}

/// serialization_ps() at one bandwidth, remembering the last size: packets mostly have the MTU's
/// size, and the 128-bit division is slow.
class serializer {
public:
    explicit serializer(std::uint64_t bits_per_second = 0) : m_bps(bits_per_second) {}
    sim_ps operator()(std::uint64_t bytes)
    {
        if (bytes != m_bytes) {
            m_bytes = bytes;
            m_ps = serialization_ps(bytes, m_bps);
        }
        return m_ps;
    }

private:
    std::uint64_t m_bps;
    std::uint64_t m_bytes = 0;
    sim_ps m_ps = 0;  // of 0 bytes
};

}  // namespace hxsim
