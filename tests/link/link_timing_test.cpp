// A lone packet's latency must equal the analytic sum of serialization and latencies of the
// cut-through pipeline, to the picosecond (docs/architecture.md, "Timing of one hop"):
//   NIC: the head leaves after one flit at the injection bandwidth; the tail after the packet.
//   Router: the head waits the input latency, crosses the crossbar in one flit time, waits the
//   output latency, then starts on the link; every stage streams the packet at its own rate and
//   can never finish before the tail reached it plus one flit time at that rate.
//   Link: the head arrives one flit time plus the latency after it started.
#include <algorithm>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "models/core/sim_time.h"
#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

struct hop_timing {
    sim_ps input_latency, output_latency;
    std::uint64_t crossbar_bps;
    std::uint64_t link_bps;  // the link after this router
    sim_ps link_latency;
};

/// The analytic latency of a lone packet of `bytes` through `hops`, from the NIC posting it to
/// its tail reaching the destination NIC.
sim_ps analytic_latency(std::uint64_t bytes, std::uint64_t flit, std::uint64_t nic_bps, const std::vector<hop_timing>& hops)
{
    sim_ps head = serialization_ps(flit, nic_bps);   // at the first router's input
    sim_ps tail = serialization_ps(bytes, nic_bps);
    for (const hop_timing& h : hops) {
        const sim_ps ready = head + h.input_latency;
        const sim_ps crossed = std::max(ready + serialization_ps(bytes, h.crossbar_bps),
                                        tail + h.input_latency + serialization_ps(flit, h.crossbar_bps));
        const sim_ps start = ready + serialization_ps(flit, h.crossbar_bps) + h.output_latency;
        const sim_ps tail_out = std::max(start + serialization_ps(bytes, h.link_bps),
                                         crossed + h.output_latency + serialization_ps(flit, h.link_bps));
        head = start + serialization_ps(flit, h.link_bps) + h.link_latency;
        tail = tail_out + h.link_latency;
    }
    return tail;
}

/// Sends one message and returns its latency in ps (the scenario fails if it is not delivered).
double measured_latency_ps(const platform_config& config, std::uint32_t src, std::uint32_t dst, std::uint64_t bytes,
                           std::uint64_t* hops = nullptr)
{
    test::scripted_pattern pattern;
    pattern.add(src, dst, bytes);
    run_options options;
    options.pattern = &pattern;
    const run_outcome out = run_simulation(config, options);
    EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
    EXPECT_EQ(out.stats["messages_delivered"], 1u);
    if (hops)
        *hops = out.stats["packet_hops"].get<std::uint64_t>();
    return out.stats["latency_ns"]["max"].get<double>() * 1000.0;
}

TEST(link_timing, neighbours_on_a_board_hand_computed)
{
    test::run_scenario([] {
        // 1x3 board, one board: acc 0 -> acc 1 is one mesh link E. 1000 B = 3.9 flits.
        const platform_config config = test::config_with({"topology.board=[1,3]", "topology.grid=[1,1]"});
        std::uint64_t hops = 0;
        const double latency = measured_latency_ps(config, 0, 1, 1000, &hops);
        EXPECT_EQ(hops, 2u);  // two routers
        // Worked by hand (ps): NIC flit 1280, NIC packet 5000; router: in 20000, crossbar flit 640 /
        // packet 2500, out 20000; link 400G: flit 5120, packet 20000, latency 40000; eject 1600G.
        // Router 0: head ready 21280, tail 25000+20000; on the link from 41920 to 61920.
        // Router 1: head 87040+20000 = 107040, tail 101920+20000; starts ejecting at 127680,
        // crossbar done 122560, so the tail leaves at max(127680+5000, 142560+1280) = 143840.
        EXPECT_NEAR(latency, 143840.0, 0.01);
        const std::vector<hop_timing> path{{20000, 20000, 3'200'000'000'000, 400'000'000'000, 40000},
                                           {20000, 20000, 3'200'000'000'000, 1'600'000'000'000, 0}};
        EXPECT_EQ(analytic_latency(1000, 256, 1'600'000'000'000, path), 143840u);
    });
}

TEST(link_timing, through_a_row_switch_with_distinct_latencies)
{
    test::run_scenario([] {
        // Two 1x1 boards in one board-row: acc 0 -> row switch -> acc 1. Odd numbers everywhere so
        // that each term shows up in the total.
        const platform_config config = test::config_with(
            {"topology.board=[1,1]", "topology.grid=[1,2]", "router.input_latency=1ns", "router.output_latency=3ns",
             "switch.input_latency=17ns", "switch.output_latency=23ns", "link.latency=41ns", "link.bandwidth=300Gbps",
             "switch.crossbar_bandwidth=2000Gbps", "router.crossbar_bandwidth=2500Gbps"});
        std::uint64_t hops = 0;
        const std::uint64_t bytes = 8192;
        const double latency = measured_latency_ps(config, 0, 1, bytes, &hops);
        EXPECT_EQ(hops, 3u);  // router, switch, router
        const std::vector<hop_timing> path{{1000, 3000, 2'500'000'000'000, 300'000'000'000, 41000},
                                           {17000, 23000, 2'000'000'000'000, 300'000'000'000, 41000},
                                           {1000, 3000, 2'500'000'000'000, 1'600'000'000'000, 0}};
        EXPECT_NEAR(latency, static_cast<double>(analytic_latency(bytes, 256, 1'600'000'000'000, path)), 0.01);
    });
}

TEST(link_timing, bottleneck_is_the_slowest_stage)
{
    test::run_scenario([] {
        // A crossbar slower than the link: the packet streams at the crossbar rate, so the tail
        // trails the head by the crossbar serialization, not the link's.
        const platform_config config = test::config_with(
            {"topology.board=[1,3]", "topology.grid=[1,1]", "router.crossbar_bandwidth=100Gbps"});
        const double latency = measured_latency_ps(config, 0, 1, 4096);
        const std::vector<hop_timing> path{{20000, 20000, 100'000'000'000, 400'000'000'000, 40000},
                                           {20000, 20000, 100'000'000'000, 1'600'000'000'000, 0}};
        const sim_ps expected = analytic_latency(4096, 256, 1'600'000'000'000, path);
        EXPECT_NEAR(latency, static_cast<double>(expected), 0.01);
        // Two 100 Gb/s crossbars in a row: the second is fed at its own rate, so the total is
        // dominated by one packet time at 100 Gb/s (327.68 ns), not two.
        EXPECT_GT(expected, 327680u);
        EXPECT_LT(expected, 2 * 327680u);
    });
}

TEST(link_timing, zero_latencies_leave_pure_serialization)
{
    test::run_scenario([] {
        const platform_config config = test::config_with(
            {"topology.board=[1,3]", "topology.grid=[1,1]", "router.input_latency=0ns", "router.output_latency=0ns",
             "link.latency=0ns"});
        const double latency = measured_latency_ps(config, 0, 1, 256);
        // One flit: NIC 1280 + crossbar 640 + link 5120 + crossbar 640 + eject 1280.
        EXPECT_NEAR(latency, 8960.0, 0.01);
    });
}

}  // namespace
}  // namespace hxsim
