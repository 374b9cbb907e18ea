// A FIFO in one growable ring buffer: what the models' per-VC packet queues and credit trains
// need (push at the back, pop at the front, look at the front, walk in order; now and then take
// one out of the middle, as a router's requests are granted in any order), without the
// std::deque's chunk allocations (a deque allocates on construction and again every few hundred
// bytes of traffic). The first `InlineCapacity` elements live inside the queue itself, next to
// the rest of the port's state: a queue that rarely holds more (credit trains, a VC's packets
// in light traffic) is read without touching another cache line, which on a platform of
// thousands of routers is most of the cost of a hop (docs/performance.md). Beyond, capacity
// doubles on the heap as needed and never shrinks, so a queue in steady state does not allocate.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <utility>

namespace hxsim {

template <typename T, std::size_t InlineCapacity = 2>
class ring_queue {
    static_assert(InlineCapacity > 0 && (InlineCapacity & (InlineCapacity - 1)) == 0,
                  "ring_queue: the inline capacity is a power of two");

public:
    ring_queue() = default;
    ~ring_queue() { free_heap(); }
    ring_queue(const ring_queue& other) { copy_from(other); }
    ring_queue& operator=(const ring_queue& other)
    {
        if (this != &other) {
            clear();
            copy_from(other);
        }
        return *this;
    }
    ring_queue(ring_queue&& other) noexcept { take(other); }
    ring_queue& operator=(ring_queue&& other) noexcept
    {
        if (this != &other) {
            free_heap();
            take(other);
        }
        return *this;
    }

    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }

    T& front() { return m_items[m_head]; }
    const T& front() const { return m_items[m_head]; }
    T& back() { return m_items[(m_head + m_size - 1) & (m_capacity - 1)]; }
    const T& back() const { return m_items[(m_head + m_size - 1) & (m_capacity - 1)]; }

    /// The i-th element from the front.
    T& operator[](std::size_t i) { return m_items[(m_head + i) & (m_capacity - 1)]; }
    const T& operator[](std::size_t i) const { return m_items[(m_head + i) & (m_capacity - 1)]; }

    void push_back(const T& value)
    {
        if (m_size == m_capacity)
            grow();
        m_items[(m_head + m_size) & (m_capacity - 1)] = value;
        ++m_size;
    }

    void pop_front()
    {
        m_head = (m_head + 1) & (m_capacity - 1);
        --m_size;
    }

    void clear() { m_head = m_size = 0; }

    /// If empty, and on the heap with a capacity of at most `capacity`, back to the inline
    /// storage (the heap buffer is freed).
    void shrink_if_empty(std::size_t capacity)
    {
        if (m_size == 0 && on_heap() && m_capacity <= capacity)
            free_heap();
    }

    /// Removes the i-th element from the front; the others keep their order.
    void erase(std::size_t i)
    {
        for (; i + 1 < m_size; ++i)
            (*this)[i] = std::move((*this)[i + 1]);
        --m_size;
    }

    /// Forward iteration, front to back (read only).
    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = const T&;

        const_iterator(const ring_queue* q, std::size_t i) : m_q(q), m_i(i) {}
        const T& operator*() const { return (*m_q)[m_i]; }
        const T* operator->() const { return &(*m_q)[m_i]; }
        const_iterator& operator++()
        {
            ++m_i;
            return *this;
        }
        bool operator!=(const const_iterator& other) const { return m_i != other.m_i; }
        bool operator==(const const_iterator& other) const { return m_i == other.m_i; }

    private:
        const ring_queue* m_q;
        std::size_t m_i;
    };
    const_iterator begin() const { return const_iterator(this, 0); }
    const_iterator end() const { return const_iterator(this, m_size); }

private:
    bool on_heap() const { return m_items != m_inline; }

    void grow()
    {
        // m_capacity is never below InlineCapacity; the max says so to the compiler, which
        // otherwise warns of a zero-sized allocation.
        const std::size_t capacity = 2 * std::max<std::size_t>(m_capacity, InlineCapacity);
        T* items = new T[capacity];
        for (std::uint32_t i = 0; i < m_size; ++i)
            items[i] = std::move((*this)[i]);
        if (on_heap())
            delete[] m_items;
        m_items = items;
        m_capacity = capacity;
        m_head = 0;
    }

    /// Back to the inline storage, empty (the elements are trivially destroyed: pointers, PODs).
    void free_heap()
    {
        if (on_heap())
            delete[] m_items;
        m_items = m_inline;
        m_capacity = InlineCapacity;
        m_head = m_size = 0;
    }

    /// Takes `other`'s elements (its heap buffer, or a copy of its inline ones); `other` is left empty.
    void take(ring_queue& other)
    {
        if (other.on_heap()) {
            m_items = other.m_items;
            m_capacity = other.m_capacity;
            m_head = other.m_head;
            m_size = other.m_size;
            other.m_items = other.m_inline;
            other.m_capacity = InlineCapacity;
            other.m_head = other.m_size = 0;
            return;
        }
        for (std::uint32_t i = 0; i < other.m_size; ++i)
            m_inline[i] = std::move(other[i]);
        m_size = other.m_size;
        other.m_head = other.m_size = 0;
    }

    void copy_from(const ring_queue& other)
    {
        for (std::size_t i = 0; i < other.m_size; ++i)
            push_back(other[i]);
    }

    T* m_items = m_inline;
    std::size_t m_capacity = InlineCapacity;  // a power of two
    std::uint32_t m_head = 0;
    std::uint32_t m_size = 0;
    T m_inline[InlineCapacity] = {};
};

}  // namespace hxsim
