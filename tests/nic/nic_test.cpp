// The NIC: segmentation into MTU packets, reassembly of packets arriving in any order, delivery
// of messages in the order their source sent them, and refusal of malformed posts.
#include <gtest/gtest.h>

#include "models/core/wake_scheduler.h"
#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

run_outcome run_script(const platform_config& config, test::scripted_pattern& pattern)
{
    run_options options;
    options.pattern = &pattern;
    return run_simulation(config, options);
}

TEST(nic, segments_messages_into_mtu_packets_with_real_bytes)
{
    test::run_scenario([] {
        // Every message here carries real bytes, compared byte by byte on delivery.
        const platform_config config = test::config_with(
            {"topology.board=[2,2]", "topology.grid=[1,2]", "traffic.inline_payload=64KiB", "nic.mtu=4KiB"});
        test::scripted_pattern pattern;
        pattern.add(0, 7, 1);        // 1 packet
        pattern.add(1, 6, 4096);     // exactly one MTU: 1 packet
        pattern.add(2, 5, 4097);     // 2 packets, the second of 1 byte
        pattern.add(3, 4, 20000);    // 5 packets: 4 x 4096 + 3616
        const run_outcome out = run_script(config, pattern);
        ASSERT_TRUE(out.ok) << out.stats["failures"].dump();
        EXPECT_EQ(out.stats["messages_delivered"], 4u);
        EXPECT_EQ(out.stats["packets_injected"], 9u);
        EXPECT_EQ(out.stats["packets_delivered"], 9u);
        EXPECT_EQ(out.stats["bytes_delivered"], 1u + 4096u + 4097u + 20000u);
    });
}

TEST(nic, bulk_messages_are_checked_by_seeded_checksum)
{
    test::run_scenario([] {
        const platform_config config = test::config_with(
            {"topology.board=[2,2]", "topology.grid=[2,2]", "traffic.inline_payload=0B"});
        test::scripted_pattern pattern;
        for (std::uint32_t s = 0; s < 16; ++s)
            pattern.add(s, (s + 5) % 16, 100000);
        const run_outcome out = run_script(config, pattern);
        ASSERT_TRUE(out.ok) << out.stats["failures"].dump();
        EXPECT_EQ(out.stats["messages_delivered"], 16u);
        EXPECT_EQ(out.stats["packets_delivered"], 16u * 13u);  // ceil(100000 / 8192)
    });
}

TEST(nic, reassembles_out_of_order_packets_and_keeps_message_order)
{
    test::run_scenario([] {
        // One 1x4 board: from acc 0 to acc 2 the direct way (E, E) and the way around (W through
        // the wrap link, then W) are equally short, so adaptive routing spreads packets over both.
        // Acc 1 floods the link 1 -> 2 first, so the direct way is slow: later packets, and a
        // later single-packet message, overtake earlier ones.
        const platform_config config = test::config_with(
            {"topology.board=[1,4]", "topology.grid=[1,1]", "traffic.inline_payload=1MiB"});
        test::scripted_pattern pattern;
        pattern.add(1, 2, 512 * 1024);
        pattern.add(0, 2, 64 * 1024);  // message 1 of the pair 0 -> 2
        for (int m = 0; m < 6; ++m)    // messages 2..7: must still be delivered after message 1
            pattern.add(0, 2, 1024 + 512 * m);
        const run_outcome out = run_script(config, pattern);
        ASSERT_TRUE(out.ok) << out.stats["failures"].dump();
        EXPECT_EQ(out.stats["messages_delivered"], 8u);
        EXPECT_GT(out.stats["packets_out_of_order"].get<std::uint64_t>(), 0u);
        EXPECT_GE(out.stats["max_reorder_messages"].get<std::uint64_t>(), 1u);
    });
}

TEST(nic, reassembles_a_message_of_more_than_64_packets_out_of_order)
{
    test::run_scenario([] {
        // As above, with 2 KiB packets: the 256 KiB message from 0 to 2 has 128 pieces, more
        // than the reassembly table keeps inline (models/nic/reassembly_table.h). Its bytes are
        // compared on delivery; the flood from 1 to 2 has one shortest path and stays in order.
        const platform_config config = test::config_with(
            {"topology.board=[1,4]", "topology.grid=[1,1]", "traffic.inline_payload=1MiB", "nic.mtu=2KiB"});
        test::scripted_pattern pattern;
        pattern.add(1, 2, 512 * 1024);
        pattern.add(0, 2, 256 * 1024);
        pattern.add(0, 2, 3000);
        const run_outcome out = run_script(config, pattern);
        ASSERT_TRUE(out.ok) << out.stats["failures"].dump();
        EXPECT_EQ(out.stats["messages_delivered"], 3u);
        EXPECT_EQ(out.stats["packets_delivered"], 256u + 128u + 2u);
        EXPECT_GT(out.stats["packets_out_of_order"].get<std::uint64_t>(), 0u);
    });
}

/// Latency statistics and completion of a burst of messages from one source, with the NIC's send
/// queue holding `send_queue` messages at most (0: no limit).
std::vector<double> burst_timing(unsigned send_queue)
{
    const platform_config config = test::config_with(
        {"topology.board=[2,2]", "topology.grid=[2,2]", "nic.send_queue=" + std::to_string(send_queue)});
    test::scripted_pattern pattern;
    for (std::uint32_t m = 0; m < 40; ++m)
        pattern.add(0, 1 + m % 15, 3000 + 1000 * m);  // all posted at once
    const run_outcome out = run_script(config, pattern);
    EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
    EXPECT_EQ(out.stats["messages_delivered"], 40u);
    return {out.stats["latency_ns"]["mean"].get<double>(), out.stats["latency_ns"]["max"].get<double>(),
            out.stats["latency_ns"]["p50"].get<double>(), out.stats["simulated_ns"].get<double>()};
}

TEST(nic, a_short_send_queue_holds_posts_back_without_slowing_injection)
{
    // Messages wait in the accelerator instead of the NIC (END_REQ comes when one leaves), but
    // the NIC always has the next one when a message's last packet leaves: packets go out at the
    // same times, and latencies still count from the post, waiting included.
    const auto unlimited = test::collect_in_child<double>([] { return burst_timing(0); });
    ASSERT_EQ(unlimited.size(), 4u);
    for (unsigned depth : {1u, 3u, 16u}) {
        const auto held = test::collect_in_child<double>([depth] { return burst_timing(depth); });
        EXPECT_EQ(held, unlimited) << "send queue " << depth;
    }
    EXPECT_GT(unlimited[0], 1000.0);  // the burst queues: later messages wait for the earlier ones
}

/// Wake-ups of the whole run (traffic, NICs, routers) when accelerator 0 sends `messages`
/// single-packet messages to its neighbour 1 on a 1x2 board, 10 us apart: each goes alone.
double lone_messages_wake_ups(unsigned messages)
{
    const platform_config config = test::config_with({"topology.board=[1,2]", "topology.grid=[1,1]"});
    test::scripted_pattern pattern;
    for (unsigned m = 0; m < messages; ++m)
        pattern.add(0, 1, 4096, m * sim_ps{10'000'000});
    const run_outcome out = run_script(config, pattern);
    EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
    EXPECT_EQ(out.stats["messages_delivered"], messages);
    return static_cast<double>(wake_scheduler::instance().wake_ups());
}

TEST(nic, credits_coming_back_wake_a_nic_only_when_a_packet_waits_for_them)
{
    // A lone message of one packet wakes the traffic (its post), the source NIC twice (the post,
    // its link free again), the two routers on its way once each and the destination NIC once
    // (the tail in): six. The credits its packet leaves in the first router's buffer come back to
    // a NIC with nothing waiting: they are counted when announced and wake nobody (they woke the
    // NIC once more per packet before).
    const double one = test::measure_in_child([] { return lone_messages_wake_ups(1); });
    const double three = test::measure_in_child([] { return lone_messages_wake_ups(3); });
    EXPECT_EQ(three - one, 2 * 6.0);
}

/// Wake-ups of the whole run when accelerators 1, 2 and 3 of a 2x2 mesh (configs/mesh-8x8.yaml:
/// 4-flit packets, input buffers of 8 flits a VC) each send `packets` packets to accelerator 0.
double hot_spot_wake_ups(unsigned packets)
{
    const platform_config config =
        load_config(std::string(HXSIM_SOURCE_DIR) + "/configs/mesh-8x8.yaml", {"topology.dims=[2,2]"});
    test::scripted_pattern pattern;
    for (std::uint32_t src = 1; src <= 3; ++src)
        pattern.add(src, 0, packets * std::uint64_t{64});
    const run_outcome out = run_script(config, pattern);
    EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
    EXPECT_EQ(out.stats["packets_delivered"], 3 * packets);
    return static_cast<double>(wake_scheduler::instance().wake_ups());
}

TEST(nic, a_nic_held_back_by_credits_wakes_when_they_suffice_not_at_each_train)
{
    // Three sources share accelerator 0's one link in: their NICs wait for credits before
    // nearly every packet. Credits come back as trains, one a packet drained upstream, the
    // first credit at the grant; a 4-flit packet needs the whole train. A NIC whose next packet
    // lacks credits looks again when the credits announced give it room and its link is free,
    // which the send (for what is announced by then) and each train's announcement tell: 8.67
    // wake-ups of the whole run a packet. It used to look also when its link freed (9.67 with
    // that look alone) and at every train's first credit (10.67 with both), in vain.
    const double twenty = test::measure_in_child([] { return hot_spot_wake_ups(20); });
    const double forty = test::measure_in_child([] { return hot_spot_wake_ups(40); });
    EXPECT_LT((forty - twenty) / (3 * 20), 9.0);
}

TEST(nic, refuses_a_message_to_itself_and_the_run_fails)
{
    test::run_scenario([] {
        const platform_config config = test::config_with({"topology.grid=[1,1]"});
        test::scripted_pattern pattern;
        pattern.add(0, 1, 100);
        pattern.add(2, 2, 100);
        const run_outcome out = run_script(config, pattern);
        EXPECT_FALSE(out.ok);
        ASSERT_FALSE(out.failures.empty());
        EXPECT_NE(out.failures[0].find("refused"), std::string::npos) << out.failures[0];
    });
}

}  // namespace
}  // namespace hxsim
