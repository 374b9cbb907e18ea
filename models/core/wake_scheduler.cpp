#include "models/core/wake_scheduler.h"

#include <algorithm>
#include <exception>

namespace hxsim {

scheduled_wake::scheduled_wake(std::function<void()> fn)
    : m_fn(std::move(fn)), m_scheduler(&wake_scheduler::instance())
{
}

void scheduled_wake::request(sim_ps at_ps)
{
    if (at_ps >= m_pending_ps)
        return;
    m_pending_ps = at_ps;
    m_scheduler->enqueue(*this, at_ps);
}

wake_scheduler& wake_scheduler::instance()
{
    // Left to the end of the process, like the platform (SystemC tears modules down slowly).
    static wake_scheduler* const scheduler = new wake_scheduler("hxsim_wake_scheduler");
    return *scheduler;
}

wake_scheduler::wake_scheduler(const sc_core::sc_module_name& name) : sc_core::sc_module(name)
{
    SC_HAS_PROCESS(wake_scheduler);
    SC_METHOD(run);
    sensitive << m_event;
    dont_initialize();
}

wake_scheduler::instant_index::instant_index() : m_slots(64, slot{empty, no_instant}), m_shift(64 - 6) {}

std::uint32_t& wake_scheduler::instant_index::find_or_add(sim_ps at_ps)
{
    if (2 * (m_used + 1) > m_slots.size())
        grow();
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = home(at_ps);; i = (i + 1) & mask) {
        slot& s = m_slots[i];
        if (s.at_ps == at_ps)
            return s.instant;
        if (s.at_ps == empty) {
            ++m_used;
            s = slot{at_ps, no_instant};
            return s.instant;
        }
    }
}

void wake_scheduler::instant_index::erase(sim_ps at_ps)
{
    const std::size_t mask = m_slots.size() - 1;
    std::size_t hole = home(at_ps);
    while (m_slots[hole].at_ps != at_ps)
        hole = (hole + 1) & mask;
    // Backward shift: a later slot of the same probe run moves into the hole unless its home
    // lies cyclically within (hole, it], where the hole would cut it off from its home.
    for (std::size_t i = (hole + 1) & mask; m_slots[i].at_ps != empty; i = (i + 1) & mask) {
        const std::size_t h = home(m_slots[i].at_ps);
        const bool reachable = hole <= i ? (h > hole && h <= i) : (h > hole || h <= i);
        if (!reachable) {
            m_slots[hole] = m_slots[i];
            hole = i;
        }
    }
    m_slots[hole] = slot{empty, no_instant};
    --m_used;
}

void wake_scheduler::instant_index::grow()
{
    std::vector<slot> old(m_slots.size() * 2, slot{empty, no_instant});
    old.swap(m_slots);
    --m_shift;
    m_used = 0;
    for (const slot& s : old)
        if (s.at_ps != empty)
            find_or_add(s.at_ps) = s.instant;
}

void wake_scheduler::enqueue(scheduled_wake& who, sim_ps at_ps)
{
    std::uint32_t& slot = m_index.find_or_add(at_ps);
    if (slot == instant_index::no_instant) {
        if (m_free.empty()) {
            m_free.push_back(static_cast<std::uint32_t>(m_instants.size()));
            m_instants.emplace_back();
        }
        slot = m_free.back();
        m_free.pop_back();
        instant& fresh = m_instants[slot];
        fresh.at_ps = at_ps;
        fresh.first = &who;
        fresh.next = 0;
        fresh.more.clear();
        m_heap.push_back(pending{at_ps, slot});
        std::push_heap(m_heap.begin(), m_heap.end(), later{});
    } else {
        m_instants[slot].more.push_back(&who);
    }
    if (m_running || at_ps >= m_notified_ps)
        return;  // served by the pass under way, or by the notification pending
    const sim_ps now = now_ps();
    m_event.notify(at_ps <= now ? sc_core::SC_ZERO_TIME : to_sc_time(at_ps - now));
    m_notified_ps = at_ps;
}

void wake_scheduler::run()
{
    const sim_ps kernel_now = now_ps();
    // Up to (not including) the kernel's next activity when running ahead; this instant otherwise.
    sim_ps limit = kernel_now + 1;
    if (m_ahead_allowed == ahead::allowed) {
        const sc_core::sc_time gap = sc_core::sc_time_to_pending_activity();
        limit = gap == sc_core::SC_ZERO_TIME ? kernel_now + 1 : kernel_now + gap.value();
    }
    m_running = true;
    m_notified_ps = scheduled_wake::none;
    // A model's exception ends the simulation: now_ps() then keeps the time it was thrown at.
    struct pass_end {
        wake_scheduler& s;
        ~pass_end()
        {
            s.m_running = false;
            if (std::uncaught_exceptions() == 0)
                scheduler_clock::ahead = false;
        }
    } end_of_pass{*this};
    static const sc_core::sc_simcontext* const context = sc_core::sc_get_curr_simcontext();
    while (!m_heap.empty() && m_heap.front().at_ps < limit) {
        const sim_ps at = m_heap.front().at_ps;
        const std::uint32_t current = m_heap.front().instant;
        if (at > kernel_now) {
            scheduler_clock::ahead = true;
            scheduler_clock::now_ps = at;
        }
        // m_instants may grow while a model runs (it asks for new instants): index, never hold.
        while (m_instants[current].next < m_instants[current].count()) {
            if (context->sim_status() != sc_core::SC_SIM_OK)
                return;  // stopped (a failed check): nothing after it runs
            instant& in = m_instants[current];
            scheduled_wake* const who = in.who(in.next++);
            // A request superseded by an earlier one, already served, is stale.
            if (who->m_pending_ps != at)
                continue;
            who->m_pending_ps = scheduled_wake::none;
            ++m_wake_ups;
            // The next model to wake was likely last touched long ago (large platforms are
            // memory-bound): start loading it while this one runs. After this instant's last,
            // the next instant is one of the heap root's two children.
            if (in.next < in.count()) {
                __builtin_prefetch(in.who(in.next));
            } else {
                for (std::size_t child = 1; child <= 2 && child < m_heap.size(); ++child)
                    __builtin_prefetch(m_instants[m_heap[child].instant].first);
            }
            who->m_fn();
        }
        std::pop_heap(m_heap.begin(), m_heap.end(), later{});
        m_heap.pop_back();
        m_index.erase(at);
        m_free.push_back(current);
    }
    if (!m_heap.empty()) {
        m_notified_ps = std::max(m_heap.front().at_ps, kernel_now);
        m_event.notify(to_sc_time(m_notified_ps - kernel_now));
    }
}

}  // namespace hxsim
