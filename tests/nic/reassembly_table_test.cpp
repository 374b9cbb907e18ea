// The NIC's table of messages being reassembled: every entry found from its id through growth and
// deletions (checked against std::unordered_map under random use with colliding ids), entries
// moved by deletion keep their state, and piece bits inline and wide.
#include <gtest/gtest.h>

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "models/nic/reassembly_table.h"

namespace hxsim {
namespace {

TEST(reassembly_table, makes_an_entry_once_and_finds_it_again)
{
    reassembly_table table;
    auto [e, fresh] = table.try_emplace(42, 1000);
    ASSERT_TRUE(fresh);
    EXPECT_EQ(e->key, 42u);
    EXPECT_EQ(e->bytes, 1000u);
    e->checksum = 7;
    auto [again, fresh_again] = table.try_emplace(42, 1000);
    EXPECT_FALSE(fresh_again);
    EXPECT_EQ(again, e);
    EXPECT_EQ(again->checksum, 7u);
    EXPECT_EQ(table.size(), 1u);
}

TEST(reassembly_table, take_returns_the_state_and_frees_the_id)
{
    reassembly_table table;
    auto [e, fresh] = table.try_emplace(5, 64);
    e->src = 3;
    e->sequence = 9;
    e->data.reset(new std::uint8_t[64]());
    e->data[10] = 0xab;
    const reassembly_table::entry done = table.take(e);
    EXPECT_EQ(done.key, 5u);
    EXPECT_EQ(done.src, 3u);
    EXPECT_EQ(done.sequence, 9u);
    ASSERT_NE(done.data, nullptr);
    EXPECT_EQ(done.data[10], 0xab);
    EXPECT_EQ(table.size(), 0u);
    auto [made, made_fresh] = table.try_emplace(5, 64);
    EXPECT_TRUE(made_fresh);
    EXPECT_EQ(made->src, 0u);
    EXPECT_EQ(made->data, nullptr);
}

TEST(reassembly_table, refuses_an_empty_message)
{
    reassembly_table table;
    EXPECT_THROW(table.try_emplace(1, 0), std::logic_error);
}

// Ids that are multiples of a large power of two share their low bits; random ids over a small
// range collide in the probe sequences. Either way every live id must keep its own state.
TEST(reassembly_table, matches_a_map_through_growth_and_deletions)
{
    for (const std::uint32_t stride : {std::uint32_t{1}, std::uint32_t{1} << 24, std::uint32_t{0x9E3779B9u}}) {
        reassembly_table table;
        std::unordered_map<std::uint32_t, std::uint64_t> ref;  // id -> checksum
        unsigned seed = 2024;
        for (int step = 0; step < 50000; ++step) {
            seed = seed * 1103515245u + 12345u;
            const std::uint32_t id = ((seed >> 8) % 200) * stride;
            const bool remove = (seed >> 4) % 3 == 0;
            auto [e, fresh] = table.try_emplace(id, 1 + static_cast<std::uint32_t>(id % 1000));
            ASSERT_EQ(fresh, ref.count(id) == 0) << "id " << id << " step " << step;
            if (fresh)
                ref[id] = id * 3 + 1;
            else
                ASSERT_EQ(e->checksum, ref[id]) << "id " << id << " step " << step;
            e->checksum = ref[id];
            if (remove) {
                const reassembly_table::entry done = table.take(e);
                ASSERT_EQ(done.key, id);
                ASSERT_EQ(done.checksum, ref[id]);
                ref.erase(id);
            }
            ASSERT_EQ(table.size(), ref.size());
        }
        for (const auto& [id, checksum] : ref) {
            auto [e, fresh] = table.try_emplace(id, 1 + static_cast<std::uint32_t>(id % 1000));
            EXPECT_FALSE(fresh);
            EXPECT_EQ(e->checksum, checksum);
        }
    }
}

TEST(reassembly_table, keeps_piece_bits_inline_up_to_128_pieces_and_wide_beyond)
{
    for (const std::uint64_t pieces : {std::uint64_t{1}, std::uint64_t{64}, std::uint64_t{65}, std::uint64_t{128},
                                       std::uint64_t{129}, std::uint64_t{1000}}) {
        reassembly_table table;
        auto [e, fresh] = table.try_emplace(1, 1);
        e->expect_pieces(pieces);
        EXPECT_EQ(e->wide(), pieces > 128);
        std::vector<bool> set(pieces, false);
        for (std::uint64_t i = 0; i < pieces; i += 3) {
            e->set_piece(i);
            set[i] = true;
        }
        for (std::uint64_t i = 0; i < pieces; ++i)
            EXPECT_EQ(e->has_piece(i), set[i]) << "piece " << i << " of " << pieces;
    }
}

// Entries move as the table grows and as deletions shift them back: their piece bits, inline (up to
// 128) or on the heap, move with them.
TEST(reassembly_table, piece_bits_move_with_their_entries)
{
    reassembly_table table;
    const auto pieces_of = [](std::uint32_t id) -> std::uint64_t { return id % 2 == 0 ? 100 : 300; };
    const auto is_set = [](std::uint32_t id, std::uint64_t i) { return (i * 7 + id) % 5 < 2; };
    for (std::uint32_t id = 0; id < 300; ++id) {
        auto [e, fresh] = table.try_emplace(id, 1);
        ASSERT_TRUE(fresh);
        e->expect_pieces(pieces_of(id));
        for (std::uint64_t i = 0; i < pieces_of(id); ++i)
            if (is_set(id, i))
                e->set_piece(i);
    }
    for (std::uint32_t id = 0; id < 300; id += 3)
        table.take(table.try_emplace(id, 1).first);
    for (std::uint32_t id = 0; id < 300; ++id) {
        auto [e, fresh] = table.try_emplace(id, 1);
        if (id % 3 == 0) {
            EXPECT_TRUE(fresh);
            continue;
        }
        ASSERT_FALSE(fresh) << "id " << id;
        EXPECT_EQ(e->wide(), pieces_of(id) > 128);
        for (std::uint64_t i = 0; i < pieces_of(id); ++i)
            ASSERT_EQ(e->has_piece(i), is_set(id, i)) << "id " << id << " piece " << i;
        const reassembly_table::entry done = table.take(e);
        for (std::uint64_t i = 0; i < pieces_of(id); ++i)
            ASSERT_EQ(done.has_piece(i), is_set(id, i)) << "taken id " << id << " piece " << i;
    }
}

}  // namespace
}  // namespace hxsim
