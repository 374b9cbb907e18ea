// The routers' VC queues: FIFO order and size as a ring_queue's, with the first two kept apart, through
// the queue emptying and filling again and through the ring behind it growing.
#include <gtest/gtest.h>

#include <deque>

#include "models/core/front_queue.h"

namespace hxsim {
namespace {

TEST(front_queue, starts_empty_and_is_empty_again_once_its_only_element_leaves)
{
    int a = 0;
    front_queue<int*> q;
    EXPECT_TRUE(q.empty());
    EXPECT_EQ(q.size(), 0u);
    q.push_back(&a);
    EXPECT_FALSE(q.empty());
    EXPECT_EQ(q.size(), 1u);
    EXPECT_EQ(q.front(), &a);
    q.pop_front();
    EXPECT_TRUE(q.empty());
    EXPECT_EQ(q.size(), 0u);
}

TEST(front_queue, matches_a_deque_through_emptying_refilling_and_growth)
{
    int items[64];
    front_queue<int*> q;
    std::deque<int*> ref;
    unsigned seed = 4242;
    for (int step = 0; step < 20000; ++step) {
        seed = seed * 1103515245u + 12345u;
        // Phases that fill (up to 64 deep: the ring behind grows) and phases that drain to empty.
        const bool filling = (step / 500) % 2 == 0;
        const bool push = ref.empty() || (ref.size() < 64 && (seed >> 16) % 4 != 0) == filling;
        if (push) {
            int* p = &items[(seed >> 8) % 64];
            q.push_back(p);
            ref.push_back(p);
        } else {
            ASSERT_EQ(q.front(), ref.front());
            q.pop_front();
            ref.pop_front();
        }
        ASSERT_EQ(q.size(), ref.size());
        ASSERT_EQ(q.empty(), ref.empty());
        if (!ref.empty()) {
            ASSERT_EQ(q.front(), ref.front());
        }
        ASSERT_EQ(q.second(), ref.size() > 1 ? ref[1] : nullptr);
        if (ref.size() > 2) {
            ASSERT_NE(q.third_slot(), nullptr);
            ASSERT_EQ(*q.third_slot(), ref[2]);
        } else {
            ASSERT_EQ(q.third_slot(), nullptr);
        }
    }
}

}  // namespace
}  // namespace hxsim
