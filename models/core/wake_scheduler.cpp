#include "models/core/wake_scheduler.h"

#include <algorithm>
#include <array>
#include <exception>
#include <functional>
#include <stdexcept>
#include <utility>

#include "models/core/bit_set.h"
#include "models/core/packet.h"
#include "models/core/prefetch.h"

namespace hxsim {

scheduled_wake::scheduled_wake(std::function<void()> fn)
    : m_scheduler(&wake_scheduler::instance()), m_index(m_scheduler->add(*this)), m_fn(std::move(fn))
{
}

scheduled_wake::scheduled_wake(std::function<void()> fn, std::function<void(unsigned)> prefetch)
    : m_scheduler(&wake_scheduler::instance()), m_index(m_scheduler->add(*this)), m_fn(std::move(fn)),
      m_prefetch(std::move(prefetch))
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

wake_scheduler::wake_scheduler(const sc_core::sc_module_name& name)
    : sc_core::sc_module(name), m_bucket_first(wheel_buckets, none_index), m_bucket_bits(wheel_buckets / 64, 0)
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
    m_nodes.emplace_back();
    review_prefetching();
    return static_cast<std::uint32_t>(m_models.size() - 1);
}

void wake_scheduler::review_prefetching()
{
    const std::size_t packets = m_packets != nullptr ? m_packets->in_use() : 0;
    if (m_models.size() >= prefetch_models_min || packets >= prefetch_packets_min)
        m_prefetching = true;
    else if (packets < prefetch_packets_min / 2)
        m_prefetching = false;
}

void wake_scheduler::insert(std::uint32_t index, sim_ps at_ps)
{
    node& n = m_nodes[index];
    n.when = entry{at_ps, order_key(index, at_ps)};
    const std::uint64_t bucket = bucket_of(at_ps);
    if (bucket == m_base_bucket) {
        n.where = node::place::current;
        const rank r = rank_of(n.when);
        m_current.insert(std::upper_bound(m_current.begin(), m_current.end(), r, std::greater<>()), r);
    } else if (bucket >= m_base_bucket + wheel_buckets) {
        n.where = node::place::later;
        m_later.push_back(n.when);
        std::push_heap(m_later.begin(), m_later.end(), std::greater<>());
    } else {
        const std::size_t slot = bucket & (wheel_buckets - 1);
        n.where = node::place::wheel;
        n.prev = none_index;
        n.next = m_bucket_first[slot];
        if (n.next != none_index)
            m_nodes[n.next].prev = index;
        m_bucket_first[slot] = index;
        set_bit(m_bucket_bits.data(), slot);
    }
}

void wake_scheduler::remove(std::uint32_t index)
{
    node& n = m_nodes[index];
    if (n.where == node::place::current) {
        const rank r = rank_of(n.when);
        if (m_current.back() == r)
            m_current.pop_back();  // the one being served
        else
            m_current.erase(std::lower_bound(m_current.begin(), m_current.end(), r, std::greater<>()));
    } else if (n.where == node::place::wheel) {
        if (n.prev != none_index) {
            m_nodes[n.prev].next = n.next;
        } else {
            const std::size_t slot = bucket_of(n.when.at_ps) & (wheel_buckets - 1);
            m_bucket_first[slot] = n.next;
            if (n.next == none_index)
                clear_bit(m_bucket_bits.data(), slot);
        }
        if (n.next != none_index)
            m_nodes[n.next].prev = n.prev;
    }
    n.where = node::place::none;
}

std::uint32_t wake_scheduler::earliest()
{
    if (!m_current.empty())
        return index_of(m_current.back());
    // The first non-empty later bucket, one word of the bit set at a time.
    const std::size_t start = m_base_bucket & (wheel_buckets - 1);
    const std::size_t words = wheel_buckets / 64;
    std::size_t word = start / 64;
    std::uint64_t bits = m_bucket_bits[word] & (~std::uint64_t{0} << (start % 64));
    for (std::size_t seen = 0; bits == 0 && seen < words; ++seen) {
        word = (word + 1) % words;
        bits = m_bucket_bits[word];
        if (word == start / 64)
            bits &= ~(~std::uint64_t{0} << (start % 64));  // round again: the buckets before the start
    }
    if (bits != 0) {
        // Its wake-ups are earlier than any beyond the wheel. The wheel turns to it only when one
        // is served (turned now, it would leave behind a kernel process's request, between
        // passes, for an instant before this one).
        const std::size_t slot = word * 64 + static_cast<std::size_t>(__builtin_ctzll(bits));
        std::uint32_t best = m_bucket_first[slot];
        for (std::uint32_t i = m_nodes[best].next; i != none_index; i = m_nodes[i].next)
            if (m_nodes[best].when > m_nodes[i].when)
                best = i;
        return best;
    }
    // The wheel is empty: the first live wake-up beyond it, if any.
    while (!m_later.empty()) {
        const entry& l = m_later.front();
        if (live(l))
            return l.index();
        std::pop_heap(m_later.begin(), m_later.end(), std::greater<>());
        m_later.pop_back();
    }
    return none_index;
}

void wake_scheduler::turn_to(sim_ps at_ps)
{
    const std::uint64_t bucket = bucket_of(at_ps);
    if (bucket == m_base_bucket)
        return;
    // The bucket before is done (its wake-ups, the earliest, went first).
    m_base_bucket = bucket;
    const std::size_t slot = bucket & (wheel_buckets - 1);
    for (std::uint32_t i = m_bucket_first[slot]; i != none_index; i = m_nodes[i].next) {
        m_nodes[i].where = node::place::current;
        m_current.push_back(rank_of(m_nodes[i].when));
    }
    m_bucket_first[slot] = none_index;
    clear_bit(m_bucket_bits.data(), slot);
    sort_current();
    while (!m_later.empty() && bucket_of(m_later.front().at_ps) < m_base_bucket + wheel_buckets) {
        const entry l = m_later.front();
        std::pop_heap(m_later.begin(), m_later.end(), std::greater<>());
        m_later.pop_back();
        if (live(l))
            insert(l.index(), l.at_ps);
    }
}

void wake_scheduler::sort_current()
{
    const std::size_t n = m_current.size();
    if (n < radix_sort_min) {
        std::sort(m_current.begin(), m_current.end(), std::greater<>());
        return;
    }
    // Least significant digit first, each pass stable, on the bits that order the bucket's ranks
    // only: the instant's offset where the bucket holds several, and at one instant the order
    // key's place where it differs. A place is the index or its complement (order_key), so places
    // at one instant differ only where the bucket's indices do, whatever their high bits do where
    // instants of both directions meet; the index below follows from the place, so ranks equal on
    // these bits are the same wake-up. A digit has about as many values as the bucket has ranks
    // (64 for 50 wake-ups), and a stretch of bits that every rank shares costs no pass (four
    // passes of 256 values before: docs/performance.md, twenty-seventh pass).
    rank any = 0, all = ~rank{0};
    for (const rank r : m_current) {
        any |= r;
        all &= r;
    }
    const rank differ_bits = any ^ all;
    rank differ = (differ_bits & ~((rank{1} << key_bits) - 1)) | (differ_bits & index_mask) << index_bits;
    const unsigned width = std::min(64u - static_cast<unsigned>(__builtin_clzll(n)), max_digit_bits);
    const rank digit_mask = (rank{1} << width) - 1;
    std::array<std::uint32_t, std::size_t{1} << max_digit_bits> count;
    m_sort_scratch.resize(n);
    rank* from = m_current.data();
    rank* to = m_sort_scratch.data();
    while (differ != 0) {
        const unsigned shift = static_cast<unsigned>(__builtin_ctzll(differ));
        differ &= shift + width < 64 ? ~rank{0} << (shift + width) : 0;
        const auto digit = [shift, digit_mask](rank r) { return static_cast<unsigned>(~(r >> shift) & digit_mask); };  // decreasing
        std::fill_n(count.begin(), digit_mask + 1, 0u);
        for (std::size_t i = 0; i < n; ++i)
            ++count[digit(from[i])];
        std::uint32_t start = 0;
        for (std::size_t d = 0; d <= digit_mask; ++d)
            start += std::exchange(count[d], start);
        for (std::size_t i = 0; i < n; ++i)
            to[count[digit(from[i])]++] = from[i];
        std::swap(from, to);
    }
    if (from != m_current.data())
        std::copy(from, from + n, m_current.data());
}

void wake_scheduler::finish_running()
{
    const std::uint32_t index = m_running_index;
    m_running_index = none_index;
    if (m_running_next == scheduled_wake::none)
        return;
    const sim_ps at = m_running_next;
    m_running_next = scheduled_wake::none;
    insert(index, at);
}

void wake_scheduler::enqueue(scheduled_wake& who, sim_ps at_ps)
{
    if (who.m_index == m_running_index) {
        m_running_next = at_ps;  // filed when it returns (finish_running)
        return;
    }
    // Earlier than the model's pending wake-up, if it has one: that one moves.
    remove(who.m_index);
    insert(who.m_index, at_ps);
    if (m_running || at_ps >= m_notified_ps)
        return;  // served by the pass under way, or by the notification pending
    const sim_ps now = now_ps();
    m_event.notify(at_ps <= now ? sc_core::SC_ZERO_TIME : to_sc_time(at_ps - now));
    m_notified_ps = at_ps;
}

void wake_scheduler::prefetch_next() const
{
    // The next models of this bucket, nearest last: the farthest only its handle (the line of its
    // model's object it sits in), the nearer ones through their hooks, a stage nearer a pass.
    const std::size_t queued = m_current.size();
    if (queued >= prefetch_depth)
        prefetch_line(m_models[index_of(m_current[queued - prefetch_depth])]);
    for (unsigned stage = std::min<std::size_t>(queued, prefetch_depth - 1); stage >= 1; --stage) {
        const scheduled_wake* const who = m_models[index_of(m_current[queued - stage])];
        if (who != nullptr && who->m_prefetch)
            who->m_prefetch(stage);
    }
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
                scheduler_clock::in_pass = false;
        }
    } end_of_pass{*this};
    static const sc_core::sc_simcontext* const context = sc_core::sc_get_curr_simcontext();
    std::uint32_t index;
    while ((index = earliest()) != none_index && m_nodes[index].when.at_ps < limit) {
        if (context->sim_status() != sc_core::SC_SIM_OK)
            return;  // stopped (a failed check): nothing after it runs
        const sim_ps at = m_nodes[index].when.at_ps;
        scheduler_clock::in_pass = true;
        scheduler_clock::now_ps = at;
        remove(index);
        turn_to(at);
        scheduled_wake* const who = m_models[index];
        if (who == nullptr)
            continue;
        who->m_pending_ps = scheduled_wake::none;
        if ((++m_wake_ups & prefetch_review_mask) == 0)
            review_prefetching();
        // Out of the wheel while it runs: others asking for this instant are served after it,
        // in their order among those not yet run.
        m_running_index = index;
        if (prefetching())
            prefetch_next();
        try {
            who->m_fn();
        } catch (...) {
            finish_running();
            throw;
        }
        finish_running();
    }
    if (index != none_index) {
        m_notified_ps = std::max(m_nodes[index].when.at_ps, kernel_now);
        m_event.notify(to_sc_time(m_notified_ps - kernel_now));
    }
}

}  // namespace hxsim
