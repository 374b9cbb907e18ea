// The switch allocators: legal matchings, round-robin fairness, age priority, and iSLIP's
// iterations and pointer desynchronisation.
#include <set>

#include <gtest/gtest.h>

#include "models/router/allocator.h"

namespace hxsim {
namespace {

allocation_request req(unsigned in, unsigned out, sim_ps age = 0, unsigned vc = 0)
{
    return allocation_request{static_cast<std::uint16_t>(in), static_cast<std::uint8_t>(vc),
                              static_cast<std::uint16_t>(out), age};
}

void expect_legal(const std::vector<allocation_request>& requests, const std::vector<unsigned>& grants)
{
    std::set<unsigned> inputs, outputs;
    for (unsigned g : grants) {
        ASSERT_LT(g, requests.size());
        EXPECT_TRUE(inputs.insert(requests[g].in_port).second) << "input granted twice";
        EXPECT_TRUE(outputs.insert(requests[g].out_port).second) << "output granted twice";
    }
}

/// The input granted in each of `rounds` allocations of `requests`, which compete for one output.
std::vector<unsigned> winners_of_rounds(switch_allocator& a, const std::vector<allocation_request>& requests,
                                        int rounds)
{
    std::vector<unsigned> winners;
    std::vector<unsigned> grants;
    for (int round = 0; round < rounds; ++round) {
        a.allocate(requests, grants);
        EXPECT_EQ(grants.size(), 1u);
        winners.push_back(grants.empty() ? ~0u : requests[grants[0]].in_port);
    }
    return winners;
}

TEST(allocator, round_robin_rotates_among_inputs_competing_for_one_output)
{
    for (allocator_kind kind : {allocator_kind::separable_input_first, allocator_kind::islip}) {
        switch_allocator a(4, kind, 1, false);
        const std::vector<allocation_request> requests{req(0, 2), req(1, 2), req(3, 2)};
        EXPECT_EQ(winners_of_rounds(a, requests, 6), (std::vector<unsigned>{0, 1, 3, 0, 1, 3}));
    }
}

TEST(allocator, age_arbitration_serves_the_oldest_packet_first)
{
    for (allocator_kind kind : {allocator_kind::separable_input_first, allocator_kind::islip}) {
        switch_allocator a(4, kind, 1, true);
        const std::vector<allocation_request> requests{req(0, 1, 500), req(2, 1, 100), req(3, 1, 300)};
        std::vector<unsigned> grants;
        a.allocate(requests, grants);
        ASSERT_EQ(grants.size(), 1u);
        EXPECT_EQ(requests[grants[0]].in_port, 2u);
        // It keeps winning while it is the oldest, whatever the round-robin pointers say.
        a.allocate(requests, grants);
        EXPECT_EQ(requests[grants[0]].in_port, 2u);
    }
}

TEST(allocator, separable_input_first_can_leave_a_matchable_pair_unmatched)
{
    // Inputs 0 and 1 both pick output 0 first (their pointers start at 0); input 1 also wants
    // output 1 but already chose output 0 in the input stage, so only one grant results.
    switch_allocator a(2, allocator_kind::separable_input_first, 1, false);
    const std::vector<allocation_request> requests{req(0, 0), req(1, 0), req(1, 1)};
    std::vector<unsigned> grants;
    a.allocate(requests, grants);
    expect_legal(requests, grants);
    EXPECT_EQ(grants.size(), 1u);
}

TEST(allocator, islip_iterations_fill_the_matching)
{
    // Outputs 0 and 1 both grant input 0 in the first iteration; input 0 accepts one, and a
    // second iteration lets the other output grant input 1.
    const std::vector<allocation_request> requests{req(0, 0), req(0, 1), req(1, 0), req(1, 1)};
    std::vector<unsigned> grants;
    switch_allocator one(2, allocator_kind::islip, 1, false);
    one.allocate(requests, grants);
    expect_legal(requests, grants);
    EXPECT_EQ(grants.size(), 1u);
    switch_allocator two(2, allocator_kind::islip, 2, false);
    two.allocate(requests, grants);
    expect_legal(requests, grants);
    EXPECT_EQ(grants.size(), 2u);
}

TEST(allocator, islip_pointers_desynchronise_to_a_full_matching_under_full_load)
{
    // Every input requests every output. After a few rounds iSLIP's pointers fall out of step
    // and every round is a perfect matching, even with one iteration.
    constexpr unsigned ports = 8;
    std::vector<allocation_request> requests;
    for (unsigned in = 0; in < ports; ++in)
        for (unsigned out = 0; out < ports; ++out)
            requests.push_back(req(in, out));
    switch_allocator a(ports, allocator_kind::islip, 1, false);
    std::vector<unsigned> grants;
    for (int round = 0; round < 2 * static_cast<int>(ports); ++round)
        a.allocate(requests, grants);
    for (int round = 0; round < 5; ++round) {
        a.allocate(requests, grants);
        expect_legal(requests, grants);
        EXPECT_EQ(grants.size(), ports);
    }
}

TEST(allocator, a_wide_switch_grants_in_output_order_and_goes_round_past_its_last_port)
{
    // 100 ports: the ports an arbiter stage sees span two 64-bit words of its bit set.
    switch_allocator a(100, allocator_kind::separable_input_first, 1, false);
    const std::vector<allocation_request> pairs{req(99, 70), req(3, 99), req(64, 0), req(10, 63)};
    std::vector<unsigned> grants;
    a.allocate(pairs, grants);
    EXPECT_EQ(grants, (std::vector<unsigned>{2, 3, 0, 1}));  // outputs 0, 63, 70, 99
    // Three inputs on both words compete for output 5, whose pointer starts at input 0 and goes
    // round: 0, then 64, then 99, then past the last port back to 0.
    const std::vector<allocation_request> rivals{req(99, 5), req(0, 5), req(64, 5)};
    EXPECT_EQ(winners_of_rounds(a, rivals, 6), (std::vector<unsigned>{0, 64, 99, 0, 64, 99}));
}

TEST(allocator, every_matching_is_legal_on_random_requests)
{
    std::uint64_t state = 12345;
    const auto next = [&] { return (state = state * 6364136223846793005ULL + 1442695040888963407ULL) >> 33; };
    for (allocator_kind kind : {allocator_kind::separable_input_first, allocator_kind::islip})
        for (bool age : {false, true}) {
            switch_allocator a(6, kind, 3, age);
            for (int round = 0; round < 200; ++round) {
                std::vector<allocation_request> requests;
                const unsigned n = next() % 20;
                for (unsigned i = 0; i < n; ++i)
                    requests.push_back(req(next() % 6, next() % 6, next() % 1000, next() % 3));
                std::vector<unsigned> grants;
                a.allocate(requests, grants);
                expect_legal(requests, grants);
                if (!requests.empty()) {
                    EXPECT_FALSE(grants.empty());
                }
            }
        }
}

}  // namespace
}  // namespace hxsim
