// A small, fully specified random generator (xoshiro256**, seeded by splitmix64), so that a seed
// means the same traffic on every machine and standard library.
#pragma once

#include <cmath>
#include <cstdint>

namespace hxsim {

class rng {
public:
    explicit rng(std::uint64_t seed)
    {
        for (auto& s : m_state) {
            seed += 0x9e3779b97f4a7c15ULL;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            s = z ^ (z >> 31);
        }
    }

    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_state[1] * 5, 7) * 9;
        const std::uint64_t t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotl(m_state[3], 45);
        return result;
    }

    /// Uniform in [0, n), n > 0, without modulo bias.
    std::uint64_t below(std::uint64_t n)
    {
        const std::uint64_t limit = -n % n;  // 2^64 mod n
        for (;;) {
            const std::uint64_t r = next();
            if (r >= limit)
                return r % n;
        }
    }

    /// Uniform in [0, 1).
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    /// Exponentially distributed with the given mean.
    double exponential(double mean) { return -mean * std::log1p(-uniform()); }

    /// True with probability p.
    bool bernoulli(double p) { return uniform() < p; }

    /// The number of failures before the first success of trials that succeed with probability
    /// p in [0, 1]: P(k) = (1-p)^k p. One draw by inversion rather than a coin per trial; saturates
    /// at 2^63 (p = 0, or so small that the count would not fit).
    std::uint64_t geometric(double p)
    {
        if (p >= 1.0)
            return 0;
        const double k = std::floor(std::log1p(-uniform()) / std::log1p(-p));
        return k < 0x1.0p63 ? static_cast<std::uint64_t>(k) : std::uint64_t{1} << 63;
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_state[4];
};

}  // namespace hxsim
