// Name patterns over SystemC hierarchical names, shared by every option that selects modules by
// name (rtl.routers, --trace).
#pragma once

#include <string_view>

namespace hxsim {

/// Whether `name` matches the glob `pattern` as a whole: '*' is any run of characters (dots
/// included, so "board_0_0.*" covers the whole board), '?' exactly one character, anything else
/// itself.
bool glob_match(std::string_view pattern, std::string_view name);

}  // namespace hxsim
