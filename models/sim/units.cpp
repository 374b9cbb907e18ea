#include "models/sim/units.h"

#include <array>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace hxsim {
namespace {

struct unit {
    std::string_view name;
    std::uint64_t factor;  // base units (ps, bps, bytes) in one of this unit
};

// Each family is sorted by increasing factor and starts with its base unit: formatting relies on
// both.
constexpr std::array<unit, 5> time_units{{
    {"ps", 1},
    {"ns", 1'000},
    {"us", 1'000'000},
    {"ms", 1'000'000'000},
    {"s", 1'000'000'000'000},
}};

constexpr std::array<unit, 5> bandwidth_units{{
    {"bps", 1},
    {"Kbps", 1'000},
    {"Mbps", 1'000'000},
    {"Gbps", 1'000'000'000},
    {"Tbps", 1'000'000'000'000},
}};

constexpr std::array<unit, 7> size_units{{
    {"B", 1},
    {"KB", 1'000},
    {"KiB", std::uint64_t{1} << 10},
    {"MB", 1'000'000},
    {"MiB", std::uint64_t{1} << 20},
    {"GB", 1'000'000'000},
    {"GiB", std::uint64_t{1} << 30},
}};

constexpr std::array<unit, 4> frequency_units{{
    {"Hz", 1},
    {"KHz", 1'000},
    {"MHz", 1'000'000},
    {"GHz", 1'000'000'000},
}};

constexpr std::uint64_t max_value = std::numeric_limits<std::uint64_t>::max();

// More significant decimals than this would not fit the 64-bit fraction numerator. Only a
// fraction of a byte expressed in MiB or GiB could need more and still be exact.
constexpr std::size_t max_fraction_digits = 19;

bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

template <std::size_t N>
std::string unit_list(const std::array<unit, N>& units)
{
    std::string list;
    for (const unit& u : units) {
        if (!list.empty()) {
            list += ", ";
        }
        list += u.name;
    }
    return list;
}

template <std::size_t N>
[[noreturn]] void too_large(const std::array<unit, N>& units)
{
    throw std::invalid_argument("too large; the limit is " + std::to_string(max_value) + " " +
                                std::string(units.front().name));
}

template <std::size_t N>
std::uint64_t parse_with_units(std::string_view text, const std::array<unit, N>& units)
{
    const std::string expected_units = "expected one of " + unit_list(units);
    if (text.empty()) {
        throw std::invalid_argument("empty value; expected a number followed by a unit, one of " +
                                    unit_list(units));
    }
    if (text.front() == '-') {
        throw std::invalid_argument("must not be negative");
    }
    if (text.front() == '+') {
        throw std::invalid_argument("a sign is not allowed");
    }

    std::size_t pos = 0;
    std::uint64_t whole = 0;
    for (; pos < text.size() && is_digit(text[pos]); ++pos) {
        const unsigned digit = static_cast<unsigned>(text[pos] - '0');
        if (whole > (max_value - digit) / 10) {
            too_large(units);
        }
        whole = whole * 10 + digit;
    }
    if (pos == 0) {
        throw std::invalid_argument("expected a number followed by a unit, one of " +
                                    unit_list(units));
    }

    std::string_view fraction;
    if (pos < text.size() && text[pos] == '.') {
        const std::size_t start = ++pos;
        while (pos < text.size() && is_digit(text[pos])) {
            ++pos;
        }
        fraction = text.substr(start, pos - start);
        if (fraction.empty()) {
            throw std::invalid_argument("expected digits after the decimal point");
        }
    }
    if (pos + 1 < text.size() && (text[pos] == 'e' || text[pos] == 'E') &&
        (is_digit(text[pos + 1]) || text[pos + 1] == '-' || text[pos + 1] == '+')) {
        throw std::invalid_argument("exponents are not allowed; " + expected_units);
    }
    if (pos < text.size() && text[pos] == ' ') {
        ++pos;
    }

    const std::string_view name = text.substr(pos);
    if (name.empty()) {
        throw std::invalid_argument("missing unit; " + expected_units);
    }
    const unit* found = nullptr;
    for (const unit& u : units) {
        if (u.name == name) {
            found = &u;
        }
    }
    if (found == nullptr) {
        throw std::invalid_argument("unknown unit '" + std::string(name) + "'; " + expected_units);
    }

    if (whole > max_value / found->factor) {
        too_large(units);
    }
    std::uint64_t value = whole * found->factor;

    while (!fraction.empty() && fraction.back() == '0') {
        fraction.remove_suffix(1);
    }
    if (!fraction.empty()) {
        if (fraction.size() > max_fraction_digits) {
            throw std::invalid_argument("too many decimal places (at most " +
                                        std::to_string(max_fraction_digits) + ")");
        }
        std::uint64_t numerator = 0;
        std::uint64_t scale = 1;
        for (char c : fraction) {
            numerator = numerator * 10 + static_cast<unsigned>(c - '0');
            scale *= 10;
        }
        // numerator / scale * factor must be whole: cancel the common factor first so that
        // nothing overflows (numerator < scale, so the result stays below factor).
        const std::uint64_t common = std::gcd(found->factor, scale);
        const std::uint64_t denominator = scale / common;
        if (numerator % denominator != 0) {
            throw std::invalid_argument("must be a whole number of " +
                                        std::string(units.front().name));
        }
        const std::uint64_t part = numerator / denominator * (found->factor / common);
        if (part > max_value - value) {
            too_large(units);
        }
        value += part;
    }
    return value;
}

template <std::size_t N>
std::string format_with_units(std::uint64_t value, const std::array<unit, N>& units)
{
    // Largest unit first: the first one that shows the value exactly, with at least 1 before the
    // point and at most 3 decimals after it, wins.
    for (auto it = units.rbegin(); it != units.rend(); ++it) {
        if (value < it->factor) {
            continue;
        }
        const std::uint64_t rest = value % it->factor;
        // rest < factor <= 10^12, so rest * 1000 cannot overflow.
        if (rest * 1000 % it->factor != 0) {
            continue;
        }
        std::string text = std::to_string(value / it->factor);
        if (rest != 0) {
            std::string decimals = std::to_string(rest * 1000 / it->factor);
            decimals.insert(0, 3 - decimals.size(), '0');
            while (decimals.back() == '0') {
                decimals.pop_back();
            }
            text += '.' + decimals;
        }
        return text + std::string(it->name);
    }
    // Only zero gets here: any other value is a whole number of the base unit.
    return "0" + std::string(units.front().name);
}

}  // namespace

std::uint64_t parse_time_ps(std::string_view text)
{
    return parse_with_units(text, time_units);
}

std::uint64_t parse_bandwidth_bps(std::string_view text)
{
    return parse_with_units(text, bandwidth_units);
}

std::uint64_t parse_size_bytes(std::string_view text)
{
    return parse_with_units(text, size_units);
}

std::uint64_t parse_frequency_hz(std::string_view text)
{
    return parse_with_units(text, frequency_units);
}

std::string format_time_ps(std::uint64_t ps)
{
    return format_with_units(ps, time_units);
}

std::string format_bandwidth_bps(std::uint64_t bps)
{
    return format_with_units(bps, bandwidth_units);
}

std::string format_size_bytes(std::uint64_t bytes)
{
    return format_with_units(bytes, size_units);
}

}  // namespace hxsim
