// Asks for the cache line at an address to be brought in ahead of its use. A large platform's
// state is cold at every wake-up, and the models prefetch what they will read next.
//
// Not __builtin_prefetch: GCC treats it as touching no memory, so a function that only prefetches
// (a model's prefetch hook) counts as one without effects, and link-time optimisation removed
// its calls altogether: the Release builds ran without the routers' prefetch hooks
// (docs/performance.md, twenty-third pass). An asm volatile statement stays wherever it is put.
#pragma once

#include <cstddef>

namespace hxsim {

/// The unit a prefetch brings in (x86-64, and the line size the models' layouts assume).
inline constexpr std::size_t cache_line_bytes = 64;

inline void prefetch_line(const void* address)
{
#if defined(__x86_64__) || defined(__i386__)
    asm volatile("prefetcht0 (%0)" : : "r"(address));
#else
    __builtin_prefetch(address);
#endif
}

/// The cache lines at begin, begin + 64, begin + 128, ... below end: an object's hot members, for
/// a prefetch hook. The line of the range's last bytes is left out when no step falls in it
/// (begin inside a line); fetching it too made the all-to-all slower (docs/performance.md,
/// thirty-third pass).
inline void prefetch_lines(const void* begin, const void* end)
{
    for (const char* line = static_cast<const char*>(begin); line < static_cast<const char*>(end);
         line += cache_line_bytes)
        prefetch_line(line);
}

}  // namespace hxsim
