#include "models/router/allocator.h"

namespace hxsim {

switch_allocator::switch_allocator(unsigned ports, allocator_kind kind, unsigned iterations, bool by_age)
    : m_ports(ports), m_kind(kind), m_iterations(iterations == 0 ? 1 : iterations), m_by_age(by_age),
      m_input_pointer(ports, 0), m_output_pointer(ports, 0), m_by_port(ports), m_offers(ports)
{
}

unsigned switch_allocator::pick(const std::vector<allocation_request>& requests, const std::vector<unsigned>& candidates,
                                unsigned pointer, bool by_output) const
{
    // Distance from the pointer, going round: the first one at or after it wins.
    const auto distance = [&](unsigned index) {
        const unsigned port = by_output ? requests[index].out_port : requests[index].in_port;
        return (port + m_ports - pointer) % m_ports;
    };
    unsigned best = candidates.front();
    for (unsigned index : candidates) {
        const allocation_request& r = requests[index];
        const allocation_request& b = requests[best];
        if (m_by_age && r.age_ps != b.age_ps) {
            if (r.age_ps < b.age_ps)
                best = index;
            continue;
        }
        if (distance(index) < distance(best))
            best = index;
    }
    return best;
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
        m_output_pointer[r.out_port] = (r.in_port + 1) % m_ports;
        m_input_pointer[r.in_port] = (r.out_port + 1) % m_ports;
        return;
    }
    // Input stage: one request per input port.
    for (auto& list : m_by_port)
        list.clear();
    for (unsigned i = 0; i < requests.size(); ++i)
        m_by_port[requests[i].in_port].push_back(i);
    std::vector<unsigned>& winners = m_winners;
    winners.clear();
    for (unsigned in = 0; in < m_ports; ++in)
        if (!m_by_port[in].empty())
            winners.push_back(pick(requests, m_by_port[in], m_input_pointer[in], true));

    // Output stage: one input per output port.
    for (auto& list : m_by_port)
        list.clear();
    for (unsigned w : winners)
        m_by_port[requests[w].out_port].push_back(w);
    for (unsigned out = 0; out < m_ports; ++out) {
        if (m_by_port[out].empty())
            continue;
        const unsigned g = pick(requests, m_by_port[out], m_output_pointer[out], false);
        grants.push_back(g);
        m_output_pointer[out] = (requests[g].in_port + 1) % m_ports;
        m_input_pointer[requests[g].in_port] = (out + 1) % m_ports;
    }
}

void switch_allocator::islip(const std::vector<allocation_request>& requests, std::vector<unsigned>& grants)
{
    std::vector<std::uint8_t>& input_matched = m_input_matched;
    std::vector<std::uint8_t>& output_matched = m_output_matched;
    input_matched.assign(m_ports, 0);
    output_matched.assign(m_ports, 0);
    std::vector<std::vector<unsigned>>& offers = m_offers;
    for (unsigned iteration = 0; iteration < m_iterations; ++iteration) {
        // Grant: every unmatched output offers itself to one unmatched requesting input.
        for (auto& list : m_by_port)
            list.clear();
        for (unsigned i = 0; i < requests.size(); ++i)
            if (!input_matched[requests[i].in_port] && !output_matched[requests[i].out_port])
                m_by_port[requests[i].out_port].push_back(i);
        for (auto& list : offers)
            list.clear();
        bool any = false;
        for (unsigned out = 0; out < m_ports; ++out) {
            if (m_by_port[out].empty())
                continue;
            const unsigned g = pick(requests, m_by_port[out], m_output_pointer[out], false);
            offers[requests[g].in_port].push_back(g);
            any = true;
        }
        if (!any)
            break;
        // Accept: every input takes one offer.
        for (unsigned in = 0; in < m_ports; ++in) {
            if (offers[in].empty())
                continue;
            const unsigned a = pick(requests, offers[in], m_input_pointer[in], true);
            const unsigned out = requests[a].out_port;
            grants.push_back(a);
            input_matched[in] = 1;
            output_matched[out] = 1;
            if (iteration == 0) {
                m_output_pointer[out] = (in + 1) % m_ports;
                m_input_pointer[in] = (out + 1) % m_ports;
            }
        }
    }
}

}  // namespace hxsim
