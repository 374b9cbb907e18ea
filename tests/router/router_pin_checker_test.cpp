// The RTL pin protocol checker on hand-written pin traces: a legal stream passes, and each rule
// it enforces catches its violation with a message that says what went wrong where.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "models/router/router_pin_checker.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

constexpr unsigned vcs = verilated_router.vcs;
constexpr unsigned width = verilated_router.flit_width;

/// The pins in one clock cycle, as the checker samples them at the rising edge.
struct cycle {
    using port_flits = std::vector<std::pair<unsigned, std::uint64_t>>;  // port, flit

    // Written in the pins' order; pins left out are idle.
    cycle(std::uint32_t in_valid_ = 0, port_flits in_flits_ = {}, std::uint32_t in_credit_ = 0,
          std::uint32_t out_valid_ = 0, port_flits out_flits_ = {}, std::uint32_t out_credit_ = 0)
        : in_valid(in_valid_), in_flits(std::move(in_flits_)), in_credit(in_credit_), out_valid(out_valid_),
          out_flits(std::move(out_flits_)), out_credit(out_credit_)
    {
    }

    std::uint32_t in_valid;
    port_flits in_flits;
    std::uint32_t in_credit;
    std::uint32_t out_valid;
    port_flits out_flits;
    std::uint32_t out_credit;
};

std::uint32_t bit(unsigned port, unsigned vc) { return 1u << (port * vcs + vc); }

std::uint64_t head(std::uint32_t flits, bool tail = false)
{
    return (std::uint64_t{1} << (width - 1)) | (std::uint64_t{tail} << (width - 2)) |
           (std::uint64_t{flits} << verilated_router.dest_width) | 7;
}
std::uint64_t body() { return 0x1234; }
std::uint64_t tail() { return std::uint64_t{1} << (width - 2); }

class pin_driver : public sc_core::sc_module {
public:
    sc_core::sc_signal<bool> clk{"clk"};
    router_pins pins;
    router_pin_checker checker;

    pin_driver(const sc_core::sc_module_name& name, const router_pin_checker_params& params, std::vector<cycle> script)
        : sc_core::sc_module(name), checker("checker", params), m_script(std::move(script))
    {
        checker.watch(clk, pins);
        SC_HAS_PROCESS(pin_driver);
        SC_THREAD(drive);
    }

private:
    static router_pin_checker::flits_t pack(const std::vector<std::pair<unsigned, std::uint64_t>>& flits)
    {
        router_pin_checker::flits_t bits;
        for (const auto& [port, flit] : flits)
            router_pins::set_flit(bits, port, flit);
        return bits;
    }

    void drive()
    {
        pins.rst_n.write(true);
        for (const cycle& c : m_script) {
            pins.in_valid.write(c.in_valid);
            pins.in_flit.write(pack(c.in_flits));
            pins.in_credit.write(c.in_credit);
            pins.out_valid.write(c.out_valid);
            pins.out_flit.write(pack(c.out_flits));
            pins.out_credit.write(c.out_credit);
            wait(sc_core::sc_time(500, sc_core::SC_PS));
            clk.write(true);
            wait(sc_core::sc_time(500, sc_core::SC_PS));
            clk.write(false);
        }
    }

    std::vector<cycle> m_script;
};

std::string g_complaint;

/// Keeps the error a model raised, instead of failing the test as test_main's handler would.
void keep_error(const sc_core::sc_report& report, const sc_core::sc_actions&)
{
    if (report.get_severity() >= sc_core::SC_ERROR && g_complaint.empty())
        g_complaint = report.get_msg();
}

/// Runs `script` past a checker (input buffers of 4 flits, 2 downstream credits per VC) and
/// returns its complaint, or "" if it had none.
std::string check(const std::vector<cycle>& script)
{
    sc_core::sc_report_handler::set_handler(keep_error);
    router_pin_checker_params params;
    params.input_buffer_flits = 4;
    params.downstream_buffer_flits.assign(verilated_router.ports, 2);
    params.port_names = {"local", "N", "E", "S", "W"};
    pin_driver driver("driver", params, script);
    sc_core::sc_start();
    return g_complaint;
}

void expect_violation(const std::vector<cycle>& script, const std::string& expected)
{
    test::run_scenario([&] {
        const std::string complaint = check(script);
        EXPECT_NE(complaint.find(expected), std::string::npos) << "complaint: '" << complaint << "'";
        EXPECT_NE(complaint.find("RTL protocol violation"), std::string::npos) << complaint;
    });
}

TEST(router_pin_checker, a_legal_stream_passes)
{
    test::run_scenario([] {
        // A 3-flit packet in on N vc 1, credits back as it drains, out on E vc 2 (2 credits, one back).
        const std::vector<cycle> script{
            {bit(1, 1), {{1, head(3)}}},
            {bit(1, 1), {{1, body()}}, 0, 0, {}, 0},
            {bit(1, 1), {{1, tail()}}, bit(1, 1), bit(2, 2), {{2, head(3)}}, 0},
            {0, {}, bit(1, 1), bit(2, 2), {{2, body()}}, bit(2, 2)},
            {0, {}, bit(1, 1), bit(2, 2), {{2, tail()}}, 0},
        };
        EXPECT_EQ(check(script), "");
    });
}

TEST(router_pin_checker, catches_a_body_flit_without_a_head)
{
    expect_violation({{bit(1, 0), {{1, body()}}}}, "in_N vc 0: a body flit without a head");
}

TEST(router_pin_checker, catches_two_vcs_on_one_port_in_one_cycle)
{
    expect_violation({{bit(2, 0) | bit(2, 1), {{2, head(1, true)}}}}, "in_E: 2 VCs valid in one cycle");
}

TEST(router_pin_checker, catches_a_sender_that_ignores_credits)
{
    const cycle one_flit{bit(0, 0), {{0, head(1, true)}}};
    expect_violation({one_flit, one_flit, one_flit, one_flit, one_flit}, "the sender ignored credits");
}

TEST(router_pin_checker, catches_a_credit_for_an_empty_buffer)
{
    expect_violation({{0, {}, bit(3, 2)}}, "in_S vc 2: a credit returned for an empty buffer");
}

TEST(router_pin_checker, catches_a_flit_sent_without_a_downstream_credit)
{
    expect_violation({{0, {}, 0, bit(4, 0), {{4, head(3)}}}, {0, {}, 0, bit(4, 0), {{4, body()}}},
                      {0, {}, 0, bit(4, 0), {{4, tail()}}}},
                     "out_W vc 0: a flit sent without a downstream credit");
}

TEST(router_pin_checker, catches_two_packets_interleaved_on_an_output)
{
    expect_violation({{0, {}, 0, bit(2, 0), {{2, head(2)}}}, {0, {}, 0, bit(2, 1), {{2, head(1, true)}}}},
                     "still streaming");
}

TEST(router_pin_checker, catches_a_packet_longer_than_its_head_says)
{
    expect_violation({{bit(1, 0), {{1, head(2)}}}, {bit(1, 0), {{1, body()}}}}, "flit 2 of a 2-flit packet is not its tail");
}

TEST(router_pin_checker, catches_more_credits_than_the_downstream_buffer_holds)
{
    expect_violation({{0, {}, 0, 0, {}, bit(1, 1)}}, "out_N vc 1: 3 credits, more than the 2 flits");
}

}  // namespace
}  // namespace hxsim
