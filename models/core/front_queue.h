// A FIFO of pointers whose first two elements lie in the queue object itself, the others in a
// ring_queue behind it. A router's VC queue is read mostly at its front (is the head packet
// ready, what does it need); in a deep buffer the ring's items are on the heap, and reaching the
// head packet then costs the VC's line, a slot's line and the packet's, each a miss on a large
// platform. With the front beside the VC's other state the slot drops out of that chain
// (docs/performance.md, twenty-second pass); with the next one there too, a router's prefetch
// hook reaches the packet that becomes the front when this one leaves, and the slot behind it
// (twenty-sixth pass).
#pragma once

#include <cstddef>
#include <type_traits>

#include "models/core/ring_queue.h"

namespace hxsim {

template <typename T, std::size_t InlineCapacity = 2>
class front_queue {
    static_assert(std::is_pointer_v<T>, "front_queue holds pointers (null marks it empty)");

public:
    bool empty() const { return m_front == nullptr; }
    std::size_t size() const { return m_front == nullptr ? 0 : m_second == nullptr ? 1 : 2 + m_rest.size(); }
    /// The oldest element; the queue must not be empty.
    T front() const { return m_front; }
    /// The element after the front, null if there is none: the next front, for a prefetch.
    T second() const { return m_second; }
    /// Where the element after second() is kept, null if there is none: for a prefetch.
    const T* third_slot() const { return m_rest.empty() ? nullptr : &m_rest.front(); }
    /// Appends `value`, which must not be null.
    void push_back(T value)
    {
        if (m_front == nullptr)
            m_front = value;
        else if (m_second == nullptr)
            m_second = value;
        else
            m_rest.push_back(value);
    }
    void pop_front()
    {
        m_front = m_second;
        if (m_rest.empty()) {
            m_second = nullptr;
            return;
        }
        m_second = m_rest.front();
        m_rest.pop_front();
    }

private:
    T m_front = nullptr;
    T m_second = nullptr;
    ring_queue<T, InlineCapacity> m_rest;  // the others, oldest first
};

}  // namespace hxsim
