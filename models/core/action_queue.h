// The scheduling core of every model: a module keeps its own time-ordered queue of pending
// actions and asks to be woken for the earliest. The transaction-level models are woken through
// the wake_scheduler (one process for all of them); the RTL adapter, which steps signals through
// delta cycles, through its own sc_event. Either way a module is woken once per instant with
// work, never polled per cycle.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <vector>

#include <systemc>

#include "models/core/sim_time.h"
#include "models/core/wake_scheduler.h"

namespace hxsim {

/// Wake `waker` at `at_ps`: an event is notified (in the next delta cycle when at_ps is now),
/// a scheduled model asks the scheduler.
inline void request_wake(sc_core::sc_event& waker, sim_ps at_ps, sim_ps now)
{
    waker.notify(at_ps <= now ? sc_core::SC_ZERO_TIME : to_sc_time(at_ps - now));
}
inline void request_wake(scheduled_wake& waker, sim_ps at_ps, sim_ps) { waker.request(at_ps); }

template <typename Action>
class action_queue {
public:
    /// Queues `action` for absolute time `at_ps` (not in the past) and makes sure `waker` wakes then.
    template <typename Waker>
    void schedule(sim_ps at_ps, const Action& action, Waker& waker)
    {
        m_heap.push(entry{at_ps, m_next_seq++, action});
        request_wake(waker, at_ps, now_ps());
    }

    /// Pops the next action due at or before `now`; false when none is due.
    bool pop_due(sim_ps now, Action& out)
    {
        if (m_heap.empty() || m_heap.top().at_ps > now)
            return false;
        out = m_heap.top().action;
        m_heap.pop();
        return true;
    }

    /// After draining, asks `waker` to wake for the earliest remaining action.
    template <typename Waker>
    void rearm(Waker& waker)
    {
        if (!m_heap.empty())
            request_wake(waker, m_heap.top().at_ps, now_ps());
    }

    bool empty() const { return m_heap.empty(); }
    /// The time of the earliest action (the queue is not empty).
    sim_ps next_ps() const { return m_heap.top().at_ps; }
    std::size_t size() const { return m_heap.size(); }
    /// The earliest action, null if none (for prefetching: it may not be due).
    const Action* peek() const { return m_heap.empty() ? nullptr : &m_heap.top().action; }

private:
    struct entry {
        sim_ps at_ps;
        std::uint64_t seq;  // ties in time keep insertion order: runs are deterministic
        Action action;
        bool operator>(const entry& other) const
        {
            return at_ps != other.at_ps ? at_ps > other.at_ps : seq > other.seq;
        }
    };
    std::priority_queue<entry, std::vector<entry>, std::greater<entry>> m_heap;
    std::uint64_t m_next_seq = 0;
};

}  // namespace hxsim
