#include "models/nic/message.h"

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

// Sums of i and i^2 for i in [0, n), modulo 2^64, without overflow in between.
std::uint64_t sum_i(std::uint64_t n)
{
    unsigned __int128 s = static_cast<unsigned __int128>(n) * (n - 1) / 2;
    return static_cast<std::uint64_t>(s);
}

std::uint64_t sum_i2(std::uint64_t n)
{
    if (n == 0)
        return 0;
    unsigned __int128 a = n - 1, b = n, c = 2 * static_cast<unsigned __int128>(n) - 1;
    // (n-1) n (2n-1) / 6, dividing exactly before the product can overflow 128 bits.
    unsigned __int128 p = a * b;
    if (p % 6 == 0)
        return static_cast<std::uint64_t>((p / 6) * c);
    if (p % 2 == 0)
        return static_cast<std::uint64_t>((p / 2) * (c / 3));
    return static_cast<std::uint64_t>((p / 3) * (c / 2));
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
    // A cheap weight per position (a multiply and a shift, not a full mix per byte): odd, so any
    // one changed byte changes the sum; varying with the position, so moved bytes do too.
    std::uint64_t sum = 0;
    for (std::uint64_t i = 0; i < length; ++i) {
        const std::uint64_t w = (offset + i) * 0x9e3779b97f4a7c16ULL + 1;
        sum += (data[i] + 1u) * ((w ^ (w >> 32)) | 1);
    }
    return sum;
}

}  // namespace hxsim
