// One SystemC process wakes every transaction-level model (routers, NICs, the traffic generator)
// at the instants they ask for. The kernel's timed queue then holds a single notification
// instead of one per module, and a wake-up costs a few links on a timing wheel and a call instead
// of an sc_event_timed allocation, a pointer-chasing heap and a process switch
// (docs/performance.md).
//
// Running ahead: the kernel has nothing to do between two of its own activities but wake this
// process, so once allowed (allow_running_ahead(): the simulation runs to completion, sc_start()
// without a time limit, and no model outside the scheduler can be called into by the scheduled
// ones) a pass goes on through later instants, up to the kernel's next pending activity (the
// watchdog, say), and the models read the pass's time through now_ps(). The order of wake-ups
// is the same either way, and so are the results; the kernel sees one activation per span
// instead of one per instant.
//
// Order at one instant: the models due run in an order fixed by the instant and the models alone
// (order_key(): by index, forward or backward), whenever and however often they asked for it.
// A wake-up asked for "now" while the scheduler runs is served in the same pass, in its place
// among those not yet run (never before the model running). The order is thus a property of the
// platform, not of the history of requests: a model that asks for an instant it then has nothing
// to do at, or skips one, moves nobody else's wake-up (docs/architecture.md, "Order of
// wake-ups"). Models driven by signals (the RTL adapter, the watchdog) keep their own processes
// and meet the scheduled models through the link calls and through request() from outside a
// pass, which notifies the scheduler's event.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include <systemc>

#include "models/core/sim_time.h"

namespace hxsim {

class packet_pool;
class wake_scheduler;

/// A model's handle on the scheduler: calls its function at every instant asked for.
class scheduled_wake {
public:
    /// `fn` is the model's wake-up (it drains the actions due and asks for the next instant).
    /// The order of making scheduled_wakes is the models' index (wake_scheduler::order_key).
    explicit scheduled_wake(std::function<void()> fn);
    /// With `prefetch`, called on a large platform for the models due next while another runs
    /// (stage 3, then 2, then 1, then the wake-up itself): it may prefetch what its wake-up will
    /// read, a level of pointers a stage (each stage reads only what the one before brought in).
    scheduled_wake(std::function<void()> fn, std::function<void(unsigned stage)> prefetch);
    ~scheduled_wake();
    scheduled_wake(const scheduled_wake&) = delete;
    scheduled_wake& operator=(const scheduled_wake&) = delete;

    /// Wake at `at_ps` (not in the past). Asking for an instant later than one already pending
    /// costs nothing: the model, woken earlier, asks again for what it still has to do.
    void request(sim_ps at_ps);

    /// The earliest instant asked for and not yet served (none: nothing pending); for a prefetch
    /// hook, the instant of the wake-up it prepares.
    sim_ps pending_ps() const { return m_pending_ps; }
    /// Whether the scheduler calls the prefetch hooks (a large platform): a model keeps what
    /// its hook reads only then.
    bool prefetched() const;

    /// No instant (nothing pending).
    static constexpr sim_ps none = std::numeric_limits<sim_ps>::max();

private:
    friend class wake_scheduler;

    // What request() reads first, in the line before the functions (a model asking for a
    // wake-up is often cold; the functions are read only when it is served).
    wake_scheduler* m_scheduler;
    std::uint32_t m_index;       // the model's place in the order at one instant
    sim_ps m_pending_ps = none;  // the earliest instant asked for and not yet served
    std::function<void()> m_fn;
    std::function<void(unsigned)> m_prefetch;
};

class wake_scheduler : public sc_core::sc_module {
public:
    /// The simulation's scheduler, built on first use (during elaboration: a simulation builds
    /// its models first). A process runs one simulation, so there is one.
    static wake_scheduler& instance();

    /// Lets passes run ahead of the kernel (above). For a simulation that sc_start()s without a
    /// time limit; off again for good once a model needs the kernel's own time (forbid).
    void allow_running_ahead()
    {
        if (m_ahead_allowed == ahead::off)
            m_ahead_allowed = ahead::allowed;
    }
    /// Models with processes of their own that scheduled models call into (the RTL adapter):
    /// their notifications must be made at the kernel's time.
    void forbid_running_ahead() { m_ahead_allowed = ahead::forbidden; }

    /// Models due at one instant run in increasing order_key(index, at_ps), index being the order
    /// their scheduled_wake was made in: forward through the indices at some instants, backward
    /// at others (a hash bit of the instant), the index in the low bits. The same in every run;
    /// no model goes first at every instant, which would favour it wherever models meet at one
    /// instant (a credit returned with no delay, say); and neighbours in the platform, built one
    /// after the other, run one after the other, which keeps their state in the caches when a
    /// whole machine acts at once (an all-to-all starts everywhere at the same picosecond).
    static std::uint64_t order_key(std::uint32_t index, sim_ps at_ps);
    static constexpr unsigned index_bits = 24;
    static constexpr std::uint64_t index_mask = (std::uint64_t{1} << index_bits) - 1;
    static constexpr std::size_t max_models = std::size_t{1} << index_bits;

    /// Whether prefetch hooks are called: prefetch_models_min models or more, or as many packets
    /// in flight as prefetch_packets_min (watch_packets()).
    bool prefetching() const { return m_prefetching; }
    // Packets wait in queues as long as the queues are deep, and on a platform of any size more
    // of them than a last-level cache holds (32 MiB: 512 Ki packets) are cold when their turn
    // comes: an all-to-all of 256 KiB per peer on 256 accelerators runs 13% faster with the hooks
    // (docs/performance.md, thirty-first pass). Off again below half as many, so that a count
    // near the bound does not switch them at every look; looked at every 4,096 wake-ups.
    static constexpr std::size_t prefetch_packets_min = std::size_t{1} << 19;
    /// The pool whose packets in flight count towards prefetching (null: none). A platform watches
    /// its own while it lives.
    void watch_packets(const packet_pool* pool)
    {
        m_packets = pool;
        review_prefetching();
    }
    const packet_pool* watched_packets() const { return m_packets; }

    /// Wake-ups served so far (kernel-independent work measure).
    std::uint64_t wake_ups() const { return m_wake_ups; }

private:
    friend class scheduled_wake;
    static constexpr std::uint32_t none_index = ~0u;

    // Pending wake-ups on a timing wheel (a calendar queue): a ring of buckets of 2^bucket_bits
    // ps each, a bit a bucket for the non-empty ones. The bucket being served is a vector sorted
    // on (time, order_key); each later bucket is a doubly linked list, sorted when its turn comes.
    // Asking for, moving and serving a wake-up then cost a few links or a short binary search,
    // where a heap of every model's next instant sifted through a dozen levels of mostly cold
    // entries. The wheel covers wheel_buckets buckets from the one being served; instants beyond
    // wait in a heap (m_later) and come onto the wheel as it turns. The order is exactly that of
    // one priority queue on (time, order_key): the bucket sizes set only the speed. A bucket is
    // sorted when its turn comes and a wake-up asked for in it goes in by binary search, so
    // narrower buckets handle fewer wake-ups at a time: 256 ps rather than 1,024 cut the
    // scheduler's own instructions by 8% on a 1,024-accelerator platform (docs/performance.md,
    // tenth pass); a 1 GHz router's clock edges fall in every fourth bucket, which costs a scan
    // of one bit-set word.
    static constexpr unsigned bucket_bits = 8;   // 256 ps a bucket
    static constexpr unsigned wheel_bits = 14;   // 16,384 buckets: 4.2 us ahead
    static constexpr std::uint64_t wheel_buckets = std::uint64_t{1} << wheel_bits;
    static std::uint64_t bucket_of(sim_ps at_ps) { return at_ps >> bucket_bits; }

    /// A wake-up as ordered: by time, then order_key (whose low bits are the model's index).
    struct entry {
        sim_ps at_ps;
        std::uint64_t key;
        std::uint32_t index() const { return static_cast<std::uint32_t>(key & index_mask); }
        bool operator>(const entry& o) const { return at_ps != o.at_ps ? at_ps > o.at_ps : key > o.key; }
    };
    /// A wake-up of the bucket being served as one number in the same order as its entry: the
    /// instant's offset in the bucket above the order key. Sorting, searching and moving these
    /// costs about half what 16-byte entries compared on two fields cost.
    using rank = std::uint64_t;
    static constexpr unsigned key_bits = 2 * index_bits;
    static_assert(key_bits + bucket_bits <= 64, "a rank holds a bucket's offset and an order key");
    static rank rank_of(const entry& e) { return (e.at_ps & ((sim_ps{1} << bucket_bits) - 1)) << key_bits | e.key; }
    static std::uint32_t index_of(rank r) { return static_cast<std::uint32_t>(r & index_mask); }
    /// A model's pending wake-up, if it has one (one at most: an earlier request moves it).
    struct node {
        entry when{0, 0};
        std::uint32_t prev = none_index;  // neighbours in a later bucket's list
        std::uint32_t next = none_index;
        enum class place : std::uint8_t { none, current, wheel, later } where = place::none;
    };

    explicit wake_scheduler(const sc_core::sc_module_name& name);
    std::uint32_t add(scheduled_wake& who);
    void enqueue(scheduled_wake& who, sim_ps at_ps);
    /// Files model `index`'s wake-up at `at_ps`: in the bucket being served, in a later one, or
    /// beyond the wheel.
    void insert(std::uint32_t index, sim_ps at_ps);
    /// Takes model `index`'s pending wake-up out (one beyond the wheel goes stale, skipped).
    void remove(std::uint32_t index);
    /// Whether `l`, an entry of m_later, is still its model's pending wake-up (a request for an
    /// earlier instant leaves the old entry behind, stale).
    bool live(const entry& l) const
    {
        const node& n = m_nodes[l.index()];
        return n.where == node::place::later && n.when.at_ps == l.at_ps;
    }
    /// The pending wake-up to serve first, none_index if there is none.
    std::uint32_t earliest();
    /// Turns the wheel to start at the bucket of `at_ps`, the instant being served (nothing is
    /// asked for before it from then on): sorts that bucket, and brings onto the wheel the
    /// wake-ups beyond that it now covers.
    void turn_to(sim_ps at_ps);
    /// Sorts m_current, the earliest last. A bucket of radix_sort_min wake-ups or more (a few
    /// hundred at 16,384 accelerators, tens in an all-to-all) by radix, on the bits that differ
    /// among its ranks, in digits of up to max_digit_bits, where a comparison sort mispredicts
    /// about every other branch. 24 was faster than 64 and than 12 on the 64 KiB all-to-all
    /// (docs/performance.md, twenty-fourth pass).
    void sort_current();
    static constexpr std::size_t radix_sort_min = 24;
    static constexpr unsigned max_digit_bits = 8;
    /// Prefetches for the models due next (scheduled_wake's prefetch hooks): on a large platform
    /// a wake-up's state is cold, and a chain of dependent misses (model, port, VC, packet) takes
    /// longer than the wake-up's work. `prefetch_depth` wake-ups ahead, the farthest only its handle.
    void prefetch_next() const;
    static constexpr unsigned prefetch_depth = 4;
    // Below, the models' state stays in the caches and prefetching only adds work (the 8x8 mesh,
    // 129 models: 5-8% slower with it; a router's hot state is about 1 KiB, a second-level cache
    // 1-2 MiB).
    static constexpr std::size_t prefetch_models_min = 2048;
    static constexpr std::uint64_t prefetch_review_mask = (std::uint64_t{1} << 12) - 1;
    /// Sets m_prefetching from the models and the packets in flight.
    void review_prefetching();
    /// After the model running has returned: its wake-up at the instant it asked for meanwhile.
    void finish_running();
    void run();

    std::vector<scheduled_wake*> m_models;  // by index; null once destroyed
    std::vector<node> m_nodes;              // by index
    std::vector<rank> m_current;            // the bucket being served, the earliest last
    std::vector<rank> m_sort_scratch;       // sort_current()'s
    std::vector<std::uint32_t> m_bucket_first;  // the later buckets' lists, by bucket modulo the wheel
    std::vector<std::uint64_t> m_bucket_bits;   // bit set: the later buckets that are not empty
    std::uint64_t m_base_bucket = 0;        // the bucket being served (absolute)
    std::vector<entry> m_later;             // min-heap: the wake-ups beyond the wheel
    std::uint64_t m_wake_ups = 0;
    const packet_pool* m_packets = nullptr;  // watch_packets()
    bool m_prefetching = false;
    // The model running (out of the wheel meanwhile: every other wake-up is at its instant or
    // later) and the instant it asked for while running.
    std::uint32_t m_running_index = none_index;
    sim_ps m_running_next = scheduled_wake::none;
    sc_core::sc_event m_event;
    bool m_running = false;
    enum class ahead : std::uint8_t { off, allowed, forbidden } m_ahead_allowed = ahead::off;
    sim_ps m_notified_ps = scheduled_wake::none;  // the kernel notification pending, if any
};

inline bool scheduled_wake::prefetched() const { return m_scheduler->prefetching(); }

}  // namespace hxsim
