// The transaction-level router (models/router/router.cpp): when a blocked packet chooses its
// output VC again, and when a request that lost allocation tries again.
#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "models/core/packet.h"
#include "models/core/sim_time.h"
#include "tb/simulation.h"
#include "tb/traffic/rng.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

/// One forwarding decision, as the observer saw it.
struct decision {
    std::uint32_t router = 0, src = 0, dst = 0, piece = 0;
    sim_ps injected_ps = 0;  // with src, dst and piece: the packet, the same in runs with other traffic
    std::uint16_t in_port = 0, out_port = 0;
    std::uint8_t out_vc = 0;
    sim_ps at_ps = 0;
    auto key() const { return std::tie(src, dst, injected_ps, piece, router, in_port, out_port, out_vc, at_ps); }
    bool operator<(const decision& o) const { return key() < o.key(); }
    bool operator==(const decision& o) const { return key() == o.key(); }
};

/// Records the decisions taken for packets from `sources`.
class decision_log : public forward_observer {
public:
    explicit decision_log(std::set<std::uint32_t> sources) : m_sources(std::move(sources)) {}

    void on_forward(std::uint32_t router_id, std::uint16_t in_port, std::uint16_t out_port, std::uint8_t out_vc,
                    const packet& pkt) override
    {
        if (m_sources.count(pkt.src) != 0)
            decisions.push_back(decision{router_id, pkt.src, pkt.dst, pkt.piece, pkt.injected_ps, in_port, out_port,
                                         out_vc, now_ps()});
    }

    std::vector<decision> decisions;

private:
    std::set<std::uint32_t> m_sources;
};

/// The 8x8 mesh with XY routing, 2 VCs and output buffers of one packet (and `overrides`). The
/// accelerators on the black squares of a chessboard send to others of their column (north-south
/// traffic only), those on the white squares, if `with_rows`, to others of their row (east-west
/// only): the two sets share every router but no port, link, buffer or allocator pointer. Each
/// sends 20 messages of 256 B, one every `interval_ps` (east-west: `rows_offset_ps` later).
/// Returns the decisions taken for the north-south packets, in order.
std::vector<decision> column_decisions(const std::vector<std::string>& overrides, sim_ps interval_ps,
                                       sim_ps rows_offset_ps, bool with_rows)
{
    return test::collect_in_child<decision>([&overrides, interval_ps, rows_offset_ps, with_rows] {
        std::vector<std::string> settings{"router.output_buffer=64B"};
        settings.insert(settings.end(), overrides.begin(), overrides.end());
        const platform_config config =
            load_config(std::string(HXSIM_SOURCE_DIR) + "/configs/mesh-8x8.yaml", settings);
        const auto at = [](unsigned row, unsigned col) { return row * 8 + col; };
        test::scripted_pattern pattern;
        std::set<std::uint32_t> columns;
        rng random(1);
        const auto next = [&random](unsigned n) { return static_cast<unsigned>(random.below(n)); };
        for (unsigned row = 0; row < 8; ++row)
            for (unsigned col = 0; col < 8; ++col) {
                const bool black = (row + col) % 2 == 0;
                if (black)
                    columns.insert(at(row, col));
                for (unsigned m = 0; m < 20; ++m) {
                    // Another square of the same colour on its column (black) or row (white).
                    const unsigned other = (black ? row : col) + 2 + 2 * next(3);
                    const unsigned to = other % 8;
                    if (black)
                        pattern.add(at(row, col), at(to, col), 256, m * interval_ps);
                    else if (with_rows)
                        pattern.add(at(row, col), at(row, to), 256, m * interval_ps + rows_offset_ps);
                }
            }
        decision_log log(columns);
        run_options options;
        options.pattern = &pattern;
        options.observer = &log;
        const run_outcome out = run_simulation(config, options);
        EXPECT_TRUE(out.ok) << out.stats["failures"].dump();
        std::sort(log.decisions.begin(), log.decisions.end());
        return log.decisions;
    });
}

/// Run alone and with the east-west traffic, the north-south packets must take the same decisions
/// at the same times.
void expect_columns_unmoved_by_rows(const std::vector<std::string>& overrides, sim_ps interval_ps,
                                    sim_ps rows_offset_ps = 0)
{
    const std::vector<decision> alone = column_decisions(overrides, interval_ps, rows_offset_ps, false);
    const std::vector<decision> crossed = column_decisions(overrides, interval_ps, rows_offset_ps, true);
    ASSERT_GT(alone.size(), 0u);
    ASSERT_EQ(alone.size(), crossed.size());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < alone.size(); ++i)
        differ += alone[i] == crossed[i] ? 0 : 1;
    EXPECT_EQ(differ, 0u) << "of " << alone.size() << " decisions";
}

TEST(router, a_blocked_packet_keeps_its_choice_when_its_router_wakes_for_other_traffic)
{
    // They would differ if a blocked packet chose again whenever its router wakes up.
    expect_columns_unmoved_by_rows({}, 20'000);
}

TEST(router, a_request_that_lost_allocation_tries_again_in_the_next_cycle_not_when_its_router_wakes_for_other_traffic)
{
    // Under more load, requests lose allocation. The other traffic wakes their router again in
    // the same cycle (clocked), or within the crossbar's flit time (unclocked, as in the paper's
    // configurations; the east-west traffic a third of it off): the decisions would differ if a
    // request tried again then.
    expect_columns_unmoved_by_rows({}, 5'000);
    expect_columns_unmoved_by_rows({"router.routing_cycles=0", "router.vc_allocation_cycles=0",
                                    "router.switch_allocation_cycles=0", "router.switch_traversal_cycles=0"},
                                   5'000, 333);
}

}  // namespace
}  // namespace hxsim
