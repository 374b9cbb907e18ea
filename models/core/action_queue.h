// The scheduling core of every model: a module keeps its own time-ordered queue of pending
// actions and one sc_event, notified for the earliest. The kernel then sees one wake-up per
// module per instant with work, never a per-cycle poll.
//
// Speed (docs/performance.md): a queue whose event nobody else notifies (set_exclusive_event())
// mirrors the event's pending notification and skips the notify() calls the kernel would ignore
// (a timed notification no earlier than the one pending). The calls that reach the kernel are
// exactly those that did before, in the same order, so the kernel's timed queue and with it the
// order of same-instant wake-ups stay the same: results are unchanged.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <vector>

#include <systemc>

#include "models/core/sim_time.h"

namespace hxsim {

template <typename Action>
class action_queue {
public:
    /// Declares that only this queue notifies the event passed to schedule() and rearm(), which
    /// lets it skip the notifications the kernel would ignore. Without it, every call notifies.
    void set_exclusive_event() { m_exclusive = true; }

    /// Queues `action` for absolute time `at_ps` (not in the past) and makes sure `wake` fires then.
    void schedule(sim_ps at_ps, const Action& action, sc_core::sc_event& wake)
    {
        m_heap.push(entry{at_ps, m_next_seq++, action});
        const sim_ps now = now_ps();
        if (at_ps <= now)
            notify_delta(wake);
        else
            notify_timed(at_ps, now, wake);
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

    /// After draining, re-arms `wake` for the earliest remaining action.
    void rearm(sc_core::sc_event& wake)
    {
        if (!m_heap.empty())
            notify_timed(m_heap.top().at_ps, now_ps(), wake);
    }

    bool empty() const { return m_heap.empty(); }
    std::size_t size() const { return m_heap.size(); }

private:
    static constexpr sim_ps none = std::numeric_limits<sim_ps>::max();

    void notify_delta(sc_core::sc_event& wake)
    {
        wake.notify(sc_core::SC_ZERO_TIME);
        if (m_exclusive) {
            // A delta notification replaces a timed one, or is ignored beside another delta one:
            // either way none is timed now. It fires at the end of this delta cycle.
            m_timed_ps = none;
            m_delta_pending = true;
            m_delta_stamp = sc_core::sc_delta_count();
        }
    }

    /// notify(at_ps - now), at_ps > now; skipped when the kernel would ignore it.
    void notify_timed(sim_ps at_ps, sim_ps now, sc_core::sc_event& wake)
    {
        if (!m_exclusive) {
            wake.notify(to_sc_time(at_ps - now));
            return;
        }
        // A timed notification pending (not yet fired: it is later than now) at or before at_ps:
        // the kernel would ignore this one.
        if (m_timed_ps != none && m_timed_ps > now && m_timed_ps <= at_ps)
            return;
        wake.notify(to_sc_time(at_ps - now));
        // While a delta notification is pending the kernel ignored that call. One made in this
        // delta cycle may still be pending (the delta count moves on only after it has fired);
        // assuming it is keeps the mirror on the safe side: no timed notification known, no skip.
        if (m_delta_pending && m_delta_stamp == sc_core::sc_delta_count()) {
            m_timed_ps = none;
            return;
        }
        m_delta_pending = false;
        m_timed_ps = at_ps;  // new, or earlier than the one pending (which the kernel cancelled)
    }

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

    // Mirror of the event's pending notification (exclusive events only).
    bool m_exclusive = false;
    bool m_delta_pending = false;
    std::uint64_t m_delta_stamp = 0;
    sim_ps m_timed_ps = none;  // a timed notification made at this time; pending while later than now
};

}  // namespace hxsim
