// The one process that wakes the transaction-level models: order of wake-ups, wake-ups asked for
// during a pass, superseded requests, running ahead of the kernel without being seen to, prefetch
// hooks on large platforms and with many packets in flight, and a model gone with a wake-up
// pending.
#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <systemc>

#include "models/core/packet.h"
#include "models/core/wake_scheduler.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

/// A model that records the times it is woken at, and may ask for more from its wake-up.
struct recorder {
    std::string name;
    std::vector<std::string>* log;
    std::function<void(recorder&)> on_wake = [](recorder&) {};
    scheduled_wake wake{[this] {
        log->push_back(name + "@" + std::to_string(now_ps()));
        on_wake(*this);
    }};
};

/// A kernel process woken at fixed times, logging what it sees.
struct kernel_observer : sc_core::sc_module {
    std::vector<std::string>* log;
    std::vector<sim_ps> at;
    sc_core::sc_event tick;
    std::size_t next = 0;

    kernel_observer(const sc_core::sc_module_name& n, std::vector<std::string>* l, std::vector<sim_ps> times)
        : sc_core::sc_module(n), log(l), at(std::move(times))
    {
        SC_HAS_PROCESS(kernel_observer);
        SC_METHOD(step);
        sensitive << tick;
        dont_initialize();
    }
    void start_of_simulation() override { tick.notify(to_sc_time(at[0])); }
    void step()
    {
        log->push_back("kernel@" + std::to_string(sc_core::sc_time_stamp().value()) + "/" + std::to_string(now_ps()));
        if (++next < at.size())
            tick.notify(to_sc_time(at[next] - at[next - 1]));
    }
};

std::vector<std::string> run_order(bool ahead)
{
    std::vector<std::string> log;
    if (ahead)
        wake_scheduler::instance().allow_running_ahead();
    recorder a{"a", &log}, b{"b", &log}, c{"c", &log};
    // b asks a (already run, or not yet) and c (pending later) for the instant being served.
    b.on_wake = [&](recorder&) {
        c.wake.request(100);
        a.wake.request(100);
    };
    kernel_observer k("k", &log, {200, 300});
    c.wake.request(300);  // superseded by the earlier request below
    c.wake.request(150);
    b.wake.request(100);
    a.wake.request(100);
    a.wake.request(100);  // the same again: served once
    a.wake.request(250);  // later than pending: ignored
    c.wake.request(400);  // later than pending: costs nothing, and does nothing
    sc_core::sc_start();
    return log;
}

/// a, b, c are models 0, 1, 2; at 100 their order is that of their keys.
bool before(std::uint32_t x, std::uint32_t y, sim_ps at)
{
    return wake_scheduler::order_key(x, at) < wake_scheduler::order_key(y, at);
}

std::vector<std::string> expected_order()
{
    std::vector<std::string> order;
    if (before(0, 1, 100)) {
        // a, then b, which asks a again (served again) and c (its 150 superseded).
        order = {"a@100", "b@100"};
        if (before(0, 2, 100))
            order.insert(order.end(), {"a@100", "c@100"});
        else
            order.insert(order.end(), {"c@100", "a@100"});
    } else {
        // b first: a is still pending at 100 (b's request for it is no earlier), c joins.
        order = {"b@100"};
        if (before(0, 2, 100))
            order.insert(order.end(), {"a@100", "c@100"});
        else
            order.insert(order.end(), {"c@100", "a@100"});
    }
    // The kernel process sees its own time; the superseded and later requests are not served.
    order.insert(order.end(), {"kernel@200/200", "kernel@300/300"});
    return order;
}

TEST(wake_scheduler, wakes_in_time_then_model_order)
{
    test::run_scenario([] { EXPECT_EQ(run_order(false), expected_order()); });
}

TEST(wake_scheduler, running_ahead_changes_nothing_the_models_or_the_kernel_see)
{
    test::run_scenario([] { EXPECT_EQ(run_order(true), expected_order()); });
}

TEST(wake_scheduler, running_ahead_passes_instants_without_the_kernel)
{
    test::run_scenario([] {
        std::vector<std::string> log;
        wake_scheduler::instance().allow_running_ahead();
        std::vector<sim_ps> kernel_times;
        recorder a{"a", &log};
        a.on_wake = [&](recorder& self) {
            kernel_times.push_back(sc_core::sc_time_stamp().value());
            if (now_ps() < 1000)
                self.wake.request(now_ps() + 100);
        };
        a.wake.request(100);
        sc_core::sc_start();
        ASSERT_EQ(log.size(), 10u);
        EXPECT_EQ(log.back(), "a@1000");
        // One kernel activation served all ten instants.
        EXPECT_EQ(kernel_times, std::vector<sim_ps>(10, 100));
        EXPECT_EQ(wake_scheduler::instance().wake_ups(), 10u);
    });
}

TEST(wake_scheduler, a_model_asked_for_now_by_the_running_one_runs_after_it_even_when_it_orders_first)
{
    // At 0 ps the order is forward: a (index 0) orders before every other model. Woken by b at
    // the instant b runs, it still runs after b, once, and b's own next instant is kept.
    test::run_scenario([] {
        std::vector<std::string> log;
        wake_scheduler::instance().allow_running_ahead();
        recorder a{"a", &log}, b{"b", &log};
        b.on_wake = [&](recorder& self) {
            if (now_ps() == 0) {
                a.wake.request(0);
                self.wake.request(50);
            }
        };
        b.wake.request(0);
        sc_core::sc_start();
        EXPECT_EQ(log, (std::vector<std::string>{"b@0", "a@0", "b@50"}));
    });
}

/// A kernel process that asks model `who` to wake `delay` after each of its own instants.
struct kernel_requester : sc_core::sc_module {
    scheduled_wake* who;
    sim_ps delay;
    std::vector<sim_ps> at;
    sc_core::sc_event tick;
    std::size_t next = 0;

    kernel_requester(const sc_core::sc_module_name& n, scheduled_wake* w, sim_ps d, std::vector<sim_ps> times)
        : sc_core::sc_module(n), who(w), delay(d), at(std::move(times))
    {
        SC_HAS_PROCESS(kernel_requester);
        SC_METHOD(step);
        sensitive << tick;
        dont_initialize();
    }
    void start_of_simulation() override { tick.notify(to_sc_time(at[0])); }
    void step()
    {
        who->request(now_ps() + delay);
        if (++next < at.size())
            tick.notify(to_sc_time(at[next] - at[next - 1]));
    }
};

TEST(wake_scheduler, requests_from_kernel_processes_between_passes_are_served_in_time)
{
    // Without running ahead, a pass serves one instant; between passes a kernel process asks for
    // instants before the next one pending (which is far: beyond the scheduler's wheel, then on
    // it), and before instants model b asked for from its own wake-ups.
    test::run_scenario([] {
        std::vector<std::string> log;
        recorder a{"a", &log}, b{"b", &log};
        b.on_wake = [](recorder& self) {
            if (now_ps() < 3'000'000)
                self.wake.request(now_ps() + 700'000);
        };
        kernel_requester k("k", &a.wake, 10, {100, 5'000, 2'000'000, 2'100'000, 9'000'000});
        b.wake.request(8'000'000);
        b.wake.request(1'000'000);
        sc_core::sc_start();
        EXPECT_EQ(log, (std::vector<std::string>{"a@110", "a@5010", "b@1000000", "b@1700000", "a@2000010",
                                                 "a@2100010", "b@2400000", "b@3100000", "a@9000010"}));
    });
}

TEST(wake_scheduler, a_stop_during_a_pass_ends_it)
{
    test::run_scenario([] {
        std::vector<std::string> log;
        wake_scheduler::instance().allow_running_ahead();
        recorder a{"a", &log}, b{"b", &log};
        a.on_wake = [](recorder&) { sc_core::sc_stop(); };
        a.wake.request(100);
        b.wake.request(200);
        sc_core::sc_report_handler::set_actions("/OSCI/SystemC: Simulation stopped by user", sc_core::SC_DO_NOTHING);
        sc_core::sc_start();
        EXPECT_EQ(log, std::vector<std::string>{"a@100"});
    });
}

constexpr unsigned random_models = 200;

/// Many models asking for many instants, some superseded, some repeated, some asked for while
/// being served, by themselves or by another model (as a link calls into its receiver): the
/// scheduler must wake them exactly as a plain priority queue on (time, order_key, model) would,
/// with a request no earlier than a pending one ignored and a superseded one skipped. Two hundred
/// models with hundreds of distinct instants move entries up and down the heap.
struct random_requests {
    std::uint64_t state;
    sim_ps unit = 1;  // the time step of the requests: 1 ps, or far beyond the scheduler's wheel
    std::uint64_t next()
    {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return state >> 33;
    }
    /// Instants to ask for when woken at `now` (or at the start, now = 0).
    std::vector<sim_ps> asks(sim_ps now)
    {
        std::vector<sim_ps> times;
        const unsigned n = static_cast<unsigned>(next() % 3);
        for (unsigned i = 0; i < n && now < 20'000 * unit; ++i)
            times.push_back(now + (next() % 4 == 0 ? 0 : (next() % 7 * 100 + next() % 3) * unit));
        return times;
    }
    /// Another model to wake (now, at times), asked for by the one woken at `now`.
    std::vector<std::pair<unsigned, sim_ps>> nudges(sim_ps now)
    {
        std::vector<std::pair<unsigned, sim_ps>> others;
        if (now < 20'000 * unit && next() % 2 == 0) {
            const auto other = static_cast<unsigned>(next() % random_models);
            others.emplace_back(other, now + (next() % 3 == 0 ? 0 : next() % 5 * 100 * unit));
        }
        return others;
    }
};

std::vector<std::pair<unsigned, sim_ps>> reference_order(sim_ps unit)
{
    std::vector<std::pair<unsigned, sim_ps>> log;
    std::vector<random_requests> rng(random_models);
    std::vector<sim_ps> pending(random_models, ~sim_ps{0});
    std::set<std::tuple<sim_ps, std::uint64_t, unsigned>> queue;
    auto ask = [&](unsigned m, sim_ps at) {
        if (at >= pending[m])
            return;
        pending[m] = at;
        queue.emplace(at, wake_scheduler::order_key(m, at), m);
    };
    for (unsigned m = 0; m < random_models; ++m) {
        rng[m].state = m + 1;
        rng[m].unit = unit;
        for (sim_ps at : rng[m].asks(0))
            ask(m, at);
    }
    while (!queue.empty()) {
        const auto [at, key, m] = *queue.begin();
        queue.erase(queue.begin());
        if (pending[m] != at)
            continue;
        pending[m] = ~sim_ps{0};
        log.emplace_back(m, at);
        for (sim_ps t : rng[m].asks(at))
            ask(m, t);
        for (const auto& [other, t] : rng[m].nudges(at))
            ask(other, t);
    }
    return log;
}

/// The models of random_requests, run by the scheduler with requests `unit` ps apart.
std::vector<std::pair<unsigned, sim_ps>> scheduled_order(sim_ps unit)
{
    std::vector<std::pair<unsigned, sim_ps>> log;
    wake_scheduler::instance().allow_running_ahead();
    struct model {
        random_requests rng;
        std::unique_ptr<scheduled_wake> wake;
    };
    std::vector<model> models(random_models);
    for (unsigned m = 0; m < random_models; ++m) {
        models[m].rng.state = m + 1;
        models[m].rng.unit = unit;
        models[m].wake = std::make_unique<scheduled_wake>([&, m] {
            log.emplace_back(m, now_ps());
            for (sim_ps t : models[m].rng.asks(now_ps()))
                models[m].wake->request(t);
            for (const auto& [other, t] : models[m].rng.nudges(now_ps()))
                models[other].wake->request(t);
        });
    }
    for (unsigned m = 0; m < random_models; ++m)
        for (sim_ps at : models[m].rng.asks(0))
            models[m].wake->request(at);
    sc_core::sc_start();
    return log;
}

TEST(wake_scheduler, many_models_wake_as_a_priority_queue_on_time_then_model)
{
    test::run_scenario([] {
        const auto expected = reference_order(1);
        ASSERT_GT(expected.size(), 500u);
        EXPECT_EQ(scheduled_order(1), expected);
    });
}

TEST(wake_scheduler, instants_far_apart_wake_in_the_same_order)
{
    // Requests up to 22 us ahead: past the end of the scheduler's wheel (4.2 us, kept beyond it
    // until it turns), and around the wheel many times. (The test above puts many instants in
    // one bucket of the wheel.)
    test::run_scenario([] {
        const auto expected = reference_order(31'337);
        ASSERT_GT(expected.size(), 500u);
        EXPECT_EQ(scheduled_order(31'337), expected);
    });
}

/// `models` models each asking once, for the instant `instant(m)`: the order they wake in.
std::vector<std::pair<sim_ps, std::uint32_t>> crowd_order(std::uint32_t models, sim_ps (*instant)(std::uint32_t))
{
    std::vector<std::pair<sim_ps, std::uint32_t>> woken;
    wake_scheduler::instance().allow_running_ahead();
    std::vector<std::unique_ptr<scheduled_wake>> wakes;
    for (std::uint32_t m = 0; m < models; ++m)
        wakes.push_back(std::make_unique<scheduled_wake>([&woken, m] { woken.emplace_back(now_ps(), m); }));
    // Asked for in an order unrelated to the one they wake in.
    for (std::uint32_t k = 0; k < models; ++k) {
        const std::uint32_t m = (k * 7919u) % models;
        wakes[m]->request(instant(m));
    }
    sc_core::sc_start();
    return woken;
}

/// The order of a plain priority queue on (time, order_key).
void expect_time_then_key_order(const std::vector<std::pair<sim_ps, std::uint32_t>>& woken, std::uint32_t models)
{
    ASSERT_EQ(woken.size(), models);
    for (std::size_t k = 1; k < woken.size(); ++k) {
        const auto [t0, m0] = woken[k - 1];
        const auto [t1, m1] = woken[k];
        ASSERT_TRUE(t0 < t1 || (t0 == t1 && before(m0, m1, t0)))
            << "wake-up " << k << ": model " << m1 << " at " << t1 << " ps after model " << m0 << " at " << t0 << " ps";
    }
}

TEST(wake_scheduler, a_crowded_instant_wakes_its_models_in_key_order)
{
    // Hundreds of models at one instant, as an all-to-all or a clock edge makes them: a bucket
    // large enough to be sorted by radix (sort_current), every rank's instant byte the same.
    test::run_scenario([] {
        const auto woken = crowd_order(700, [](std::uint32_t) -> sim_ps { return 5'000; });
        expect_time_then_key_order(woken, 700);
    });
}

TEST(wake_scheduler, crowded_buckets_of_many_instants_wake_in_time_then_key_order)
{
    // Hundreds of models over a few hundred picoseconds, some instants shared: buckets of many
    // instants, forward and backward through the models, sorted by radix.
    test::run_scenario([] {
        const auto woken = crowd_order(900, [](std::uint32_t m) -> sim_ps { return 1'000 + (m * 37u) % 300; });
        expect_time_then_key_order(woken, 900);
    });
}

TEST(wake_scheduler, buckets_of_tens_of_wake_ups_wake_in_time_then_key_order)
{
    // Tens of models in a bucket: sorted by radix in digits narrower than a byte (sort_current),
    // over the place's low bits at one instant and over the whole place and the offset when the
    // bucket holds instants ordered forward and backward.
    test::run_scenario([] {
        const auto one_instant = crowd_order(40, [](std::uint32_t) -> sim_ps { return 7'000; });
        expect_time_then_key_order(one_instant, 40);
    });
    test::run_scenario([] {
        const auto instants = crowd_order(50, [](std::uint32_t m) -> sim_ps { return 3'000 + (m * 13u) % 200; });
        expect_time_then_key_order(instants, 50);
    });
}

TEST(wake_scheduler, on_a_large_platform_each_model_is_prefetched_stage_by_stage_before_it_wakes)
{
    // Many models due at one instant: each one's prefetch hook is called for stages 3, 2 and 1,
    // in that order, before its wake-up and not after it (the first ones served, with fewer
    // models ahead of them, get the nearer stages only); prefetching changes no wake-up.
    test::run_scenario([] {
        struct event {
            std::uint32_t model;
            unsigned stage;  // 0: the wake-up
        };
        std::vector<event> events;
        struct model {
            model(std::uint32_t i, std::vector<event>* e) : id(i), events(e) {}
            std::uint32_t id;
            std::vector<event>* events;
            scheduled_wake wake{[this] { events->push_back({id, 0}); },
                                [this](unsigned stage) { events->push_back({id, stage}); }};
        };
        constexpr std::uint32_t count = 3000;
        std::vector<std::unique_ptr<model>> models;
        for (std::uint32_t i = 0; i < count; ++i)
            models.push_back(std::make_unique<model>(i, &events));
        for (auto& m : models)
            m->wake.request(1'000);
        sc_core::sc_start();

        std::vector<std::vector<unsigned>> seen(count);
        std::vector<std::uint32_t> woken;
        for (const event& e : events) {
            seen[e.model].push_back(e.stage);
            if (e.stage == 0)
                woken.push_back(e.model);
        }
        ASSERT_EQ(woken.size(), count);
        EXPECT_EQ(seen[woken[0]], (std::vector<unsigned>{0}));
        EXPECT_EQ(seen[woken[1]], (std::vector<unsigned>{1, 0}));
        EXPECT_EQ(seen[woken[2]], (std::vector<unsigned>{2, 1, 0}));
        for (std::size_t k = 3; k < count; ++k)
            ASSERT_EQ(seen[woken[k]], (std::vector<unsigned>{3, 2, 1, 0})) << "the model woken " << k << "th";
        // The same order as without hooks: one instant, by order_key.
        for (std::size_t k = 1; k < count; ++k)
            ASSERT_LT(wake_scheduler::order_key(woken[k - 1], 1'000), wake_scheduler::order_key(woken[k], 1'000));
    });
}

TEST(wake_scheduler, on_a_small_platform_the_hooks_are_called_while_many_packets_are_in_flight)
{
    // Two models call no prefetch hook while the watched pool holds few packets in flight. Once
    // it holds prefetch_packets_min, the scheduler notices within a few thousand wake-ups and
    // calls the hooks; below half as many it stops again, not before.
    test::run_scenario([] {
        wake_scheduler& scheduler = wake_scheduler::instance();
        scheduler.allow_running_ahead();
        packet_pool pool;
        scheduler.watch_packets(&pool);
        std::vector<packet*> held;
        constexpr std::size_t per_wake = 256;
        constexpr sim_ps last = 2 * wake_scheduler::prefetch_packets_min / per_wake;
        std::vector<sim_ps> hooked;
        struct model {
            std::function<void()> on_wake;
            std::vector<sim_ps>* hooked;
            scheduled_wake wake{[this] { on_wake(); }, [this](unsigned) { hooked->push_back(now_ps()); }};
        };
        model taker{nullptr, &hooked}, other{nullptr, &hooked};
        // Every instant from 1 to `last`, both: `taker` puts per_wake more packets in flight.
        taker.on_wake = [&] {
            for (std::size_t k = 0; k < per_wake; ++k)
                held.push_back(pool.acquire());
            if (now_ps() < last)
                taker.wake.request(now_ps() + 1);
        };
        other.on_wake = [&] {
            if (now_ps() < last)
                other.wake.request(now_ps() + 1);
        };
        EXPECT_FALSE(scheduler.prefetching());
        taker.wake.request(1);
        other.wake.request(1);
        sc_core::sc_start();

        // In flight from instant `full` on: prefetch_packets_min packets. The scheduler looks every
        // prefetch_review_mask + 1 (4,096) wake-ups, two an instant.
        const sim_ps full = wake_scheduler::prefetch_packets_min / per_wake;
        ASSERT_FALSE(hooked.empty());
        EXPECT_GE(hooked.front(), full);
        EXPECT_LE(hooked.front(), full + 4096 / 2 + 1);
        EXPECT_TRUE(scheduler.prefetching());

        // Given back down to half the bound: still on; one fewer: off.
        while (held.size() > wake_scheduler::prefetch_packets_min / 2) {
            pool.release(held.back());
            held.pop_back();
        }
        scheduler.watch_packets(&pool);
        EXPECT_TRUE(scheduler.prefetching());
        pool.release(held.back());
        held.pop_back();
        scheduler.watch_packets(&pool);
        EXPECT_FALSE(scheduler.prefetching());
        for (packet* p : held)
            pool.release(p);
        scheduler.watch_packets(nullptr);
    });
}

TEST(wake_scheduler, a_model_destroyed_with_a_wake_up_pending_is_not_called)
{
    // A model may be destroyed before the run ends, as models made inside a test are: its
    // pending wake-up is skipped, and the others around it are served as before.
    test::run_scenario([] {
        std::vector<std::string> log;
        wake_scheduler::instance().allow_running_ahead();
        recorder a{"a", &log};
        std::unique_ptr<recorder> b(new recorder{"b", &log});
        recorder c{"c", &log};
        a.wake.request(100);
        b->wake.request(100);
        c.wake.request(200);
        b.reset();
        sc_core::sc_start();
        ASSERT_EQ(log.size(), 2u);
        EXPECT_EQ(log[0], "a@100");
        EXPECT_EQ(log[1], "c@200");
        EXPECT_EQ(wake_scheduler::instance().wake_ups(), 2u);
    });
}

}  // namespace
}  // namespace hxsim
