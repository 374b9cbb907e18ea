// The verilated router (rtl/hx_router.sv) against the TLM router it stands in for, on the same
// platforms and traffic (configs/rtl-board-4x4.yaml and smaller boards): one RTL router inside
// a TLM board, a 2x2 board and a 4x4 board all in RTL.
//   - Zero load: every packet is granted at every router on the same cycle as in the TLM model
//     (hop by hop, from the routing observer), and message latencies are identical.
//   - Under load, up to saturation: mean latency within 5%, accepted throughput within 2%.
//   - Mixed TLM/RTL platforms with switches run end to end with the scoreboard on.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "models/core/sim_time.h"
#include "models/router/rtl_router_shape.h"
#include "models/routing/routing.h"
#include "models/sim/config.h"
#include "models/topology/platform.h"
#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"
#include "tests/trace/vcd_reader.h"

namespace hxsim {
namespace {

constexpr sim_ps cycle_ps = 1000;

platform_config rtl_config(const std::vector<std::string>& overrides)
{
    return load_config(std::string(HXSIM_SOURCE_DIR) + "/configs/rtl-board-4x4.yaml", overrides);
}

struct forward_record {
    std::uint64_t packet;
    std::uint32_t router;
    std::uint16_t out_port;
    std::uint8_t out_vc;
    sim_ps at_ps;
};

class forward_recorder : public forward_observer {
public:
    std::vector<forward_record> records;
    void on_forward(std::uint32_t router_id, std::uint16_t, std::uint16_t out_port, std::uint8_t out_vc,
                    const packet& pkt) override
    {
        records.push_back(forward_record{pkt.id, router_id, out_port, out_vc, now_ps()});
    }
};

/// Every accelerator sends to every other, one message at a time, far enough apart that no two
/// meet: 1-flit and 4-flit messages alternate.
test::scripted_pattern isolated_messages(unsigned accelerators)
{
    test::scripted_pattern pattern;
    sim_ps at = 0;
    unsigned k = 0;
    for (std::uint32_t src = 0; src < accelerators; ++src)
        for (std::uint32_t dst = 0; dst < accelerators; ++dst)
            if (dst != src) {
                pattern.add(src, dst, (k++ % 2) ? 64 : 16, at);
                at += 200 * cycle_ps;
            }
    return pattern;
}

struct run_summary {
    double latency_mean_ns;
    double latency_max_ns;
    double accepted_gbps;
    std::uint64_t delivered;
};

/// The forwarding decisions of a zero-load run; the last record carries the latency summary.
std::vector<forward_record> zero_load_forwards(const std::vector<std::string>& overrides, unsigned accelerators)
{
    test::scripted_pattern pattern = isolated_messages(accelerators);
    forward_recorder recorder;
    run_options options;
    options.pattern = &pattern;
    options.observer = &recorder;
    std::vector<std::string> measured_whole = overrides;
    measured_whole.insert(measured_whole.end(), {"run.warmup=0ns", "run.duration=100us"});
    const run_outcome out = run_simulation(rtl_config(measured_whole), options);
    EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
    EXPECT_EQ(out.stats["messages_delivered"].get<std::uint64_t>(), accelerators * (accelerators - 1));
    // The summary rides along as a record with an impossible router id.
    recorder.records.push_back(forward_record{out.stats["messages_delivered"].get<std::uint64_t>(), ~0u, 0, 0,
                                              static_cast<sim_ps>(out.stats["latency_ns"]["mean"].get<double>() * 1e3)});
    recorder.records.push_back(forward_record{0, ~0u, 0, 0,
                                              static_cast<sim_ps>(out.stats["latency_ns"]["max"].get<double>() * 1e3)});
    return recorder.records;
}

/// Runs the same isolated messages on TLM and on RTL routers (those matching `rtl_pattern`) and
/// expects every grant on the same cycle. The RTL adapter reports a forwarding decision when the
/// head leaves the RTL, switch_stages cycles after the grant that the TLM router reports.
void expect_zero_load_identical(const std::vector<std::string>& board, const std::string& rtl_pattern,
                                unsigned accelerators, const std::vector<std::uint32_t>& rtl_ids)
{
    std::vector<std::string> tlm = board, rtl = board;
    tlm.push_back("rtl.routers=[]");
    rtl.push_back("rtl.routers=[\"" + rtl_pattern + "\"]");
    const auto tlm_records = test::collect_in_child<forward_record>([&] { return zero_load_forwards(tlm, accelerators); });
    const auto rtl_records = test::collect_in_child<forward_record>([&] { return zero_load_forwards(rtl, accelerators); });
    ASSERT_FALSE(tlm_records.empty());
    ASSERT_EQ(tlm_records.size(), rtl_records.size()) << "not the same number of forwarding decisions";

    using key = std::tuple<std::uint64_t, std::uint32_t>;
    std::map<key, forward_record> tlm_by_hop;
    for (const forward_record& r : tlm_records)
        tlm_by_hop[{r.packet, r.router}] = r;
    unsigned rtl_hops = 0;
    for (const forward_record& r : rtl_records) {
        const auto it = tlm_by_hop.find({r.packet, r.router});
        ASSERT_NE(it, tlm_by_hop.end()) << "packet " << r.packet << " crossed router " << r.router << " only in RTL";
        const forward_record& t = it->second;
        if (r.router == ~0u) {
            EXPECT_EQ(r.at_ps, t.at_ps) << "message latency summary differs";
            continue;
        }
        const bool is_rtl = std::find(rtl_ids.begin(), rtl_ids.end(), r.router) != rtl_ids.end();
        rtl_hops += is_rtl;
        const sim_ps report_delay = is_rtl ? verilated_router.switch_stages * cycle_ps : 0;
        EXPECT_EQ(r.out_port, t.out_port) << "packet " << r.packet << " at router " << r.router;
        EXPECT_EQ(r.out_vc, t.out_vc) << "packet " << r.packet << " at router " << r.router;
        EXPECT_EQ(r.at_ps, t.at_ps + report_delay) << "packet " << r.packet << " at router " << r.router << " granted "
                                                   << (static_cast<double>(r.at_ps) - report_delay - t.at_ps) / cycle_ps
                                                   << " cycles apart";
    }
    EXPECT_GT(rtl_hops, accelerators) << "the RTL routers forwarded too few packets to prove anything";
}

std::vector<std::uint32_t> all_ids(unsigned n)
{
    std::vector<std::uint32_t> ids(n);
    for (unsigned i = 0; i < n; ++i)
        ids[i] = i;
    return ids;
}

TEST(rtl_router, zero_load_one_rtl_router_in_a_tlm_board_matches_cycle_for_cycle)
{
    // Accelerator (1, 1) of the 4x4 board: id 5.
    expect_zero_load_identical({}, "board_0_0.acc_1_1.router", 16, {5});
}

TEST(rtl_router, zero_load_2x2_board_matches_cycle_for_cycle)
{
    expect_zero_load_identical({"topology.board=[2,2]"}, "*", 4, all_ids(4));
}

TEST(rtl_router, zero_load_4x4_board_matches_cycle_for_cycle)
{
    expect_zero_load_identical({}, "*", 16, all_ids(16));
}

TEST(rtl_router, zero_load_matches_with_pipeline_latencies_and_slow_credits)
{
    // Input and output latency are whole cycles outside the RTL; a credit delay only slows credits.
    expect_zero_load_identical({"router.input_latency=2ns", "router.output_latency=3ns", "router.credit_delay=4ns",
                                "link.latency=7ns"},
                               "*", 16, all_ids(16));
}

/// Mean message latency (ns) and accepted bandwidth (Gb/s per accelerator) of uniform traffic.
run_summary loaded_run(const std::vector<std::string>& overrides)
{
    const run_outcome out = run_simulation(rtl_config(overrides));
    EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
    return run_summary{out.stats["latency_ns"]["mean"].get<double>(), out.stats["latency_ns"]["max"].get<double>(),
                       out.stats["accepted_gbps_per_accelerator"]["mean"].get<double>(),
                       out.stats["messages_delivered"].get<std::uint64_t>()};
}

void expect_close_under_load(const std::vector<std::string>& board, const std::string& rtl_pattern,
                             const std::vector<double>& loads)
{
    for (double load : loads) {
        std::vector<std::string> tlm = board, rtl = board;
        tlm.push_back("rtl.routers=[]");
        rtl.push_back("rtl.routers=[\"" + rtl_pattern + "\"]");
        tlm.push_back("traffic.load=" + std::to_string(load));
        rtl.push_back("traffic.load=" + std::to_string(load));
        const auto measure = [](const std::vector<std::string>& o) {
            return test::collect_in_child<run_summary>([o] { return std::vector<run_summary>{loaded_run(o)}; });
        };
        const auto t = measure(tlm);
        const auto r = measure(rtl);
        ASSERT_EQ(t.size(), 1u);
        ASSERT_EQ(r.size(), 1u);
        EXPECT_NEAR(r[0].latency_mean_ns, t[0].latency_mean_ns, 0.05 * t[0].latency_mean_ns)
            << "load " << load << ": mean latency RTL " << r[0].latency_mean_ns << " ns, TLM " << t[0].latency_mean_ns;
        EXPECT_NEAR(r[0].accepted_gbps, t[0].accepted_gbps, 0.02 * t[0].accepted_gbps)
            << "load " << load << ": accepted RTL " << r[0].accepted_gbps << " Gb/s, TLM " << t[0].accepted_gbps;
        std::printf("load %.2f: latency TLM %.2f RTL %.2f ns; accepted TLM %.2f RTL %.2f Gb/s\n", load,
                    t[0].latency_mean_ns, r[0].latency_mean_ns, t[0].accepted_gbps, r[0].accepted_gbps);
    }
}

TEST(rtl_router, under_load_one_rtl_router_stays_within_tolerance)
{
    expect_close_under_load({}, "board_0_0.acc_1_1.router", {0.2, 0.4, 0.6});
}

TEST(rtl_router, under_load_2x2_board_stays_within_tolerance)
{
    expect_close_under_load({"topology.board=[2,2]"}, "*", {0.2, 0.5, 0.8});
}

TEST(rtl_router, under_load_4x4_board_stays_within_tolerance)
{
    expect_close_under_load({}, "*", {0.2, 0.4, 0.6});
}

TEST(rtl_router, mixed_platform_with_switches_delivers_everything)
{
    // A 2x2 grid of 2x2 boards joined by row and column switches; board (0, 0) in RTL.
    test::run_scenario([] {
        const run_outcome out = run_simulation(rtl_config(
            {"topology.board=[2,2]", "topology.grid=[2,2]", "switch.buffer=8flits", "switch.output_buffer=0B",
             "switch.crossbar_bandwidth=128Gbps", "rtl.routers=[\"board_0_0.*\"]", "traffic.load=0.3"}));
        EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
        EXPECT_GT(out.stats["messages_delivered"].get<std::uint64_t>(), 1000u);
    });
}

TEST(rtl_router, mixed_platform_alltoall_completes)
{
    test::run_scenario([] {
        const run_outcome out = run_simulation(rtl_config(
            {"topology.board=[2,2]", "topology.grid=[2,2]", "switch.buffer=8flits", "switch.output_buffer=0B",
             "rtl.routers=[\"board_0_*\"]", "traffic.pattern=alltoall", "traffic.message_size=256B"}));
        EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
        EXPECT_EQ(out.stats["messages_delivered"].get<std::uint64_t>(), 16u * 15u);
    });
}

TEST(rtl_router, traced_rtl_router_writes_its_pins_beside_the_vcd)
{
    // A lone 4-flit packet from accelerator (0, 0) to its E neighbour: its head reaches the RTL at
    // the 1 ns edge (one flit on the injection link), may be granted 3 cycles later, and is on
    // out_valid_o (port E = 2, VC 0) from 5 ns, as on the TLM link that leaves through E.
    test::run_scenario([] {
        const std::string vcd = testing::TempDir() + "rtl_router_trace.vcd";
        test::scripted_pattern pattern;
        pattern.add(0, 1, 64);
        run_options options;
        options.pattern = &pattern;
        options.trace.path = vcd;
        options.trace.patterns = {"board_0_0.acc_0_0.*"};
        options.trace.to_ps = 100 * cycle_ps;
        const run_outcome out = run_simulation(rtl_config({}), options);
        ASSERT_TRUE(out.ok) << out.stats["failures"].dump();

        const test::vcd_file rtl = test::read_vcd(testing::TempDir() + "rtl_router_trace.board_0_0.acc_0_0.router.vcd");
        ASSERT_EQ(rtl.error, "");
        const test::vcd_variable* valid = rtl.find("board_0_0.acc_0_0.router.rtl.hx_router.out_valid_o");
        ASSERT_NE(valid, nullptr) << "no out_valid_o in the RTL waveform";
        const std::uint64_t east_vc0 = std::uint64_t{1} << (2 * verilated_router.vcs);
        EXPECT_EQ(valid->at(5 * cycle_ps - 1).value_or(~0ull), 0u);
        for (sim_ps t = 5; t < 9; ++t)
            EXPECT_EQ(valid->at(t * cycle_ps).value_or(0), east_vc0) << "flit " << t - 5;
        EXPECT_EQ(valid->at(9 * cycle_ps).value_or(~0ull), 0u);

        const test::vcd_file tlm = test::read_vcd(vcd);
        ASSERT_EQ(tlm.error, "");
        const test::vcd_variable* link = tlm.find("board_0_0.acc_0_0.link_E.valid");
        ASSERT_NE(link, nullptr);
        EXPECT_EQ(link->at(5 * cycle_ps - 1).value_or(0), 0u);
        EXPECT_EQ(link->at(5 * cycle_ps).value_or(0), 1u);
        EXPECT_EQ(link->at(9 * cycle_ps).value_or(1), 0u);
    });
}

TEST(rtl_router, same_seed_same_results)
{
    const auto run = [] {
        return test::collect_in_child<run_summary>(
            [] { return std::vector<run_summary>{loaded_run({"traffic.load=0.5", "run.duration=2us"})}; });
    };
    const auto first = run();
    const auto second = run();
    ASSERT_EQ(first.size(), 1u);
    ASSERT_EQ(second.size(), 1u);
    EXPECT_GT(first[0].delivered, 100u);
    EXPECT_EQ(first[0].delivered, second[0].delivered);
    EXPECT_EQ(first[0].latency_mean_ns, second[0].latency_mean_ns);
    EXPECT_EQ(first[0].latency_max_ns, second[0].latency_max_ns);
    EXPECT_EQ(first[0].accepted_gbps, second[0].accepted_gbps);
}

TEST(rtl_router, a_pattern_that_selects_no_router_is_an_error)
{
    const platform_config config = rtl_config({"rtl.routers=[\"board_0_0.*\", \"board_1_0.*\"]"});
    try {
        check_platform(config);
        ADD_FAILURE() << "accepted a pattern that matches nothing";
    } catch (const config_error& e) {
        EXPECT_EQ(std::string(e.what()),
                  config.source + ": rtl.routers: the pattern 'board_1_0.*' matches no accelerator router; they are "
                                  "named board_<board row>_<board column>.acc_<row>_<column>.router, from "
                                  "board_0_0.acc_0_0.router to board_0_0.acc_3_3.router");
    }
}

TEST(rtl_router, saturation_throughput_within_2_percent)
{
    // Far past saturation (offered 1.0, saturation near 0.61): what the network still accepts.
    const auto accepted = [](const std::string& routers) {
        const auto r = test::collect_in_child<run_summary>(
            [routers] { return std::vector<run_summary>{loaded_run({"traffic.load=1.0", "rtl.routers=" + routers})}; });
        return r.empty() ? 0.0 : r[0].accepted_gbps;
    };
    const double tlm = accepted("[]");
    const double rtl = accepted("[\"*\"]");
    EXPECT_GT(tlm, 0.0);
    EXPECT_NEAR(rtl, tlm, 0.02 * tlm) << "accepted at saturation: RTL " << rtl << " Gb/s, TLM " << tlm;
}

}  // namespace
}  // namespace hxsim
