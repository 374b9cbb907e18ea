// The link's ends (link_sender_end, link_receiver_end): packets reach the receiver's port when the
// link's bandwidth and latency say, and the link counts them, whether the sender drives the wire
// the link lent it or calls a traced link, which must then record them; credits a receiver
// returns reach the sender's port at the instant the link's latency says, with their VC, count
// and spacing, whether they go straight to the sender or through a traced link, which must then
// see them.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>
#include <systemc>

#include "models/link/link.h"
#include "models/trace/vcd_writer.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

struct credit_record {
    unsigned port;
    unsigned vc;
    std::uint32_t credits;
    sim_ps interval_ps;
    sim_ps at_ps;
    bool operator==(const credit_record& o) const
    {
        return port == o.port && vc == o.vc && credits == o.credits && interval_ps == o.interval_ps && at_ps == o.at_ps;
    }
};

/// Sends nothing; records the credits that come back to its output port 3.
struct credit_sink : sc_core::sc_module, link_port_owner {
    link_initiator_socket out{"out", *this, 3};
    std::vector<credit_record> seen;

    explicit credit_sink(const sc_core::sc_module_name& n) : sc_core::sc_module(n) {}
    void packet_arrives(unsigned, const link_beat&, sim_ps) override { ADD_FAILURE() << "no packet was sent"; }
    void credits_arrive(unsigned port, const link_beat& beat, sim_ps at_ps) override
    {
        seen.push_back(credit_record{port, beat.vc, beat.credits, beat.interval_ps, at_ps});
    }
};

/// At `at_ps`, returns 5 credits of VC 2, the first `delay_ps` from then, then one every 700 ps.
struct credit_source : sc_core::sc_module, link_port_owner {
    link_target_socket in{"in", *this, 0};
    link_receiver_end end;
    sim_ps at_ps = 0;
    sim_ps delay_ps = 0;
    sc_core::sc_event tick;

    explicit credit_source(const sc_core::sc_module_name& n) : sc_core::sc_module(n)
    {
        SC_HAS_PROCESS(credit_source);
        SC_METHOD(give);
        sensitive << tick;
        dont_initialize();
    }
    void start_of_simulation() override
    {
        end.find(in);
        tick.notify(to_sc_time(at_ps));
    }
    void give() { end.return_credits(2, 5, delay_ps, 700); }
    void packet_arrives(unsigned, const link_beat&, sim_ps) override {}
    void credits_arrive(unsigned, const link_beat&, sim_ps) override {}
};

/// The credits the sink saw, with the link traced or not; `trace_records`: what the trace recorded.
std::vector<credit_record> returned_credits(bool traced, std::size_t* trace_records = nullptr)
{
    link_params params;
    params.bandwidth_bps = 400'000'000'000;
    params.latency_ps = 40'000;
    params.flit_bytes = 256;
    credit_sink sink("sink");
    credit_source source("source");
    source.at_ps = 1'000'000;
    source.delay_ps = 2'500;
    link wire("wire", params);
    sink.out.bind(wire.in);
    wire.out.bind(source.in);
    trace_options options;
    options.path = "unused.vcd";
    vcd_writer writer(options);
    if (traced)
        wire.attach_trace(writer);
    const std::size_t before = writer.records();
    sc_core::sc_start();
    if (trace_records)
        *trace_records = writer.records() - before;
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

struct arrival_record {
    unsigned port;
    unsigned vc;
    std::uint64_t packet_id;
    sim_ps head_ps;
    sim_ps tail_ps;
    bool operator==(const arrival_record& o) const
    {
        return port == o.port && vc == o.vc && packet_id == o.packet_id && head_ps == o.head_ps && tail_ps == o.tail_ps;
    }
};

/// At 1 us, sends two packets on VC 1 back to back: 8 KiB, its tail there at once, then 1 KiB,
/// its tail available only at 1.3 us; records when each tail left and the pace the link gave.
struct packet_source : sc_core::sc_module, link_port_owner {
    link_initiator_socket out{"out", *this, 0};
    link_sender_end end;
    packet first, second;
    std::vector<sim_ps> tails_left;
    sim_ps pace_ps = 0;
    sc_core::sc_event tick;

    explicit packet_source(const sc_core::sc_module_name& n) : sc_core::sc_module(n)
    {
        SC_HAS_PROCESS(packet_source);
        SC_METHOD(send);
        sensitive << tick;
        dont_initialize();
        first.id = 7;
        first.bytes = 8192;
        first.flits = 32;
        first.vc = 1;
        second.id = 8;
        second.bytes = 1024;
        second.flits = 4;
        second.vc = 1;
    }
    void start_of_simulation() override
    {
        end.find(out);
        tick.notify(to_sc_time(1'000'000));
    }
    void send()
    {
        const sim_ps first_left = end.send(&first, 1'000'000, 1'000'000, &pace_ps);
        tails_left = {first_left, end.send(&second, first_left, 1'300'000)};
    }
    void packet_arrives(unsigned, const link_beat&, sim_ps) override {}
    void credits_arrive(unsigned, const link_beat&, sim_ps) override {}
};

/// Records the packets that reach its input port 4.
struct packet_sink : sc_core::sc_module, link_port_owner {
    link_target_socket in{"in", *this, 4};
    std::vector<arrival_record> seen;

    explicit packet_sink(const sc_core::sc_module_name& n) : sc_core::sc_module(n) {}
    void packet_arrives(unsigned port, const link_beat& beat, sim_ps head_ps) override
    {
        seen.push_back(arrival_record{port, beat.vc, beat.pkt->id, head_ps, beat.tail_ps});
    }
    void credits_arrive(unsigned, const link_beat&, sim_ps) override { ADD_FAILURE() << "no credit was returned"; }
};

/// Sends the two packets over a 400 Gb/s link of 40 ns, 256 B flits (5,120 ps a flit), traced or
/// not, and checks what the receiver, the sender and the link's counters saw.
void check_packets_carried(bool traced)
{
    link_params params;
    params.bandwidth_bps = 400'000'000'000;
    params.latency_ps = 40'000;
    params.flit_bytes = 256;
    packet_source source("source");
    packet_sink sink("sink");
    link wire("wire", params);
    source.out.bind(wire.in);
    wire.out.bind(sink.in);
    trace_options options;
    options.path = "unused.vcd";
    vcd_writer writer(options);
    if (traced)
        wire.attach_trace(writer);
    const std::size_t before = writer.records();
    sc_core::sc_start();

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
        EXPECT_GT(writer.records(), before);  // valid, packet, src, dst and vc of each
    else
        EXPECT_EQ(writer.records(), before);
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
