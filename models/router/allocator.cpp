#include "models/router/allocator.h"

#include "models/core/bit_set.h"

namespace hxsim {

switch_allocator::switch_allocator(unsigned ports, allocator_kind kind, unsigned iterations, bool by_age)
    : m_ports(ports), m_kind(kind), m_iterations(iterations == 0 ? 1 : iterations), m_by_age(by_age),
      m_pointers(std::make_unique<unsigned[]>(2 * std::size_t{ports}))
{
    if (shared_separable().best.size() < ports) {
        shared_separable().best.resize(ports, none);
        shared_separable().touched.resize((ports + 63) / 64, 0);
    }
    if (kind == allocator_kind::islip && shared_islip().by_port.size() < ports) {
        shared_islip().by_port.resize(ports);
        shared_islip().offers.resize(ports);
    }
}

bool switch_allocator::beats(const allocation_request& r, const allocation_request& best, unsigned pointer,
                             bool by_output) const
{
    if (m_by_age && r.age_ps != best.age_ps)
        return r.age_ps < best.age_ps;
    // Distance from the pointer, going round: the first one at or after it wins (both are ports,
    // below m_ports: no division).
    const auto distance = [&](const allocation_request& x) {
        const unsigned port = by_output ? x.out_port : x.in_port;
        return port >= pointer ? port - pointer : port + m_ports - pointer;
    };
    return distance(r) < distance(best);
}

unsigned switch_allocator::pick(const std::vector<allocation_request>& requests, const std::vector<unsigned>& candidates,
                                unsigned pointer, bool by_output) const
{
    unsigned best = candidates.front();
    for (unsigned index : candidates)
        if (beats(requests[index], requests[best], pointer, by_output))
            best = index;
    return best;
}

switch_allocator::separable_scratch& switch_allocator::shared_separable()
{
    static separable_scratch shared;
    return shared;
}

switch_allocator::islip_scratch& switch_allocator::shared_islip()
{
    static islip_scratch shared;
    return shared;
}

void switch_allocator::allocate(const std::vector<allocation_request>& requests, std::vector<unsigned>& grants)
{
    grants.clear();
    if (requests.empty())
        return;
    if (m_kind == allocator_kind::islip)
        islip(requests, grants);
    else
        separable(requests, grants);
}

void switch_allocator::separable(const std::vector<allocation_request>& requests, std::vector<unsigned>& grants)
{
    if (requests.size() == 1) {
        // A lone request wins both stages: the same grant and pointer moves as below, without them.
        const allocation_request& r = requests.front();
        grants.push_back(0);
        output_pointer(r.out_port) = next_port(r.in_port);
        input_pointer(r.in_port) = next_port(r.out_port);
        return;
    }
    separable_scratch& s = shared_separable();
    // One stage: each port's arbiter sees its requests (candidates(k), k < count: indices into
    // `requests`) in order and keeps the first best (pick()); then only the ports with requests
    // are visited, in port order (a bit set, cleared as it is read), so that a wide switch with
    // few requests costs what they do. `by_output`: the input stage, whose arbiters (one an input
    // port, with that input's pointer) rotate over the outputs requested; else the output stage.
    const auto arbitrate = [&](std::size_t count, auto candidates, bool by_output) {
        for (std::size_t k = 0; k < count; ++k) {
            const unsigned i = candidates(k);
            const allocation_request& r = requests[i];
            const unsigned port = by_output ? r.in_port : r.out_port;
            unsigned& best = s.best[port];
            if (best == none) {
                best = i;
                set_bit(s.touched.data(), port);
            } else if (beats(r, requests[best], by_output ? input_pointer(port) : output_pointer(port), by_output)) {
                best = i;
            }
        }
    };
    const auto for_each_touched = [&](auto f) { take_each_bit(s.touched.data(), (m_ports + 63) / 64, f); };
    // Input stage: one request per input port.
    s.winners.clear();
    arbitrate(requests.size(), [](std::size_t k) { return static_cast<unsigned>(k); }, true);
    for_each_touched([&](unsigned in) {
        s.winners.push_back(s.best[in]);
        s.best[in] = none;
    });
    // Output stage: one input per output port, among the inputs' winners in input port order.
    arbitrate(s.winners.size(), [&](std::size_t k) { return s.winners[k]; }, false);
    for_each_touched([&](unsigned out) {
        const unsigned g = s.best[out];
        s.best[out] = none;
        grants.push_back(g);
        output_pointer(out) = next_port(requests[g].in_port);
        input_pointer(requests[g].in_port) = next_port(out);
    });
}

void switch_allocator::islip(const std::vector<allocation_request>& requests, std::vector<unsigned>& grants)
{
    islip_scratch& s = shared_islip();
    s.input_matched.assign(m_ports, 0);
    s.output_matched.assign(m_ports, 0);
    for (unsigned iteration = 0; iteration < m_iterations; ++iteration) {
        // Grant: every unmatched output offers itself to one unmatched requesting input.
        for (unsigned p = 0; p < m_ports; ++p)
            s.by_port[p].clear();
        for (unsigned i = 0; i < requests.size(); ++i)
            if (!s.input_matched[requests[i].in_port] && !s.output_matched[requests[i].out_port])
                s.by_port[requests[i].out_port].push_back(i);
        for (unsigned p = 0; p < m_ports; ++p)
            s.offers[p].clear();
        bool any = false;
        for (unsigned out = 0; out < m_ports; ++out) {
            if (s.by_port[out].empty())
                continue;
            const unsigned g = pick(requests, s.by_port[out], output_pointer(out), false);
            s.offers[requests[g].in_port].push_back(g);
            any = true;
        }
        if (!any)
            break;
        // Accept: every input takes one offer.
        for (unsigned in = 0; in < m_ports; ++in) {
            if (s.offers[in].empty())
                continue;
            const unsigned a = pick(requests, s.offers[in], input_pointer(in), true);
            const unsigned out = requests[a].out_port;
            grants.push_back(a);
            s.input_matched[in] = 1;
            s.output_matched[out] = 1;
            if (iteration == 0) {
                output_pointer(out) = next_port(in);
                input_pointer(in) = next_port(out);
            }
        }
    }
}

}  // namespace hxsim
