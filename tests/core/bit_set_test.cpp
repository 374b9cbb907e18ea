// The bit sets of the router, the allocator and the scheduler: bits across words, visited in
// increasing order, cleared while visited or taken a word at a time; the next bit in turn.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "models/core/bit_set.h"

namespace hxsim {
namespace {

TEST(bit_set, bits_on_both_sides_of_a_word_boundary_are_set_tested_and_cleared_alone)
{
    std::uint64_t bits[3] = {};
    for (unsigned i : {0u, 63u, 64u, 130u})
        set_bit(bits, i);
    EXPECT_EQ(bits[0], (std::uint64_t{1} << 63) | 1);
    EXPECT_EQ(bits[1], 1u);
    EXPECT_EQ(bits[2], std::uint64_t{1} << 2);
    EXPECT_TRUE(test_bit(bits, 63));
    EXPECT_TRUE(test_bit(bits, 64));
    EXPECT_FALSE(test_bit(bits, 65));
    clear_bit(bits, 63);
    EXPECT_FALSE(test_bit(bits, 63));
    EXPECT_TRUE(test_bit(bits, 0));
    EXPECT_TRUE(test_bit(bits, 64));
}

TEST(bit_set, every_set_bit_is_visited_once_in_increasing_order_and_may_be_cleared_meanwhile)
{
    std::uint64_t bits[3] = {};
    for (unsigned i : {130u, 5u, 64u, 63u, 0u})
        set_bit(bits, i);
    std::vector<unsigned> seen;
    for_each_bit(bits, 3, [&](unsigned i) {
        seen.push_back(i);
        if (i == 63 || i == 130)
            clear_bit(bits, i);
    });
    EXPECT_EQ(seen, (std::vector<unsigned>{0, 5, 63, 64, 130}));
    EXPECT_EQ(bits[0], (std::uint64_t{1} << 5) | 1);
    EXPECT_EQ(bits[1], 1u);
    EXPECT_EQ(bits[2], 0u);
    seen.clear();
    for_each_bit(bits, 2, [&](unsigned i) { seen.push_back(i); });  // the words given, no more
    EXPECT_EQ(seen, (std::vector<unsigned>{0, 5, 64}));
}

TEST(bit_set, taking_the_bits_visits_them_in_order_and_leaves_the_words_given_clear)
{
    std::uint64_t bits[3] = {};
    for (unsigned i : {127u, 3u, 64u, 140u})
        set_bit(bits, i);
    std::vector<unsigned> seen;
    take_each_bit(bits, 2, [&](unsigned i) { seen.push_back(i); });
    EXPECT_EQ(seen, (std::vector<unsigned>{3, 64, 127}));
    EXPECT_EQ(bits[0], 0u);
    EXPECT_EQ(bits[1], 0u);
    EXPECT_EQ(bits[2], std::uint64_t{1} << 12);  // beyond the words taken
}

TEST(bit_set, the_next_bit_in_turn_is_the_first_above_else_the_first_from_bit_0)
{
    const std::uint64_t word = (std::uint64_t{1} << 2) | (std::uint64_t{1} << 9) | (std::uint64_t{1} << 63);
    EXPECT_EQ(next_bit_after(word, 0), 2u);
    EXPECT_EQ(next_bit_after(word, 2), 9u);
    EXPECT_EQ(next_bit_after(word, 9), 63u);
    EXPECT_EQ(next_bit_after(word, 63), 2u);  // round from bit 0; no shift by 64
    EXPECT_EQ(next_bit_after(word, 40), 63u);
    EXPECT_EQ(next_bit_after(std::uint64_t{1} << 5, 5), 5u);  // the only bit, itself last
    EXPECT_EQ(next_bit_after(std::uint64_t{1} << 5, 7), 5u);
}

}  // namespace
}  // namespace hxsim
