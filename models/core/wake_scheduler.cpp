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

void wake_scheduler::enqueue(scheduled_wake& who, sim_ps at_ps)
{
    m_heap.push_back(entry{at_ps, m_next_seq++, &who});
    std::push_heap(m_heap.begin(), m_heap.end(), later{});
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
        if (context->sim_status() != sc_core::SC_SIM_OK)
            break;  // stopped (a failed check): nothing after it runs
        const entry e = m_heap.front();
        std::pop_heap(m_heap.begin(), m_heap.end(), later{});
        m_heap.pop_back();
        // An entry superseded by an earlier request, already served, is stale.
        if (e.who->m_pending_ps != e.at_ps)
            continue;
        if (e.at_ps > kernel_now) {
            scheduler_clock::ahead = true;
            scheduler_clock::now_ps = e.at_ps;
        }
        e.who->m_pending_ps = scheduled_wake::none;
        ++m_wake_ups;
        // The next model to wake was likely last touched long ago (large platforms are
        // memory-bound): start loading it while this one runs.
        if (!m_heap.empty())
            __builtin_prefetch(m_heap.front().who);
        e.who->m_fn();
    }
    if (!m_heap.empty()) {
        m_notified_ps = std::max(m_heap.front().at_ps, kernel_now);
        m_event.notify(to_sc_time(m_notified_ps - kernel_now));
    }
}

}  // namespace hxsim
