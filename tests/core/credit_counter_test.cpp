// Credits returned flit by flit as trains: what is available when, and when enough will be.
#include <gtest/gtest.h>

#include "models/core/credit_counter.h"

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

}  // namespace
}  // namespace hxsim
