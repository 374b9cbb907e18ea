#include "models/sim/histogram.h"

#include <algorithm>
#include <cmath>

namespace hxsim {

unsigned histogram::bucket_of(std::uint64_t value)
{
    if (value < sub_buckets)
        return static_cast<unsigned>(value);
    const unsigned top = 63 - static_cast<unsigned>(__builtin_clzll(value));  // >= sub_bits
    const unsigned shift = top - sub_bits;
    const unsigned sub = static_cast<unsigned>(value >> shift) - sub_buckets;
    return (shift + 1) * sub_buckets + sub;
}

std::uint64_t histogram::bucket_low(unsigned bucket)
{
    if (bucket < sub_buckets)
        return bucket;
    const unsigned shift = bucket / sub_buckets - 1;
    const std::uint64_t sub = bucket % sub_buckets + sub_buckets;
    return sub << shift;
}

void histogram::add(std::uint64_t value)
{
    ++m_counts[bucket_of(value)];
    ++m_count;
    m_sum += value;
    m_min = std::min(m_min, value);
    m_max = std::max(m_max, value);
}

void histogram::merge(const histogram& other)
{
    for (unsigned i = 0; i < buckets; ++i)
        m_counts[i] += other.m_counts[i];
    m_count += other.m_count;
    m_sum += other.m_sum;
    m_min = std::min(m_min, other.m_min);
    m_max = std::max(m_max, other.m_max);
}

std::uint64_t histogram::percentile(double q) const
{
    if (m_count == 0)
        return 0;
    const auto rank = static_cast<std::uint64_t>(std::ceil(std::clamp(q, 0.0, 1.0) * static_cast<double>(m_count)));
    std::uint64_t seen = 0;
    for (unsigned i = 0; i < buckets; ++i) {
        seen += m_counts[i];
        if (seen >= std::max<std::uint64_t>(rank, 1)) {
            // Midpoint of the bucket, but never outside what was actually seen.
            const std::uint64_t low = bucket_low(i);
            const std::uint64_t high = i + 1 < buckets ? bucket_low(i + 1) : m_max;
            return std::clamp(low + (high - low) / 2, m_min, m_max);
        }
    }
    return m_max;
}

}  // namespace hxsim
