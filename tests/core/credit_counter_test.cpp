// Credits returned flit by flit as trains: what is available when, and when enough will be.
#include <algorithm>
#include <cstdint>

#include <gtest/gtest.h>

#include "models/core/credit_counter.h"
#include "tb/traffic/rng.h"

namespace hxsim {
namespace {

TEST(credit_counter, a_train_delivers_one_credit_per_interval)
{
    credit_counter c(0);
    c.add_train(1000, 100, 4);  // credits at 1000, 1100, 1200, 1300
    EXPECT_EQ(c.available(999), 0);
    EXPECT_EQ(c.available(1000), 1);
    EXPECT_EQ(c.available(1150), 2);
    EXPECT_EQ(c.available(1300), 4);
    EXPECT_EQ(c.available(5000), 4);
}

TEST(credit_counter, when_available_reads_ahead_through_announced_trains)
{
    credit_counter c(2);
    c.add_train(1000, 100, 4);
    c.add_train(2000, 50, 3);
    EXPECT_EQ(c.when_available(2, 0), 0u);
    EXPECT_EQ(c.when_available(3, 0), 1000u);
    EXPECT_EQ(c.when_available(6, 0), 1300u);
    EXPECT_EQ(c.when_available(8, 0), 2050u);
    EXPECT_EQ(c.when_available(10, 0), credit_counter::never);
}

TEST(credit_counter, spending_and_a_train_given_all_at_once)
{
    credit_counter c(4);
    c.consume(4);
    EXPECT_EQ(c.available(0), 0);
    c.add_train(700, 0, 8);  // interval 0: all at once
    EXPECT_EQ(c.available(699), 0);
    EXPECT_EQ(c.available(700), 8);
    c.consume(3);
    EXPECT_EQ(c.available(800), 5);
}

TEST(credit_counter, announced_counts_every_train_as_arrived_whenever_it_is_read)
{
    // A router's room bounds start from announced() (router.h): it must bound available() at
    // every time, and be what is available once every train is in.
    credit_counter c(3);
    rng random(7);
    const auto next = [&random](unsigned n) { return static_cast<unsigned>(random.below(n)); };
    sim_ps now = 0, last_train_ps = 0;
    for (unsigned step = 0; step < 2000; ++step) {
        now += next(400);
        switch (next(3)) {
        case 0:  // a train, in time order, some all at once
            last_train_ps = std::max(last_train_ps, now) + next(1000);
            c.add_train(last_train_ps, next(3) == 0 ? 0 : 1 + next(200), 1 + next(32));
            break;
        case 1:  // spends what is there
            c.consume(std::min<std::int64_t>(c.available(now), next(16)));
            break;
        default:
            break;
        }
        const std::int64_t now_available = c.available(now);
        ASSERT_LE(now_available, c.announced()) << "step " << step;
        credit_counter all_in = c;
        ASSERT_EQ(all_in.available(credit_counter::never - 1), c.announced()) << "step " << step;
    }
}

}  // namespace
}  // namespace hxsim
