// The unit parsers and formatters of models/sim/units.h: every unit, exactness, the rejected
// forms with their messages, and parse(format(x)) == x. Frequencies are parsed only.
#include "models/sim/units.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

using hxsim::format_bandwidth_bps;
using hxsim::format_size_bytes;
using hxsim::format_time_ps;
using hxsim::parse_bandwidth_bps;
using hxsim::parse_frequency_hz;
using hxsim::parse_size_bytes;
using hxsim::parse_time_ps;

constexpr std::uint64_t max_u64 = std::numeric_limits<std::uint64_t>::max();

// The message of the std::invalid_argument that `parse` throws for `text` ("" if none).
std::string error_of(const std::function<std::uint64_t(std::string_view)>& parse,
                     std::string_view text)
{
    try {
        const std::uint64_t value = parse(text);
        ADD_FAILURE() << "'" << text << "' was accepted as " << value;
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

TEST(units, time_units)
{
    EXPECT_EQ(parse_time_ps("7ps"), 7u);
    EXPECT_EQ(parse_time_ps("40ns"), 40'000u);
    EXPECT_EQ(parse_time_ps("20us"), 20'000'000u);
    EXPECT_EQ(parse_time_ps("1ms"), 1'000'000'000u);
    EXPECT_EQ(parse_time_ps("2s"), 2'000'000'000'000u);
    EXPECT_EQ(parse_time_ps("0ns"), 0u);
    EXPECT_EQ(parse_time_ps("0ps"), 0u);
}

TEST(units, bandwidth_units)
{
    EXPECT_EQ(parse_bandwidth_bps("9bps"), 9u);
    EXPECT_EQ(parse_bandwidth_bps("3Kbps"), 3'000u);
    EXPECT_EQ(parse_bandwidth_bps("5Mbps"), 5'000'000u);
    EXPECT_EQ(parse_bandwidth_bps("400Gbps"), 400'000'000'000u);
    EXPECT_EQ(parse_bandwidth_bps("2Tbps"), 2'000'000'000'000u);
    EXPECT_EQ(parse_bandwidth_bps("0Gbps"), 0u);
}

TEST(units, size_units)
{
    EXPECT_EQ(parse_size_bytes("256B"), 256u);
    EXPECT_EQ(parse_size_bytes("4KB"), 4'000u);
    EXPECT_EQ(parse_size_bytes("3MB"), 3'000'000u);
    EXPECT_EQ(parse_size_bytes("2GB"), 2'000'000'000u);
    EXPECT_EQ(parse_size_bytes("8KiB"), 8'192u);
    EXPECT_EQ(parse_size_bytes("32MiB"), 32u << 20);
    EXPECT_EQ(parse_size_bytes("3GiB"), std::uint64_t{3} << 30);
    EXPECT_EQ(parse_size_bytes("0B"), 0u);
}

TEST(units, decimals_are_exact)
{
    EXPECT_EQ(parse_time_ps("0.1ns"), 100u);
    EXPECT_EQ(parse_time_ps("1.5ns"), 1'500u);
    EXPECT_EQ(parse_time_ps("0.001ns"), 1u);
    EXPECT_EQ(parse_time_ps("1.000ns"), 1'000u);
    EXPECT_EQ(parse_time_ps("0.000000000001s"), 1u);
    EXPECT_EQ(parse_time_ps("0.3us"), 300'000u);
    EXPECT_EQ(parse_bandwidth_bps("1.6Tbps"), 1'600'000'000'000u);
    EXPECT_EQ(parse_bandwidth_bps("12.5Gbps"), 12'500'000'000u);
    EXPECT_EQ(parse_size_bytes("1.5KiB"), 1'536u);
    EXPECT_EQ(parse_size_bytes("0.5KiB"), 512u);
    EXPECT_EQ(parse_size_bytes("0.25MiB"), 262'144u);
    EXPECT_EQ(parse_size_bytes("0.0009765625KiB"), 1u);
    EXPECT_EQ(parse_size_bytes("1.024MB"), 1'024'000u);
    EXPECT_EQ(parse_size_bytes("007B"), 7u);
}

TEST(units, one_space_before_the_unit)
{
    EXPECT_EQ(parse_time_ps("40 ns"), 40'000u);
    EXPECT_EQ(parse_bandwidth_bps("1.6 Tbps"), 1'600'000'000'000u);
    EXPECT_EQ(parse_size_bytes("8 KiB"), 8'192u);
    EXPECT_EQ(error_of(parse_time_ps, "40  ns"),
              "unknown unit ' ns'; expected one of ps, ns, us, ms, s");
}

TEST(units, the_limits_of_64_bits)
{
    EXPECT_EQ(parse_time_ps("18446744073709551615ps"), max_u64);
    EXPECT_EQ(parse_time_ps("18446744.073709551615s"), max_u64);
    EXPECT_EQ(parse_size_bytes("18446744073709551615B"), max_u64);
    EXPECT_EQ(error_of(parse_time_ps, "18446744073709551616ps"),
              "too large; the limit is 18446744073709551615 ps");
    EXPECT_EQ(error_of(parse_time_ps, "18446744.073709551616s"),
              "too large; the limit is 18446744073709551615 ps");
    EXPECT_EQ(error_of(parse_time_ps, "18446745s"),
              "too large; the limit is 18446744073709551615 ps");
    EXPECT_EQ(error_of(parse_bandwidth_bps, "99999999999999999999999Tbps"),
              "too large; the limit is 18446744073709551615 bps");
    EXPECT_EQ(error_of(parse_size_bytes, "17179869184GiB"),
              "too large; the limit is 18446744073709551615 B");
}

TEST(units, rejects_a_missing_unit)
{
    EXPECT_EQ(error_of(parse_time_ps, "40"), "missing unit; expected one of ps, ns, us, ms, s");
    EXPECT_EQ(error_of(parse_time_ps, "40 "), "missing unit; expected one of ps, ns, us, ms, s");
    EXPECT_EQ(error_of(parse_bandwidth_bps, "400"),
              "missing unit; expected one of bps, Kbps, Mbps, Gbps, Tbps");
    EXPECT_EQ(error_of(parse_size_bytes, "0"),
              "missing unit; expected one of B, KB, KiB, MB, MiB, GB, GiB");
}

TEST(units, rejects_an_unknown_unit)
{
    EXPECT_EQ(error_of(parse_bandwidth_bps, "400Gbs"),
              "unknown unit 'Gbs'; expected one of bps, Kbps, Mbps, Gbps, Tbps");
    EXPECT_EQ(error_of(parse_time_ps, "40NS"),
              "unknown unit 'NS'; expected one of ps, ns, us, ms, s");
    EXPECT_EQ(error_of(parse_size_bytes, "8kib"),
              "unknown unit 'kib'; expected one of B, KB, KiB, MB, MiB, GB, GiB");
    // A unit of another family is just as unknown.
    EXPECT_EQ(error_of(parse_size_bytes, "8ns"),
              "unknown unit 'ns'; expected one of B, KB, KiB, MB, MiB, GB, GiB");
    EXPECT_EQ(error_of(parse_time_ps, "1ns "),
              "unknown unit 'ns '; expected one of ps, ns, us, ms, s");
}

TEST(units, rejects_signs)
{
    EXPECT_EQ(error_of(parse_time_ps, "-1ns"), "must not be negative");
    EXPECT_EQ(error_of(parse_size_bytes, "-0B"), "must not be negative");
    EXPECT_EQ(error_of(parse_bandwidth_bps, "+1Gbps"), "a sign is not allowed");
}

TEST(units, rejects_inexact_values)
{
    EXPECT_EQ(error_of(parse_time_ps, "0.5ps"), "must be a whole number of ps");
    EXPECT_EQ(error_of(parse_time_ps, "0.0001ns"), "must be a whole number of ps");
    EXPECT_EQ(error_of(parse_bandwidth_bps, "1.5bps"), "must be a whole number of bps");
    EXPECT_EQ(error_of(parse_size_bytes, "0.3KiB"), "must be a whole number of B");
    EXPECT_EQ(error_of(parse_size_bytes, "0.00000000000000000001GiB"),
              "too many decimal places (at most 19)");
}

TEST(units, rejects_garbage)
{
    const std::string number_first =
        "expected a number followed by a unit, one of ps, ns, us, ms, s";
    EXPECT_EQ(error_of(parse_time_ps, ""),
              "empty value; expected a number followed by a unit, one of ps, ns, us, ms, s");
    EXPECT_EQ(error_of(parse_time_ps, "abc"), number_first);
    EXPECT_EQ(error_of(parse_time_ps, "ns"), number_first);
    EXPECT_EQ(error_of(parse_time_ps, ".5ns"), number_first);
    EXPECT_EQ(error_of(parse_time_ps, " 1ns"), number_first);
    EXPECT_EQ(error_of(parse_time_ps, "1.ns"), "expected digits after the decimal point");
    EXPECT_EQ(error_of(parse_time_ps, "1e3ns"),
              "exponents are not allowed; expected one of ps, ns, us, ms, s");
    EXPECT_EQ(error_of(parse_time_ps, "1,5ns"),
              "unknown unit ',5ns'; expected one of ps, ns, us, ms, s");
    EXPECT_EQ(error_of(parse_time_ps, "1.5.ns"),
              "unknown unit '.ns'; expected one of ps, ns, us, ms, s");
    EXPECT_FALSE(error_of(parse_size_bytes, "0x10B").empty());
    EXPECT_FALSE(error_of(parse_bandwidth_bps, "inf Gbps").empty());
}

TEST(units, formats_in_the_largest_exact_unit)
{
    EXPECT_EQ(format_time_ps(40'000), "40ns");
    EXPECT_EQ(format_time_ps(1'500), "1.5ns");
    EXPECT_EQ(format_time_ps(1), "1ps");
    EXPECT_EQ(format_time_ps(1'001), "1.001ns");
    EXPECT_EQ(format_time_ps(10'001), "10.001ns");
    EXPECT_EQ(format_time_ps(999), "999ps");
    EXPECT_EQ(format_time_ps(20'000'000), "20us");
    EXPECT_EQ(format_time_ps(1'000'000'000), "1ms");
    EXPECT_EQ(format_time_ps(3'000'000'000'000), "3s");
    EXPECT_EQ(format_time_ps(0), "0ps");
    EXPECT_EQ(format_bandwidth_bps(400'000'000'000), "400Gbps");
    EXPECT_EQ(format_bandwidth_bps(1'600'000'000'000), "1.6Tbps");
    EXPECT_EQ(format_bandwidth_bps(3'200'000'000'000), "3.2Tbps");
    EXPECT_EQ(format_bandwidth_bps(12'500'000'000), "12.5Gbps");
    EXPECT_EQ(format_bandwidth_bps(0), "0bps");
    EXPECT_EQ(format_size_bytes(8'192), "8KiB");
    EXPECT_EQ(format_size_bytes(256), "256B");
    EXPECT_EQ(format_size_bytes(32u << 20), "32MiB");
    EXPECT_EQ(format_size_bytes(1'536), "1.5KiB");
    EXPECT_EQ(format_size_bytes(1'000), "1KB");
    EXPECT_EQ(format_size_bytes(8'000), "8KB");
    EXPECT_EQ(format_size_bytes(1'000'000'000), "1GB");
    EXPECT_EQ(format_size_bytes(std::uint64_t{5} << 30), "5GiB");
    EXPECT_EQ(format_size_bytes(0), "0B");
}

TEST(units, format_round_trips)
{
    // Hand-picked edges plus a deterministic spread over all magnitudes.
    std::vector<std::uint64_t> values{0,         1,          999,           1'000,
                                      1'001,     1'023,      1'024,         1'536,
                                      1'024'000, 1'048'576,  1'600'000'000'000,
                                      max_u64,   max_u64 - 1, std::uint64_t{1} << 63};
    std::uint64_t state = 88172645463325252u;
    for (int i = 0; i < 2000; ++i) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        const unsigned shift = static_cast<unsigned>(state % 64);
        values.push_back(state >> shift);
        // Round numbers too, so that the larger units and decimals are exercised.
        values.push_back((state % 100'000) * 1'000'000'000);
        values.push_back((state % 100'000) << 20);
    }
    for (std::uint64_t value : values) {
        EXPECT_EQ(parse_time_ps(format_time_ps(value)), value) << format_time_ps(value);
        EXPECT_EQ(parse_bandwidth_bps(format_bandwidth_bps(value)), value)
            << format_bandwidth_bps(value);
        EXPECT_EQ(parse_size_bytes(format_size_bytes(value)), value) << format_size_bytes(value);
    }
}

// ---- frequencies ----

TEST(units, frequency_units)
{
    EXPECT_EQ(parse_frequency_hz("7Hz"), 7u);
    EXPECT_EQ(parse_frequency_hz("3KHz"), 3'000u);
    EXPECT_EQ(parse_frequency_hz("5MHz"), 5'000'000u);
    EXPECT_EQ(parse_frequency_hz("1GHz"), 1'000'000'000u);
    EXPECT_EQ(parse_frequency_hz("2GHz"), 2'000'000'000u);
    EXPECT_EQ(parse_frequency_hz("0GHz"), 0u);
    EXPECT_EQ(parse_frequency_hz("0Hz"), 0u);
    EXPECT_EQ(parse_frequency_hz("1 GHz"), 1'000'000'000u);
    EXPECT_EQ(parse_frequency_hz("500 MHz"), 500'000'000u);
}

TEST(units, frequency_decimals_are_exact)
{
    EXPECT_EQ(parse_frequency_hz("1.25GHz"), 1'250'000'000u);
    EXPECT_EQ(parse_frequency_hz("2.5MHz"), 2'500'000u);
    EXPECT_EQ(parse_frequency_hz("0.5KHz"), 500u);
    EXPECT_EQ(parse_frequency_hz("0.001KHz"), 1u);
    EXPECT_EQ(parse_frequency_hz("0.000000001GHz"), 1u);
    EXPECT_EQ(parse_frequency_hz("1.000GHz"), 1'000'000'000u);
    EXPECT_EQ(parse_frequency_hz("3.333333333GHz"), 3'333'333'333u);
    EXPECT_EQ(parse_frequency_hz("18446744073709551615Hz"), max_u64);
    EXPECT_EQ(parse_frequency_hz("18446744073.709551615GHz"), max_u64);
}

TEST(units, frequency_rejects_inexact_and_out_of_range_values)
{
    EXPECT_EQ(error_of(parse_frequency_hz, "0.5Hz"), "must be a whole number of Hz");
    EXPECT_EQ(error_of(parse_frequency_hz, "1.0001KHz"), "must be a whole number of Hz");
    EXPECT_EQ(error_of(parse_frequency_hz, "0.0000000001GHz"), "must be a whole number of Hz");
    EXPECT_EQ(error_of(parse_frequency_hz, "18446744073709551616Hz"),
              "too large; the limit is 18446744073709551615 Hz");
    EXPECT_EQ(error_of(parse_frequency_hz, "18446744074GHz"),
              "too large; the limit is 18446744073709551615 Hz");
    EXPECT_EQ(error_of(parse_frequency_hz, "18446744073.709551616GHz"),
              "too large; the limit is 18446744073709551615 Hz");
}

TEST(units, frequency_rejects_missing_and_unknown_units)
{
    const std::string units = "expected one of Hz, KHz, MHz, GHz";
    EXPECT_EQ(error_of(parse_frequency_hz, "1000"), "missing unit; " + units);
    EXPECT_EQ(error_of(parse_frequency_hz, "1000 "), "missing unit; " + units);
    EXPECT_EQ(error_of(parse_frequency_hz, "1THz"), "unknown unit 'THz'; " + units);
    EXPECT_EQ(error_of(parse_frequency_hz, "1ghz"), "unknown unit 'ghz'; " + units);
    EXPECT_EQ(error_of(parse_frequency_hz, "1kHz"), "unknown unit 'kHz'; " + units);
    EXPECT_EQ(error_of(parse_frequency_hz, "1Mhz"), "unknown unit 'Mhz'; " + units);
    EXPECT_EQ(error_of(parse_frequency_hz, "1ns"), "unknown unit 'ns'; " + units);
    EXPECT_EQ(error_of(parse_frequency_hz, "1  GHz"), "unknown unit ' GHz'; " + units);
    // Hz belongs to no other family.
    EXPECT_EQ(error_of(parse_time_ps, "1GHz"),
              "unknown unit 'GHz'; expected one of ps, ns, us, ms, s");
    EXPECT_EQ(error_of(parse_bandwidth_bps, "1GHz"),
              "unknown unit 'GHz'; expected one of bps, Kbps, Mbps, Gbps, Tbps");
}

TEST(units, frequency_rejects_signs_and_garbage)
{
    const std::string number_first = "expected a number followed by a unit, one of Hz, KHz, MHz, GHz";
    EXPECT_EQ(error_of(parse_frequency_hz, "-1GHz"), "must not be negative");
    EXPECT_EQ(error_of(parse_frequency_hz, "+1GHz"), "a sign is not allowed");
    EXPECT_EQ(error_of(parse_frequency_hz, ""), "empty value; " + number_first);
    EXPECT_EQ(error_of(parse_frequency_hz, "GHz"), number_first);
    EXPECT_EQ(error_of(parse_frequency_hz, ".5GHz"), number_first);
    EXPECT_EQ(error_of(parse_frequency_hz, "1.GHz"), "expected digits after the decimal point");
    EXPECT_EQ(error_of(parse_frequency_hz, "1e9Hz"),
              "exponents are not allowed; expected one of Hz, KHz, MHz, GHz");
}

}  // namespace
