// The link's ends (link_sender_end, link_receiver_end): packets reach the receiver's port when the
// link's bandwidth and latency say, and the link counts them, whether the sender drives the wire
// the link lent it or calls a traced link, which must then record them; credits a receiver
// returns reach the sender's port at the instant the link's latency says, with their VC, count
// and spacing, whether they go straight to the sender or through a traced link, which must then
// see them.
#include <cstdint>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <systemc>

#include "models/link/link.h"
#include "models/trace/vcd_writer.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

/// The link of these tests: 400 Gb/s, 40 ns, 256 B flits (5,120 ps a flit).
link_params test_link()
{
    link_params params;
    params.bandwidth_bps = 400'000'000'000;
    params.latency_ps = 40'000;
    params.flit_bytes = 256;
    return params;
}

/// Runs the simulation to its end, `wire` traced or not; returns the records its trace made.
std::size_t run_traced_or_not(link& wire, bool traced)
{
    trace_options options;
    options.path = "unused.vcd";
    vcd_writer writer(options);
    if (traced)
        wire.attach_trace(writer);
    const std::size_t before = writer.records();
    sc_core::sc_start();
    return writer.records() - before;
}

/// Credits returned to a port: (port, VC, credits, interval, when the first arrives).
using credit_record = std::tuple<unsigned, unsigned, std::uint32_t, sim_ps, sim_ps>;

/// Sends nothing; records the credits that come back to its output port 3.
struct credit_sink : sc_core::sc_module, link_port_owner {
    link_initiator_socket out{"out", *this, 3};
    std::vector<credit_record> seen;

    explicit credit_sink(const sc_core::sc_module_name& n) : sc_core::sc_module(n) {}
    void packet_arrives(unsigned, const link_beat&, sim_ps) override { ADD_FAILURE() << "no packet was sent"; }
    void credits_arrive(unsigned port, const link_beat& beat, sim_ps at_ps) override
    {
        seen.emplace_back(port, beat.vc, beat.credits, beat.interval_ps, at_ps);
    }
};

/// A model that acts once, at `at_ps` (act()), having found its link ends (find_ends()).
struct one_shot : sc_core::sc_module, link_port_owner {
    sim_ps at_ps = 0;
    sc_core::sc_event tick;

    one_shot(const sc_core::sc_module_name& n, sim_ps at) : sc_core::sc_module(n), at_ps(at)
    {
        SC_HAS_PROCESS(one_shot);
        SC_METHOD(act);
        sensitive << tick;
        dont_initialize();
    }
    virtual void find_ends() = 0;
    virtual void act() = 0;
    void start_of_simulation() override
    {
        find_ends();
        tick.notify(to_sc_time(at_ps));
    }
    void packet_arrives(unsigned, const link_beat&, sim_ps) override {}
    void credits_arrive(unsigned, const link_beat&, sim_ps) override {}
};

/// At 1 us, returns 5 credits of VC 2, the first `delay_ps` from then, then one every 700 ps.
struct credit_source : one_shot {
    link_target_socket in{"in", *this, 0};
    link_receiver_end end;
    sim_ps delay_ps = 0;

    explicit credit_source(const sc_core::sc_module_name& n) : one_shot(n, 1'000'000) {}
    void find_ends() override { end.find(in); }
    void act() override { end.return_credits(2, 5, delay_ps, 700); }
};

/// The credits the sink saw, with the link traced or not; `trace_records`: what the trace recorded.
std::vector<credit_record> returned_credits(bool traced, std::size_t* trace_records = nullptr)
{
    credit_sink sink("sink");
    credit_source source("source");
    source.delay_ps = 2'500;
    link wire("wire", test_link());
    sink.out.bind(wire.in);
    wire.out.bind(source.in);
    const std::size_t records = run_traced_or_not(wire, traced);
    if (trace_records)
        *trace_records = records;
    return sink.seen;
}

const std::vector<credit_record> expected{{3, 2, 5, 700, 1'000'000 + 2'500 + 40'000}};

TEST(link, credits_reach_the_sender_after_the_delay_and_the_latency)
{
    test::run_scenario([] { EXPECT_EQ(returned_credits(false), expected); });
}

TEST(link, a_traced_link_sees_the_credits_it_carries_back)
{
    test::run_scenario([] {
        std::size_t records = 0;
        EXPECT_EQ(returned_credits(true, &records), expected);
        EXPECT_EQ(records, 1u);  // one train
    });
}

/// A packet arrived at a port: (port, VC, packet id, head arrival, tail arrival).
using arrival_record = std::tuple<unsigned, unsigned, std::uint64_t, sim_ps, sim_ps>;

/// At 1 us, sends two packets on VC 1 back to back: 8 KiB, its tail there at once, then 1 KiB,
/// its tail available only at 1.3 us; records when each tail left and the pace the link gave.
struct packet_source : one_shot {
    link_initiator_socket out{"out", *this, 0};
    link_sender_end end;
    packet first, second;
    std::vector<sim_ps> tails_left;
    sim_ps pace_ps = 0;

    explicit packet_source(const sc_core::sc_module_name& n) : one_shot(n, 1'000'000)
    {
        first.id = 7;
        first.bytes = 8192;
        first.flits = 32;
        first.vc = 1;
        second.id = 8;
        second.bytes = 1024;
        second.flits = 4;
        second.vc = 1;
    }
    void find_ends() override { end.find(out); }
    void act() override
    {
        const sim_ps first_left = end.send(&first, 1'000'000, 1'000'000, &pace_ps);
        tails_left = {first_left, end.send(&second, first_left, 1'300'000)};
    }
};

/// Records the packets that reach its input port 4.
struct packet_sink : sc_core::sc_module, link_port_owner {
    link_target_socket in{"in", *this, 4};
    std::vector<arrival_record> seen;

    explicit packet_sink(const sc_core::sc_module_name& n) : sc_core::sc_module(n) {}
    void packet_arrives(unsigned port, const link_beat& beat, sim_ps head_ps) override
    {
        seen.emplace_back(port, beat.vc, beat.pkt->id, head_ps, beat.tail_ps);
    }
    void credits_arrive(unsigned, const link_beat&, sim_ps) override { ADD_FAILURE() << "no credit was returned"; }
};

/// Sends the two packets over the test link, traced or not, and checks what the receiver, the
/// sender and the link's counters saw.
void check_packets_carried(bool traced)
{
    packet_source source("source");
    packet_sink sink("sink");
    link wire("wire", test_link());
    source.out.bind(wire.in);
    wire.out.bind(sink.in);
    const std::size_t records = run_traced_or_not(wire, traced);

    // The first tail leaves 8 KiB at 400 Gb/s after the head (163,840 ps); the second starts
    // then, its tail held back to one flit time after it is available (1,300,000 + 5,120).
    const std::vector<sim_ps> tails_left{1'163'840, 1'305'120};
    EXPECT_EQ(source.tails_left, tails_left);
    EXPECT_EQ(source.pace_ps, 5'120);
    const std::vector<arrival_record> expected_arrivals{
        {4, 1, 7, 1'000'000 + 5'120 + 40'000, 1'163'840 + 40'000},
        {4, 1, 8, 1'163'840 + 5'120 + 40'000, 1'305'120 + 40'000}};
    EXPECT_EQ(sink.seen, expected_arrivals);
    EXPECT_EQ(wire.packets(), 2u);
    EXPECT_EQ(wire.bytes(), 8192u + 1024u);
    EXPECT_EQ(wire.busy_ps(), 163'840 + (1'305'120 - 1'163'840));
    if (traced)
        EXPECT_GT(records, 0u);  // valid, packet, src, dst and vc of each
    else
        EXPECT_EQ(records, 0u);
}

TEST(link, packets_reach_the_receiver_at_the_pace_and_latency_of_the_link)
{
    test::run_scenario([] { check_packets_carried(false); });
}

TEST(link, a_traced_link_records_the_packets_it_carries_and_times_them_alike)
{
    test::run_scenario([] { check_packets_carried(true); });
}

}  // namespace
}  // namespace hxsim
