// A FIFO in one growable ring buffer: what the models' per-VC packet queues and credit trains
// need (push at the back, pop at the front, look at the front, walk in order), without the
// std::deque's chunk allocations (a deque allocates on construction and again every few hundred
// bytes of traffic). Empty until the first push; capacity doubles as needed and never shrinks, so
// a queue in steady state does not allocate at all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <utility>

namespace hxsim {

template <typename T>
class ring_queue {
public:
    ring_queue() = default;
    ring_queue(const ring_queue& other) { copy_from(other); }
    ring_queue& operator=(const ring_queue& other)
    {
        if (this != &other) {
            clear();
            copy_from(other);
        }
        return *this;
    }
    ring_queue(ring_queue&& other) noexcept
        : m_items(std::move(other.m_items)), m_capacity(other.m_capacity), m_head(other.m_head), m_size(other.m_size)
    {
        other.m_capacity = other.m_head = other.m_size = 0;
    }
    ring_queue& operator=(ring_queue&& other) noexcept
    {
        m_items = std::move(other.m_items);
        m_capacity = other.m_capacity;
        m_head = other.m_head;
        m_size = other.m_size;
        other.m_capacity = other.m_head = other.m_size = 0;
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
    void grow()
    {
        const std::size_t capacity = m_capacity == 0 ? 4 : m_capacity * 2;
        std::unique_ptr<T[]> items(new T[capacity]);
        for (std::size_t i = 0; i < m_size; ++i)
            items[i] = std::move((*this)[i]);
        m_items = std::move(items);
        m_capacity = capacity;
        m_head = 0;
    }

    void copy_from(const ring_queue& other)
    {
        for (std::size_t i = 0; i < other.m_size; ++i)
            push_back(other[i]);
    }

    std::unique_ptr<T[]> m_items;
    std::size_t m_capacity = 0;  // 0 or a power of two
    std::size_t m_head = 0;
    std::size_t m_size = 0;
};

}  // namespace hxsim
