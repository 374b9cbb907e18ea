// A log-linear histogram of non-negative integers (latencies in ps): exact count, mean, min and
// max; percentiles within 1/64 relative error, in constant memory however many samples arrive.
#pragma once

#include <array>
#include <cstdint>

namespace hxsim {

class histogram {
public:
    void add(std::uint64_t value);
    void merge(const histogram& other);

    std::uint64_t count() const { return m_count; }
    std::uint64_t min() const { return m_count ? m_min : 0; }
    std::uint64_t max() const { return m_max; }
    double mean() const { return m_count ? static_cast<double>(m_sum) / static_cast<double>(m_count) : 0.0; }
    /// The value below which a fraction `q` (0..1) of the samples lie.
    std::uint64_t percentile(double q) const;

private:
    static constexpr unsigned sub_bits = 6;  // 64 buckets per power of two
    static constexpr unsigned sub_buckets = 1u << sub_bits;
    static constexpr unsigned buckets = (64 - sub_bits + 1) * sub_buckets;

    static unsigned bucket_of(std::uint64_t value);
    static std::uint64_t bucket_low(unsigned bucket);

    std::array<std::uint64_t, buckets> m_counts{};
    std::uint64_t m_count = 0;
    unsigned __int128 m_sum = 0;
    std::uint64_t m_min = UINT64_MAX;
    std::uint64_t m_max = 0;
};

}  // namespace hxsim
