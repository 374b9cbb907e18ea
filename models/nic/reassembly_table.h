// The messages a NIC is reassembling, by a key unique among the messages in flight (the NIC's:
// the index of the message's record in the packet pool). Open addressing with linear probing, one
// cache line a message holding all that a packet's arrival reads and writes (the pieces received
// as inline bits up to 128 pieces): on a large platform the NIC is cold when a packet arrives, and
// a hash map's bucket, its node and a separate block of piece bits were each a miss
// (docs/performance.md, ninth pass).
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <utility>

#include "models/core/bit_set.h"

namespace hxsim {

class reassembly_table {
public:
    /// A message being reassembled; a slot whose `bytes` is 0 is free (messages are never empty).
    struct alignas(64) entry {
        std::uint64_t sequence = 0;  ///< order of the message among those from src
        std::uint64_t checksum = 0;  ///< sum of the checksums of the packets received
        std::unique_ptr<std::uint8_t[]> data;  ///< the payload, for messages sent with one
        std::uint32_t key = 0;
        std::uint32_t bytes = 0;     ///< of the whole message (a TLM data length: 32 bits)
        std::uint32_t src = 0;
        std::uint32_t pieces_received = 0;
        std::uint32_t highest_piece = 0;  ///< the latest piece received so far

        /// Pieces whose bits are kept in the entry; a message of more keeps them on the heap, a
        /// line more to read with every packet. 128: a 1 MiB message of 8 KiB packets.
        static constexpr std::uint32_t inline_pieces = 128;

        entry() = default;
        entry(entry&& o) noexcept { take_from(o); }
        entry& operator=(entry&& o) noexcept
        {
            if (this != &o) {
                free_wide();
                take_from(o);
            }
            return *this;
        }
        ~entry() { free_wide(); }

        /// Sizes the piece bits for a message of `pieces` pieces (fewer than 2^32), none received.
        void expect_pieces(std::uint64_t pieces)
        {
            free_wide();
            m_pieces = static_cast<std::uint32_t>(pieces);
            if (wide())
                m_store.wide = new std::uint64_t[(pieces + 63) / 64]();
            else
                m_store.bits[0] = m_store.bits[1] = 0;
        }
        /// Whether the piece bits are on the heap.
        bool wide() const { return m_pieces > inline_pieces; }
        // Piece i of those expected (i < pieces, at most the message's 32-bit length).
        bool has_piece(std::uint64_t i) const { return test_bit(words(), static_cast<unsigned>(i)); }
        void set_piece(std::uint64_t i) { set_bit(words(), static_cast<unsigned>(i)); }

    private:
        const std::uint64_t* words() const { return wide() ? m_store.wide : m_store.bits; }
        std::uint64_t* words() { return wide() ? m_store.wide : m_store.bits; }
        void free_wide()
        {
            if (wide())
                delete[] m_store.wide;
            m_pieces = 0;
        }
        // Field by field, since only m_pieces tells what the union holds. The entry fills its line
        // (the static_assert below), so a field added to it is a layout to redo, and a line here.
        void take_from(entry& o)
        {
            sequence = o.sequence;
            checksum = o.checksum;
            data = std::move(o.data);
            key = o.key;
            bytes = o.bytes;
            src = o.src;
            pieces_received = o.pieces_received;
            highest_piece = o.highest_piece;
            m_pieces = o.m_pieces;
            m_store = o.m_store;  // the bits, or the pointer to the wide bits, which moves here
            o.m_pieces = 0;
        }

        std::uint32_t m_pieces = 0;  // expected
        // Bit i: piece i received; inline up to inline_pieces, else on the heap.
        union piece_store {
            std::uint64_t bits[2];
            std::uint64_t* wide;
        } m_store{{0, 0}};
    };
    static_assert(sizeof(entry) == 64, "a message's reassembly state is one cache line");

    /// The entry of `key`, made now (second: true; then only key and bytes are set) if there
    /// was none. `bytes` must not be 0. The pointer holds until the next call.
    std::pair<entry*, bool> try_emplace(std::uint32_t key, std::uint32_t bytes)
    {
        if (bytes == 0)
            throw std::logic_error("reassembly_table: a message of 0 bytes");
        if ((m_size + 1) * 2 > capacity())
            grow();
        for (std::size_t i = home(key);; i = (i + 1) & m_mask) {
            entry& e = m_slots[i];
            if (e.bytes == 0) {
                e.key = key;
                e.bytes = bytes;
                ++m_size;
                return {&e, true};
            }
            if (e.key == key)
                return {&e, false};
        }
    }

    /// Takes `e` (from try_emplace) out of the table.
    entry take(entry* e)
    {
        entry out = std::move(*e);
        // Backward-shift deletion: entries after the hole that may sit in it move up, so that
        // every entry stays reachable from its home slot without tombstones.
        std::size_t hole = static_cast<std::size_t>(e - m_slots.get());
        for (std::size_t j = (hole + 1) & m_mask; m_slots[j].bytes != 0; j = (j + 1) & m_mask) {
            const std::size_t h = home(m_slots[j].key);
            // j stays if its home lies cyclically in (hole, j].
            const bool stays = hole < j ? (h > hole && h <= j) : (h > hole || h <= j);
            if (!stays) {
                m_slots[hole] = std::move(m_slots[j]);
                hole = j;
            }
        }
        m_slots[hole] = entry{};
        --m_size;
        return out;
    }

    std::size_t size() const { return m_size; }
    /// Where the search for `key`'s entry starts (for prefetching), null before the first.
    const entry* home_slot(std::uint32_t key) const { return m_slots ? &m_slots[home(key)] : nullptr; }

private:
    std::size_t capacity() const { return m_slots ? m_mask + 1 : 0; }
    // Fibonacci hashing: consecutive keys spread over the table.
    std::size_t home(std::uint32_t key) const
    {
        return static_cast<std::size_t>((std::uint64_t{key} * 0x9E3779B97F4A7C15ull) >> m_shift);
    }
    void grow()
    {
        const std::size_t old_capacity = capacity();
        // Bounded so that the size of the new array cannot overflow (the compiler checks it).
        if (old_capacity >= max_capacity)
            throw std::length_error("reassembly_table: more messages in reassembly than memory holds");
        std::unique_ptr<entry[]> old = std::move(m_slots);
        const std::size_t fresh = old_capacity == 0 ? initial_capacity : old_capacity * 2;
        m_slots.reset(new entry[fresh]);
        m_mask = fresh - 1;
        m_shift = 64;
        for (std::size_t c = fresh; c > 1; c /= 2)
            --m_shift;
        for (std::size_t i = 0; i < old_capacity; ++i) {
            if (old[i].bytes == 0)
                continue;
            std::size_t j = home(old[i].key);
            while (m_slots[j].bytes != 0)
                j = (j + 1) & m_mask;
            m_slots[j] = std::move(old[i]);
        }
    }

    /// Slots a NIC starts with (half of them usable): 512 bytes, made at its first message.
    static constexpr std::size_t initial_capacity = 8;
    /// Slots beyond which the table does not grow: 2^40 of 64 bytes, more than any machine holds.
    static constexpr std::size_t max_capacity = std::size_t{1} << 40;
    std::unique_ptr<entry[]> m_slots;
    std::size_t m_mask = 0;
    unsigned m_shift = 64;
    std::size_t m_size = 0;
};

}  // namespace hxsim
