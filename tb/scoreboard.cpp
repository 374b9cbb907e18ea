#include "tb/scoreboard.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "models/nic/message.h"

namespace hxsim {

void payload_bytes(std::uint64_t seed, std::uint8_t* out, std::uint64_t count)
{
    // Eight bytes per mixed word, the low byte first: the content is made and checked for every
    // message, so whole words are stored at once where the machine is little-endian.
    constexpr bool little_endian = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;
    for (std::uint64_t word = 0; word * 8 < count; ++word) {
        std::uint64_t z = seed * 0x9e3779b97f4a7c15ULL + word;
        z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ULL;
        z ^= z >> 29;
        const std::uint64_t n = std::min<std::uint64_t>(8, count - word * 8);
        if (little_endian && n == 8) {
            std::memcpy(out + word * 8, &z, 8);
            continue;
        }
        for (std::uint64_t b = 0; b < n; ++b)
            out[word * 8 + b] = static_cast<std::uint8_t>(z >> (8 * b));
    }
}

scoreboard::scoreboard(unsigned accelerators, sim_ps window_start_ps, sim_ps window_end_ps)
    : m_accelerators(accelerators), m_window_start_ps(window_start_ps), m_window_end_ps(window_end_ps),
      m_bytes_in_window(accelerators, 0)
{
    const std::uint64_t pairs = static_cast<std::uint64_t>(accelerators) * accelerators;
    if (pairs <= dense_pairs_limit) {
        m_posted_dense.assign(pairs, 0);
        m_delivered_dense.assign(pairs, 0);
    }
}

std::uint64_t& scoreboard::pair_counter(std::unordered_map<std::uint64_t, std::uint64_t>& sparse,
                                        std::vector<std::uint64_t>& dense, std::uint32_t src, std::uint32_t dst)
{
    const std::uint64_t key = pair_key(src, dst);
    return dense.empty() ? sparse[key] : dense[key];
}

std::uint64_t scoreboard::expect(std::uint32_t src, std::uint32_t dst, std::uint64_t bytes, std::uint64_t seed,
                                 sim_ps posted_ps)
{
    const std::uint64_t order = pair_counter(m_posted_per_pair, m_posted_dense, src, dst)++;
    m_messages.push_back(record{src, dst, bytes, seed, posted_ps, order, false});
    m_bytes_injected += bytes;
    if (posted_ps >= m_window_start_ps && posted_ps < m_window_end_ps)
        m_bytes_posted_in_window += bytes;
    return m_messages.size() - 1;
}

void scoreboard::fail(const std::string& what)
{
    if (m_failures.empty() && sc_core::sc_is_running())
        sc_core::sc_stop();
    m_failures.push_back(what);
}

void scoreboard::delivered(std::uint32_t at, const tlm::tlm_generic_payload& trans, sim_ps now)
{
    const auto* ext = trans.get_extension<message_extension>();
    if (ext == nullptr || ext->id >= m_messages.size()) {
        fail(fmt::format("accelerator {} received a message nobody sent", at));
        return;
    }
    record& m = m_messages[ext->id];
    // Named only when something is wrong: a delivery that passes builds no string.
    const auto what = [&] { return fmt::format("message {} ({} -> {}, {} B)", ext->id, m.src, m.dst, m.bytes); };
    if (m.delivered) {
        fail(what() + fmt::format(": delivered twice (again at accelerator {})", at));
        return;
    }
    if (at != m.dst || trans.get_address() != m.src || trans.get_data_length() != m.bytes) {
        fail(what() + fmt::format(": arrived at {} from {} with {} B", at, trans.get_address(), trans.get_data_length()));
        return;
    }
    if (const std::uint8_t* data = trans.get_data_ptr()) {
        m_expected_payload.resize(m.bytes);
        payload_bytes(m.seed, m_expected_payload.data(), m.bytes);
        if (std::memcmp(data, m_expected_payload.data(), m.bytes) != 0) {
            const auto bad = std::mismatch(data, data + m.bytes, m_expected_payload.begin()).first - data;
            fail(what() + fmt::format(": payload corrupt at byte {}", bad));
            return;
        }
        if (ext->checksum != bytes_checksum(data, 0, m.bytes)) {
            fail(what() + ": checksum of the reassembled bytes does not match them");
            return;
        }
    } else if (ext->checksum != seeded_checksum(m.seed, 0, m.bytes)) {
        fail(what() + ": payload checksum mismatch");
        return;
    }
    std::uint64_t& in_order = pair_counter(m_delivered_per_pair, m_delivered_dense, m.src, m.dst);
    if (m.order != in_order) {
        fail(what() + fmt::format(": delivered as message #{} of its pair, but was sent as #{}", in_order, m.order));
        return;
    }
    ++in_order;
    m.delivered = true;
    ++m_delivered;
    if (m.posted_ps >= m_window_start_ps && m.posted_ps < m_window_end_ps)
        m_latency.add(now - m.posted_ps);
    m_last_delivery_ps = std::max(m_last_delivery_ps, now);
    if (now >= m_window_start_ps && now < m_window_end_ps)
        m_bytes_in_window[at] += m.bytes;
}

std::string scoreboard::describe_missing(std::size_t limit) const
{
    std::string out;
    std::size_t shown = 0;
    for (std::uint64_t id = 0; id < m_messages.size() && shown < limit; ++id) {
        const record& m = m_messages[id];
        if (m.delivered)
            continue;
        out += fmt::format("  message {}: {} -> {}, {} B, posted at {} ps\n", id, m.src, m.dst, m.bytes, m.posted_ps);
        ++shown;
    }
    if (outstanding() > shown)
        out += fmt::format("  ... and {} more\n", outstanding() - shown);
    return out;
}

}  // namespace hxsim
