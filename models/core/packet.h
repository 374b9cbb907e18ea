// A network packet: one MTU-sized (or smaller) piece of a message, as it moves from NIC to NIC.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "models/core/sim_time.h"

namespace hxsim {

/// Virtual channels per port, at most: routers track a port's VCs in 64-bit masks.
inline constexpr unsigned router_max_vcs = 64;

// The fields a hop reads and writes come first and fit the first cache line (packets are
// 64-byte aligned): a large platform is memory-bound, and a packet waiting in a queue is cold.
struct alignas(64) packet {
    // Identity and size, set by the sending NIC.
    std::uint64_t id = 0;           ///< unique over the run
    std::uint32_t src = 0;          ///< source accelerator
    std::uint32_t dst = 0;          ///< destination accelerator
    std::uint32_t bytes = 0;
    std::uint32_t flits = 0;        ///< buffer and credit footprint
    // Network state, updated hop by hop.
    std::uint8_t vc = 0;        ///< virtual channel on the link it is crossing
    std::uint8_t vc_class = 0;  ///< deadlock-avoidance class (HammingMesh: networks crossed)
    std::uint8_t arrival_class = 0;  ///< the class it arrived in at the current router
    std::uint8_t out_vc = 0;
    std::uint16_t hops = 0;     ///< router-to-router links crossed
    std::uint16_t out_port = 0;
    bool routed = false;
    sim_ps injected_ps = 0;     ///< head left the source NIC
    // Timing of the current hop, owned by whoever holds the packet.
    sim_ps head_ready_ps = 0;   ///< the head may move on from here
    sim_ps tail_ready_ps = 0;   ///< the tail is here; nothing can finish streaming before it
    // The message it belongs to, read by the NICs at both ends.
    std::uint64_t message_id = 0;   ///< the accelerator's message this packet belongs to
    std::uint64_t message_seq = 0;  ///< order of the message among those from src to dst
    std::uint64_t message_bytes = 0;
    std::uint64_t offset = 0;       ///< of this packet's bytes inside the message
    std::uint64_t checksum = 0;     ///< of this packet's bytes, computed by the sender
    std::vector<std::uint8_t> data; ///< the bytes themselves, for messages sent with real payload
};

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
/// packets made together lie together.
class packet_pool {
public:
    static constexpr std::size_t slab_packets = 256;

    packet* acquire()
    {
        if (m_free.empty()) {
            m_slabs.push_back(std::make_unique<packet[]>(slab_packets));
            packet* slab = m_slabs.back().get();
            for (std::size_t i = slab_packets; i-- > 0;)  // the first of the slab is used first
                m_free.push_back(&slab[i]);
        }
        packet* p = m_free.back();
        m_free.pop_back();
        return p;
    }

    void release(packet* p)
    {
        p->data.clear();
        p->routed = false;
        p->hops = 0;
        m_free.push_back(p);
    }

    /// Packet ids, unique over the run.
    std::uint64_t next_id() { return m_next_id++; }

    std::size_t in_use() const { return m_slabs.size() * slab_packets - m_free.size(); }

private:
    std::vector<std::unique_ptr<packet[]>> m_slabs;
    std::vector<packet*> m_free;
    std::uint64_t m_next_id = 0;
};

}  // namespace hxsim
