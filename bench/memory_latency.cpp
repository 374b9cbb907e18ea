// What a cache miss costs on this machine: a program that prints figures, never a test.
//
// A large platform's hop reads a few dozen cache lines of state that has gone cold since the last
// packet passed (docs/performance.md), so its packet-hops per second follow the latency of a
// random read far more than the processor's speed, and the growth benchmark (bench/run.py, target
// 4 of issue 6) measures the machine as much as the simulator. This program chases pointers
// through a random cycle of cache lines in a buffer of each size, in huge pages as hxsim's heap
// is (madvise), and prints the time a read takes: one chain (each read waits for the one before),
// then several chains at once (independent reads, as a prefetching simulator overlaps them).
//
//     build/memory_latency            # 1 MiB to 1 GiB, then 1 to 32 chains over 1 GiB
//     build/memory_latency 256        # up to 256 MiB only
#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "models/core/prefetch.h"

namespace {

using hxsim::cache_line_bytes;  // the line the models' layouts assume
// Reads timed per figure: enough for a stable figure, few enough that a 1 GiB buffer is read in
// seconds (building its cycle takes longer).
constexpr std::size_t reads_per_figure = 20'000'000;
constexpr std::uint64_t seed = 1;  // the same cycle in every run
constexpr unsigned chain_counts[] = {1, 2, 4, 8, 16, 32};
// The buffer and its cycle (4 bytes a line) are in memory at once: 17 GiB at this bound, within
// the 24 GiB of this project's machines.
constexpr std::size_t max_buffer_mib = std::size_t{1} << 14;

/// A buffer of `bytes` whose lines form one random cycle: each line's first word points to the
/// next line. Unmapped when it goes.
class pointer_cycle {
public:
    explicit pointer_cycle(std::size_t bytes) : m_bytes(bytes), m_lines(bytes / cache_line_bytes)
    {
        void* mem = mmap(nullptr, m_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (mem == MAP_FAILED)
            throw std::runtime_error(fmt::format("cannot map {} MiB", m_bytes >> 20));
        m_base = static_cast<char*>(mem);
        madvise(m_base, m_bytes, MADV_HUGEPAGE);  // as hxsim's heap (glibc.malloc.hugetlb=1)
        m_order.resize(m_lines);
        std::iota(m_order.begin(), m_order.end(), 0u);
        std::mt19937_64 random(seed);
        std::shuffle(m_order.begin(), m_order.end(), random);
        for (std::size_t i = 0; i < m_lines; ++i)
            *reinterpret_cast<char**>(line(m_order[i])) = line(m_order[(i + 1) % m_lines]);
    }
    ~pointer_cycle() { munmap(m_base, m_bytes); }
    pointer_cycle(const pointer_cycle&) = delete;
    pointer_cycle& operator=(const pointer_cycle&) = delete;

    /// Nanoseconds a read over `chains` chains that start evenly spaced along the cycle.
    double ns_per_read(unsigned chains) const
    {
        std::vector<char*> at(chains);
        for (unsigned c = 0; c < chains; ++c)
            at[c] = line(m_order[c * (m_lines / chains)]);
        const std::size_t steps = reads_per_figure / chains;
        const auto start = std::chrono::steady_clock::now();
        for (std::size_t s = 0; s < steps; ++s)
            for (unsigned c = 0; c < chains; ++c)
                at[c] = *reinterpret_cast<char* volatile*>(at[c]);
        const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
        return ns / static_cast<double>(steps * chains);
    }

private:
    char* line(std::size_t index) const { return m_base + index * cache_line_bytes; }

    std::size_t m_bytes;
    std::size_t m_lines;
    char* m_base = nullptr;
    std::vector<std::uint32_t> m_order;  // the cycle: line indices in the order they are read
};

/// Prints the figures for buffers of 1 MiB, doubling, up to `max_mib` (the last one whatever its
/// size), then the chains at once over that last buffer, whose cycle is built once for both.
void measure(std::size_t max_mib)
{
    fmt::print("one chain: ns a read, each waiting for the one before\n");
    for (std::size_t mib = 1;; mib = std::min(2 * mib, max_mib)) {
        const pointer_cycle cycle(mib << 20);
        const double alone = cycle.ns_per_read(1);
        fmt::print("  {:>5} MiB  {:6.1f} ns\n", mib, alone);
        if (mib < max_mib)
            continue;
        fmt::print("chains at once over {} MiB: ns a read, and the speed-up over one chain\n", max_mib);
        for (unsigned chains : chain_counts) {
            const double ns = chains == 1 ? alone : cycle.ns_per_read(chains);
            fmt::print("  {:>5}      {:6.1f} ns  {:5.1f}x\n", chains, ns, alone / ns);
        }
        return;
    }
}

}  // namespace

int main(int argc, char** argv)
{
    std::size_t max_mib = 1024;
    if (argc == 2) {
        char* end = nullptr;
        max_mib = std::strtoull(argv[1], &end, 10);
        if (*end != '\0' || max_mib == 0 || max_mib > max_buffer_mib) {
            fmt::print(stderr, "memory_latency: the largest buffer must be a whole number of MiB from 1 to {}, not '{}'\n",
                       max_buffer_mib, argv[1]);
            return 2;
        }
    } else if (argc > 2) {
        fmt::print(stderr, "usage: memory_latency [largest buffer in MiB, default 1024]\n");
        return 2;
    }
    try {
        measure(max_mib);
    } catch (const std::exception& e) {
        fmt::print(stderr, "memory_latency: {}\n", e.what());
        return 1;
    }
    return 0;
}
