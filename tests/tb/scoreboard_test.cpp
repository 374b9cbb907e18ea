// The run's self-check: exactly-once delivery under heavy load, and loud failure when a packet is
// corrupted, misdelivered or delivered twice.
#include <gtest/gtest.h>

#include "models/nic/message.h"
#include "tb/scoreboard.h"
#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

TEST(scoreboard, exactly_once_at_90_percent_load_on_hx2mesh_4x4_boards)
{
    test::run_scenario([] {
        const platform_config config = test::config_with(
            {"topology.board=[2,2]", "topology.grid=[4,4]", "traffic.pattern=uniform", "traffic.load=0.9",
             "traffic.message_size=8KiB", "traffic.inline_payload=8KiB"});
        const run_outcome out = run_simulation(config);
        ASSERT_TRUE(out.ok) << out.stats["failures"].dump();
        const auto injected = out.stats["messages_injected"].get<std::uint64_t>();
        EXPECT_GT(injected, 5000u);
        EXPECT_EQ(out.stats["messages_delivered"].get<std::uint64_t>(), injected);
        EXPECT_EQ(out.stats["packets_delivered"], out.stats["packets_injected"]);
        EXPECT_EQ(out.stats["bytes_delivered"], out.stats["bytes_injected"]);
    });
}

TEST(scoreboard, exactly_once_for_permutation_traffic)
{
    test::run_scenario([] {
        const platform_config config = test::config_with({"traffic.pattern=permutation", "traffic.load=0.9"});
        const run_outcome out = run_simulation(config);
        ASSERT_TRUE(out.ok) << out.stats["failures"].dump();
        EXPECT_EQ(out.stats["messages_delivered"], out.stats["messages_injected"]);
    });
}

/// Tampers with one packet in flight, the way a faulty router would.
class fault_injector : public forward_observer {
public:
    enum class fault { flip_payload_byte, change_checksum, misroute };
    fault_injector(fault f, std::uint64_t packet_id) : m_fault(f), m_packet(packet_id) {}

    void on_forward(std::uint32_t, std::uint16_t, std::uint16_t, std::uint8_t, const packet& pkt) override
    {
        if (pkt.id != m_packet || m_done)
            return;
        m_done = true;
        auto& victim = const_cast<packet&>(pkt);
        switch (m_fault) {
        case fault::flip_payload_byte: victim.data.at(victim.data.size() / 2) ^= 0x10; break;
        case fault::change_checksum: victim.checksum += 1; break;
        case fault::misroute: victim.dst = (victim.dst + 1) % 64 == victim.src ? (victim.dst + 2) % 64 : (victim.dst + 1) % 64; break;
        }
    }

private:
    fault m_fault;
    std::uint64_t m_packet;
    bool m_done = false;
};

run_outcome run_with_fault(fault_injector::fault f, const std::vector<std::string>& overrides)
{
    const platform_config config = test::config_with(overrides);
    fault_injector injector(f, 100);
    run_options options;
    options.observer = &injector;
    return run_simulation(config, options);
}

TEST(scoreboard, detects_a_corrupted_payload_byte)
{
    test::run_scenario([] {
        const run_outcome out = run_with_fault(fault_injector::fault::flip_payload_byte,
                                               {"traffic.message_size=2KiB", "traffic.inline_payload=2KiB"});
        ASSERT_FALSE(out.ok);
        EXPECT_NE(out.failures[0].find("payload corrupt"), std::string::npos) << out.failures[0];
    });
}

TEST(scoreboard, detects_a_corrupted_bulk_packet)
{
    test::run_scenario([] {
        const run_outcome out = run_with_fault(fault_injector::fault::change_checksum, {"traffic.inline_payload=0B"});
        ASSERT_FALSE(out.ok);
        EXPECT_NE(out.failures[0].find("checksum"), std::string::npos) << out.failures[0];
    });
}

TEST(scoreboard, detects_a_lost_packet)
{
    test::run_scenario([] {
        // The packet is steered to another accelerator: its message never completes.
        const run_outcome out = run_with_fault(fault_injector::fault::misroute, {"run.watchdog=50us"});
        ASSERT_FALSE(out.ok);
        EXPECT_NE(out.failures[0].find("lost"), std::string::npos) << out.failures[0];
        EXPECT_LT(out.stats["messages_delivered"].get<std::uint64_t>(), out.stats["messages_injected"].get<std::uint64_t>());
    });
}

TEST(scoreboard, detects_a_message_delivered_twice_or_to_the_wrong_place)
{
    test::run_scenario([] {
        scoreboard board(4, 0, 1000);
        const std::uint64_t seed = 99;
        const std::uint64_t id = board.expect(0, 3, 100, seed, 0);
        tlm::tlm_generic_payload trans;
        auto* ext = new message_extension;
        trans.set_extension(ext);
        ext->id = id;
        ext->checksum = seeded_checksum(seed, 0, 100);
        trans.set_address(0);
        trans.set_data_length(100);
        board.delivered(3, trans, 10);
        EXPECT_FALSE(board.failed());
        EXPECT_EQ(board.outstanding(), 0u);
        board.delivered(3, trans, 20);
        ASSERT_TRUE(board.failed());
        EXPECT_NE(board.failures()[0].find("delivered twice"), std::string::npos) << board.failures()[0];

        scoreboard other(4, 0, 1000);
        ext->id = other.expect(0, 3, 100, seed, 0);
        other.delivered(2, trans, 10);
        ASSERT_TRUE(other.failed());
        EXPECT_NE(other.failures()[0].find("arrived at 2"), std::string::npos) << other.failures()[0];
    });
}

}  // namespace
}  // namespace hxsim
