// The interface between a router and the routing algorithm of its topology.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "models/core/packet.h"

namespace hxsim {

/// One permitted next hop: an output port and the deadlock-avoidance class of the VC to use.
struct route_candidate {
    std::uint16_t port;
    std::uint8_t vc_class;
    /// 0: the router weighs this candidate by free downstream space. Else (UGAL) the switch hops of
    /// the path it begins: the router weighs it by its queue times these hops. No default member
    /// initializer: route_candidates' array stays uninitialized, not zeroed on every route().
    std::uint8_t hops;
};

/// The permitted next hops of one packet, in the fixed order that breaks ties.
struct route_candidates {
    static constexpr unsigned capacity = 64;  // a leaf of a radix-128 fat tree offers 64 up ports
    std::array<route_candidate, capacity> items;  // the first `count` are set
    unsigned count = 0;
    /// Items [run_begin, run_begin + run_length) came from add_run(): consecutive ports of one
    /// class, hops 0, which a router may pass over by port number without reading each item.
    unsigned run_begin = 0;
    unsigned run_length = 0;

    /// Adds a candidate unless `port` is offered already; `hops` as in route_candidate.
    void add(std::uint16_t port, std::uint8_t vc_class, std::uint8_t hops = 0)
    {
        for (unsigned i = 0; i < count; ++i)
            if (items[i].port == port)
                return;
        items[count++] = route_candidate{port, vc_class, hops};
    }

    /// Adds a candidate the caller knows is not offered yet (a rotated window of distinct ports
    /// into an empty list, or a share of two groups'), without add()'s quadratic check.
    void add_new(std::uint16_t port, std::uint8_t vc_class) { items[count++] = route_candidate{port, vc_class, 0}; }

    /// Adds ports `first` .. `first + n - 1`, none offered yet (unchecked), in one pass over the
    /// array, and records them as the run: the up ports of a large fat tree's leaf, its most
    /// frequent list (at most one run a list).
    void add_run(std::uint16_t first, unsigned n, std::uint8_t vc_class)
    {
        // Each item written as one 4-byte word, the port field stepped within it (it never
        // carries: ports are 16-bit), which the compiler vectorizes; field by field took three
        // stores an item.
        static_assert(sizeof(route_candidate) == sizeof(std::uint32_t), "a candidate is one word");
        const route_candidate head{first, vc_class, 0}, one_port{1, 0, 0};
        std::uint32_t word = 0, step = 0;
        std::memcpy(&word, &head, sizeof word);
        std::memcpy(&step, &one_port, sizeof step);
        route_candidate* const to = items.data() + count;
        for (unsigned i = 0; i < n; ++i) {
            const std::uint32_t item = word + i * step;
            std::memcpy(&to[i], &item, sizeof item);
        }
        run_begin = count;
        run_length = n;
        count += n;
    }
};

class routing_algorithm {
public:
    virtual ~routing_algorithm() = default;

    /// Deadlock-avoidance classes; a router splits its VCs evenly among them.
    virtual unsigned vc_classes() const = 0;

    /// Fills `out` with the next hops `pkt` may take from router `router_id`, having entered
    /// through `in_port`. Never empty for a packet that can reach its destination.
    virtual void route(std::uint32_t router_id, std::uint16_t in_port, const packet& pkt,
                       route_candidates& out) const = 0;
};

/// Watches every forwarding decision (tests check routing invariants hop by hop with it).
class forward_observer {
public:
    virtual ~forward_observer() = default;
    virtual void on_forward(std::uint32_t router_id, std::uint16_t in_port, std::uint16_t out_port,
                            std::uint8_t out_vc, const packet& pkt) = 0;
};

}  // namespace hxsim
