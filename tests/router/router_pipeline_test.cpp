// The router pipeline at zero load, cycle-exact. A clocked router with stage counts RC, VA, SA
// (before the grant) and ST (crossbar), no output buffer, 1-flit-per-cycle links without extra
// latency: a packet of L flits crossing h routers arrives, tail at the destination NIC,
//     (h * (RC + VA + SA + ST) + h + L) cycles
// after it was posted: one cycle per link for the head (the injection link, h-1 router links, and
// the ejection link counts in L), the stages in every router, and L-1 cycles of body behind the
// head. This is the textbook zero-load latency of a flit-level router (per hop: router delay plus
// one link cycle; plus serialization).
#include <gtest/gtest.h>

#include "models/core/wake_scheduler.h"
#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

constexpr double cycle_ps = 1000;  // 1 GHz

struct pipeline {
    unsigned rc, va, sa, st;
    unsigned stages() const { return rc + va + sa + st; }
};

/// A line of three 1x3-board routers (one board, wrap links): accelerator 0 to 1 crosses 2 routers.
platform_config clocked_line(const pipeline& p, const std::vector<std::string>& more = {})
{
    std::vector<std::string> overrides{
        "topology.board=[1,3]", "topology.grid=[1,1]", "router.clock=1GHz", "router.flit=16B",
        "link.bandwidth=128Gbps", "link.latency=0ns", "nic.injection_bandwidth=128Gbps", "nic.mtu=256B",
        "router.buffer=32flits", "router.output_buffer=0B", "router.input_latency=0ns", "router.output_latency=0ns",
        "router.routing_cycles=" + std::to_string(p.rc), "router.vc_allocation_cycles=" + std::to_string(p.va),
        "router.switch_allocation_cycles=" + std::to_string(p.sa),
        "router.switch_traversal_cycles=" + std::to_string(p.st)};
    overrides.insert(overrides.end(), more.begin(), more.end());
    return test::config_with(overrides);
}

double lone_packet_latency_ps(const platform_config& config, std::uint32_t dst, std::uint64_t bytes)
{
    test::scripted_pattern pattern;
    pattern.add(0, dst, bytes);
    run_options options;
    options.pattern = &pattern;
    const run_outcome out = run_simulation(config, options);
    EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
    return out.stats["latency_ns"]["max"].get<double>() * 1000.0;
}

void expect_zero_load(const pipeline& p, unsigned flits)
{
    test::run_scenario([&] {
        const double latency = lone_packet_latency_ps(clocked_line(p), 1, 16 * flits);
        const unsigned h = 2;
        EXPECT_EQ(latency, (h * p.stages() + h + flits) * cycle_ps)
            << "stages " << p.rc << "/" << p.va << "/" << p.sa << "/" << p.st << ", " << flits << " flits";
    });
}

TEST(router_pipeline, zero_load_one_stage_one_flit) { expect_zero_load({0, 0, 0, 1}, 1); }
TEST(router_pipeline, zero_load_four_stages_one_flit) { expect_zero_load({1, 1, 1, 1}, 1); }
TEST(router_pipeline, zero_load_four_stages_four_flits) { expect_zero_load({1, 1, 1, 1}, 4); }
TEST(router_pipeline, zero_load_five_stages_sixteen_flits) { expect_zero_load({2, 1, 1, 1}, 16); }
TEST(router_pipeline, zero_load_two_stage_speculative_router_eight_flits) { expect_zero_load({1, 0, 0, 1}, 8); }

TEST(router_pipeline, each_added_stage_costs_one_cycle_per_hop)
{
    // Accelerator 0 to 1 crosses 2 routers: one more stage anywhere adds 2 cycles.
    const auto latency = [](pipeline p) {
        return test::measure_in_child([p] { return lone_packet_latency_ps(clocked_line(p), 1, 64); });
    };
    const double base = latency({1, 1, 1, 1});
    EXPECT_EQ(latency({2, 1, 1, 1}), base + 2 * cycle_ps);
    EXPECT_EQ(latency({1, 2, 1, 1}), base + 2 * cycle_ps);
    EXPECT_EQ(latency({1, 1, 1, 3}), base + 4 * cycle_ps);
}

TEST(router_pipeline, credit_delay_does_not_touch_a_lone_packet)
{
    test::run_scenario([] {
        const double latency = lone_packet_latency_ps(clocked_line({1, 1, 1, 1}, {"router.credit_delay=5ns"}), 1, 64);
        EXPECT_EQ(latency, (2 * 4 + 2 + 4) * cycle_ps);
    });
}

/// The later of two 4-flit packets sent back to back through buffers of `buffer`.
double second_packet_latency_ps(const std::string& buffer, const std::string& credit_delay)
{
    test::scripted_pattern pattern;
    pattern.add(0, 1, 64);
    pattern.add(0, 1, 64);
    run_options options;
    options.pattern = &pattern;
    const run_outcome out = run_simulation(
        clocked_line({1, 1, 1, 1}, {"router.buffer=" + buffer, "nic.mtu=64B", "router.credit_delay=" + credit_delay}),
        options);
    EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
    return out.stats["latency_ns"]["max"].get<double>() * 1000.0;
}

TEST(router_pipeline, credit_round_trip_limits_a_stream_through_a_small_buffer)
{
    // The second packet needs the first one's credits back; a slower credit return delays it by
    // exactly the extra delay (20 cycles).
    const double quick = test::measure_in_child([] { return second_packet_latency_ps("4flits", "0ns"); });
    const double slow = test::measure_in_child([] { return second_packet_latency_ps("4flits", "20ns"); });
    EXPECT_EQ(slow, quick + 20 * cycle_ps);
    // With room for both packets the credit delay does not matter.
    const double roomy = test::measure_in_child([] { return second_packet_latency_ps("8flits", "20ns"); });
    EXPECT_EQ(roomy, (2 * 4 + 2 + 4 + 4) * cycle_ps);  // just serialized behind the first
}

/// Wake-ups of the whole run (routers, NICs, traffic) when one packet goes from accelerator 0
/// of a 1x`n` board (wrap links) to accelerator `dst`.
double lone_packet_wake_ups(unsigned n, std::uint32_t dst, const std::vector<std::string>& more)
{
    std::vector<std::string> overrides{"topology.board=[1," + std::to_string(n) + "]"};
    overrides.insert(overrides.end(), more.begin(), more.end());
    lone_packet_latency_ps(clocked_line({1, 1, 1, 1}, overrides), dst, 64);
    return static_cast<double>(wake_scheduler::instance().wake_ups());
}

/// A router is woken for what a packet waits for, not for every change: an uncontended hop
/// wakes it once (the head is ready and goes, straight onto the link or, with an output buffer,
/// through it onto the link when its head is through), however many credits come back and tails
/// leave around it. The paths 0 -> 2 and 0 -> 3 of a 1x7 ring cross 3 and 4 routers; the NICs'
/// and the traffic's wake-ups are the same.
TEST(router_pipeline, an_uncontended_hop_wakes_its_router_once)
{
    for (const auto& more : std::vector<std::vector<std::string>>{{}, {"router.output_buffer=8flits"}}) {
        const double three = test::measure_in_child([&] { return lone_packet_wake_ups(7, 2, more); });
        const double four = test::measure_in_child([&] { return lone_packet_wake_ups(7, 3, more); });
        EXPECT_EQ(four - three, 1.0) << (more.empty() ? "no output buffer" : more.front());
    }
}

}  // namespace
}  // namespace hxsim
