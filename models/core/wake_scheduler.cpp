#include "models/core/wake_scheduler.h"

#include <algorithm>
#include <exception>
#include <stdexcept>

namespace hxsim {

scheduled_wake::scheduled_wake(std::function<void()> fn)
    : m_fn(std::move(fn)), m_scheduler(&wake_scheduler::instance()), m_index(m_scheduler->add(*this))
{
}

scheduled_wake::~scheduled_wake() { m_scheduler->m_models[m_index] = nullptr; }

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

std::uint64_t wake_scheduler::order_key(std::uint32_t index, sim_ps at_ps)
{
    // Forward or backward through the indices, by a hash bit of the instant.
    std::uint64_t x = at_ps * 0x9e3779b97f4a7c15ULL;
    x ^= x >> 29;
    x *= 0xff51afd7ed558ccdULL;
    const std::uint64_t place = (x >> 63) != 0 ? index_mask - index : index;
    return (place << index_bits) | index;
}

std::uint32_t wake_scheduler::add(scheduled_wake& who)
{
    if (m_models.size() == max_models)
        throw std::length_error("wake_scheduler: more than 2^24 scheduled models");
    m_models.push_back(&who);
    m_position.push_back(not_queued);
    return static_cast<std::uint32_t>(m_models.size() - 1);
}

void wake_scheduler::sift_up(std::size_t i, const entry& e)
{
    while (i > 0) {
        const std::size_t parent = (i - 1) / 2;
        if (!(e < m_heap[parent]))
            break;
        place(i, m_heap[parent]);
        i = parent;
    }
    place(i, e);
}

void wake_scheduler::sift_down(std::size_t i, const entry& e)
{
    const std::size_t n = m_heap.size();
    for (std::size_t child = 2 * i + 1; child < n; child = 2 * i + 1) {
        if (child + 1 < n && m_heap[child + 1] < m_heap[child])
            ++child;
        if (!(m_heap[child] < e))
            break;
        place(i, m_heap[child]);
        i = child;
    }
    place(i, e);
}

void wake_scheduler::finish_running()
{
    const std::uint32_t index = m_running_index;
    m_running_index = not_queued;
    if (m_running_next == scheduled_wake::none) {
        m_heap.front() = entry{0, index};  // pop() reads whose entry it removes
        pop();
        return;
    }
    const sim_ps at = m_running_next;
    m_running_next = scheduled_wake::none;
    sift_down(0, entry{at, order_key(index, at)});
}

void wake_scheduler::pop()
{
    m_position[m_heap.front().index()] = not_queued;
    const entry last = m_heap.back();
    m_heap.pop_back();
    if (!m_heap.empty())
        sift_down(0, last);
}

void wake_scheduler::enqueue(scheduled_wake& who, sim_ps at_ps)
{
    if (who.m_index == m_running_index) {
        m_running_next = at_ps;  // its entry is replaced when it returns (finish_running)
        return;
    }
    // Earlier than the model's pending entry, if it has one: that entry moves up.
    const entry e{at_ps, order_key(who.m_index, at_ps)};
    const std::uint32_t position = m_position[who.m_index];
    if (position == not_queued) {
        m_heap.push_back(e);
        sift_up(m_heap.size() - 1, e);
    } else {
        sift_up(position, e);
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
        if (context->sim_status() != sc_core::SC_SIM_OK)
            return;  // stopped (a failed check): nothing after it runs
        const entry top = m_heap.front();
        if (top.at_ps > kernel_now) {
            scheduler_clock::ahead = true;
            scheduler_clock::now_ps = top.at_ps;
        }
        scheduled_wake* const who = m_models[top.index()];
        if (who == nullptr) {
            pop();
            continue;
        }
        who->m_pending_ps = scheduled_wake::none;
        ++m_wake_ups;
        // While it runs its entry stays at the root as the least possible entry (no other is
        // less; an equal one stays below): others asking for this instant queue behind it, as
        // they would were it gone.
        m_running_index = top.index();
        m_heap.front() = entry{0, 0};
        // The next to wake is one of the root's children, or this model again. Large platforms
        // are memory-bound: start loading them while this one runs.
        for (std::size_t child = 1; child < 3 && child < m_heap.size(); ++child)
            __builtin_prefetch(m_models[m_heap[child].index()]);
        try {
            who->m_fn();
        } catch (...) {
            finish_running();
            throw;
        }
        finish_running();
    }
    if (!m_heap.empty()) {
        m_notified_ps = std::max(m_heap.front().at_ps, kernel_now);
        m_event.notify(to_sc_time(m_notified_ps - kernel_now));
    }
}

}  // namespace hxsim
