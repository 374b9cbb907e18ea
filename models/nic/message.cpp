#include "models/nic/message.h"

#include <algorithm>
#include <array>

namespace hxsim {

namespace {

std::uint64_t mix(std::uint64_t x)
{
    // splitmix64 finalizer: turns the seed into well-spread coefficients.
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// Sums of i and i^2 for i in [0, n), modulo 2^64: the factors are divided exactly first (one of
// n-1 and n is even, one of n-1, n and 2n-1 a multiple of 3), so 64-bit products suffice.
std::uint64_t sum_i(std::uint64_t n)
{
    if (n == 0)
        return 0;
    std::uint64_t a = n - 1, b = n;
    (a % 2 == 0 ? a : b) /= 2;
    return a * b;
}

std::uint64_t sum_i2(std::uint64_t n)
{
    if (n == 0)
        return 0;
    std::uint64_t a = n - 1, b = n, c = 2 * n - 1;
    (a % 2 == 0 ? a : b) /= 2;
    (a % 3 == 0 ? a : b % 3 == 0 ? b : c) /= 3;
    return a * b * c;
}

// bytes_checksum() works on blocks of this many bytes: with 16-bit positions and bytes up to 256,
// a block's weighted sum stays below 2^31 (2048 * 2047 / 2 * 256).
constexpr std::uint32_t checksum_block = 2048;

const std::array<std::int16_t, checksum_block>& block_positions()
{
    static const std::array<std::int16_t, checksum_block> positions = [] {
        std::array<std::int16_t, checksum_block> p{};
        for (std::uint32_t i = 0; i < checksum_block; ++i)
            p[i] = static_cast<std::int16_t>(i);
        return p;
    }();
    return positions;
}

}  // namespace

std::uint64_t seeded_checksum(std::uint64_t seed, std::uint64_t offset, std::uint64_t length)
{
    // Byte i of the content contributes A*i + B*i^2 + C: position and message both matter.
    const std::uint64_t a = mix(seed) | 1, b = mix(seed ^ 0x5bd1e995ULL), c = mix(seed + 7);
    const std::uint64_t end = offset + length;
    const std::uint64_t s1 = sum_i(end) - sum_i(offset);
    const std::uint64_t s2 = sum_i2(end) - sum_i2(offset);
    return a * s1 + b * s2 + c * length;
}

std::uint64_t bytes_checksum(const std::uint8_t* data, std::uint64_t offset, std::uint64_t length)
{
    // Byte value v at position p of the message weighs (v + 1) * (odd + even * p): odd, so any one
    // changed byte changes the sum; growing with the position, so a piece delivered at the wrong
    // offset does too. Linear weights split into a plain sum and, per block, a dot product of
    // 16-bit lanes (the bytes and their positions in the block), which the compiler makes into
    // multiply-adds: inline payload is checksummed twice per message. A block's sums fit 32 bits.
    const std::array<std::int16_t, checksum_block>& positions = block_positions();
    std::uint64_t sum = 0, weighted = 0;
    for (std::uint64_t start = 0; start < length; start += checksum_block) {
        const auto n = static_cast<std::uint32_t>(std::min<std::uint64_t>(checksum_block, length - start));
        const std::uint8_t* bytes = data + start;
        std::uint32_t block_sum = n;                      // the +1 of every byte
        std::int32_t block_weighted = n * (n - 1) / 2;    // and of every position
        for (std::uint32_t i = 0; i < n; ++i) {
            block_sum += bytes[i];
            block_weighted += std::int32_t{positions[i]} * std::int32_t{static_cast<std::int16_t>(bytes[i])};
        }
        sum += block_sum;
        weighted += static_cast<std::uint64_t>(block_weighted) + (offset + start) * std::uint64_t{block_sum};
    }
    return 0x9e3779b97f4a7c15ULL * sum + 0xbf58476d1ce4e5b8ULL * weighted;
}

}  // namespace hxsim
