// The run's self-check: exactly-once delivery under heavy load, and loud failure when a packet's
// header is corrupted, a message misdelivered, delivered twice or its content corrupted.
#include <gtest/gtest.h>

#include <vector>

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

/// Tampers with one packet in flight, the way a faulty router would: its header says another
/// piece of its message, another message, or another destination.
class fault_injector : public forward_observer {
public:
    enum class fault { change_piece, change_message, misroute };
    fault_injector(fault f, std::uint64_t packet_id) : m_fault(f), m_packet(packet_id) {}

    void on_forward(std::uint32_t, std::uint16_t, std::uint16_t, std::uint8_t, const packet& pkt) override
    {
        if (pkt.id != m_packet || m_done)
            return;
        m_done = true;
        auto& victim = const_cast<packet&>(pkt);
        switch (m_fault) {
        case fault::change_piece: victim.piece ^= 1; break;
        case fault::change_message: victim.message = 0x7fffffff; break;
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
    // A NIC that finds a packet not of its message raises an error, which fails the run as it does
    // outside the tests (test_main's handler would fail the test instead).
    sc_core::sc_report_handler::set_handler(sc_core::sc_report_handler::default_handler);
    const platform_config config = test::config_with(overrides);
    fault_injector injector(f, 100);
    run_options options;
    options.observer = &injector;
    return run_simulation(config, options);
}

TEST(scoreboard, detects_a_packet_carrying_another_piece_of_its_message)
{
    test::run_scenario([] {
        // Messages of two 8 KiB packets: packet 100 claims its sibling's piece, which then comes twice.
        const run_outcome out = run_with_fault(fault_injector::fault::change_piece, {"traffic.message_size=16KiB"});
        ASSERT_FALSE(out.ok);
        EXPECT_NE(out.failures[0].find("duplicates piece"), std::string::npos) << out.failures[0];
    });
}

TEST(scoreboard, detects_a_packet_naming_no_message)
{
    test::run_scenario([] {
        const run_outcome out = run_with_fault(fault_injector::fault::change_message, {"traffic.message_size=16KiB"});
        ASSERT_FALSE(out.ok);
        EXPECT_NE(out.failures[0].find("packet #100 names no message"), std::string::npos) << out.failures[0];
    });
}

TEST(scoreboard, detects_a_misdelivered_packet)
{
    test::run_scenario([] {
        // The packet is steered to another accelerator, whose NIC finds it is not of its messages.
        const run_outcome out = run_with_fault(fault_injector::fault::misroute, {"run.watchdog=50us"});
        ASSERT_FALSE(out.ok);
        EXPECT_NE(out.failures[0].find("packet #100"), std::string::npos) << out.failures[0];
        EXPECT_NE(out.failures[0].find("does not fit message"), std::string::npos) << out.failures[0];
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

TEST(scoreboard, detects_corrupted_bytes_and_a_wrong_checksum_on_delivery)
{
    test::run_scenario([] {
        const std::uint64_t seed = 5;
        std::vector<std::uint8_t> bytes(300);
        payload_bytes(seed, bytes.data(), bytes.size());
        tlm::tlm_generic_payload trans;
        auto* ext = new message_extension;
        trans.set_extension(ext);
        trans.set_address(1);
        trans.set_data_length(300);

        // Real bytes, one of them flipped on the way.
        scoreboard with_bytes(4, 0, 1000);
        ext->id = with_bytes.expect(1, 2, 300, seed, 0);
        bytes[123] ^= 0x10;
        ext->checksum = bytes_checksum(bytes.data(), 0, bytes.size());
        trans.set_data_ptr(bytes.data());
        with_bytes.delivered(2, trans, 10);
        ASSERT_TRUE(with_bytes.failed());
        EXPECT_NE(with_bytes.failures()[0].find("payload corrupt at byte 123"), std::string::npos)
            << with_bytes.failures()[0];

        // Seeded content whose pieces' checksums do not add up to the message's.
        scoreboard seeded(4, 0, 1000);
        ext->id = seeded.expect(1, 2, 300, seed, 0);
        ext->checksum = seeded_checksum(seed, 0, 300) + 1;
        trans.set_data_ptr(nullptr);
        seeded.delivered(2, trans, 10);
        ASSERT_TRUE(seeded.failed());
        EXPECT_NE(seeded.failures()[0].find("payload checksum mismatch"), std::string::npos) << seeded.failures()[0];
        ext->checksum -= 1;
        scoreboard right(4, 0, 1000);
        ext->id = right.expect(1, 2, 300, seed, 0);
        right.delivered(2, trans, 10);
        EXPECT_FALSE(right.failed());
    });
}

}  // namespace
}  // namespace hxsim
