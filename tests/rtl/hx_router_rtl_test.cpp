// The RTL router (rtl/hx_router.sv) alone, verilated with its default parameters, driven pin by
// pin from scripted and random sources. Time is counted in rising edges: edge 0 is the first one
// after reset is released; a flit "written at edge E" was on the input pins before E; an output
// "at edge E" is on out_valid_o/out_flit_o in the cycle that starts at E; an input credit "at edge
// E" is high on in_credit_o in that cycle (the pop takes effect at E + 1).
//
// The contract checked here is the one the RTL adapter (models/router/rtl_router.cpp) relies on:
// a head written at edge E into an empty buffer leaves at E + NumPreSwitchStages +
// NumSwitchStages, its body one flit per cycle behind it, each flit's credit in the cycle it is
// popped, which is NumSwitchStages cycles before it leaves.

// The generated header first: it declares sc_time_stamp for verilated.h (toolchain.md).
#include "Vhx_router.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "models/router/router_pins.h"
#include <systemc>

#include "tests/support/scenario.h"

namespace hxsim {
namespace {

// The defaults of hx_router.sv, which rtl/CMakeLists.txt verilates.
constexpr unsigned ports = 5;
constexpr unsigned vcs = 3;
constexpr unsigned buffer_depth = 16;
constexpr unsigned flit_width = 64;
constexpr unsigned dest_width = 10;
constexpr unsigned len_width = 8;
constexpr unsigned credit_width = 8;
constexpr unsigned pre_switch_stages = 3;
constexpr unsigned switch_stages = 1;
constexpr unsigned zero_load = pre_switch_stages + switch_stages;

constexpr std::uint64_t head_bit = std::uint64_t{1} << (flit_width - 1);
constexpr std::uint64_t tail_bit = std::uint64_t{1} << (flit_width - 2);
constexpr std::uint64_t payload_mask = tail_bit - 1;
constexpr unsigned head_payload_shift = dest_width + len_width;

using flits_t = sc_dt::sc_bv<ports * flit_width>;

/// A packet's flits as they go in (and must come out): the head carries destination, length and
/// `tag` in its payload; body flits carry a pattern derived from the tag and their index.
std::vector<std::uint64_t> make_packet(unsigned dest, unsigned len, std::uint64_t tag)
{
    std::vector<std::uint64_t> flits(len);
    flits[0] = head_bit | (tag << head_payload_shift & payload_mask) | (std::uint64_t{len} << dest_width) | dest;
    for (unsigned k = 1; k < len; ++k)
        flits[k] = ((tag + 1) * 0x9e3779b97f4a7c15ull ^ (std::uint64_t{k} << 40) ^ k) & payload_mask;
    flits[len - 1] |= tail_bit;
    return flits;
}

struct table_entry {
    unsigned cls;
    unsigned dest;
    unsigned port_mask;
    unsigned next_class_mask;
};

/// Destination d goes to port d % 5 in its own class, for every class and d < 32.
std::vector<table_entry> default_table()
{
    std::vector<table_entry> table;
    for (unsigned cls = 0; cls < 3; ++cls)
        for (unsigned d = 0; d < 32; ++d)
            table.push_back(table_entry{cls, d, 1u << (d % ports), 0});
    return table;
}

struct pin_event {
    std::uint64_t edge;
    unsigned port;
    unsigned vc;
    std::uint64_t flit;  // 0 for credits

    bool operator==(const pin_event& o) const
    {
        return edge == o.edge && port == o.port && vc == o.vc && flit == o.flit;
    }
};

std::ostream& operator<<(std::ostream& os, const pin_event& e)
{
    return os << "{edge " << e.edge << ", port " << e.port << ", vc " << e.vc << ", flit 0x" << std::hex << e.flit
              << std::dec << "}";
}

struct harness_config {
    std::vector<table_entry> table = default_table();
    std::array<unsigned, ports> credit_init{16, 16, 16, 16, 16};
    std::uint64_t cycles = 40;  // edges simulated after reset
};

/// Owns the verilated router and a clock; resets it while loading the routing table, then drives
/// the flits and credits scripted per edge and records what the router does, edge by edge.
class harness : public sc_core::sc_module {
public:
    harness(const sc_core::sc_module_name& name, const harness_config& config)
        : sc_core::sc_module(name), rtl("rtl"), clk("clk", 1, sc_core::SC_NS), m_config(config)
    {
        pins.connect(rtl, clk);
        SC_HAS_PROCESS(harness);
        SC_THREAD(run);
    }

    /// Writes `flit` into input (port, vc) at `edge`.
    void add_flit(std::uint64_t edge, unsigned port, unsigned vc, std::uint64_t flit)
    {
        m_flits.emplace(edge, pin_event{edge, port, vc, flit});
    }

    /// Writes a packet's flits into input (port, vc), one per edge from `edge`; returns them.
    std::vector<std::uint64_t> add_packet(std::uint64_t edge, unsigned port, unsigned vc, unsigned dest, unsigned len,
                                          std::uint64_t tag)
    {
        const std::vector<std::uint64_t> flits = make_packet(dest, len, tag);
        for (unsigned k = 0; k < len; ++k)
            add_flit(edge + k, port, vc, flits[k]);
        return flits;
    }

    /// Returns one downstream credit to output (port, vc) at `edge`.
    void add_credit(std::uint64_t edge, unsigned port, unsigned vc)
    {
        m_credits.emplace(edge, pin_event{edge, port, vc, 0});
    }

    /// Runs the scenario; true if it got through all its cycles before the time limit.
    bool simulate()
    {
        const double limit_ns = static_cast<double>(m_config.table.size() + m_config.cycles + 100);
        sc_core::sc_start(limit_ns, sc_core::SC_NS);
        return done;
    }

    Vhx_router rtl;
    sc_core::sc_clock clk;
    router_pins pins;

    /// Called in every cycle after the outputs of edge `edge` are recorded; may add flits and
    /// credits for edge + 1 on.
    std::function<void(std::uint64_t edge)> on_cycle;

    std::vector<pin_event> outputs;     // flits on out_valid_o/out_flit_o
    std::vector<pin_event> in_credits;  // pulses of in_credit_o
    std::vector<bool> idle_at;          // idle_o, per edge
    bool done = false;

private:
    void run()
    {
        std::uint64_t init = 0;
        for (unsigned q = 0; q < ports; ++q)
            init |= std::uint64_t{m_config.credit_init[q]} << (q * credit_width);
        pins.rst_n.write(false);
        pins.out_credit_init.write(init);
        wait(clk.negedge_event());
        // The routing table is written while reset is held, one entry per edge.
        for (const table_entry& e : m_config.table) {
            pins.table_we.write(true);
            pins.table_addr.write(e.cls << dest_width | e.dest);
            pins.table_data.write(e.next_class_mask << ports | e.port_mask);
            wait(clk.negedge_event());
        }
        pins.table_we.write(false);
        wait(clk.negedge_event());
        wait(clk.negedge_event());
        pins.rst_n.write(true);  // the next rising edge is edge 0

        for (std::uint64_t edge = 0; edge < m_config.cycles; ++edge) {
            drive(edge);
            wait(clk.negedge_event());
            sample(edge);
            if (on_cycle)
                on_cycle(edge);
        }
        done = true;
        sc_core::sc_stop();
    }

    void drive(std::uint64_t edge)
    {
        std::uint32_t valid = 0;
        flits_t flits;
        for (auto [it, end] = m_flits.equal_range(edge); it != end; ++it) {
            const pin_event& e = it->second;
            const std::uint32_t port_bits = ((1u << vcs) - 1) << (e.port * vcs);
            EXPECT_EQ(valid & port_bits, 0u) << "test script: two flits for input " << e.port << " at edge " << edge;
            valid |= 1u << (e.port * vcs + e.vc);
            router_pins::set_flit(flits, e.port, e.flit);
        }
        std::uint32_t credits = 0;
        for (auto [it, end] = m_credits.equal_range(edge); it != end; ++it)
            credits |= 1u << (it->second.port * vcs + it->second.vc);
        pins.in_valid.write(valid);
        pins.in_flit.write(flits);
        pins.out_credit.write(credits);
    }

    void sample(std::uint64_t edge)
    {
        const std::uint32_t valid = pins.out_valid.read();
        const std::uint32_t credits = pins.in_credit.read();
        for (unsigned p = 0; p < ports; ++p)
            for (unsigned v = 0; v < vcs; ++v) {
                const unsigned bit = p * vcs + v;
                if ((valid >> bit) & 1)
                    outputs.push_back(pin_event{edge, p, v, router_pins::flit_of(pins.out_flit.read(), p)});
                if ((credits >> bit) & 1)
                    in_credits.push_back(pin_event{edge, p, v, 0});
            }
        idle_at.push_back(pins.idle.read());
    }

    harness_config m_config;
    std::multimap<std::uint64_t, pin_event> m_flits;
    std::multimap<std::uint64_t, pin_event> m_credits;
};

/// The events a packet written one flit per edge from `edge` makes at zero load, leaving on
/// (port, vc): its flits `zero_load` edges later, its credits one switch traversal before that.
void expect_zero_load(const harness& h, std::uint64_t edge, unsigned in_port, unsigned in_vc, unsigned out_port,
                      unsigned out_vc, const std::vector<std::uint64_t>& flits)
{
    std::vector<pin_event> outputs, credits;
    for (unsigned k = 0; k < flits.size(); ++k) {
        outputs.push_back(pin_event{edge + zero_load + k, out_port, out_vc, flits[k]});
        credits.push_back(pin_event{edge + pre_switch_stages + k, in_port, in_vc, 0});
    }
    EXPECT_EQ(h.outputs, outputs);
    EXPECT_EQ(h.in_credits, credits);
}

/// The flits that left through `port`.
std::vector<pin_event> leaving(const harness& h, unsigned port)
{
    std::vector<pin_event> out;
    for (const pin_event& e : h.outputs)
        if (e.port == port)
            out.push_back(e);
    return out;
}

/// Checks that `events` are the flits of `flits`, on (port, vc), one per edge from `first_edge`.
void expect_train(const std::vector<pin_event>& events, std::size_t from, std::uint64_t first_edge, unsigned port,
                  unsigned vc, const std::vector<std::uint64_t>& flits)
{
    ASSERT_GE(events.size(), from + flits.size());
    for (unsigned k = 0; k < flits.size(); ++k)
        EXPECT_EQ(events[from + k], (pin_event{first_edge + k, port, vc, flits[k]})) << "flit " << k;
}

TEST(hx_router_rtl, zero_load_one_flit_packet)
{
    test::run_scenario([] {
        harness_config config;
        harness h("h", config);
        const auto flits = h.add_packet(2, 0, 0, 7, 1, 0x5a5a5a5a5ull);  // dest 7: port 2
        ASSERT_TRUE(h.simulate());
        expect_zero_load(h, 2, 0, 0, 2, 0, flits);
    });
}

TEST(hx_router_rtl, zero_load_four_flit_packet_body_one_per_cycle)
{
    test::run_scenario([] {
        harness_config config;
        harness h("h", config);
        // Input VC 1 is class 1; no class change: it leaves on VC 1. Dest 9: port 4.
        const auto flits = h.add_packet(2, 3, 1, 9, 4, 0x123456789ull);
        ASSERT_TRUE(h.simulate());
        expect_zero_load(h, 2, 3, 1, 4, 1, flits);
    });
}

TEST(hx_router_rtl, payload_bits_carried_unchanged)
{
    test::run_scenario([] {
        harness_config config;
        harness h("h", config);
        // Every payload bit set, then every payload bit clear.
        const std::vector<std::uint64_t> ones{head_bit | payload_mask, payload_mask, payload_mask | tail_bit};
        std::vector<std::uint64_t> first = ones;
        first[0] = (first[0] & ~((std::uint64_t{1} << head_payload_shift) - 1)) | (3u << dest_width) | 6;  // port 1
        const std::vector<std::uint64_t> second{head_bit | (3u << dest_width) | 6, 0, tail_bit};
        for (unsigned k = 0; k < 3; ++k) {
            h.add_flit(1 + k, 4, 2, first[k]);
            h.add_flit(4 + k, 4, 2, second[k]);
        }
        ASSERT_TRUE(h.simulate());
        ASSERT_EQ(h.outputs.size(), 6u);
        expect_train(h.outputs, 0, 1 + zero_load, 1, 2, first);
        expect_train(h.outputs, 3, 4 + zero_load, 1, 2, second);
    });
}

TEST(hx_router_rtl, credit_in_pop_cycle_once_per_flit_and_bubbles_only_when_empty)
{
    test::run_scenario([] {
        harness_config config;
        harness h("h", config);
        // A 3-flit packet whose body and tail arrive late: each leaves as soon as it is there.
        const auto flits = make_packet(7, 3, 42);
        h.add_flit(1, 0, 0, flits[0]);
        h.add_flit(9, 0, 0, flits[1]);
        h.add_flit(12, 0, 0, flits[2]);
        ASSERT_TRUE(h.simulate());
        const std::vector<pin_event> outputs{{1 + zero_load, 2, 0, flits[0]}, {10, 2, 0, flits[1]},
                                             {13, 2, 0, flits[2]}};
        EXPECT_EQ(h.outputs, outputs);
        ASSERT_EQ(h.in_credits.size(), 3u);
        for (unsigned k = 0; k < 3; ++k)
            EXPECT_EQ(h.in_credits[k], (pin_event{outputs[k].edge - switch_stages, 0, 0, 0})) << "flit " << k;
    });
}

TEST(hx_router_rtl, waits_for_credits_for_the_whole_packet)
{
    test::run_scenario([] {
        harness_config config;
        config.credit_init = {16, 16, 2, 16, 16};  // output 2 has room for 2 flits downstream
        config.cycles = 50;
        harness h("h", config);
        const auto first = h.add_packet(1, 0, 0, 7, 4, 1);  // port 2, needs 4 credits
        h.add_credit(20, 2, 0);
        h.add_credit(22, 2, 0);  // 4 credits from edge 22 on
        // Then none left: a 1-flit packet waits for the next credit, at edge 40.
        const auto second = h.add_packet(30, 1, 0, 2, 1, 2);
        h.add_credit(40, 2, 0);
        ASSERT_TRUE(h.simulate());
        ASSERT_EQ(h.outputs.size(), 5u);
        expect_train(h.outputs, 0, 22 + switch_stages, 2, 0, first);
        expect_train(h.outputs, 4, 40 + switch_stages, 2, 0, second);
        ASSERT_FALSE(h.in_credits.empty());
        EXPECT_EQ(h.in_credits.front().edge, 22u) << "the head stays in the buffer until it is granted";
    });
}

TEST(hx_router_rtl, credits_returning_at_the_grant_edge_are_counted)
{
    test::run_scenario([] {
        harness_config config;
        config.credit_init = {16, 16, 16, 4, 16};
        harness h("h", config);
        // A 4-flit packet takes all 4 credits at its grant (in the cycle after edge 4); a credit
        // returning at the next edge makes the 1 a second packet needs.
        const auto first = h.add_packet(1, 0, 0, 8, 4, 1);  // dest 8: port 3
        const auto second = h.add_packet(1, 1, 0, 3, 1, 2);  // dest 3: port 3
        h.add_credit(5, 3, 0);
        ASSERT_TRUE(h.simulate());
        ASSERT_EQ(h.outputs.size(), 5u);
        expect_train(h.outputs, 0, 1 + zero_load, 3, 0, first);
        // The output is free again after the first tail: edge 8 (tail at 1 + 4 + 3).
        expect_train(h.outputs, 4, 1 + zero_load + 4, 3, 0, second);
    });
}

TEST(hx_router_rtl, two_inputs_to_one_output_leave_back_to_back)
{
    test::run_scenario([] {
        harness_config config;
        harness h("h", config);
        const auto a = h.add_packet(1, 0, 0, 7, 3, 1);  // both to port 2, same edges
        const auto b = h.add_packet(1, 1, 0, 12, 3, 2);
        ASSERT_TRUE(h.simulate());
        const auto out = leaving(h, 2);
        ASSERT_EQ(out.size(), 6u);
        // The round-robin pointer starts at input 0.
        expect_train(out, 0, 1 + zero_load, 2, 0, a);
        expect_train(out, 3, 1 + zero_load + 3, 2, 0, b);
        // Input 1's head was popped at its grant, right after input 0's tail.
        std::vector<pin_event> credits_b;
        for (const pin_event& e : h.in_credits)
            if (e.port == 1)
                credits_b.push_back(e);
        ASSERT_EQ(credits_b.size(), 3u);
        EXPECT_EQ(credits_b[0].edge, 1 + zero_load + 3 - switch_stages);
    });
}

TEST(hx_router_rtl, output_vc_is_in_the_class_next_class_mask_gives)
{
    test::run_scenario([] {
        harness_config config;
        // Dest 100: from class 0 to port 1 in class 1; from class 1 to port 3 in class 2; from
        // class 2 to port 4 "in class 3", which does not exist: no candidate.
        config.table = {{0, 100, 1u << 1, 1u << 1}, {1, 100, 1u << 3, 1u << 3}, {2, 100, 1u << 4, 1u << 4}};
        harness h("h", config);
        const auto a = h.add_packet(1, 0, 0, 100, 2, 1);
        const auto b = h.add_packet(1, 2, 1, 100, 2, 2);
        h.add_packet(1, 4, 2, 100, 1, 3);
        ASSERT_TRUE(h.simulate());
        ASSERT_EQ(h.outputs.size(), 4u);
        expect_train(leaving(h, 1), 0, 1 + zero_load, 1, 1, a);
        expect_train(leaving(h, 3), 0, 1 + zero_load, 3, 2, b);
        EXPECT_TRUE(leaving(h, 4).empty());
    });
}

TEST(hx_router_rtl, adaptive_choice_takes_most_credits_ties_to_lower_port)
{
    test::run_scenario([] {
        harness_config config;
        config.credit_init = {16, 8, 16, 12, 16};
        config.table = {{0, 200, 1u << 1 | 1u << 3, 0}, {0, 201, 1u << 2 | 1u << 4, 0}};
        harness h("h", config);
        // Port 3 has more credits than port 1; the 4-flit packet leaves it with as many (8).
        const auto a = h.add_packet(1, 0, 0, 200, 4, 1);
        // Then ports 1 and 3 tie: the lower wins. Ports 2 and 4 tie as well.
        const auto b = h.add_packet(10, 2, 0, 200, 1, 2);
        const auto c = h.add_packet(10, 4, 0, 201, 1, 3);
        ASSERT_TRUE(h.simulate());
        expect_train(leaving(h, 3), 0, 1 + zero_load, 3, 0, a);
        expect_train(leaving(h, 1), 0, 10 + zero_load, 1, 0, b);
        expect_train(leaving(h, 2), 0, 10 + zero_load, 2, 0, c);
        EXPECT_EQ(h.outputs.size(), 6u);
    });
}

TEST(hx_router_rtl, two_packets_in_one_vc_leave_back_to_back)
{
    test::run_scenario([] {
        harness_config config;
        harness h("h", config);
        // The second head ages behind the first packet: it goes right after the first tail.
        const auto a = h.add_packet(1, 0, 0, 7, 2, 1);  // port 2
        const auto b = h.add_packet(3, 0, 0, 8, 2, 2);  // port 3
        ASSERT_TRUE(h.simulate());
        ASSERT_EQ(h.outputs.size(), 4u);
        expect_train(h.outputs, 0, 1 + zero_load, 2, 0, a);
        expect_train(h.outputs, 2, 1 + zero_load + 2, 3, 0, b);
        ASSERT_EQ(h.in_credits.size(), 4u);
        for (unsigned k = 0; k < 4; ++k)
            EXPECT_EQ(h.in_credits[k], (pin_event{1 + pre_switch_stages + k, 0, 0, 0}));
    });
}

TEST(hx_router_rtl, one_input_port_streams_one_packet_at_a_time)
{
    test::run_scenario([] {
        harness_config config;
        harness h("h", config);
        // Two packets on VCs 0 and 1 of input 0, their flits interleaved on the port. VC 1's head
        // is ready at edge 5 and its output is free, but input 0 streams VC 0's packet until its
        // tail has gone (edge 6).
        const auto a = make_packet(7, 2, 1);  // port 2
        const auto b = make_packet(8, 2, 2);  // port 3
        h.add_flit(1, 0, 0, a[0]);
        h.add_flit(2, 0, 1, b[0]);
        h.add_flit(3, 0, 0, a[1]);
        h.add_flit(4, 0, 1, b[1]);
        ASSERT_TRUE(h.simulate());
        ASSERT_EQ(h.outputs.size(), 4u);
        expect_train(h.outputs, 0, 1 + zero_load, 2, 0, a);
        expect_train(h.outputs, 2, 1 + zero_load + 2, 3, 1, b);
    });
}

TEST(hx_router_rtl, idle_until_the_last_flit_has_left)
{
    test::run_scenario([] {
        harness_config config;
        harness h("h", config);
        // A lone 1-flit packet written at edge 1 is on the output at edge 5; a 2-flit packet
        // whose tail comes late keeps the router busy while its connection waits for it.
        h.add_packet(1, 0, 0, 7, 1, 1);
        const auto flits = make_packet(8, 2, 2);
        h.add_flit(10, 1, 0, flits[0]);
        h.add_flit(20, 1, 0, flits[1]);
        ASSERT_TRUE(h.simulate());
        ASSERT_EQ(h.idle_at.size(), 40u);
        for (std::uint64_t edge = 0; edge < h.idle_at.size(); ++edge) {
            const bool busy = (edge >= 1 && edge <= 1 + zero_load) || (edge >= 10 && edge <= 20 + switch_stages);
            EXPECT_EQ(h.idle_at[edge], !busy) << "edge " << edge;
        }
        ASSERT_EQ(h.outputs.size(), 3u);
        EXPECT_EQ(h.outputs[2].edge, 20 + switch_stages);
    });
}

TEST(hx_router_rtl, unwritten_table_entry_has_no_route_and_blocks_only_its_vc)
{
    test::run_scenario([] {
        harness_config config;
        harness h("h", config);
        h.add_packet(1, 0, 0, 500, 1, 1);  // dest 500 was never written
        const auto b = h.add_packet(2, 0, 1, 7, 1, 2);
        ASSERT_TRUE(h.simulate());
        ASSERT_EQ(h.outputs.size(), 1u);
        expect_train(h.outputs, 0, 2 + zero_load, 2, 1, b);
        EXPECT_FALSE(h.idle_at.back());
    });
}

/// Random traffic from credit-respecting sources into sinks that return credits after a random
/// delay: every packet leaves once, intact, contiguous on its output, on a port and VC its table
/// entry allows, and packets of one input VC in order.
TEST(hx_router_rtl, random_traffic_is_delivered_intact_and_in_order)
{
    test::run_scenario([] {
        constexpr unsigned downstream = 6;
        constexpr unsigned max_len = 6;
        constexpr std::uint64_t inject_until = 3000;
        harness_config config;
        config.credit_init = {downstream, downstream, downstream, downstream, downstream};
        config.cycles = inject_until + 1000;
        config.table.clear();
        std::mt19937_64 rng(7);
        // 64 destinations: one or two candidate ports, sometimes into the next class.
        for (unsigned cls = 0; cls < 3; ++cls)
            for (unsigned d = 0; d < 64; ++d) {
                unsigned mask = 1u << (d % ports);
                if (d % 3 == 0)
                    mask |= 1u << ((d / 3) % ports);
                const unsigned next = cls < 2 && d % 4 == 1 ? mask : 0;
                config.table.push_back(table_entry{cls, d, mask, next});
            }
        harness h("h", config);

        struct sent_packet {
            unsigned in_port, in_vc, dest;
            std::vector<std::uint64_t> flits;
            unsigned seq;  // per input VC
        };
        std::vector<sent_packet> packets;
        std::array<std::array<std::deque<std::size_t>, vcs>, ports> to_send;  // packet ids per input VC
        std::array<std::array<unsigned, vcs>, ports> next_flit{}, upstream_credits{}, seq{};
        std::array<std::array<unsigned, vcs>, ports> left_seq{};
        for (auto& port : upstream_credits)
            port.fill(buffer_depth);
        std::array<std::array<std::deque<std::uint64_t>, vcs>, ports> credit_due;  // per output VC
        struct open_packet {
            bool open = false;
            std::size_t id = 0;
            unsigned vc = 0, next = 0;
        };
        std::array<open_packet, ports> on_output{};
        std::uint64_t flits_sent = 0, flits_out = 0;

        h.on_cycle = [&](std::uint64_t edge) {
            // Credits from the router: usable for the next edge.
            for (auto it = h.in_credits.rbegin(); it != h.in_credits.rend() && it->edge == edge; ++it)
                ++upstream_credits[it->port][it->vc];
            // What left: check it, and give its credit back downstream a little later.
            for (auto it = h.outputs.rbegin(); it != h.outputs.rend() && it->edge == edge; ++it) {
                const pin_event& e = *it;
                ++flits_out;
                credit_due[e.port][e.vc].push_back(edge + 1 + rng() % 5);
                open_packet& o = on_output[e.port];
                if (!o.open) {
                    ASSERT_TRUE(e.flit & head_bit) << "a body flit without its head: " << e;
                    const std::size_t id = (e.flit & payload_mask) >> head_payload_shift;
                    ASSERT_LT(id, packets.size());
                    const sent_packet& p = packets[id];
                    const unsigned in_class = p.in_vc;
                    const table_entry& entry = config.table[in_class * 64 + p.dest];
                    EXPECT_TRUE((entry.port_mask >> e.port) & 1) << "not a candidate port: " << e;
                    EXPECT_EQ(e.vc, in_class + ((entry.next_class_mask >> e.port) & 1)) << e;
                    EXPECT_EQ(p.seq, left_seq[p.in_port][p.in_vc]++) << "out of order: " << e;
                    o = open_packet{true, id, e.vc, 0};
                }
                const sent_packet& p = packets[o.id];
                EXPECT_EQ(e.vc, o.vc) << e;
                EXPECT_EQ(e.flit, p.flits[o.next]) << "flit " << o.next << " of packet " << o.id << ": " << e;
                if (++o.next == p.flits.size())
                    o.open = false;
            }
            // Downstream credits: at most one per output VC and edge.
            for (unsigned q = 0; q < ports; ++q)
                for (unsigned w = 0; w < vcs; ++w)
                    if (!credit_due[q][w].empty() && credit_due[q][w].front() <= edge + 1) {
                        credit_due[q][w].pop_front();
                        h.add_credit(edge + 1, q, w);
                    }
            // New packets, then at most one flit per input port, from a VC with a credit.
            if (edge + 1 < inject_until)
                for (unsigned p = 0; p < ports; ++p)
                    if (rng() % 8 == 0) {
                        const unsigned v = rng() % vcs;
                        const unsigned dest = rng() % 64;
                        const unsigned len = 1 + rng() % max_len;
                        const std::size_t id = packets.size();
                        packets.push_back(sent_packet{p, v, dest, make_packet(dest, len, id), seq[p][v]++});
                        to_send[p][v].push_back(id);
                    }
            for (unsigned p = 0; p < ports; ++p) {
                const unsigned start = rng() % vcs;
                for (unsigned i = 0; i < vcs; ++i) {
                    const unsigned v = (start + i) % vcs;
                    if (to_send[p][v].empty() || upstream_credits[p][v] == 0 || rng() % 4 == 0)
                        continue;
                    sent_packet& pk = packets[to_send[p][v].front()];
                    h.add_flit(edge + 1, p, v, pk.flits[next_flit[p][v]]);
                    --upstream_credits[p][v];
                    ++flits_sent;
                    if (++next_flit[p][v] == pk.flits.size()) {
                        next_flit[p][v] = 0;
                        to_send[p][v].pop_front();
                    }
                    break;
                }
            }
        };
        ASSERT_TRUE(h.simulate());
        EXPECT_GT(packets.size(), 1000u);
        EXPECT_EQ(flits_out, flits_sent);
        EXPECT_EQ(h.in_credits.size(), flits_sent);
        for (unsigned p = 0; p < ports; ++p)
            for (unsigned v = 0; v < vcs; ++v) {
                EXPECT_TRUE(to_send[p][v].empty()) << "input " << p << " VC " << v << " did not drain";
                EXPECT_EQ(left_seq[p][v], seq[p][v]) << "input " << p << " VC " << v;
                EXPECT_EQ(upstream_credits[p][v], buffer_depth);
            }
        EXPECT_TRUE(h.idle_at.back());
    });
}

}  // namespace
}  // namespace hxsim
