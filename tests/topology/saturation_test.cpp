// Every topology with its standard routing stays deadlock-free at saturation: offered load 1.0,
// buffers of two packets and no output buffers, so that back-pressure reaches across the whole
// machine; the watchdog (20 us without progress) never fires and every message is delivered.
// The fat tree and the Dragonfly have their own such tests (fat_tree_test, dragonfly_test).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

void expect_drains_at_full_load(std::vector<std::string> overrides)
{
    const std::vector<std::string> saturating{
        "nic.mtu=1KiB",          "router.flit=256B",         "router.buffer=2KiB", "switch.buffer=2KiB",
        "router.output_buffer=0B", "switch.output_buffer=0B", "traffic.load=1.0",   "traffic.message_size=4KiB",
        "run.warmup=0ns",        "run.duration=3us",         "run.watchdog=20us"};
    overrides.insert(overrides.begin(), saturating.begin(), saturating.end());
    test::run_scenario([&] {
        const run_outcome out = run_simulation(test::config_with(overrides));
        EXPECT_TRUE(out.ok) << fmt::format("{}", fmt::join(out.failures, "; "));
        EXPECT_EQ(out.stats["messages_delivered"], out.stats["messages_injected"]);
        // Saturated: the sources could not inject all they were offered in the window.
        EXPECT_LT(out.stats["accepted_load"].get<double>(), 0.95);
        EXPECT_GT(out.stats["messages_delivered"].get<std::uint64_t>(), 100u);
    });
}

TEST(saturation, hx2mesh_single_switch_networks_uniform)
{
    expect_drains_at_full_load({"topology.board=[2,2]", "topology.grid=[4,4]"});
}

TEST(saturation, hx2mesh_single_switch_networks_transpose)
{
    expect_drains_at_full_load({"topology.board=[2,2]", "topology.grid=[4,4]", "traffic.pattern=transpose"});
}

TEST(saturation, hx4mesh_uniform)
{
    expect_drains_at_full_load({"topology.board=[4,4]", "topology.grid=[3,3]"});
}

TEST(saturation, hx2mesh_fat_tree_networks_uniform)
{
    expect_drains_at_full_load({"topology.board=[2,2]", "topology.grid=[6,6]", "topology.switch_radix=8"});
}

TEST(saturation, hx2mesh_tapered_fat_tree_networks_tornado)
{
    expect_drains_at_full_load({"topology.board=[2,3]", "topology.grid=[6,5]", "topology.switch_radix=8",
                                "topology.taper=0.5", "traffic.pattern=tornado"});
}

TEST(saturation, hyperx_uniform)
{
    expect_drains_at_full_load({"topology.board=[1,1]", "topology.grid=[6,6]"});
}

TEST(saturation, torus_dimension_order_tornado)
{
    expect_drains_at_full_load({"topology.kind=torus", "topology.dims=[6,6]", "routing.algorithm=dimension-order",
                                "traffic.pattern=tornado"});
}

TEST(saturation, torus_min_adaptive_uniform)
{
    expect_drains_at_full_load({"topology.kind=torus", "topology.dims=[6,6]", "routing.algorithm=min-adaptive"});
}

TEST(saturation, mesh_min_adaptive_transpose)
{
    expect_drains_at_full_load({"topology.kind=mesh", "topology.dims=[6,6]", "routing.algorithm=min-adaptive",
                                "traffic.pattern=transpose"});
}

}  // namespace
}  // namespace hxsim
