#include "models/router/router_pin_checker.h"

#include <stdexcept>

#include <fmt/format.h>

#include "models/core/sim_time.h"

namespace hxsim {

namespace {

constexpr unsigned ports = verilated_router.ports;
constexpr unsigned vcs = verilated_router.vcs;

}  // namespace

router_pin_checker::router_pin_checker(const sc_core::sc_module_name& name, const router_pin_checker_params& params)
    : sc_core::sc_module(name), clk("clk"), rst_n("rst_n"), in_valid("in_valid"), in_flit("in_flit"),
      in_credit("in_credit"), out_valid("out_valid"), out_flit("out_flit"), out_credit("out_credit"),
      m_params(params), m_in(ports * vcs), m_out(ports * vcs), m_buffered(ports * vcs, 0),
      m_credits(ports * vcs, 0), m_out_open_vc(ports, -1)
{
    if (m_params.downstream_buffer_flits.size() != ports)
        throw std::invalid_argument(fmt::format("{}: downstream buffers not given for every port", this->name()));
    for (unsigned q = 0; q < ports; ++q)
        for (unsigned w = 0; w < vcs; ++w)
            m_credits[q * vcs + w] = m_params.downstream_buffer_flits[q];

    SC_HAS_PROCESS(router_pin_checker);
    SC_METHOD(sample);
    sensitive << clk.pos();
    dont_initialize();
}

void router_pin_checker::watch(sc_core::sc_signal_in_if<bool>& clock, router_pins& pins)
{
    clk(clock);
    rst_n(pins.rst_n);
    in_valid(pins.in_valid);
    in_flit(pins.in_flit);
    in_credit(pins.in_credit);
    out_valid(pins.out_valid);
    out_flit(pins.out_flit);
    out_credit(pins.out_credit);
}

std::string router_pin_checker::port_label(unsigned port) const
{
    return port < m_params.port_names.size() ? m_params.port_names[port] : std::to_string(port);
}

std::string router_pin_checker::where(const char* side, unsigned port, unsigned vc) const
{
    return fmt::format("{}_{} vc {}", side, port_label(port), vc);
}

void router_pin_checker::violation(const std::string& what) const
{
    throw std::runtime_error(fmt::format("{}: RTL protocol violation at {} ps: {}", name(), now_ps(), what));
}

void router_pin_checker::check_framing(stream& s, std::uint64_t flit, const char* side, unsigned port, unsigned vc)
{
    const auto at = [&] { return where(side, port, vc); };
    if (router_pins::is_head(flit)) {
        if (s.open)
            violation(fmt::format("{}: a head flit before the tail of the previous packet", at()));
        s.open = true;
        s.expected = router_pins::length_of(flit);
        s.seen = 0;
        if (s.expected == 0)
            violation(fmt::format("{}: a head flit announcing 0 flits", at()));
    } else if (!s.open) {
        violation(fmt::format("{}: a body flit without a head", at()));
    }
    ++s.seen;
    if (router_pins::is_tail(flit)) {
        if (s.seen != s.expected)
            violation(fmt::format("{}: the tail came after {} flits, the head announced {}", at(), s.seen, s.expected));
        s.open = false;
    } else if (s.seen >= s.expected) {
        violation(fmt::format("{}: flit {} of a {}-flit packet is not its tail", at(), s.seen, s.expected));
    }
}

void router_pin_checker::sample()
{
    if (!rst_n.read())
        return;
    // Inputs: credits first (a pop of the last cycle), then the flits written at this edge.
    const std::uint32_t credits_back = in_credit.read();
    const std::uint32_t arriving = in_valid.read();
    const flits_t& in_flits = in_flit.read();
    for (unsigned p = 0; p < ports; ++p) {
        unsigned valid_vcs = 0;
        for (unsigned v = 0; v < vcs; ++v) {
            const unsigned i = p * vcs + v;
            if ((credits_back >> i) & 1) {
                if (m_buffered[i] == 0)
                    violation(fmt::format("{}: a credit returned for an empty buffer", where("in", p, v)));
                --m_buffered[i];
            }
            if ((arriving >> i) & 1) {
                ++valid_vcs;
                check_framing(m_in[i], router_pins::flit_of(in_flits, p), "in", p, v);
                if (++m_buffered[i] > m_params.input_buffer_flits)
                    violation(fmt::format("{}: {} flits buffered, more than its {} credits: the sender ignored credits",
                                          where("in", p, v), m_buffered[i], m_params.input_buffer_flits));
            }
        }
        if (valid_vcs > 1)
            violation(fmt::format("in_{}: {} VCs valid in one cycle", port_label(p), valid_vcs));
    }

    // Outputs: the flits that left, then the credits coming back at this edge.
    const std::uint32_t leaving = out_valid.read();
    const std::uint32_t credits_in = out_credit.read();
    const flits_t& out_flits = out_flit.read();
    for (unsigned q = 0; q < ports; ++q) {
        unsigned valid_vcs = 0;
        for (unsigned w = 0; w < vcs; ++w) {
            const unsigned i = q * vcs + w;
            if (!((leaving >> i) & 1))
                continue;
            ++valid_vcs;
            const std::uint64_t flit = router_pins::flit_of(out_flits, q);
            if (router_pins::is_head(flit) && m_out_open_vc[q] >= 0)
                violation(fmt::format("{}: a head while the packet on vc {} is still streaming", where("out", q, w),
                                      m_out_open_vc[q]));
            if (!router_pins::is_head(flit) && m_out_open_vc[q] != static_cast<int>(w))
                violation(fmt::format("{}: a body flit interleaved with another VC's packet", where("out", q, w)));
            check_framing(m_out[i], flit, "out", q, w);
            m_out_open_vc[q] = m_out[i].open ? static_cast<int>(w) : -1;
            if (--m_credits[i] < 0)
                violation(fmt::format("{}: a flit sent without a downstream credit", where("out", q, w)));
        }
        if (valid_vcs > 1)
            violation(fmt::format("out_{}: {} VCs valid in one cycle", port_label(q), valid_vcs));
        for (unsigned w = 0; w < vcs; ++w) {
            const unsigned i = q * vcs + w;
            if (((credits_in >> i) & 1) && ++m_credits[i] > m_params.downstream_buffer_flits[q])
                violation(fmt::format("{}: {} credits, more than the {} flits of the buffer behind it",
                                      where("out", q, w), m_credits[i], m_params.downstream_buffer_flits[q]));
        }
    }
}

}  // namespace hxsim
