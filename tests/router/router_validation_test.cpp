// The router model against the theory every interconnect engineer knows, on the textbook
// network: an 8x8 mesh with dimension-order routing and BookSim's 4-stage input-queued router
// (configs/mesh-8x8.yaml). docs/fidelity.md records the full curves and the commands.
//  - Saturation lies below the channel-load bound and above half of it for uniform traffic; a
//    permutation saturates where its most loaded channel says it must.
//  - More VCs and deeper buffers raise the saturation throughput.
//  - No configuration deadlocks under saturating load (the watchdog never fires).
#include <cmath>
#include <map>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

constexpr unsigned k = 8;

/// configs/mesh-8x8.yaml with a shorter window, plus `more`.
platform_config mesh(const std::vector<std::string>& more)
{
    std::vector<std::string> overrides{"run.warmup=1us", "run.duration=4us"};
    overrides.insert(overrides.end(), more.begin(), more.end());
    return load_config(std::string(HXSIM_SOURCE_DIR) + "/configs/mesh-8x8.yaml", overrides);
}

struct point {
    double offered, accepted, latency_ns;
};

/// One simulation in a child; returns {offered, accepted, mean message latency}.
point run_point(const std::vector<std::string>& overrides)
{
    point p{};
    p.offered = test::measure_in_child([&] {
        const run_outcome out = run_simulation(mesh(overrides));
        EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
        return out.stats["offered_load"].get<double>();
    });
    p.accepted = test::measure_in_child([&] { return run_simulation(mesh(overrides)).stats["accepted_load"].get<double>(); });
    p.latency_ns = test::measure_in_child([&] { return run_simulation(mesh(overrides)).stats["latency_ns"]["mean"].get<double>(); });
    return p;
}

/// Flows per directed channel of an XY-routed k x k mesh for a destination map, per unit
/// injection rate: the largest.
double max_channel_load(std::pair<unsigned, unsigned> (*dest)(unsigned, unsigned))
{
    std::map<std::tuple<unsigned, unsigned, unsigned, unsigned>, double> load;
    for (unsigned r = 0; r < k; ++r)
        for (unsigned c = 0; c < k; ++c) {
            auto [r2, c2] = dest(r, c);
            if (r2 == r && c2 == c)
                continue;
            unsigned x = c, y = r;
            while (x != c2) {
                const unsigned nx = c2 > x ? x + 1 : x - 1;
                load[{y, x, y, nx}] += 1;
                x = nx;
            }
            while (y != r2) {
                const unsigned ny = r2 > y ? y + 1 : y - 1;
                load[{y, x, ny, x}] += 1;
                y = ny;
            }
        }
    double worst = 0;
    for (const auto& [channel, flows] : load)
        worst = std::max(worst, flows);
    return worst;
}

std::pair<unsigned, unsigned> transpose(unsigned r, unsigned c) { return {c, r}; }
std::pair<unsigned, unsigned> tornado(unsigned r, unsigned c) { return {r, (c + (k + 1) / 2 - 1) % k}; }

std::string load_of(double load) { return "traffic.load=" + std::to_string(load); }

TEST(router_validation, uniform_saturates_between_half_and_all_of_the_channel_load_bound)
{
    // Uniform traffic on an 8x8 mesh loads the middle channels of the bisection with 0.5 flits per
    // cycle per unit of injection (4/k): the bound is 0.5 flits/node/cycle.
    const point low = run_point({load_of(0.02)});
    const point below = run_point({load_of(0.25)});
    EXPECT_NEAR(below.accepted, below.offered, 0.03 * below.offered);
    EXPECT_LT(below.latency_ns, 3 * low.latency_ns);
    const point beyond = run_point({load_of(0.8)});
    EXPECT_LT(beyond.accepted, 0.5);
    EXPECT_GT(beyond.accepted, 0.25);
    EXPECT_GT(beyond.latency_ns, 3 * low.latency_ns);
}

void expect_saturation_at_bound(std::pair<unsigned, unsigned> (*dest)(unsigned, unsigned), const char* pattern,
                                double sustained_share, double saturated_share)
{
    // traffic.load is per sending terminal, like the bound.
    const double bound = 1.0 / max_channel_load(dest);
    const point low = run_point({std::string("traffic.pattern=") + pattern, load_of(0.02)});
    const point below = run_point({std::string("traffic.pattern=") + pattern, load_of(sustained_share * bound)});
    EXPECT_NEAR(below.accepted, below.offered, 0.05 * below.offered) << pattern;
    EXPECT_LT(below.latency_ns, 3 * low.latency_ns) << pattern;
    const point above = run_point({std::string("traffic.pattern=") + pattern, load_of(saturated_share * bound)});
    EXPECT_GT(above.latency_ns, 3 * low.latency_ns) << pattern;
}

TEST(router_validation, transpose_saturates_at_its_channel_load_bound)
{
    // Row 0's westmost channel carries 7 flows: 1/7 flits/node/cycle. Margin: sustained at 85%
    // of the bound, saturated at 115%.
    expect_saturation_at_bound(transpose, "transpose", 0.85, 1.15);
}

TEST(router_validation, tornado_saturates_near_its_channel_load_bound)
{
    // 3 flows on the busiest channel: 1/3. DOR with 2 VCs x 8 flits reaches about 85% of it
    // (docs/fidelity.md); margin: sustained at 70%, saturated at 110%.
    expect_saturation_at_bound(tornado, "tornado", 0.70, 1.10);
}

double saturated_throughput(const std::string& knob)
{
    return test::measure_in_child([&] { return run_simulation(mesh({load_of(0.8), knob})).stats["accepted_load"].get<double>(); });
}

TEST(router_validation, more_vcs_raise_saturation_throughput)
{
    const double one = saturated_throughput("router.vcs=1");
    const double two = saturated_throughput("router.vcs=2");
    const double four = saturated_throughput("router.vcs=4");
    EXPECT_GT(two, one * 1.1);
    EXPECT_GT(four, two);
}

TEST(router_validation, deeper_buffers_raise_saturation_throughput)
{
    const double four = saturated_throughput("router.buffer=4flits");
    const double eight = saturated_throughput("router.buffer=8flits");
    const double sixteen = saturated_throughput("router.buffer=16flits");
    EXPECT_GT(eight, four * 1.1);
    EXPECT_GT(sixteen, eight);
}

/// Saturating load on small networks, every combination of the knobs: the run must end with
/// every message delivered (the watchdog fails it otherwise).
void expect_no_deadlock(const std::vector<std::string>& overrides)
{
    test::run_scenario([&] {
        std::vector<std::string> all{"run.warmup=0us", "run.duration=3us", "traffic.load=1.0", "run.watchdog=20us"};
        all.insert(all.end(), overrides.begin(), overrides.end());
        const run_outcome out =
            run_simulation(load_config(std::string(HXSIM_SOURCE_DIR) + "/configs/mesh-8x8.yaml", all));
        EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
        EXPECT_GT(out.stats["messages_delivered"].get<std::uint64_t>(), 100u);
    });
}

TEST(router_validation, no_deadlock_under_saturation_on_meshes_and_tori)
{
    for (const char* kind : {"mesh", "torus"})
        for (const char* routing : {"dimension-order", "min-adaptive"})
            for (const char* flow : {"virtual-cut-through", "wormhole"})
                for (const char* allocator : {"separable-input-first", "islip"}) {
                    SCOPED_TRACE(fmt::format("{} {} {} {}", kind, routing, flow, allocator));
                    expect_no_deadlock({std::string("topology.kind=") + kind, "topology.dims=[4,4]",
                                        std::string("routing.algorithm=") + routing, "router.vcs=4",
                                        std::string("router.flow_control=") + flow,
                                        std::string("router.buffer=") + (std::string(flow) == "wormhole" ? "2flits" : "4flits"),
                                        std::string("router.allocator=") + allocator, "router.allocator_iterations=2",
                                        std::string("router.arbitration=") + (std::string(allocator) == "islip" ? "age" : "round-robin")});
                }
}

TEST(router_validation, no_deadlock_under_saturation_on_hammingmesh_with_tight_buffers)
{
    for (const char* output_buffer : {"0B", "8KiB"})
        for (const char* pattern : {"uniform", "transpose", "tornado"}) {
            SCOPED_TRACE(fmt::format("output buffer {}, {}", output_buffer, pattern));
            test::run_scenario([&] {
                const platform_config config = test::config_with(
                    {"topology.board=[2,2]", "topology.grid=[4,4]", "router.buffer=8KiB", "switch.buffer=8KiB",
                     std::string("router.output_buffer=") + output_buffer,
                     std::string("switch.output_buffer=") + output_buffer, "traffic.load=1.0",
                     "traffic.message_size=16KiB", std::string("traffic.pattern=") + pattern, "run.duration=10us"});
                const run_outcome out = run_simulation(config);
                EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
            });
        }
}

}  // namespace
}  // namespace hxsim
