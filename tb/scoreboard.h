// The run's self-check: every message posted is registered here, and every delivery is checked
// against it: right destination, right source, intact payload, source order kept, delivered
// exactly once. The first violation stops the simulation; the run then fails with the details.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include <tlm>

#include "models/core/sim_time.h"
#include "models/sim/histogram.h"

namespace hxsim {

/// The first `count` bytes of the content of the message with `seed` (messages with real payload
/// carry it), into `out`.
void payload_bytes(std::uint64_t seed, std::uint8_t* out, std::uint64_t count);

class scoreboard {
public:
    /// The measurement window [window_start_ps, window_end_ps): messages posted in it count toward
    /// latency, bytes delivered in it toward accepted bandwidth.
    scoreboard(unsigned accelerators, sim_ps window_start_ps, sim_ps window_end_ps);

    /// Registers a message about to be posted and returns its id.
    std::uint64_t expect(std::uint32_t src, std::uint32_t dst, std::uint64_t bytes, std::uint64_t seed, sim_ps posted_ps);
    /// Checks a delivery to accelerator `at`.
    void delivered(std::uint32_t at, const tlm::tlm_generic_payload& trans, sim_ps now);
    /// Records a failure found elsewhere (a NIC refusing a message, the watchdog) and stops the run.
    void fail(const std::string& what);

    bool failed() const { return !m_failures.empty(); }
    const std::vector<std::string>& failures() const { return m_failures; }
    std::uint64_t injected() const { return m_messages.size(); }
    std::uint64_t delivered_count() const { return m_delivered; }
    std::uint64_t outstanding() const { return m_messages.size() - m_delivered; }
    /// The first `limit` messages not delivered, one per line.
    std::string describe_missing(std::size_t limit) const;

    /// Latency of the messages posted in the window.
    const histogram& latency_ps() const { return m_latency; }
    sim_ps last_delivery_ps() const { return m_last_delivery_ps; }
    sim_ps window_start_ps() const { return m_window_start_ps; }
    sim_ps window_end_ps() const { return m_window_end_ps; }
    std::uint64_t measured_messages() const { return m_latency.count(); }
    const std::vector<std::uint64_t>& bytes_in_window() const { return m_bytes_in_window; }
    std::uint64_t bytes_injected() const { return m_bytes_injected; }
    /// Bytes of the messages posted within the window: the load actually offered.
    std::uint64_t bytes_posted_in_window() const { return m_bytes_posted_in_window; }

private:
    struct record {
        std::uint32_t src, dst;
        std::uint64_t bytes, seed;
        sim_ps posted_ps;
        std::uint64_t order;  // among messages from src to dst
        bool delivered;
    };
    std::uint64_t pair_key(std::uint32_t src, std::uint32_t dst) const
    {
        return static_cast<std::uint64_t>(src) * m_accelerators + dst;
    }

    unsigned m_accelerators;
    sim_ps m_window_start_ps;
    sim_ps m_window_end_ps;
    std::vector<record> m_messages;
    /// The counter of messages posted (delivered) from src to dst: in a dense table of every pair
    /// up to dense_pairs_limit pairs (1,024 accelerators), in a hash map beyond.
    std::uint64_t& pair_counter(std::unordered_map<std::uint64_t, std::uint64_t>& sparse,
                                std::vector<std::uint64_t>& dense, std::uint32_t src, std::uint32_t dst);
    static constexpr std::uint64_t dense_pairs_limit = std::uint64_t{1} << 20;
    std::unordered_map<std::uint64_t, std::uint64_t> m_posted_per_pair;
    std::unordered_map<std::uint64_t, std::uint64_t> m_delivered_per_pair;
    std::vector<std::uint64_t> m_posted_dense;
    std::vector<std::uint64_t> m_delivered_dense;
    std::uint64_t m_delivered = 0;
    std::uint64_t m_bytes_injected = 0;
    std::uint64_t m_bytes_posted_in_window = 0;
    std::vector<std::uint64_t> m_bytes_in_window;
    histogram m_latency;
    sim_ps m_last_delivery_ps = 0;
    std::vector<std::string> m_failures;
    std::vector<std::uint8_t> m_expected_payload;  // scratch of delivered(): the content sent
};

}  // namespace hxsim
