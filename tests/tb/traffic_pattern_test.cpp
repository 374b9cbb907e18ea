// Traffic patterns as pure generators, without a network: the destination maps of the coordinate
// patterns on hand-made grids (including HammingMesh-like numberings), the errors for patterns
// that do not apply, the rates and timing of the three injection processes, the statistics of
// the random patterns, and determinism from the seed.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "models/core/sim_time.h"
#include "tb/traffic/pattern.h"
#include "tests/support/harness.h"

namespace hxsim {
namespace {

/// Terminal ids in row-major order of their positions.
terminal_grid identity_grid(unsigned rows, unsigned cols)
{
    terminal_grid grid{rows, cols, {}};
    for (std::uint32_t p = 0; p < rows * cols; ++p)
        grid.terminal_at.push_back(p);
    return grid;
}

/// The position (row, col) of a `boards_x` x `boards_y` grid of `a` x `b` boards, numbered as
/// HammingMesh does: board by board (row-major), then row-major inside the board.
std::uint32_t board_numbered(unsigned a, unsigned b, unsigned boards_y, unsigned row, unsigned col)
{
    const unsigned board = (row / a) * boards_y + col / b;
    return (board * a + row % a) * b + col % b;
}

terminal_grid board_grid(unsigned a, unsigned b, unsigned boards_x, unsigned boards_y)
{
    terminal_grid grid{a * boards_x, b * boards_y, {}};
    for (unsigned r = 0; r < grid.rows; ++r)
        for (unsigned c = 0; c < grid.cols; ++c)
            grid.terminal_at.push_back(board_numbered(a, b, boards_y, r, c));
    return grid;
}

platform_config config_for(const std::string& pattern, std::vector<std::string> overrides = {})
{
    overrides.insert(overrides.begin(), "traffic.pattern=" + pattern);
    return test::config_with(overrides);
}

/// Every message of `src` (at most `limit`).
std::vector<message_spec> drain(traffic_pattern& pattern, std::uint32_t src,
                                std::size_t limit = std::numeric_limits<std::size_t>::max())
{
    std::vector<message_spec> out;
    message_spec m;
    while (out.size() < limit && pattern.next(src, m))
        out.push_back(m);
    return out;
}

constexpr std::uint32_t silent = std::numeric_limits<std::uint32_t>::max();

/// Each source's one destination (`silent` if it sends nothing), checking that a source of a
/// fixed map sends every message to the same partner.
std::vector<std::uint32_t> destination_map(const platform_config& config, const terminal_grid& grid)
{
    auto pattern = make_pattern(config, grid);
    std::vector<std::uint32_t> map;
    for (std::uint32_t src = 0; src < grid.terminal_at.size(); ++src) {
        const auto messages = drain(*pattern, src);
        map.push_back(messages.empty() ? silent : messages.front().dst);
        for (const message_spec& m : messages)
            EXPECT_EQ(m.dst, map.back()) << "source " << src << " changed partner";
        EXPECT_NE(map.back(), src);
    }
    return map;
}

std::vector<std::uint32_t> map_of(const std::string& pattern, const terminal_grid& grid)
{
    return destination_map(config_for(pattern), grid);
}

/// The senders' destinations are the senders themselves, each once: a permutation of the
/// terminals that send.
void expect_permutation_of_senders(const std::vector<std::uint32_t>& map)
{
    std::multiset<std::uint32_t> senders, receivers;
    for (std::uint32_t src = 0; src < map.size(); ++src) {
        if (map[src] == silent)
            continue;
        senders.insert(src);
        receivers.insert(map[src]);
    }
    EXPECT_EQ(senders, receivers);
    EXPECT_EQ(std::set<std::uint32_t>(receivers.begin(), receivers.end()).size(), receivers.size());
}

std::size_t silent_count(const std::vector<std::uint32_t>& map)
{
    return static_cast<std::size_t>(std::count(map.begin(), map.end(), silent));
}

/// The message of the config_error that `make_pattern` throws, or "" if it does not.
std::string config_error_of(const platform_config& config, const terminal_grid& grid)
{
    try {
        make_pattern(config, grid);
    } catch (const config_error& e) {
        return e.what();
    }
    return "";
}

// --- destination maps ------------------------------------------------------------------------

TEST(TrafficPattern, TransposeSwapsRowAndColumnAndSilencesTheDiagonal)
{
    const auto map = map_of("transpose", identity_grid(4, 4));
    EXPECT_EQ(map[6], 9u);   // (1,2) -> (2,1)
    EXPECT_EQ(map[9], 6u);
    EXPECT_EQ(map[3], 12u);  // (0,3) -> (3,0)
    EXPECT_EQ(map[0], silent);
    EXPECT_EQ(map[5], silent);
    EXPECT_EQ(map[15], silent);
    EXPECT_EQ(silent_count(map), 4u);
    expect_permutation_of_senders(map);

    const auto big = map_of("transpose", identity_grid(8, 8));
    EXPECT_EQ(big[1], 8u);
    EXPECT_EQ(big[10], 17u);  // (1,2) -> (2,1)
    EXPECT_EQ(big[63], silent);
    EXPECT_EQ(silent_count(big), 8u);
    expect_permutation_of_senders(big);
}

TEST(TrafficPattern, BitComplementInvertsEveryBit)
{
    const auto map = map_of("bit-complement", identity_grid(4, 4));
    EXPECT_EQ(map[0], 15u);
    EXPECT_EQ(map[5], 10u);
    EXPECT_EQ(map[6], 9u);
    EXPECT_EQ(silent_count(map), 0u);
    expect_permutation_of_senders(map);

    const auto big = map_of("bit-complement", identity_grid(8, 8));
    EXPECT_EQ(big[0], 63u);
    EXPECT_EQ(big[21], 42u);  // 010101 -> 101010
    EXPECT_EQ(silent_count(big), 0u);
    expect_permutation_of_senders(big);
}

TEST(TrafficPattern, BitReverseReversesTheBitsAndSilencesPalindromes)
{
    const auto map = map_of("bit-reverse", identity_grid(4, 4));
    EXPECT_EQ(map[1], 8u);    // 0001 -> 1000
    EXPECT_EQ(map[2], 4u);    // 0010 -> 0100
    EXPECT_EQ(map[3], 12u);   // 0011 -> 1100
    EXPECT_EQ(map[11], 13u);  // 1011 -> 1101
    for (std::uint32_t palindrome : {0u, 6u, 9u, 15u})
        EXPECT_EQ(map[palindrome], silent) << palindrome;
    EXPECT_EQ(silent_count(map), 4u);
    expect_permutation_of_senders(map);

    const auto big = map_of("bit-reverse", identity_grid(8, 8));
    EXPECT_EQ(big[1], 32u);
    EXPECT_EQ(big[6], 24u);  // 000110 -> 011000
    EXPECT_EQ(silent_count(big), 8u);
    expect_permutation_of_senders(big);
}

TEST(TrafficPattern, ShuffleRotatesTheBitsLeft)
{
    const auto map = map_of("shuffle", identity_grid(4, 4));
    EXPECT_EQ(map[1], 2u);
    EXPECT_EQ(map[8], 1u);   // 1000 -> 0001
    EXPECT_EQ(map[9], 3u);   // 1001 -> 0011
    EXPECT_EQ(map[5], 10u);  // 0101 -> 1010
    EXPECT_EQ(map[10], 5u);
    EXPECT_EQ(map[0], silent);
    EXPECT_EQ(map[15], silent);
    EXPECT_EQ(silent_count(map), 2u);
    expect_permutation_of_senders(map);

    const auto big = map_of("shuffle", identity_grid(8, 8));
    EXPECT_EQ(big[32], 1u);
    EXPECT_EQ(big[33], 3u);
    EXPECT_EQ(silent_count(big), 2u);
    expect_permutation_of_senders(big);
}

TEST(TrafficPattern, TornadoGoesNearlyHalfWayAroundTheRow)
{
    // 8 columns: offset ceil(8/2) - 1 = 3.
    const auto map = map_of("tornado", identity_grid(8, 8));
    EXPECT_EQ(map[0], 3u);
    EXPECT_EQ(map[22], 17u);  // (2,6) -> (2,1)
    EXPECT_EQ(map[7], 2u);
    EXPECT_EQ(silent_count(map), 0u);
    expect_permutation_of_senders(map);

    // 4 columns: offset 1.
    const auto small = map_of("tornado", identity_grid(4, 4));
    EXPECT_EQ(small[0], 1u);
    EXPECT_EQ(small[3], 0u);
    expect_permutation_of_senders(small);

    // 5 columns (an odd count, a non-square grid): offset ceil(5/2) - 1 = 2.
    const auto odd = map_of("tornado", identity_grid(3, 5));
    EXPECT_EQ(odd[9], 6u);  // (1,4) -> (1,1)
    EXPECT_EQ(odd[0], 2u);
    expect_permutation_of_senders(odd);
}

TEST(TrafficPattern, NeighborSendsToTheNextInTheRow)
{
    const auto map = map_of("neighbor", identity_grid(4, 4));
    EXPECT_EQ(map[0], 1u);
    EXPECT_EQ(map[3], 0u);
    EXPECT_EQ(map[7], 4u);
    EXPECT_EQ(silent_count(map), 0u);
    expect_permutation_of_senders(map);

    const auto big = map_of("neighbor", identity_grid(8, 8));
    EXPECT_EQ(big[23], 16u);  // (2,7) -> (2,0)
    EXPECT_EQ(big[40], 41u);
    expect_permutation_of_senders(big);
}

// --- grids numbered board by board ---------------------------------------------------------

/// A coordinate map computed independently from the definitions: position -> position.
using position_map = std::function<std::uint32_t(unsigned rows, unsigned cols, std::uint32_t position)>;

std::uint32_t reverse_bits(std::uint32_t p, unsigned bits)
{
    std::uint32_t r = 0;
    for (unsigned b = 0; b < bits; ++b)
        if (p & (1u << b))
            r |= 1u << (bits - 1 - b);
    return r;
}

unsigned log2_of(unsigned n)
{
    unsigned bits = 0;
    while ((1u << bits) < n)
        ++bits;
    return bits;
}

const std::map<std::string, position_map>& definitions()
{
    static const std::map<std::string, position_map> maps = {
        {"transpose", [](unsigned rows, unsigned cols, std::uint32_t p) { return (p % cols) * cols + p / cols; }},
        {"bit-complement", [](unsigned rows, unsigned cols, std::uint32_t p) { return rows * cols - 1 - p; }},
        {"bit-reverse",
         [](unsigned rows, unsigned cols, std::uint32_t p) { return reverse_bits(p, log2_of(rows * cols)); }},
        {"shuffle",
         [](unsigned rows, unsigned cols, std::uint32_t p) {
             const unsigned n = rows * cols;
             return (2 * p) % n + (2 * p) / n;  // rotate left: the top bit comes back at the bottom
         }},
        {"tornado",
         [](unsigned rows, unsigned cols, std::uint32_t p) {
             return p / cols * cols + (p % cols + (cols + 1) / 2 - 1) % cols;
         }},
        {"neighbor",
         [](unsigned rows, unsigned cols, std::uint32_t p) { return p / cols * cols + (p % cols + 1) % cols; }},
    };
    return maps;
}

TEST(TrafficPattern, CoordinatePatternsFollowTheGridWhereIdsAreNumberedByBoard)
{
    // 2x2 boards in a 2x2 grid: positions (0,1), (1,0), (0,2), (2,0), (0,3), (3,0) hold
    // terminals 1, 2, 4, 8, 5, 10.
    const terminal_grid grid = board_grid(2, 2, 2, 2);
    const auto transpose = map_of("transpose", grid);
    EXPECT_EQ(transpose[1], 2u);
    EXPECT_EQ(transpose[4], 8u);
    EXPECT_EQ(transpose[5], 10u);
    EXPECT_EQ(transpose[3], silent);  // (1,1)
    const auto neighbor = map_of("neighbor", grid);
    EXPECT_EQ(neighbor[1], 4u);  // (0,1) -> (0,2), on the next board
    EXPECT_EQ(neighbor[5], 0u);  // (0,3) -> (0,0)

    // Every pattern, on a square and on a non-square board grid, against the definitions.
    for (const terminal_grid& g : {board_grid(2, 2, 2, 2), board_grid(2, 2, 4, 4), board_grid(2, 4, 2, 2)}) {
        std::vector<std::uint32_t> position_of(g.terminal_at.size());
        for (std::uint32_t p = 0; p < g.terminal_at.size(); ++p)
            position_of[g.terminal_at[p]] = p;
        for (const auto& [name, definition] : definitions()) {
            if (name == "transpose" && g.rows != g.cols)
                continue;
            SCOPED_TRACE(name + " on " + std::to_string(g.rows) + "x" + std::to_string(g.cols));
            const auto map = map_of(name, g);
            for (std::uint32_t id = 0; id < map.size(); ++id) {
                const std::uint32_t target = g.terminal_at[definition(g.rows, g.cols, position_of[id])];
                EXPECT_EQ(map[id], target == id ? silent : target) << "terminal " << id;
            }
            expect_permutation_of_senders(map);
        }
    }
}

// --- patterns that do not apply ------------------------------------------------------------

TEST(TrafficPattern, BitPatternsNeedAPowerOfTwoTerminals)
{
    for (const char* name : {"bit-complement", "bit-reverse", "shuffle"}) {
        const std::string message = config_error_of(config_for(name), identity_grid(3, 4));
        EXPECT_NE(message.find("traffic.pattern"), std::string::npos) << message;
        EXPECT_NE(message.find(name), std::string::npos) << message;
        EXPECT_NE(message.find("power-of-two"), std::string::npos) << message;
        EXPECT_NE(message.find("12"), std::string::npos) << message;
    }
    const std::string thousand = config_error_of(config_for("bit-complement"), identity_grid(10, 100));
    EXPECT_NE(thousand.find("there are 1000"), std::string::npos) << thousand;
}

TEST(TrafficPattern, TransposeNeedsASquareGrid)
{
    const std::string message = config_error_of(config_for("transpose"), identity_grid(4, 8));
    EXPECT_NE(message.find("traffic.pattern"), std::string::npos) << message;
    EXPECT_NE(message.find("square"), std::string::npos) << message;
    EXPECT_NE(message.find("4x8"), std::string::npos) << message;
}

TEST(TrafficPattern, PatternsWhereEveryoneWouldSendToItselfAreRefused)
{
    // Tornado's offset is 0 with two columns, a neighbor in a single column is itself, and the
    // bit maps over 2 terminals (1 bit) are the identity.
    for (const auto& [name, grid] : std::vector<std::pair<std::string, terminal_grid>>{
             {"tornado", identity_grid(4, 2)},
             {"neighbor", identity_grid(4, 1)},
             {"bit-reverse", identity_grid(1, 2)},
             {"shuffle", identity_grid(2, 1)}}) {
        const std::string message = config_error_of(config_for(name), grid);
        EXPECT_NE(message.find("traffic.pattern: " + name), std::string::npos) << message;
        EXPECT_NE(message.find("onto itself"), std::string::npos) << message;
    }
}

TEST(TrafficPattern, ASingleTerminalHasNobodyToSendTo)
{
    const std::string message = config_error_of(config_for("uniform"), identity_grid(1, 1));
    EXPECT_NE(message.find("traffic.pattern"), std::string::npos) << message;
    EXPECT_NE(message.find("two terminals"), std::string::npos) << message;
}

TEST(TrafficPattern, UnknownPatternIsAConfigError)
{
    platform_config config = config_for("uniform");
    config.traffic.pattern = "butterfly";
    const std::string message = config_error_of(config, identity_grid(4, 4));
    EXPECT_NE(message.find("traffic.pattern"), std::string::npos) << message;
    EXPECT_NE(message.find("butterfly"), std::string::npos) << message;
}

TEST(TrafficPattern, HotspotMustBeATerminal)
{
    const std::string message = config_error_of(config_for("hotspot", {"traffic.hotspot=16"}), identity_grid(4, 4));
    EXPECT_NE(message.find("traffic.hotspot"), std::string::npos) << message;
    EXPECT_NE(message.find("16"), std::string::npos) << message;
    EXPECT_EQ(config_error_of(config_for("hotspot", {"traffic.hotspot=15"}), identity_grid(4, 4)), "");
}

TEST(TrafficPattern, BernoulliRefusesALoadAboveOneMessagePerCycle)
{
    // 64 B take 320 ps at 1600 Gb/s: half the bandwidth needs 1.5625 starts per 1 ns cycle.
    const std::string message = config_error_of(
        config_for("uniform", {"traffic.injection=bernoulli", "traffic.message_size=64B", "traffic.load=0.5"}),
        identity_grid(4, 4));
    EXPECT_NE(message.find("traffic.load"), std::string::npos) << message;
    EXPECT_NE(message.find("bernoulli"), std::string::npos) << message;
    // 0.32 of the bandwidth is exactly one start per cycle.
    EXPECT_EQ(config_error_of(config_for("uniform", {"traffic.injection=bernoulli", "traffic.message_size=64B",
                                                     "traffic.load=0.32"}),
                              identity_grid(4, 4)),
              "");
}

// --- injection ------------------------------------------------------------------------------

/// A long window on 16 sources: 4 KiB messages take 20480 ps at 1600 Gb/s.
constexpr sim_ps window_ps = 10'000'000'000;  // 1 ms warm-up + 9 ms measurement
constexpr double message_ps = 20480;
constexpr double load = 0.4;

platform_config rate_config(const std::string& injection, std::vector<std::string> more = {})
{
    more.insert(more.end(), {"traffic.injection=" + injection, "traffic.message_size=4KiB", "traffic.load=0.4",
                             "run.warmup=1ms", "run.duration=9ms"});
    return config_for("uniform", more);
}

class InjectionRate : public ::testing::TestWithParam<std::string> {};

TEST_P(InjectionRate, OffersTheLoadOverTheWholeInjectionWindow)
{
    const platform_config config = rate_config(GetParam());
    ASSERT_EQ(serialization_ps(config.traffic.message_size_bytes, config.nic.injection_bandwidth_bps),
              static_cast<sim_ps>(message_ps));
    const terminal_grid grid = identity_grid(4, 4);
    auto pattern = make_pattern(config, grid);
    const double expected = load * static_cast<double>(window_ps) / message_ps;
    double total = 0;
    for (std::uint32_t src = 0; src < 16; ++src) {
        const auto messages = drain(*pattern, src);
        ASSERT_FALSE(messages.empty());
        EXPECT_NEAR(static_cast<double>(messages.size()), expected, 0.03 * expected) << "source " << src;
        total += static_cast<double>(messages.size());
        for (std::size_t i = 1; i < messages.size(); ++i)
            ASSERT_GE(messages[i].at_ps, messages[i - 1].at_ps);
        // Injection runs through the warm-up and the measurement window, and stops at its end.
        EXPECT_LT(messages.back().at_ps, window_ps);
        EXPECT_GT(messages.back().at_ps, window_ps - window_ps / 100);
        EXPECT_EQ(messages.front().bytes, 4096u);
        message_spec after;
        EXPECT_FALSE(pattern->next(src, after));
    }
    EXPECT_NEAR(total / 16, expected, 0.01 * expected);
}

INSTANTIATE_TEST_SUITE_P(TrafficPattern, InjectionRate, ::testing::Values("poisson", "bernoulli", "bursty"));

TEST(TrafficPattern, BernoulliStartsMessagesOnClockEdges)
{
    // 1.25 GHz: 800 ps cycles, which 4 KiB messages (20480 ps) are not a multiple of.
    auto pattern = make_pattern(rate_config("bernoulli", {"router.clock=1.25GHz", "run.duration=1ms"}),
                                identity_grid(4, 4));
    std::size_t checked = 0;
    for (std::uint32_t src = 0; src < 16; ++src)
        for (const message_spec& m : drain(*pattern, src)) {
            ASSERT_EQ(m.at_ps % 800, 0u) << "source " << src;
            ++checked;
        }
    EXPECT_GT(checked, 10'000u);
}

TEST(TrafficPattern, BernoulliAtOneMessagePerCycleStartsOneEveryCycle)
{
    // 64 B take 320 ps: a load of 0.32 is a start probability of exactly 1 per 1 ns cycle.
    auto pattern = make_pattern(config_for("uniform", {"traffic.injection=bernoulli", "traffic.message_size=64B",
                                                       "traffic.load=0.32", "run.duration=100ns"}),
                                identity_grid(2, 2));
    for (std::uint32_t src = 0; src < 4; ++src) {
        const auto messages = drain(*pattern, src);
        ASSERT_EQ(messages.size(), 100u);
        for (std::size_t i = 0; i < messages.size(); ++i)
            EXPECT_EQ(messages[i].at_ps, i * 1000);
    }
}

TEST(TrafficPattern, BurstyInjectionSendsBackToBackBurstsOfTheMeanLength)
{
    auto pattern = make_pattern(rate_config("bursty", {"traffic.burst_length=8"}), identity_grid(4, 4));
    const auto t_msg = static_cast<sim_ps>(message_ps);
    double runs = 0, messages_in_runs = 0, off_periods = 0, off_ps = 0;
    for (std::uint32_t src = 0; src < 16; ++src) {
        const auto messages = drain(*pattern, src);
        ASSERT_GT(messages.size(), 1u);
        std::size_t run = 1;
        for (std::size_t i = 1; i < messages.size(); ++i) {
            const sim_ps gap = messages[i].at_ps - messages[i - 1].at_ps;
            ASSERT_GE(gap, t_msg) << "messages of a source overlap";
            if (gap == t_msg) {
                ++run;
                continue;
            }
            ++runs;
            messages_in_runs += static_cast<double>(run);
            ++off_periods;
            off_ps += static_cast<double>(gap - t_msg);
            run = 1;
        }
    }
    // Mean on-period 8 messages; mean off-period 8 * t_msg * (1/0.4 - 1) = 12 t_msg.
    EXPECT_NEAR(messages_in_runs / runs, 8.0, 0.3);
    EXPECT_NEAR(off_ps / off_periods, 12 * message_ps, 0.04 * 12 * message_ps);
}

TEST(TrafficPattern, NoLoadNoMessages)
{
    // The configuration refuses a zero load; a pattern built from a configuration made in code
    // must still not divide by it.
    for (const char* injection : {"poisson", "bernoulli", "bursty"}) {
        platform_config config = config_for("uniform", {std::string("traffic.injection=") + injection});
        config.traffic.load = 0;
        auto pattern = make_pattern(config, identity_grid(2, 2));
        message_spec m;
        EXPECT_FALSE(pattern->next(0, m)) << injection;
    }
}

// --- random destinations ----------------------------------------------------------------------

TEST(TrafficPattern, UniformNeverTargetsTheSourceAndSpreadsEvenly)
{
    auto pattern = make_pattern(rate_config("poisson"), identity_grid(4, 4));
    for (std::uint32_t src = 0; src < 16; ++src) {
        std::vector<double> count(16, 0);
        const auto messages = drain(*pattern, src);
        for (const message_spec& m : messages) {
            ASSERT_LT(m.dst, 16u);
            ASSERT_NE(m.dst, src);
            ++count[m.dst];
        }
        for (std::uint32_t dst = 0; dst < 16; ++dst) {
            if (dst != src) {
                EXPECT_NEAR(count[dst] / static_cast<double>(messages.size()), 1.0 / 15, 0.005)
                    << src << " -> " << dst;
            }
        }
    }
}

TEST(TrafficPattern, HotspotSendsItsShareToTheHotTerminal)
{
    auto pattern = make_pattern(rate_config("poisson", {"traffic.pattern=hotspot", "traffic.hotspot=5",
                                                        "traffic.hotspot_fraction=0.3"}),
                                identity_grid(4, 4));
    double to_hot = 0, total = 0;
    for (std::uint32_t src = 0; src < 16; ++src) {
        std::vector<double> count(16, 0);
        const auto messages = drain(*pattern, src);
        for (const message_spec& m : messages) {
            ASSERT_NE(m.dst, src);
            ++count[m.dst];
        }
        const auto n = static_cast<double>(messages.size());
        if (src == 5) {
            // The hot terminal sends uniformly to the 15 others.
            for (std::uint32_t dst = 0; dst < 16; ++dst) {
                if (dst != src) {
                    EXPECT_NEAR(count[dst] / n, 1.0 / 15, 0.005) << dst;
                }
            }
            continue;
        }
        to_hot += count[5];
        total += n;
        EXPECT_NEAR(count[5] / n, 0.3, 0.01) << "source " << src;
        // The rest is uniform among the 14 that are neither the source nor the hot terminal.
        for (std::uint32_t dst = 0; dst < 16; ++dst) {
            if (dst != src && dst != 5) {
                EXPECT_NEAR(count[dst] / n, 0.7 / 14, 0.005) << src << " -> " << dst;
            }
        }
    }
    EXPECT_NEAR(to_hot / total, 0.3, 0.003);
}

TEST(TrafficPattern, PermutationHasNoFixedPointsAndDependsOnTheSeed)
{
    const auto map = map_of("permutation", identity_grid(8, 8));
    EXPECT_EQ(silent_count(map), 0u);
    expect_permutation_of_senders(map);
    const auto other = destination_map(config_for("permutation", {"run.seed=2"}), identity_grid(8, 8));
    expect_permutation_of_senders(other);
    EXPECT_NE(map, other);
}

// --- determinism -----------------------------------------------------------------------------

class SeededPattern : public ::testing::TestWithParam<std::vector<std::string>> {};

std::vector<message_spec> first_messages(const platform_config& config)
{
    auto pattern = make_pattern(config, identity_grid(4, 4));
    std::vector<message_spec> out;
    for (std::uint32_t src = 0; src < 16; ++src)
        for (const message_spec& m : drain(*pattern, src, 200))
            out.push_back(m);
    return out;
}

bool same(const std::vector<message_spec>& a, const std::vector<message_spec>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const message_spec& x, const message_spec& y) {
        return x.at_ps == y.at_ps && x.dst == y.dst && x.bytes == y.bytes;
    });
}

TEST_P(SeededPattern, SameSeedSameTrafficOtherSeedOtherTraffic)
{
    std::vector<std::string> overrides = GetParam();
    overrides.push_back("run.duration=1ms");
    const auto first = first_messages(test::config_with(overrides));
    EXPECT_GE(first.size(), 12u * 200);  // transpose silences the diagonal
    EXPECT_TRUE(same(first, first_messages(test::config_with(overrides))));
    overrides.push_back("run.seed=2");
    EXPECT_FALSE(same(first, first_messages(test::config_with(overrides))));
}

INSTANTIATE_TEST_SUITE_P(
    TrafficPattern, SeededPattern,
    ::testing::Values(std::vector<std::string>{"traffic.pattern=uniform"},
                      std::vector<std::string>{"traffic.pattern=uniform", "traffic.injection=bernoulli"},
                      std::vector<std::string>{"traffic.pattern=uniform", "traffic.injection=bursty"},
                      std::vector<std::string>{"traffic.pattern=hotspot"},
                      std::vector<std::string>{"traffic.pattern=transpose", "traffic.injection=bursty"},
                      std::vector<std::string>{"traffic.pattern=permutation"}));

}  // namespace
}  // namespace hxsim
