// A network packet: one MTU-sized (or smaller) piece of a message, as it moves from NIC to NIC.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "models/core/sim_time.h"

namespace hxsim {

/// Virtual channels per port, at most: routers track a port's VCs in 64-bit masks.
inline constexpr unsigned router_max_vcs = 64;

// One cache line (packets are 64-byte aligned): a large platform is memory-bound, a packet waiting
// in a queue is cold, and an all-to-all holds millions in its buffers at once. What the packets of
// a message share is kept once for them all (message_record).
struct alignas(64) packet {
    // Identity and size, set by the sending NIC.
    union {
        std::uint64_t id = 0;  ///< unique over the run
        packet* next_free;     ///< the pool's list of free packets, while this one is free
    };
    std::uint32_t src = 0;          ///< source accelerator
    std::uint32_t dst = 0;          ///< destination accelerator
    std::uint32_t bytes = 0;
    std::uint32_t flits = 0;        ///< buffer and credit footprint
    // Network state, updated hop by hop.
    std::uint8_t vc = 0;        ///< virtual channel on the link it is crossing
    std::uint8_t vc_class = 0;  ///< deadlock-avoidance class (HammingMesh: networks crossed)
    std::uint8_t arrival_class = 0;  ///< the class it arrived in at the current router
    std::uint8_t out_vc = 0;    ///< chosen at the current router
    std::uint16_t hops = 0;     ///< router-to-router links crossed
    std::uint16_t out_port = unrouted;  ///< chosen at the current router; unrouted until then
    // The message it belongs to, read by the NICs at both ends.
    std::uint32_t message = 0;  ///< its message_record (packet_pool::record)
    std::uint32_t piece = 0;    ///< its bytes start at piece * MTU in the message
    sim_ps injected_ps = 0;     ///< head left the source NIC
    // Timing of the current hop, owned by whoever holds the packet.
    sim_ps head_ready_ps = 0;   ///< the head may move on from here
    sim_ps tail_ready_ps = 0;   ///< the tail is here; nothing can finish streaming before it

    /// out_port of a packet whose output at the current router is not chosen yet.
    static constexpr std::uint16_t unrouted = 0xffff;
    bool routed() const { return out_port != unrouted; }
};
static_assert(sizeof(packet) == 64, "a packet is one cache line");

/// What the packets of one message share: set by the sending NIC with the message's first
/// packet, read by the receiving NIC with each, and given back once the message is delivered.
/// One cache line, as the receiving NIC reads nearly all of it for every packet.
struct alignas(64) message_record {
    std::uint64_t message_id = 0;  ///< the accelerator's, unique over the run
    std::uint64_t sequence = 0;    ///< order of the message among those from its source to its destination
    std::uint64_t seed = 0;        ///< the content of a message without real bytes
    std::uint32_t src = 0;         ///< source accelerator
    std::uint32_t dst = 0;         ///< destination accelerator
    std::uint32_t bytes = 0;       ///< of the whole message (a TLM data length: 32 bits)
    std::uint32_t packets_left = 0;  ///< not yet received
    /// The message's bytes, for one sent with real payload (empty otherwise: messages are never
    /// empty). Kept with its capacity when the record is given back, so that records in steady
    /// use do not allocate.
    std::vector<std::uint8_t> data;
};
static_assert(sizeof(message_record) == 64, "a message record is one cache line");

/// Flits that `buffer_bytes` hold, capped so that credit arithmetic cannot overflow.
inline std::uint32_t buffer_flits(std::uint64_t buffer_bytes, std::uint64_t flit_bytes)
{
    const std::uint64_t flits = buffer_bytes / flit_bytes;
    return static_cast<std::uint32_t>(flits < UINT32_MAX / 2 ? flits : UINT32_MAX / 2);
}

/// Buffer slots a packet of `flits` occupies in a buffer of `capacity` flits: a wormhole packet
/// longer than the buffer holds only part of itself there (the rest is still upstream).
inline std::uint32_t resident_flits(std::uint32_t flits, std::uint32_t capacity)
{
    return flits < capacity ? flits : capacity;
}

/// Recycles packets so that a run moving millions of them does not call new for each. New ones
/// come in slabs of `slab_packets`, side by side, so that a growing run allocates rarely and
/// packets made together lie together. The free ones form a list through themselves, so the pool
/// needs no memory of its own for them (a vector of pointers took 8 bytes for every packet ever
/// made, an eighth of the packets' memory). The messages' records are kept here too, by index (a
/// packet holds 4 bytes for its message, not a pointer), and recycled the same way.
class packet_pool {
public:
    static constexpr std::size_t slab_packets = 256;

    packet* acquire()
    {
        if (m_free == nullptr) {
            m_slabs.push_back(std::make_unique<packet[]>(slab_packets));
            packet* slab = m_slabs.back().get();
            for (std::size_t i = slab_packets; i-- > 0;) {  // the first of the slab is used first
                slab[i].next_free = m_free;
                m_free = &slab[i];
            }
            m_free_count += slab_packets;
        }
        packet* p = m_free;
        m_free = p->next_free;
        --m_free_count;
        return p;
    }

    void release(packet* p)
    {
        p->out_port = packet::unrouted;
        p->hops = 0;
        p->next_free = m_free;
        m_free = p;
        ++m_free_count;
    }

    /// A record for a new message of `packets` packets, given back by release_record() once the
    /// message is delivered; its other fields are the caller's to set.
    std::uint32_t acquire_record(std::uint32_t packets)
    {
        std::uint32_t index;
        if (m_free_records.empty()) {
            if (m_records.size() >= UINT32_MAX)
                throw std::length_error("packet_pool: more than 2^32 messages in flight");
            index = static_cast<std::uint32_t>(m_records.size());
            m_records.emplace_back();
        } else {
            index = m_free_records.back();
            m_free_records.pop_back();
        }
        m_records[index].packets_left = packets;
        return index;
    }
    /// Whether `index` names a record (in use or given back).
    bool holds_record(std::uint32_t index) const { return index < m_records.size(); }
    /// Valid until the next acquire_record() (the records may move).
    message_record& record(std::uint32_t index) { return m_records[index]; }
    const message_record* record_address(std::uint32_t index) const { return m_records.data() + index; }
    void release_record(std::uint32_t index)
    {
        m_records[index].data.clear();
        m_free_records.push_back(index);
    }

    /// Packet ids, unique over the run.
    std::uint64_t next_id() { return m_next_id++; }

    std::size_t in_use() const { return m_slabs.size() * slab_packets - m_free_count; }

private:
    std::vector<std::unique_ptr<packet[]>> m_slabs;
    packet* m_free = nullptr;  // the last given back first
    std::size_t m_free_count = 0;
    std::vector<message_record> m_records;
    std::vector<std::uint32_t> m_free_records;
    std::uint64_t m_next_id = 0;
};

}  // namespace hxsim
