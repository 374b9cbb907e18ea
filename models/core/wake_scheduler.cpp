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
    std::uint64_t x = (at_ps * 0x9e3779b97f4a7c15ULL) ^ (index * 0xd1b54a32d192ed03ULL);
    x ^= x >> 32;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 29;
    return (x << index_bits) | index;
}

std::uint32_t wake_scheduler::add(scheduled_wake& who)
{
    if (m_models.size() == max_models)
        throw std::length_error("wake_scheduler: more than 2^24 scheduled models");
    m_models.push_back(&who);
    return static_cast<std::uint32_t>(m_models.size() - 1);
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
        fresh.next = 0;
        fresh.serving = false;
        fresh.models.clear();
        fresh.models.push_back(order_key(who.m_index, at_ps));
        m_heap.push_back(pending{at_ps, slot});
        std::push_heap(m_heap.begin(), m_heap.end(), later{});
    } else {
        instant& in = m_instants[slot];
        const std::uint64_t key = order_key(who.m_index, at_ps);
        if (in.serving)
            in.models.insert(std::upper_bound(in.models.begin() + static_cast<std::ptrdiff_t>(in.next), in.models.end(), key),
                             key);
        else
            in.models.push_back(key);
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
        {
            instant& in = m_instants[current];
            if (in.models.size() > 1)
                std::sort(in.models.begin(), in.models.end());
            in.serving = true;
        }
        // m_instants may grow while a model runs (it asks for new instants): index, never hold.
        while (m_instants[current].next < m_instants[current].models.size()) {
            if (context->sim_status() != sc_core::SC_SIM_OK)
                return;  // stopped (a failed check): nothing after it runs
            instant& in = m_instants[current];
            scheduled_wake* const who = m_models[in.models[in.next++] & index_mask];
            // A request superseded by an earlier one, or repeated, already served, is stale.
            if (who == nullptr || who->m_pending_ps != at)
                continue;
            who->m_pending_ps = scheduled_wake::none;
            ++m_wake_ups;
            // The next model to wake was likely last touched long ago (large platforms are
            // memory-bound): start loading it while this one runs. After this instant's last,
            // the next instant is one of the heap root's two children.
            if (in.next < in.models.size()) {
                __builtin_prefetch(m_models[in.models[in.next] & index_mask]);
            } else {
                for (std::size_t child = 1; child <= 2 && child < m_heap.size(); ++child)
                    __builtin_prefetch(m_models[m_instants[m_heap[child].instant].models[0] & index_mask]);
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
