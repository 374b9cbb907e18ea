// The credits a sender holds for one VC of the buffer at the other end of its link. Credits come
// back flit by flit as the receiver's buffer drains; a drain of n flits returns as one "train"
// (n credits, the first at a given time, then one per interval), so that per-flit credit timing
// costs one event per packet, not one per flit.
#pragma once

#include <cstdint>
#include <algorithm>
#include <limits>
#include <stdexcept>

#include "models/core/ring_queue.h"

#include "models/core/sim_time.h"

namespace hxsim {

/// Time of one flit on any link or crossbar, at most (checked on the configuration): credits return
/// one flit time apart, and a train keeps that interval in 32 bits of picoseconds. Half of the
/// 4.29 ms those hold, since a packet can drain slower than its slowest link.
inline constexpr sim_ps max_flit_ps = 2'000'000'000;

class credit_counter {
public:
    static constexpr sim_ps never = std::numeric_limits<sim_ps>::max();

    explicit credit_counter(std::int64_t initial = 0) : m_credits(initial) {}

    /// Credits [first, first + interval, ...], `count` of them; trains must come in time order.
    void add_train(sim_ps first_ps, sim_ps interval_ps, std::uint32_t count)
    {
        if (interval_ps > std::numeric_limits<std::uint32_t>::max())
            throw std::length_error("credit_counter: a credit interval longer than 4.29 ms (one flit per interval)");
        if (count > 0)
            m_trains.push_back(train{first_ps, static_cast<std::uint32_t>(interval_ps), count});
    }

    /// Credits available once every train announced has arrived: at least available() at any
    /// time, read without folding the trains (a bound for choosing among outputs; router.h).
    std::int64_t announced() const
    {
        std::int64_t credits = m_credits;
        for (const train& t : m_trains)
            credits += t.count;
        return credits;
    }

    /// Credits available at `now` (folds the trains that have arrived).
    std::int64_t available(sim_ps now)
    {
        while (!m_trains.empty()) {
            train& t = m_trains.front();
            if (now < t.first_ps)
                break;
            const std::uint64_t arrived =
                t.interval_ps == 0 ? t.count : std::min<std::uint64_t>(t.count, (now - t.first_ps) / t.interval_ps + 1);
            m_credits += static_cast<std::int64_t>(arrived);
            if (arrived == t.count) {
                m_trains.pop_front();
                // Back beside the counter once a short burst of trains is over: the next train
                // to an idle output then lands in the VC's line, not in a heap block gone cold
                // (16% of the trains of an all-to-all found their ring empty on the heap;
                // docs/performance.md, thirty-second pass). A ring grown further keeps its block.
                m_trains.shrink_if_empty(small_ring_capacity);
                continue;
            }
            t.first_ps += arrived * t.interval_ps;
            t.count -= static_cast<std::uint32_t>(arrived);
            break;
        }
        return m_credits;
    }

    /// When `needed` credits will be available, as far as the trains already announced tell;
    /// `never` if they do not suffice.
    sim_ps when_available(std::int64_t needed, sim_ps now)
    {
        std::int64_t have = available(now);
        if (have >= needed)
            return now;
        for (const train& t : m_trains) {
            if (have + t.count >= needed)
                return t.first_ps + static_cast<sim_ps>(needed - have - 1) * t.interval_ps;
            have += t.count;
        }
        return never;
    }

    /// Spends credits the caller has checked are available.
    void consume(std::int64_t n) { m_credits -= n; }

private:
    struct train {
        sim_ps first_ps;
        std::uint32_t interval_ps;
        std::uint32_t count;
    };
    static constexpr std::size_t small_ring_capacity = 8;
    std::int64_t m_credits;
    ring_queue<train> m_trains;  // no allocation until a train is pending
};

}  // namespace hxsim
