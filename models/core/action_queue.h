// The scheduling core of every model: a module keeps its own time-ordered queue of pending
// actions and asks to be woken for the earliest. The transaction-level models are woken through
// the wake_scheduler (one process for all of them); the RTL adapter, which steps signals through
// delta cycles, through its own sc_event. Either way a module is woken once per instant with
// work, never polled per cycle.
#pragma once

#include <cstdint>
#include <functional>
#include <queue>
#include <type_traits>
#include <utility>
#include <vector>

#include <systemc>

#include "models/core/ring_queue.h"
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

/// How an action_queue keeps its actions in time order (ties: the order they were queued, so
/// that runs are deterministic).
enum class action_order {
    /// A sorted ring, for a model's own actions, which come mostly no earlier than the last (a
    /// packet's head is ready a fixed latency after it arrives): those go at the back without
    /// comparing the others, and an earlier one moves the few after it.
    mostly_in_order,
    /// A binary heap, for actions in no particular order (the next message of every traffic
    /// source): a sorted ring would move half its entries for each.
    any_order,
};

template <typename Action, action_order Order = action_order::mostly_in_order>
class action_queue {
public:
    /// Queues `action` for absolute time `at_ps` (not in the past) and makes sure `waker` wakes then.
    template <typename Waker>
    void schedule(sim_ps at_ps, const Action& action, Waker& waker)
    {
        if constexpr (Order == action_order::mostly_in_order) {
            // At the back, then moved in front of the later ones (behind those of its instant).
            m_items.push_back(entry{at_ps, action});
            for (std::size_t i = m_items.size() - 1; i > 0 && m_items[i - 1].at_ps > at_ps; --i)
                std::swap(m_items[i], m_items[i - 1]);
        } else {
            m_items.push(heap_entry{entry{at_ps, action}, m_items.next_seq++});
        }
        request_wake(waker, at_ps, now_ps());
    }

    /// Pops the next action due at or before `now`; false when none is due.
    bool pop_due(sim_ps now, Action& out)
    {
        if (empty() || next_ps() > now)
            return false;
        out = first().action;
        if constexpr (Order == action_order::mostly_in_order)
            m_items.pop_front();
        else
            m_items.pop();
        return true;
    }

    /// After draining, asks `waker` to wake for the earliest remaining action.
    template <typename Waker>
    void rearm(Waker& waker)
    {
        if (!empty())
            request_wake(waker, next_ps(), now_ps());
    }

    bool empty() const { return size() == 0; }
    /// The time of the earliest action (the queue is not empty).
    sim_ps next_ps() const { return first().at_ps; }
    std::size_t size() const { return m_items.size(); }
    /// The earliest action, null if none (for prefetching: it may not be due).
    const Action* peek() const { return empty() ? nullptr : &first().action; }

private:
    struct entry {
        sim_ps at_ps;
        Action action;
    };
    struct heap_entry {
        entry e;
        std::uint64_t seq;  // ties in time: the order queued
        bool operator>(const heap_entry& other) const
        {
            return e.at_ps != other.e.at_ps ? e.at_ps > other.e.at_ps : seq > other.seq;
        }
    };
    struct heap : std::priority_queue<heap_entry, std::vector<heap_entry>, std::greater<heap_entry>> {
        std::uint64_t next_seq = 0;
    };
    const entry& first() const
    {
        if constexpr (Order == action_order::mostly_in_order)
            return m_items.front();
        else
            return m_items.top().e;
    }

    std::conditional_t<Order == action_order::mostly_in_order, ring_queue<entry, 1>, heap> m_items;  // earliest first
};

}  // namespace hxsim
