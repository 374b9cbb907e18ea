// Tearing a platform down in the reverse order of its construction. SystemC's registries look
// for a port, export or module to remove starting from the most recently registered one, so
// destroying the newest module first makes each removal immediate; destroying in construction
// order costs a search through every module still registered, which at 16,384 accelerators took
// longer than building and simulating together (docs/performance.md).
#pragma once

#include <memory>
#include <vector>

namespace hxsim {

template <typename module>
void destroy_newest_first(std::vector<std::unique_ptr<module>>& modules)
{
    while (!modules.empty())
        modules.pop_back();
}

}  // namespace hxsim
