// Name patterns over hierarchical names (rtl.routers, --trace).
#include <gtest/gtest.h>

#include "models/core/glob.h"

namespace hxsim {
namespace {

TEST(glob, star_spans_dots_question_mark_one_character_whole_name)
{
    EXPECT_TRUE(glob_match("board_0_0.*", "board_0_0.acc_0_1.link_E"));
    EXPECT_FALSE(glob_match("board_0_0.*", "board_0_1.acc_0_1.link_E"));
    EXPECT_TRUE(glob_match("*.acc_0_1.*", "board_3_1.acc_0_1.router"));
    EXPECT_FALSE(glob_match("*.acc_0_1.*", "board_3_1.acc_0_10"));
    EXPECT_TRUE(glob_match("row_net_?.*", "row_net_2.link_7"));
    EXPECT_FALSE(glob_match("row_net_?.*", "row_net_12.link_7"));
    EXPECT_TRUE(glob_match("*", "anything.at.all"));
    EXPECT_TRUE(glob_match("*link_*", "board_0_0.acc_0_0.link_inject"));
    EXPECT_TRUE(glob_match("a*b*c", "a.b.b.c"));
    EXPECT_FALSE(glob_match("a*b*c", "a.b.b.cd"));
    EXPECT_FALSE(glob_match("board_0_0", "board_0_0.acc_0_0.router")) << "a pattern matches the whole name";
}

}  // namespace
}  // namespace hxsim
