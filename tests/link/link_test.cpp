// The link's ends (link_sender_end, link_receiver_end): credits a receiver returns reach the
// sender's port at the instant the link's latency says, with their VC, count and spacing, whether
// they go straight to the sender or through a traced link, which must then see them.
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

}  // namespace
}  // namespace hxsim
