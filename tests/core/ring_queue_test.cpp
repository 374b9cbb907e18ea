// The ring buffer behind the routers' packet queues and the credit trains: FIFO order across
// growth and wrap-around, indexing and iteration from the front, copies independent.
#include <gtest/gtest.h>

#include <deque>
#include <vector>

#include "models/core/ring_queue.h"

namespace hxsim {
namespace {

TEST(ring_queue, starts_empty_and_keeps_fifo_order_while_growing)
{
    ring_queue<int> q;
    EXPECT_TRUE(q.empty());
    EXPECT_EQ(q.size(), 0u);
    for (int i = 0; i < 100; ++i)
        q.push_back(i);
    EXPECT_EQ(q.size(), 100u);
    EXPECT_EQ(q.front(), 0);
    EXPECT_EQ(q.back(), 99);
    for (int i = 0; i < 100; ++i) {
        EXPECT_EQ(q.front(), i);
        q.pop_front();
    }
    EXPECT_TRUE(q.empty());
}

TEST(ring_queue, matches_a_deque_through_wrap_around_and_growth)
{
    ring_queue<int> q;
    std::deque<int> ref;
    unsigned seed = 12345;
    int next = 0;
    for (int step = 0; step < 20000; ++step) {
        seed = seed * 1103515245u + 12345u;
        const bool push = ref.empty() || (seed >> 16) % 3 != 0;
        if (push) {
            q.push_back(next);
            ref.push_back(next);
            ++next;
        } else {
            ASSERT_EQ(q.front(), ref.front());
            q.pop_front();
            ref.pop_front();
        }
        ASSERT_EQ(q.size(), ref.size());
        if (!ref.empty()) {
            ASSERT_EQ(q.front(), ref.front());
            ASSERT_EQ(q.back(), ref.back());
            ASSERT_EQ(q[ref.size() / 2], ref[ref.size() / 2]);
        }
    }
    std::vector<int> walked(q.begin(), q.end());
    EXPECT_EQ(walked, std::vector<int>(ref.begin(), ref.end()));
}

TEST(ring_queue, front_is_writable_and_copies_are_independent)
{
    ring_queue<int> a;
    for (int i = 0; i < 6; ++i)
        a.push_back(i);
    a.pop_front();
    a.pop_front();
    a.push_back(6);  // wraps inside the capacity of 8
    a.front() = 42;
    ring_queue<int> b = a;
    b.pop_front();
    b.push_back(7);
    EXPECT_EQ(std::vector<int>(a.begin(), a.end()), (std::vector<int>{42, 3, 4, 5, 6}));
    EXPECT_EQ(std::vector<int>(b.begin(), b.end()), (std::vector<int>{3, 4, 5, 6, 7}));
    ring_queue<int> c = std::move(b);
    EXPECT_TRUE(b.empty());
    EXPECT_EQ(c.size(), 5u);
    a = c;
    EXPECT_EQ(std::vector<int>(a.begin(), a.end()), (std::vector<int>{3, 4, 5, 6, 7}));
    a.clear();
    EXPECT_TRUE(a.empty());
    a.push_back(9);
    EXPECT_EQ(a.front(), 9);
}

TEST(ring_queue, moves_keep_order_whether_the_elements_are_inline_or_on_the_heap)
{
    // Inline and wrapped around: head at the second slot of two.
    ring_queue<int, 2> inline_q;
    inline_q.push_back(1);
    inline_q.push_back(2);
    inline_q.pop_front();
    inline_q.push_back(3);
    ring_queue<int, 2> moved = std::move(inline_q);
    EXPECT_TRUE(inline_q.empty());
    EXPECT_EQ(std::vector<int>(moved.begin(), moved.end()), (std::vector<int>{2, 3}));
    inline_q.push_back(4);  // a moved-from queue is usable
    EXPECT_EQ(inline_q.front(), 4);

    // On the heap: grown past the inline slots.
    ring_queue<int, 2> heap_q;
    for (int i = 0; i < 5; ++i)
        heap_q.push_back(i);
    moved = std::move(heap_q);
    EXPECT_TRUE(heap_q.empty());
    EXPECT_EQ(std::vector<int>(moved.begin(), moved.end()), (std::vector<int>{0, 1, 2, 3, 4}));
    moved.push_back(5);
    moved = std::move(inline_q);  // heap buffer given back, inline elements taken
    EXPECT_EQ(std::vector<int>(moved.begin(), moved.end()), (std::vector<int>{4}));
}

// Where the front lies tells whether the elements are inline (inside the queue object) or on
// the heap.
template <typename Q>
bool holds_inline(const Q& q)
{
    const auto* front = reinterpret_cast<const char*>(&q.front());
    const auto* object = reinterpret_cast<const char*>(&q);
    return front >= object && front < object + sizeof(Q);
}

TEST(ring_queue, shrink_if_empty_goes_back_inline_only_when_empty_and_small)
{
    ring_queue<int, 2> q;
    for (int i = 0; i < 3; ++i)
        q.push_back(i);  // on the heap, capacity 4
    EXPECT_FALSE(holds_inline(q));
    q.pop_front();
    q.shrink_if_empty(8);  // not empty: stays
    EXPECT_FALSE(holds_inline(q));
    EXPECT_EQ(std::vector<int>(q.begin(), q.end()), (std::vector<int>{1, 2}));
    q.pop_front();
    q.pop_front();
    q.shrink_if_empty(2);  // capacity 4 above the bound: stays
    q.push_back(7);
    EXPECT_FALSE(holds_inline(q));
    q.pop_front();
    q.shrink_if_empty(4);
    q.push_back(8);
    EXPECT_TRUE(holds_inline(q));
    for (int i = 9; i < 12; ++i)
        q.push_back(i);  // grows again, in order
    EXPECT_EQ(std::vector<int>(q.begin(), q.end()), (std::vector<int>{8, 9, 10, 11}));
}

TEST(ring_queue, erase_takes_one_out_of_the_middle_and_keeps_the_order)
{
    ring_queue<int, 4> q;
    for (int i = 0; i < 6; ++i)  // grown to 8, then wrapped: the head moves past the start
        q.push_back(i);
    q.pop_front();
    q.pop_front();
    for (int i = 6; i < 9; ++i)
        q.push_back(i);
    q.erase(2);  // 4
    EXPECT_EQ(std::vector<int>(q.begin(), q.end()), (std::vector<int>{2, 3, 5, 6, 7, 8}));
    q.erase(0);
    q.erase(q.size() - 1);
    EXPECT_EQ(std::vector<int>(q.begin(), q.end()), (std::vector<int>{3, 5, 6, 7}));
    q.push_back(9);
    EXPECT_EQ(q.back(), 9);
    EXPECT_EQ(q.size(), 5u);
}

}  // namespace
}  // namespace hxsim
