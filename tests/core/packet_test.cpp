// The packet pool: packets of one cache line, recycled unrouted; message records kept by index,
// each distinct while in use, recycled without their bytes, counting the packets still to come.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "models/core/packet.h"

namespace hxsim {
namespace {

TEST(packet_pool, a_packet_is_one_aligned_cache_line_and_comes_back_reset)
{
    packet_pool pool;
    packet* p = pool.acquire();
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % 64, 0u);
    EXPECT_FALSE(p->routed());
    p->out_port = 0;
    p->hops = 9;
    EXPECT_TRUE(p->routed());
    pool.release(p);
    EXPECT_FALSE(p->routed());
    EXPECT_EQ(p->hops, 0u);
    EXPECT_EQ(pool.acquire(), p);  // the one given back is used first
}

TEST(packet_pool, free_packets_are_reused_last_given_back_first_and_counted_out)
{
    packet_pool pool;
    std::vector<packet*> taken;
    for (std::size_t i = 0; i < packet_pool::slab_packets + 3; ++i)  // into a second slab
        taken.push_back(pool.acquire());
    EXPECT_EQ(pool.in_use(), packet_pool::slab_packets + 3);
    EXPECT_EQ(taken[1], taken[0] + 1);  // a slab's packets in order, side by side
    EXPECT_EQ(std::set<packet*>(taken.begin(), taken.end()).size(), taken.size());
    for (std::size_t i = 0; i < taken.size(); ++i)
        taken[i]->id = 1000 + i;  // what a NIC writes over the list's link
    pool.release(taken[5]);
    pool.release(taken[200]);
    pool.release(taken[257]);
    EXPECT_EQ(pool.in_use(), packet_pool::slab_packets);
    EXPECT_EQ(pool.acquire(), taken[257]);
    EXPECT_EQ(pool.acquire(), taken[200]);
    EXPECT_EQ(pool.acquire(), taken[5]);
    // Then the rest of the second slab, in order, before any new slab.
    EXPECT_EQ(pool.acquire(), taken[packet_pool::slab_packets + 2] + 1);
    EXPECT_EQ(pool.in_use(), packet_pool::slab_packets + 4);
}

TEST(packet_pool, records_in_use_are_distinct_and_given_back_ones_are_reused_empty)
{
    packet_pool pool;
    std::vector<std::uint32_t> held;
    for (std::uint32_t n = 1; n <= 1000; ++n) {  // enough for the records to move as they grow
        const std::uint32_t r = pool.acquire_record(n);
        pool.record(r).message_id = 5000 + n;
        held.push_back(r);
    }
    EXPECT_EQ(std::set<std::uint32_t>(held.begin(), held.end()).size(), held.size());
    for (std::uint32_t n = 1; n <= 1000; ++n) {
        EXPECT_EQ(pool.record(held[n - 1]).message_id, 5000 + n);
        EXPECT_EQ(pool.record(held[n - 1]).packets_left, n);
        EXPECT_EQ(pool.record_address(held[n - 1]), &pool.record(held[n - 1]));
    }

    pool.record(held[7]).data.assign(16, 0xab);
    pool.release_record(held[7]);
    EXPECT_TRUE(pool.record(held[7]).data.empty());  // a record given back carries no bytes
    const std::uint32_t again = pool.acquire_record(3);
    EXPECT_EQ(again, held[7]);
    EXPECT_EQ(pool.record(again).packets_left, 3u);
    const std::uint32_t fresh = pool.acquire_record(1);
    EXPECT_EQ(std::set<std::uint32_t>(held.begin(), held.end()).count(fresh), 0u);  // none free: a new one
}

}  // namespace
}  // namespace hxsim
