// A model's time-ordered actions: both orderings (a sorted ring for actions that come mostly in
// time order, a heap for any order) give the actions by time, ties in the order they were queued,
// and ask their waker for each instant.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "models/core/action_queue.h"

namespace hxsim {
namespace {

/// Records the instants an action_queue asks to be woken at.
struct waker_log {
    std::vector<sim_ps> asked;
};
void request_wake(waker_log& waker, sim_ps at_ps, sim_ps) { waker.asked.push_back(at_ps); }

/// Queues `n` actions at pseudo-random instants (many ties; `spread` 0: every one later than the
/// last, else up to `spread` ps before it), draining those due as time moves on, and checks the
/// order they come out in against a stable sort of what was queued.
template <action_order Order>
void check_order(unsigned n, sim_ps spread)
{
    action_queue<std::uint32_t, Order> q;
    waker_log waker;
    std::vector<std::pair<sim_ps, std::uint32_t>> queued;  // (instant, action) not yet popped
    const auto by_time = [](const auto& a, const auto& b) { return a.first < b.first; };
    std::vector<std::uint32_t> popped;
    std::vector<std::uint32_t> expected;
    std::uint32_t seed = 7;
    sim_ps last = 1000;
    sim_ps now = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
        seed = seed * 1103515245u + 12345u;
        const sim_ps step = (seed >> 16) % 4;  // 0: a tie with the last
        sim_ps at = last + step * 10;
        if (spread > 0 && (seed >> 8) % 3 == 0)
            at = std::max(now, at > spread ? at - (seed >> 4) % spread : 0);
        last = std::max(last, at);
        q.schedule(at, i, waker);
        EXPECT_EQ(waker.asked.back(), at);
        queued.emplace_back(at, i);
        if (i % 5 == 4) {  // time moves on: what is due comes out
            now = at;
            std::stable_sort(queued.begin(), queued.end(), by_time);
            while (!queued.empty() && queued.front().first <= now) {
                expected.push_back(queued.front().second);
                queued.erase(queued.begin());
            }
            std::uint32_t a = 0;
            while (q.pop_due(now, a))
                popped.push_back(a);
            ASSERT_EQ(popped, expected);
            ASSERT_EQ(q.size(), queued.size());
            if (!queued.empty()) {
                ASSERT_EQ(q.next_ps(), queued.front().first);
            }
        }
    }
    std::stable_sort(queued.begin(), queued.end(), by_time);
    for (const auto& [at, a] : queued)
        expected.push_back(a);
    std::uint32_t a = 0;
    while (q.pop_due(last, a))
        popped.push_back(a);
    EXPECT_EQ(popped, expected);
    EXPECT_TRUE(q.empty());
    EXPECT_EQ(q.peek(), nullptr);
}

TEST(action_queue, in_order_actions_come_out_by_time_ties_as_queued)
{
    check_order<action_order::mostly_in_order>(2000, 0);
    check_order<action_order::any_order>(2000, 0);
}

TEST(action_queue, earlier_actions_queued_late_come_out_in_their_place)
{
    check_order<action_order::mostly_in_order>(2000, 500);
    check_order<action_order::any_order>(2000, 500);
}

TEST(action_queue, nothing_is_popped_before_it_is_due_and_rearm_asks_for_the_earliest)
{
    action_queue<int> q;
    waker_log waker;
    q.schedule(300, 3, waker);
    q.schedule(100, 1, waker);  // before the last: in front of it
    q.schedule(300, 4, waker);  // a tie: after the one queued first
    int a = 0;
    EXPECT_FALSE(q.pop_due(99, a));
    ASSERT_NE(q.peek(), nullptr);
    EXPECT_EQ(*q.peek(), 1);
    EXPECT_TRUE(q.pop_due(299, a));
    EXPECT_EQ(a, 1);
    EXPECT_FALSE(q.pop_due(299, a));
    waker.asked.clear();
    q.rearm(waker);
    EXPECT_EQ(waker.asked, (std::vector<sim_ps>{300}));
    EXPECT_TRUE(q.pop_due(300, a));
    EXPECT_EQ(a, 3);
    EXPECT_TRUE(q.pop_due(300, a));
    EXPECT_EQ(a, 4);
    waker.asked.clear();
    q.rearm(waker);
    EXPECT_TRUE(waker.asked.empty());
}

}  // namespace
}  // namespace hxsim
