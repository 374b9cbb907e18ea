// The watchdog: a network that deadlocks must fail the run with a diagnostic that names the
// buffers where packets are stuck. A ring of routers with one VC, tiny buffers and every packet
// going clockwise is the textbook cyclic dependency.
#include <functional>
#include <memory>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "models/link/link.h"
#include "models/nic/nic.h"
#include "models/router/router.h"
#include "models/topology/platform.h"
#include "tb/scoreboard.h"
#include "tb/traffic_generator.h"
#include "tb/watchdog.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

/// Port 0 is the NIC, port 1 the ring: always clockwise, a single VC class.
class clockwise_routing : public routing_algorithm {
public:
    unsigned vc_classes() const override { return 1; }
    void route(std::uint32_t router_id, std::uint16_t, const packet& pkt, route_candidates& out) const override
    {
        out.add(router_id == pkt.dst ? 0 : 1, 0);
    }
};

class ring_platform : public platform {
public:
    explicit ring_platform(unsigned nodes)
    {
        constexpr std::uint64_t flit = 256;
        const link_params wire{400'000'000'000, 10'000, flit};
        for (unsigned i = 0; i < nodes; ++i) {
            router_params rp;
            rp.id = i;
            rp.ports = 2;
            rp.vcs = 1;
            rp.flit_bytes = flit;
            rp.buffer_bytes = flit;  // one single-flit packet per buffer
            rp.input_latency_ps = 1000;
            rp.output_latency_ps = 1000;
            rp.crossbar_bandwidth_bps = 800'000'000'000;
            rp.routing = &m_routing;
            rp.downstream_buffer_flits = {1, 1};
            m_router_modules.push_back(std::make_unique<router>(fmt::format("ring_router_{}", i).c_str(), rp));

            nic_params np;
            np.id = i;
            np.accelerators = nodes;
            np.mtu_bytes = flit;
            np.flit_bytes = flit;
            np.vcs = 1;
            np.injection_vcs = 1;
            np.router_buffer_flits = 1;
            np.receive_buffer_flits = 1;
            np.pool = &m_pool;
            np.counters = &m_counters;
            m_nics.push_back(std::make_unique<nic>(fmt::format("ring_nic_{}", i).c_str(), np));
            for (const char* what : {"inject", "eject", "ring"})
                m_link_modules.push_back(std::make_unique<link>(fmt::format("ring_link_{}_{}", what, i).c_str(), wire));
        }
        for (unsigned i = 0; i < nodes; ++i) {
            link& inject = *m_link_modules[3 * i];
            link& eject = *m_link_modules[3 * i + 1];
            link& ring = *m_link_modules[3 * i + 2];
            m_nics[i]->net_out.bind(inject.in);
            inject.out.bind(m_router_modules[i]->in[0]);
            m_router_modules[i]->out[0].bind(eject.in);
            eject.out.bind(m_nics[i]->net_in);
            m_router_modules[i]->out[1].bind(ring.in);
            ring.out.bind(m_router_modules[(i + 1) % nodes]->in[1]);
            m_routers.push_back(m_router_modules[i].get());
        }
    }

    unsigned accelerators() const override { return static_cast<unsigned>(m_nics.size()); }
    nic& nic_of(unsigned i) override { return *m_nics[i]; }
    terminal_grid layout() const override
    {
        terminal_grid grid{1, accelerators(), {}};
        for (unsigned i = 0; i < accelerators(); ++i)
            grid.terminal_at.push_back(i);
        return grid;
    }

private:
    clockwise_routing m_routing;
    std::vector<std::unique_ptr<router>> m_router_modules;
    std::vector<std::unique_ptr<nic>> m_nics;
    std::vector<std::unique_ptr<link>> m_link_modules;
};

TEST(watchdog, reports_a_deadlocked_ring_with_the_stuck_buffers)
{
    test::run_scenario([] {
        constexpr unsigned nodes = 4;
        ring_platform ring(nodes);
        test::scripted_pattern pattern;
        for (std::uint32_t s = 0; s < nodes; ++s)
            for (int m = 0; m < 20; ++m)
                pattern.add(s, (s + 2) % nodes, 256);
        scoreboard board(nodes, 0, 1'000'000);
        traffic_generator traffic("traffic", ring, pattern, board, traffic_generator_params{0, 1});
        watchdog dog("watchdog", 100'000'000, ring, board, traffic);
        sc_core::sc_start();

        ASSERT_TRUE(board.failed());
        const std::string& what = board.failures()[0];
        EXPECT_NE(what.find("deadlock"), std::string::npos) << what;
        EXPECT_NE(what.find("ring_router_0.in_1"), std::string::npos) << what;
        EXPECT_NE(what.find("Undelivered messages"), std::string::npos) << what;
        EXPECT_GT(board.outstanding(), 0u);
        // It fired one period after the last progress, not at once and not never.
        EXPECT_GE(sc_core::sc_time_stamp(), sc_core::sc_time(100, sc_core::SC_US));
    });
}

/// The same ring lightly loaded: `messages` messages, one in flight at a time, so that no cycle
/// of full buffers can form; with `phantom`, one more registered as posted that no NIC is given,
/// as if its packets had vanished. Hands the scoreboard after the run to `check`.
void run_light_ring(std::uint32_t messages, bool phantom, const std::function<void(const scoreboard&)>& check)
{
    constexpr unsigned nodes = 4;
    ring_platform ring(nodes);
    test::scripted_pattern pattern;
    for (std::uint32_t m = 0; m < messages; ++m)
        pattern.add(m % nodes, (m + 2) % nodes, 256, m * 1'000'000);
    scoreboard board(nodes, 0, 1'000'000'000);
    if (phantom)
        board.expect(0, 1, 256, 7, 0);  // a pair the pattern does not use: its order stays its own
    traffic_generator traffic("traffic", ring, pattern, board, traffic_generator_params{0, 1});
    watchdog dog("watchdog", 100'000'000, ring, board, traffic);
    sc_core::sc_start();
    check(board);
}

TEST(watchdog, reports_messages_outstanding_with_no_packet_in_flight_as_lost)
{
    test::run_scenario([] {
        run_light_ring(4, true, [](const scoreboard& board) {
            ASSERT_TRUE(board.failed());
            const std::string& what = board.failures()[0];
            EXPECT_NE(what.find("1 messages outstanding but no packet in flight: packets were lost"),
                      std::string::npos)
                << what;
            EXPECT_NE(what.find("0 -> 1, 256 B"), std::string::npos) << what;
            EXPECT_EQ(board.delivered_count(), 4u);  // the others went through
        });
    });
}

TEST(watchdog, stays_quiet_when_the_same_ring_is_lightly_loaded)
{
    test::run_scenario([] {
        run_light_ring(10, false, [](const scoreboard& board) {
            EXPECT_FALSE(board.failed()) << (board.failed() ? board.failures()[0] : "");
            EXPECT_EQ(board.delivered_count(), 10u);
        });
    });
}

}  // namespace
}  // namespace hxsim
