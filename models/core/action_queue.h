// The scheduling core of every model: a module keeps its own time-ordered queue of pending
// actions and one sc_event, notified for the earliest. The kernel then sees one wake-up per
// module per instant with work, never a per-cycle poll.
#pragma once

#include <cstdint>
#include <queue>
#include <vector>

#include <systemc>

#include "models/core/sim_time.h"

namespace hxsim {

template <typename Action>
class action_queue {
public:
    /// Queues `action` for absolute time `at_ps` (not in the past) and makes sure `wake` fires then.
    void schedule(sim_ps at_ps, const Action& action, sc_core::sc_event& wake)
    {
        m_heap.push(entry{at_ps, m_next_seq++, action});
        const sim_ps now = now_ps();
        if (at_ps <= now)
            wake.notify(sc_core::SC_ZERO_TIME);
        else
            wake.notify(to_sc_time(at_ps - now));
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
    void rearm(sc_core::sc_event& wake) const
    {
        if (!m_heap.empty())
            wake.notify(to_sc_time(m_heap.top().at_ps - now_ps()));
    }

    bool empty() const { return m_heap.empty(); }
    std::size_t size() const { return m_heap.size(); }

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
