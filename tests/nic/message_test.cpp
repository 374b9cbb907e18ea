// The checksums that carry a message's content through the network: additive over packets, and
// changed by any one corrupted byte or by bytes in the wrong place.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "models/nic/message.h"

namespace hxsim {
namespace {

std::vector<std::uint8_t> content(std::size_t n)
{
    std::vector<std::uint8_t> bytes(n);
    for (std::size_t i = 0; i < n; ++i)
        bytes[i] = static_cast<std::uint8_t>(i * 37 + 11);
    return bytes;
}

TEST(message, checksums_of_the_packets_add_up_to_the_message)
{
    // Longer than the 2 KiB blocks bytes_checksum() sums in, with pieces across their boundaries.
    const auto bytes = content(5000);
    for (std::uint64_t mtu : {1u, 7u, 64u, 999u, 2048u, 3000u}) {
        std::uint64_t bytes_sum = 0, seeded_sum = 0;
        for (std::uint64_t off = 0; off < bytes.size(); off += mtu) {
            const std::uint64_t len = std::min<std::uint64_t>(mtu, bytes.size() - off);
            bytes_sum += bytes_checksum(bytes.data() + off, off, len);
            seeded_sum += seeded_checksum(42, off, len);
        }
        EXPECT_EQ(bytes_sum, bytes_checksum(bytes.data(), 0, bytes.size())) << "mtu " << mtu;
        EXPECT_EQ(seeded_sum, seeded_checksum(42, 0, bytes.size())) << "mtu " << mtu;
    }
}

TEST(message, the_largest_byte_values_sum_without_overflow)
{
    // Byte by byte and in whole blocks of 0xff: the block sums are at their largest.
    const std::vector<std::uint8_t> bytes(6000, 0xff);
    std::uint64_t by_byte = 0;
    for (std::uint64_t off = 0; off < bytes.size(); ++off)
        by_byte += bytes_checksum(bytes.data() + off, off, 1);
    EXPECT_EQ(by_byte, bytes_checksum(bytes.data(), 0, bytes.size()));
}

TEST(message, any_changed_byte_changes_the_checksum)
{
    const auto bytes = content(2500);
    const std::uint64_t good = bytes_checksum(bytes.data(), 0, bytes.size());
    for (std::size_t i = 0; i < bytes.size(); ++i)
        for (int delta : {1, 0x10, 0x80, 0xff}) {
            auto bad = bytes;
            bad[i] = static_cast<std::uint8_t>(bad[i] + delta);
            ASSERT_NE(bytes_checksum(bad.data(), 0, bad.size()), good) << "byte " << i << " + " << delta;
        }
}

TEST(message, bytes_in_the_wrong_place_change_the_checksum)
{
    const auto bytes = content(2500);
    const std::uint64_t good = bytes_checksum(bytes.data(), 0, bytes.size());
    for (std::size_t i = 0; i + 1 < bytes.size(); ++i) {
        auto swapped = bytes;
        std::swap(swapped[i], swapped[i + 1]);
        ASSERT_NE(bytes_checksum(swapped.data(), 0, swapped.size()), good) << "bytes " << i << " and " << i + 1;
    }
    // A packet's bytes credited at the wrong offset.
    EXPECT_NE(bytes_checksum(bytes.data(), 64, 64), bytes_checksum(bytes.data(), 0, 64));
    EXPECT_NE(seeded_checksum(7, 64, 64), seeded_checksum(7, 0, 64));
    EXPECT_NE(seeded_checksum(7, 0, 64), seeded_checksum(8, 0, 64));
}

}  // namespace
}  // namespace hxsim
