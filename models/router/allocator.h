// The switch allocator of a router: matches requesting input VCs to output ports, at most one
// grant per input port and per output port at a time. Two designs of the literature:
//  - separable input-first: each input port picks one of its requests, then each output port
//    picks one of the inputs that picked it;
//  - iSLIP: outputs grant, inputs accept, over a number of iterations; round-robin pointers move
//    only for grants accepted in the first iteration.
// Arbiters rotate round robin, or (age) favour the oldest packet, rotating among equals.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "models/core/sim_time.h"

namespace hxsim {

enum class allocator_kind { separable_input_first, islip };

struct allocation_request {
    std::uint16_t in_port = 0;
    std::uint8_t in_vc = 0;
    std::uint16_t out_port = 0;
    sim_ps age_ps = 0;  ///< when the packet was injected: smaller is older
};

class switch_allocator {
public:
    switch_allocator(unsigned ports, allocator_kind kind, unsigned iterations, bool by_age);

    /// Fills `grants` with the indices into `requests` that won. Every request must be one the
    /// router could serve now (input and output free, buffer space available).
    void allocate(const std::vector<allocation_request>& requests, std::vector<unsigned>& grants);

private:
    /// Whether `r` wins over `best` at an arbiter whose round-robin pointer is `pointer`.
    bool beats(const allocation_request& r, const allocation_request& best, unsigned pointer, bool by_output) const;
    /// Among `candidates` (indices into requests), the winner of an arbiter whose round-robin
    /// pointer is `pointer`, rotating over `key` (a port number).
    unsigned pick(const std::vector<allocation_request>& requests, const std::vector<unsigned>& candidates,
                  unsigned pointer, bool by_output) const;
    void separable(const std::vector<allocation_request>& requests, std::vector<unsigned>& grants);
    void islip(const std::vector<allocation_request>& requests, std::vector<unsigned>& grants);

    /// The port after `port`, going round.
    unsigned next_port(unsigned port) const { return port + 1 == m_ports ? 0 : port + 1; }

    unsigned m_ports;
    allocator_kind m_kind;
    unsigned m_iterations;
    bool m_by_age;
    // Round-robin pointers, a pair per port in one block: a grant moves one of its input's and one
    // of its output's, and on a router of a few ports both lie in one cache line, not two blocks.
    std::unique_ptr<unsigned[]> m_pointers;
    /// Per input, the next output it favours.
    unsigned& input_pointer(unsigned port) { return m_pointers[2 * port]; }
    /// Per output, the next input it favours.
    unsigned& output_pointer(unsigned port) { return m_pointers[2 * port + 1]; }
    static constexpr unsigned none = ~0u;
    // Scratch of separable(), shared by every allocator (one allocates at a time): it stays in the
    // caches.
    struct separable_scratch {
        std::vector<unsigned> best;          // per port, its arbiter's winner so far; none between uses
        std::vector<std::uint64_t> touched;  // bit set: the ports with requests; all clear between uses
        std::vector<unsigned> winners;       // of the input stage
    };
    static separable_scratch& shared_separable();
    // Scratch of islip(), shared likewise (sized for the widest switch; an allocator uses its
    // first m_ports entries).
    struct islip_scratch {
        std::vector<std::vector<unsigned>> by_port;  // per output, the requests still matchable
        std::vector<std::vector<unsigned>> offers;   // per input, the outputs' grants
        std::vector<std::uint8_t> input_matched, output_matched;
    };
    static islip_scratch& shared_islip();
};

}  // namespace hxsim
