// Bit sets over arrays of 64-bit words (bit i is bit i % 64 of word i / 64): a router's port sets
// and VCs with packets, the allocator's touched ports, the scheduler's non-empty buckets.
#pragma once

#include <cstdint>

namespace hxsim {

inline void set_bit(std::uint64_t* bits, unsigned i) { bits[i / 64] |= std::uint64_t{1} << (i % 64); }
inline bool test_bit(const std::uint64_t* bits, unsigned i) { return (bits[i / 64] >> (i % 64)) & 1; }
inline void clear_bit(std::uint64_t* bits, unsigned i) { bits[i / 64] &= ~(std::uint64_t{1} << (i % 64)); }

/// The first set bit of `word` after bit `i`, going round from bit 0 if none is above it (bit i
/// itself last): the next in turn of a round robin. `word` is not 0.
inline unsigned next_bit_after(std::uint64_t word, unsigned i)
{
    const std::uint64_t above = i + 1 < 64 ? word & (~std::uint64_t{0} << (i + 1)) : 0;
    return static_cast<unsigned>(__builtin_ctzll(above != 0 ? above : word));
}

/// Calls f(i) for every set bit i of the `words` words at `bits`, in increasing order; f may clear bits.
template <typename F>
void for_each_bit(const std::uint64_t* bits, unsigned words, F f)
{
    for (unsigned w = 0; w < words; ++w)
        for (std::uint64_t word = bits[w]; word != 0; word &= word - 1)
            f(w * 64 + static_cast<unsigned>(__builtin_ctzll(word)));
}

/// Calls f(i) for every set bit i, in increasing order, and clears them, a word at a time (f must
/// not set bits).
template <typename F>
void take_each_bit(std::uint64_t* bits, unsigned words, F f)
{
    for (unsigned w = 0; w < words; ++w) {
        std::uint64_t word = bits[w];
        bits[w] = 0;
        for (; word != 0; word &= word - 1)
            f(w * 64 + static_cast<unsigned>(__builtin_ctzll(word)));
    }
}

}  // namespace hxsim
