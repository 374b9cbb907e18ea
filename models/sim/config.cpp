// The configuration loader. A single schema table declares every parameter (key, kind, bounds,
// default, documentation and where it is stored); defaults, parsing of the file and of --set
// overrides, error messages and describe_parameters() are all driven by it.
#include "models/sim/config.h"

#include "models/core/credit_counter.h"
#include "models/core/packet.h"
#include "models/router/rtl_router_shape.h"
#include "models/topology/hammingmesh_shape.h"
#include "models/sim/units.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <string_view>
#include <system_error>
#include <variant>

namespace hxsim {
namespace {

enum class value_kind {
    time,       // "40ns" -> ps
    bandwidth,  // "400Gbps" -> bps
    size,       // "8KiB" -> bytes, or "4flits" (resolved with router.flit once all is read)
    frequency,  // "1GHz" -> clock period in ps
    integer,    // decimal digits only
    fraction,   // real number in (0, 1]
    choice,     // one of parameter::choices
    pair,       // list of exactly 2 positive integers
    names,      // list of name patterns (globs over hierarchical names)
};

// Where a value lives in platform_config; capture-less lambdas convert to these pointers.
template <typename T>
using field_of = T& (*)(platform_config&);
using field = std::variant<field_of<std::uint64_t>, field_of<unsigned>, field_of<double>,
                           field_of<std::string>, field_of<std::array<unsigned, 2>>,
                           field_of<std::vector<std::string>>>;

struct parameter {
    std::string_view key;  // "section.name", as written in --set
    value_kind kind;
    std::uint64_t min;  // smallest accepted value of times, sizes, bandwidths, integers, pair items
    std::vector<std::string_view> choices;  // value_kind::choice only
    std::string_view default_text;          // YAML, parsed exactly like a value from the file
    std::string_view doc;
    field target;
};

const std::vector<parameter>& schema()
{
    // Sections appear in this order in messages and in describe_parameters().
    static const std::vector<parameter> parameters{
        {"topology.kind", value_kind::choice, 0, {"hammingmesh", "mesh", "torus", "fat_tree", "dragonfly"}, "hammingmesh",
         "network topology (fat_tree: the paper's fat-tree baseline, every accelerator a NIC on a leaf of a 2- or 3-level tree; "
         "dragonfly: the paper's Dragonfly baseline, NICs on the routers of all-to-all groups)",
         [](platform_config& c) -> auto& { return c.topology.kind; }},
        {"topology.board", value_kind::pair, 1, {}, "[2, 2]",
         "accelerators per board: [rows a, columns b]",
         [](platform_config& c) -> auto& { return c.topology.board; }},
        {"topology.grid", value_kind::pair, 1, {}, "[4, 4]",
         "boards: [board-rows x, board-columns y]",
         [](platform_config& c) -> auto& { return c.topology.grid; }},
        {"topology.switch_radix", value_kind::integer, 2, {}, "64",
         "ports per switch of the row and column networks (fat_tree: of the tree's leaves and spines)",
         [](platform_config& c) -> auto& { return c.topology.switch_radix; }},
        {"topology.taper", value_kind::fraction, 0, {}, "1",
         "fat-tree row/column networks and fat_tree: fraction of a leaf's switch_radix/2 up-links kept (1: nonblocking)",
         [](platform_config& c) -> auto& { return c.topology.taper; }},

        {"topology.dims", value_kind::pair, 2, {}, "[8, 8]",
         "mesh, torus: routers [rows, columns], one terminal each; fat_tree: rows*columns accelerators",
         [](platform_config& c) -> auto& { return c.topology.dims; }},
        {"topology.terminals_per_router", value_kind::integer, 1, {}, "2",
         "dragonfly: accelerators (NICs) per router, p",
         [](platform_config& c) -> auto& { return c.topology.terminals_per_router; }},
        {"topology.routers_per_group", value_kind::integer, 1, {}, "4",
         "dragonfly: routers per group, a, joined all-to-all by local links",
         [](platform_config& c) -> auto& { return c.topology.routers_per_group; }},
        {"topology.global_links_per_router", value_kind::integer, 1, {}, "2",
         "dragonfly: global links per router, h; a*h + 1 groups, one global link between each pair",
         [](platform_config& c) -> auto& { return c.topology.global_links_per_router; }},

        {"link.bandwidth", value_kind::bandwidth, 1, {}, "400Gbps",
         "bandwidth of every board and cable link",
         [](platform_config& c) -> auto& { return c.link.bandwidth_bps; }},
        {"link.latency", value_kind::time, 0, {}, "40ns",
         "link propagation delay, also paid by returning credits",
         [](platform_config& c) -> auto& { return c.link.latency_ps; }},

        {"nic.injection_bandwidth", value_kind::bandwidth, 1, {}, "1600Gbps",
         "bandwidth of the link between a NIC and its accelerator router",
         [](platform_config& c) -> auto& { return c.nic.injection_bandwidth_bps; }},
        {"nic.mtu", value_kind::size, 1, {}, "8KiB",
         "largest packet; messages are cut into packets of this size",
         [](platform_config& c) -> auto& { return c.nic.mtu_bytes; }},
        {"nic.send_queue", value_kind::integer, 0, {}, "16",
         "messages the NIC holds to send (its send queue); a full queue holds the accelerator's next "
         "post back (TLM END_REQ comes when a message leaves); 0: no limit",
         [](platform_config& c) -> auto& { return c.nic.send_queue_messages; }},

        {"router.flit", value_kind::size, 1, {}, "256B",
         "flit of routers and switches: the unit of buffers and credits",
         [](platform_config& c) -> auto& { return c.flit_bytes; }},
        {"router.vcs", value_kind::integer, 1, {}, "3",
         "virtual channels per port of routers and switches (at most 64)",
         [](platform_config& c) -> auto& { return c.vcs; }},
        {"router.buffer", value_kind::size, 1, {}, "32MiB",
         "accelerator router: input buffer per port and VC",
         [](platform_config& c) -> auto& { return c.router.buffer_bytes; }},
        {"router.output_buffer", value_kind::size, 0, {}, "32MiB",
         "accelerator router: output buffer per port and VC; 0B: none, the crossbar feeds the link",
         [](platform_config& c) -> auto& { return c.router.output_buffer_bytes; }},
        {"router.input_latency", value_kind::time, 0, {}, "20ns",
         "accelerator router: head arrival to crossbar request",
         [](platform_config& c) -> auto& { return c.router.input_latency_ps; }},
        {"router.output_latency", value_kind::time, 0, {}, "20ns",
         "accelerator router: crossbar to link",
         [](platform_config& c) -> auto& { return c.router.output_latency_ps; }},
        {"router.crossbar_bandwidth", value_kind::bandwidth, 1, {}, "3200Gbps",
         "accelerator router: bandwidth of one crossbar transfer",
         [](platform_config& c) -> auto& { return c.router.crossbar_bandwidth_bps; }},

        {"router.clock", value_kind::frequency, 1, {}, "1GHz",
         "accelerator router: clock; the pipeline stages below count its cycles",
         [](platform_config& c) -> auto& { return c.router.clock_period_ps; }},
        {"router.routing_cycles", value_kind::integer, 0, {}, "0",
         "accelerator router: route computation stage, in cycles (on top of input_latency)",
         [](platform_config& c) -> auto& { return c.router.routing_cycles; }},
        {"router.vc_allocation_cycles", value_kind::integer, 0, {}, "0",
         "accelerator router: VC allocation stage, in cycles",
         [](platform_config& c) -> auto& { return c.router.vc_allocation_cycles; }},
        {"router.switch_allocation_cycles", value_kind::integer, 0, {}, "0",
         "accelerator router: switch allocation stage, in cycles",
         [](platform_config& c) -> auto& { return c.router.switch_allocation_cycles; }},
        {"router.switch_traversal_cycles", value_kind::integer, 0, {}, "0",
         "accelerator router: crossbar traversal of the head, in cycles (0: one flit time at crossbar_bandwidth)",
         [](platform_config& c) -> auto& { return c.router.switch_traversal_cycles; }},
        {"router.credit_delay", value_kind::time, 0, {}, "0ns",
         "accelerator router: credit processing before a credit goes back, on top of the link latency",
         [](platform_config& c) -> auto& { return c.router.credit_delay_ps; }},
        {"router.flow_control", value_kind::choice, 0, {"virtual-cut-through", "wormhole"}, "virtual-cut-through",
         "accelerator router: a packet moves on with credits for all its flits, or flit by flit",
         [](platform_config& c) -> auto& { return c.router.flow_control; }},
        {"router.allocator", value_kind::choice, 0, {"separable-input-first", "islip"}, "separable-input-first",
         "accelerator router: switch and VC allocator",
         [](platform_config& c) -> auto& { return c.router.allocator; }},
        {"router.allocator_iterations", value_kind::integer, 1, {}, "1",
         "accelerator router: iterations of the iSLIP allocator",
         [](platform_config& c) -> auto& { return c.router.allocator_iterations; }},
        {"router.arbitration", value_kind::choice, 0, {"round-robin", "age"}, "round-robin",
         "accelerator router: arbiter priority: rotating, or oldest packet first",
         [](platform_config& c) -> auto& { return c.router.arbitration; }},

        {"switch.buffer", value_kind::size, 1, {}, "32MiB",
         "network switch: input buffer per port and VC",
         [](platform_config& c) -> auto& { return c.net_switch.buffer_bytes; }},
        {"switch.output_buffer", value_kind::size, 0, {}, "32MiB",
         "network switch: output buffer per port and VC; 0B: none, the crossbar feeds the link",
         [](platform_config& c) -> auto& { return c.net_switch.output_buffer_bytes; }},
        {"switch.input_latency", value_kind::time, 0, {}, "20ns",
         "network switch: head arrival to crossbar request",
         [](platform_config& c) -> auto& { return c.net_switch.input_latency_ps; }},
        {"switch.output_latency", value_kind::time, 0, {}, "20ns",
         "network switch: crossbar to link",
         [](platform_config& c) -> auto& { return c.net_switch.output_latency_ps; }},
        {"switch.crossbar_bandwidth", value_kind::bandwidth, 1, {}, "3200Gbps",
         "network switch: bandwidth of one crossbar transfer",
         [](platform_config& c) -> auto& { return c.net_switch.crossbar_bandwidth_bps; }},

        {"switch.clock", value_kind::frequency, 1, {}, "1GHz",
         "network switch: clock; the pipeline stages below count its cycles",
         [](platform_config& c) -> auto& { return c.net_switch.clock_period_ps; }},
        {"switch.routing_cycles", value_kind::integer, 0, {}, "0",
         "network switch: route computation stage, in cycles (on top of input_latency)",
         [](platform_config& c) -> auto& { return c.net_switch.routing_cycles; }},
        {"switch.vc_allocation_cycles", value_kind::integer, 0, {}, "0",
         "network switch: VC allocation stage, in cycles",
         [](platform_config& c) -> auto& { return c.net_switch.vc_allocation_cycles; }},
        {"switch.switch_allocation_cycles", value_kind::integer, 0, {}, "0",
         "network switch: switch allocation stage, in cycles",
         [](platform_config& c) -> auto& { return c.net_switch.switch_allocation_cycles; }},
        {"switch.switch_traversal_cycles", value_kind::integer, 0, {}, "0",
         "network switch: crossbar traversal of the head, in cycles (0: one flit time at crossbar_bandwidth)",
         [](platform_config& c) -> auto& { return c.net_switch.switch_traversal_cycles; }},
        {"switch.credit_delay", value_kind::time, 0, {}, "0ns",
         "network switch: credit processing before a credit goes back, on top of the link latency",
         [](platform_config& c) -> auto& { return c.net_switch.credit_delay_ps; }},
        {"switch.flow_control", value_kind::choice, 0, {"virtual-cut-through", "wormhole"}, "virtual-cut-through",
         "network switch: a packet moves on with credits for all its flits, or flit by flit",
         [](platform_config& c) -> auto& { return c.net_switch.flow_control; }},
        {"switch.allocator", value_kind::choice, 0, {"separable-input-first", "islip"}, "separable-input-first",
         "network switch: switch and VC allocator",
         [](platform_config& c) -> auto& { return c.net_switch.allocator; }},
        {"switch.allocator_iterations", value_kind::integer, 1, {}, "1",
         "network switch: iterations of the iSLIP allocator",
         [](platform_config& c) -> auto& { return c.net_switch.allocator_iterations; }},
        {"switch.arbitration", value_kind::choice, 0, {"round-robin", "age"}, "round-robin",
         "network switch: arbiter priority: rotating, or oldest packet first",
         [](platform_config& c) -> auto& { return c.net_switch.arbitration; }},

        {"routing.algorithm", value_kind::choice, 0, {"min-adaptive", "dimension-order", "ugal", "minimal"},
         "min-adaptive",
         "routing algorithm (dimension-order: mesh and torus only; ugal, minimal: dragonfly only, which needs one of them)",
         [](platform_config& c) -> auto& { return c.routing.algorithm; }},

        {"traffic.pattern", value_kind::choice, 0,
         {"uniform", "alltoall", "permutation", "transpose", "bit-complement", "bit-reverse", "shuffle",
          "tornado", "neighbor", "hotspot"},
         "uniform", "traffic pattern",
         [](platform_config& c) -> auto& { return c.traffic.pattern; }},
        {"traffic.load", value_kind::fraction, 0, {}, "0.5",
         "offered load, fraction of the injection bandwidth",
         [](platform_config& c) -> auto& { return c.traffic.load; }},
        {"traffic.injection", value_kind::choice, 0, {"poisson", "bernoulli", "bursty"}, "poisson",
         "open-loop arrivals: exponential gaps, a coin per cycle of router.clock, or on/off bursts",
         [](platform_config& c) -> auto& { return c.traffic.injection; }},
        {"traffic.burst_length", value_kind::integer, 1, {}, "8",
         "bursty: mean messages per on-period, sent back to back",
         [](platform_config& c) -> auto& { return c.traffic.burst_length; }},
        {"traffic.hotspot", value_kind::integer, 0, {}, "0",
         "hotspot: the terminal that receives the extra share",
         [](platform_config& c) -> auto& { return c.traffic.hotspot; }},
        {"traffic.hotspot_fraction", value_kind::fraction, 0, {}, "0.2",
         "hotspot: share of all messages sent to the hot terminal (the rest is uniform)",
         [](platform_config& c) -> auto& { return c.traffic.hotspot_fraction; }},
        {"traffic.message_size", value_kind::size, 1, {}, "64KiB",
         "bytes per message (alltoall: per peer)",
         [](platform_config& c) -> auto& { return c.traffic.message_size_bytes; }},
        // Real bytes stay in memory for as long as their message is in flight, beside its 64-byte
        // record: a 4 KiB all-to-all on 1,024 accelerators peaked at 3.4 GiB with them, 278 MiB
        // without (docs/performance.md, thirtieth pass). Up to 64 B they cost no more than the record.
        {"traffic.inline_payload", value_kind::size, 0, {}, "64B",
         "messages up to this size carry real payload bytes",
         [](platform_config& c) -> auto& { return c.traffic.inline_payload_bytes; }},

        {"run.warmup", value_kind::time, 0, {}, "0ns",
         "open-loop: injection before the measurement window (not measured)",
         [](platform_config& c) -> auto& { return c.run.warmup_ps; }},
        {"run.duration", value_kind::time, 1, {}, "20us",
         "open-loop: the measurement window after the warm-up; the run then drains",
         [](platform_config& c) -> auto& { return c.run.duration_ps; }},
        {"run.seed", value_kind::integer, 0, {}, "1",
         "random seed",
         [](platform_config& c) -> auto& { return c.run.seed; }},
        {"run.watchdog", value_kind::time, 1, {}, "1ms",
         "failure if nothing is delivered for this long while packets are in flight",
         [](platform_config& c) -> auto& { return c.run.watchdog_ps; }},

        {"rtl.routers", value_kind::names, 0, {}, "[]",
         "accelerator routers co-simulated as verilated RTL (rtl/hx_router.sv): globs over their names, "
         "e.g. [\"board_0_0.*\"], or [\"*\"] for all",
         [](platform_config& c) -> auto& { return c.rtl.routers; }},
    };
    return parameters;
}

std::string_view section_of(std::string_view key)
{
    return key.substr(0, key.find('.'));
}

std::string_view name_of(std::string_view key)
{
    const std::size_t dot = key.find('.');
    return dot == std::string_view::npos ? key : key.substr(dot + 1);
}

const parameter* find_parameter(std::string_view key)
{
    for (const parameter& p : schema()) {
        if (p.key == key) {
            return &p;
        }
    }
    return nullptr;
}

std::vector<std::string_view> sections()
{
    std::vector<std::string_view> names;
    for (const parameter& p : schema()) {
        if (std::find(names.begin(), names.end(), section_of(p.key)) == names.end()) {
            names.push_back(section_of(p.key));
        }
    }
    return names;
}

bool is_section(std::string_view name)
{
    const std::vector<std::string_view> names = sections();
    return std::find(names.begin(), names.end(), name) != names.end();
}

// The names of the keys of one section, without the section.
std::vector<std::string_view> names_in(std::string_view section)
{
    std::vector<std::string_view> names;
    for (const parameter& p : schema()) {
        if (section_of(p.key) == section) {
            names.push_back(name_of(p.key));
        }
    }
    return names;
}

std::vector<std::string_view> all_keys()
{
    std::vector<std::string_view> keys;
    for (const parameter& p : schema()) {
        keys.push_back(p.key);
    }
    return keys;
}

std::string join(const std::vector<std::string_view>& items, std::string_view separator)
{
    std::string text;
    for (std::string_view item : items) {
        if (!text.empty()) {
            text += separator;
        }
        text += item;
    }
    return text;
}

// Optimal string alignment distance: Levenshtein plus adjacent transpositions, so that the
// common "vsc" for "vcs" counts as one typo.
std::size_t edit_distance(std::string_view a, std::string_view b)
{
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) {
        d[i][0] = i;
    }
    for (std::size_t j = 0; j <= b.size(); ++j) {
        d[0][j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
            }
        }
    }
    return d[a.size()][b.size()];
}

// The candidate closest to `name`, if it is close enough to be a plausible typo; short names
// tolerate only one edit, or anything would match them.
std::optional<std::string_view> closest(std::string_view name,
                                        const std::vector<std::string_view>& candidates)
{
    const std::size_t limit = name.size() <= 3 ? 1 : 2;
    std::optional<std::string_view> best;
    std::size_t best_distance = limit + 1;
    for (std::string_view candidate : candidates) {
        const std::size_t distance = edit_distance(name, candidate);
        if (distance < best_distance) {
            best = candidate;
            best_distance = distance;
        }
    }
    return best;
}

// A key of another section with this exact name ("router.mtu" -> "nic.mtu").
std::optional<std::string_view> same_name_elsewhere(std::string_view section, std::string_view name)
{
    for (const parameter& p : schema()) {
        if (section_of(p.key) != section && name_of(p.key) == name) {
            return p.key;
        }
    }
    return std::nullopt;
}

std::string did_you_mean(std::string_view suggestion)
{
    return fmt::format("; did you mean '{}'?", suggestion);
}

// For a key that is not in the schema: a suggestion, or else the valid keys.
std::string unknown_key_message(std::string_view key)
{
    const std::string head = fmt::format("unknown key '{}'", key);
    const std::string_view section = section_of(key);
    const std::string_view name = name_of(key);
    const bool known_section = is_section(section) && key.find('.') != std::string_view::npos;

    if (known_section) {
        if (auto suggestion = closest(name, names_in(section))) {
            return head + did_you_mean(fmt::format("{}.{}", section, *suggestion));
        }
    } else if (auto suggestion = closest(key, all_keys())) {
        return head + did_you_mean(*suggestion);
    }
    if (auto elsewhere = same_name_elsewhere(known_section ? section : "", name)) {
        return head + did_you_mean(*elsewhere);
    }
    if (known_section) {
        return fmt::format("{}; valid keys in {} are {}", head, section,
                           join(names_in(section), ", "));
    }
    return fmt::format("{}; keys are written section.name, with section one of {}", head,
                       join(sections(), ", "));
}

// For a top-level name of the file that is not a section.
std::string unknown_section_message(std::string_view name)
{
    const std::string head = fmt::format("unknown section '{}'", name);
    if (auto suggestion = closest(name, sections())) {
        return head + did_you_mean(*suggestion);
    }
    if (find_parameter(name) != nullptr) {
        return fmt::format("{}; write it nested, as '{}: {{{}: ...}}'", head, section_of(name),
                           name_of(name));
    }
    if (auto elsewhere = same_name_elsewhere("", name)) {
        return head + did_you_mean(*elsewhere);
    }
    return fmt::format("{}; expected one of {}", head, join(sections(), ", "));
}

// A node as it would be written in flow style, on one line and short enough for a message.
std::string one_line(const YAML::Node& node)
{
    std::string text;
    if (node.IsScalar()) {
        text = node.Scalar();
    } else if (node.IsDefined() && !node.IsNull()) {
        YAML::Emitter out;
        out.SetSeqFormat(YAML::Flow);
        out.SetMapFormat(YAML::Flow);
        out << node;
        text = out.c_str();
    }
    std::string clean;
    for (char c : text) {
        if (c == '\n') {
            clean += "\\n";
        } else if (c == '\t') {
            clean += "\\t";
        } else {
            clean += c;
        }
    }
    const std::size_t max_length = 60;
    if (clean.size() > max_length) {
        clean = clean.substr(0, max_length - 3) + "...";
    }
    return clean;
}

// A value that does not fit its parameter. The loader adds where it came from; this is not a
// std::exception so that it cannot be mistaken for the unit parsers' std::invalid_argument.
struct value_error {
    std::string key;  // the parameter, with "[i]" for an item of a list
    std::string expected;
    std::string got;
    YAML::Mark mark;
};

[[noreturn]] void reject(std::string_view key, const YAML::Node& node, std::string expected)
{
    throw value_error{std::string(key), std::move(expected), one_line(node), node.Mark()};
}

std::string expected_integer(std::uint64_t min)
{
    if (min == 0) {
        return "expected a non-negative integer";
    }
    if (min == 1) {
        return "expected a positive integer";
    }
    return fmt::format("expected an integer >= {}", min);
}

// What a well-formed value looks like, for messages that have nothing more specific to say.
std::string expected_text(const parameter& p)
{
    switch (p.kind) {
    case value_kind::time:
        return "expected a time such as 40ns";
    case value_kind::bandwidth:
        return "expected a bandwidth such as 400Gbps";
    case value_kind::size:
        return "expected a size such as 8KiB or 4flits";
    case value_kind::frequency:
        return "expected a frequency such as 1GHz";
    case value_kind::integer:
        return expected_integer(p.min);
    case value_kind::fraction:
        return "expected a number in (0, 1]";
    case value_kind::choice:
        return "expected one of " + join(p.choices, ", ");
    case value_kind::pair:
        return "expected a list of 2 positive integers";
    case value_kind::names:
        return "expected a list of name patterns such as [\"board_0_0.*\"]";
    }
    return "expected a valid value";
}

// The type column of describe_parameters().
std::string kind_text(const parameter& p)
{
    const char* bound = p.min > 0 ? ">0" : ">=0";
    switch (p.kind) {
    case value_kind::time:
        return fmt::format("time{}", bound);
    case value_kind::bandwidth:
        return fmt::format("bandwidth{}", bound);
    case value_kind::size:
        return fmt::format("size{}", bound);
    case value_kind::frequency:
        return "frequency>0";
    case value_kind::integer:
        return p.min > 1 ? fmt::format("int>={}", p.min) : fmt::format("int{}", bound);
    case value_kind::fraction:
        return "real in (0,1]";
    case value_kind::choice:
        return join(p.choices, "|");
    case value_kind::pair:
        return "[int>0, int>0]";
    case value_kind::names:
        return "[pattern, ...]";
    }
    return "";
}

const std::string& scalar_of(const parameter& p, const YAML::Node& node)
{
    if (!node.IsScalar()) {
        reject(p.key, node, expected_text(p));
    }
    return node.Scalar();
}

// Decimal digits only: YAML would also read "0x10", "1e3" or "+3" as integers.
std::uint64_t integer_of(std::string_view key, const YAML::Node& node, std::uint64_t min,
                         std::uint64_t max)
{
    const std::string text = node.IsScalar() ? node.Scalar() : std::string();
    const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return c >= '0' && c <= '9';
    });
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (!node.IsScalar() || !digits || error != std::errc() || value < min) {
        reject(key, node, expected_integer(min));
    }
    if (value > max) {
        reject(key, node, fmt::format("{} no larger than {}", expected_integer(min), max));
    }
    return value;
}

void store(const parameter& p, const YAML::Node& node, std::uint64_t& out)
{
    if (p.kind == value_kind::integer) {
        out = integer_of(p.key, node, p.min, std::numeric_limits<std::uint64_t>::max());
        return;
    }
    const std::string& text = scalar_of(p, node);
    std::uint64_t value = 0;
    try {
        switch (p.kind) {
        case value_kind::time:
            value = parse_time_ps(text);
            break;
        case value_kind::bandwidth:
            value = parse_bandwidth_bps(text);
            break;
        case value_kind::size:
            value = parse_size_bytes(text);
            break;
        case value_kind::frequency: {
            const std::uint64_t hz = parse_frequency_hz(text);
            if (hz == 0 || 1'000'000'000'000 % hz != 0)
                throw std::invalid_argument("the clock period must be a whole number of picoseconds (1GHz, 1.25GHz, 500MHz, ...)");
            value = 1'000'000'000'000 / hz;
            break;
        }
        default:
            throw std::logic_error(fmt::format("schema: {} is not a 64-bit quantity", p.key));
        }
    } catch (const std::invalid_argument& e) {
        reject(p.key, node, e.what());
    }
    if (value < p.min) {
        reject(p.key, node, "must be positive");
    }
    out = value;
}

void store(const parameter& p, const YAML::Node& node, unsigned& out)
{
    out = static_cast<unsigned>(
        integer_of(p.key, node, p.min, std::numeric_limits<unsigned>::max()));
}

void store(const parameter& p, const YAML::Node& node, double& out)
{
    // Plain decimal or exponent notation; no "inf", "nan" or hexadecimal floats.
    const std::string& text = scalar_of(p, node);
    const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+';
    });
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (!plain || error != std::errc() || end != text.data() + text.size() ||
        !std::isfinite(value) || value <= 0 || value > 1) {
        reject(p.key, node, expected_text(p));
    }
    out = value;
}

void store(const parameter& p, const YAML::Node& node, std::string& out)
{
    const std::string& text = scalar_of(p, node);
    if (std::find(p.choices.begin(), p.choices.end(), text) == p.choices.end()) {
        reject(p.key, node, expected_text(p));
    }
    out = text;
}

void store(const parameter& p, const YAML::Node& node, std::array<unsigned, 2>& out)
{
    if (!node.IsSequence() || node.size() != out.size()) {
        reject(p.key, node, expected_text(p));
    }
    std::array<unsigned, 2> value{};
    for (std::size_t i = 0; i < value.size(); ++i) {
        value[i] = static_cast<unsigned>(integer_of(fmt::format("{}[{}]", p.key, i), node[i],
                                                    p.min, std::numeric_limits<unsigned>::max()));
    }
    out = value;
}

void store(const parameter& p, const YAML::Node& node, std::vector<std::string>& out)
{
    if (!node.IsSequence()) {
        reject(p.key, node, expected_text(p));
    }
    std::vector<std::string> value;
    for (std::size_t i = 0; i < node.size(); ++i) {
        const std::string item_key = fmt::format("{}[{}]", p.key, i);
        const std::string text = node[i].IsScalar() ? node[i].Scalar() : std::string();
        const bool printable = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
            return c > ' ' && c < 127;
        });
        if (!node[i].IsScalar() || !printable) {
            reject(item_key, node[i], "expected a non-empty name pattern without spaces, such as board_0_0.*");
        }
        value.push_back(text);
    }
    out = std::move(value);
}

// Parses `node` for `p` and stores it; throws value_error and leaves the config as it was.
void assign(const parameter& p, const YAML::Node& node, platform_config& config)
{
    std::visit([&](auto target) { store(p, node, target(config)); }, p.target);
}

class loader {
public:
    explicit loader(std::string path) : m_path(std::move(path)) { m_config.source = m_path; }

    platform_config load(const std::vector<std::string>& overrides)
    {
        apply_defaults();
        apply_file(read_file());
        for (const std::string& item : overrides) {
            apply_override(item);
        }
        resolve_flits();
        validate();
        return m_config;
    }

private:
    void apply_defaults()
    {
        for (const parameter& p : schema()) {
            try {
                assign(p, YAML::Load(std::string(p.default_text)), m_config);
            } catch (const value_error& e) {
                throw std::logic_error(
                    fmt::format("schema: bad default of {}: {}", p.key, e.expected));
            }
        }
    }

    YAML::Node read_file() const
    {
        // std::ifstream opens a directory happily and only fails on the first read.
        std::error_code ignored;
        if (std::filesystem::is_directory(m_path, ignored)) {
            throw config_error(fmt::format("{}: cannot read config file: {}", m_path,
                                           std::strerror(EISDIR)));
        }
        errno = 0;
        std::ifstream in(m_path, std::ios::binary);
        if (!in) {
            const int error = errno != 0 ? errno : EIO;
            throw config_error(fmt::format("{}: cannot read config file: {}", m_path,
                                           std::strerror(error)));
        }
        std::string text;
        try {
            text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        } catch (const std::exception&) {
            in.setstate(std::ios::badbit);
        }
        if (in.bad()) {
            const int error = errno != 0 ? errno : EIO;
            throw config_error(fmt::format("{}: cannot read config file: {}", m_path,
                                           std::strerror(error)));
        }

        std::vector<YAML::Node> documents;
        try {
            documents = YAML::LoadAll(text);
        } catch (const YAML::Exception& e) {
            throw config_error(fmt::format("{}: malformed YAML: {}", at(e.mark), e.msg));
        }
        if (documents.size() > 1) {
            throw config_error(fmt::format("{}: expected a single YAML document, found {}",
                                           at(documents[1].Mark()), documents.size()));
        }
        // No document at all (empty, or only comments) means all defaults.
        return documents.empty() ? YAML::Node() : documents.front();
    }

    void apply_file(const YAML::Node& root)
    {
        if (!root.IsDefined() || root.IsNull()) {
            return;
        }
        if (!root.IsMap()) {
            throw config_error(fmt::format("{}: expected a map of sections ({}), got '{}'",
                                           at(root.Mark()), join(sections(), ", "),
                                           one_line(root)));
        }
        std::map<std::string, YAML::Mark> seen;
        for (const auto& entry : root) {
            const YAML::Node& name_node = entry.first;
            const std::string name = one_line(name_node);
            if (!name_node.IsScalar() || !is_section(name)) {
                throw config_error(
                    fmt::format("{}: {}", at(name_node.Mark()), unknown_section_message(name)));
            }
            if (auto [first, inserted] = seen.emplace(name, name_node.Mark()); !inserted) {
                throw config_error(fmt::format("{}: duplicate section '{}' (first at line {})",
                                               at(name_node.Mark()), name,
                                               first->second.line + 1));
            }
            apply_section(name, entry.second);
        }
    }

    void apply_section(const std::string& section, const YAML::Node& body)
    {
        if (body.IsNull()) {
            return;  // "router:" with nothing under it: all defaults
        }
        if (!body.IsMap()) {
            throw config_error(fmt::format("{}: {}: expected a map of {} keys ({}), got '{}'",
                                           at(body.Mark()), section, section,
                                           join(names_in(section), ", "), one_line(body)));
        }
        std::map<std::string, YAML::Mark> seen;
        for (const auto& entry : body) {
            const YAML::Node& key_node = entry.first;
            const YAML::Node& value = entry.second;
            const std::string key = fmt::format("{}.{}", section, one_line(key_node));
            const parameter* p = key_node.IsScalar() ? find_parameter(key) : nullptr;
            if (p == nullptr) {
                throw config_error(
                    fmt::format("{}: {}", at(key_node.Mark()), unknown_key_message(key)));
            }
            if (auto [first, inserted] = seen.emplace(key, key_node.Mark()); !inserted) {
                throw config_error(fmt::format("{}: duplicate key '{}' (first at line {})",
                                               at(key_node.Mark()), key, first->second.line + 1));
            }
            // An empty value has no position of its own (yaml-cpp gives the next token's).
            const YAML::Mark value_mark = value.IsNull() ? key_node.Mark() : value.Mark();
            try {
                assign_value(*p, value, at(value_mark));
            } catch (const value_error& e) {
                const YAML::Mark mark = value.IsNull() ? key_node.Mark() : e.mark;
                throw config_error(fmt::format("{}: {}: {}, got '{}'", at(mark), e.key,
                                               e.expected, e.got));
            }
            m_origin[p->key] = at(value_mark);
        }
    }

    void apply_override(const std::string& item)
    {
        const std::string where = "--set " + item;
        const std::size_t equals = item.find('=');
        if (equals == std::string::npos) {
            throw config_error(
                fmt::format("{}: expected KEY=VALUE, such as --set router.vcs=4", where));
        }
        const std::string key = trim(item.substr(0, equals));
        const parameter* p = find_parameter(key);
        if (p == nullptr) {
            throw config_error(fmt::format("{}: {}", where, unknown_key_message(key)));
        }
        YAML::Node value;
        try {
            value = YAML::Load(item.substr(equals + 1));
        } catch (const YAML::Exception& e) {
            throw config_error(fmt::format("{}: {}: malformed YAML value: {}", where, key, e.msg));
        }
        try {
            assign_value(*p, value, where);
        } catch (const value_error& e) {
            throw config_error(
                fmt::format("{}: {}: {}, got '{}'", where, e.key, e.expected, e.got));
        }
        m_origin[p->key] = where;
    }

    // A size may be given in flits ("4flits"): its bytes depend on router.flit, which may come
    // later in the file or in an override, so it is resolved once everything is read.
    void assign_value(const parameter& p, const YAML::Node& node, const std::string& where)
    {
        m_in_flits.erase(std::string(p.key));
        if (p.kind == value_kind::size && node.IsScalar()) {
            const std::string& text = node.Scalar();
            const std::size_t unit = text.find_first_not_of("0123456789 ");
            const std::string_view suffix = unit == std::string::npos ? "" : std::string_view(text).substr(unit);
            if (suffix == "flit" || suffix == "flits") {
                if (p.key == "router.flit") {
                    reject(p.key, node, "expected a size in bytes (the flit is the unit of the others)");
                }
                const std::string digits = trim(text.substr(0, unit));
                std::uint64_t count = 0;
                const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), count);
                if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() ||
                    count < p.min) {
                    reject(p.key, node, p.min > 0 ? "expected a positive number of flits"
                                                  : "expected a whole number of flits");
                }
                m_in_flits[std::string(p.key)] = {count, where};
                return;
            }
        }
        assign(p, node, m_config);
    }

    void resolve_flits()
    {
        for (const auto& [key, value] : m_in_flits) {
            const auto& [count, where] = value;
            const parameter& p = *find_parameter(key);
            if (count > std::numeric_limits<std::uint64_t>::max() / m_config.flit_bytes) {
                throw config_error(fmt::format("{}: {}: {} flits of {} is too large", where, key, count,
                                               format_size_bytes(m_config.flit_bytes)));
            }
            assign(p, YAML::Load(fmt::format("{}B", count * m_config.flit_bytes)), m_config);
        }
    }

    // Rules that involve more than one parameter, checked once everything is applied.
    void validate() const
    {
        const platform_config& c = m_config;

        // A minimal path crosses up to 3 networks (board, row, column) and takes VC n after
        // crossing n of them, which is what keeps it deadlock-free.
        if (c.routing.algorithm == "min-adaptive" && c.topology.kind == "hammingmesh" &&
            c.vcs < 3) {
            fail({"router.vcs", "routing.algorithm", "topology.kind"},
                 fmt::format("router.vcs: min-adaptive routing on hammingmesh needs at least 3 "
                             "virtual channels (a packet uses VC n after crossing n networks, "
                             "n = 0..2), but router.vcs is {}",
                             c.vcs));
        }

        // Credits come back one flit time apart, kept in 32 bits of picoseconds (credit_counter):
        // every bandwidth must carry a flit within max_flit_ps.
        for (const auto& [key, bps] : {std::pair<const char*, std::uint64_t>{"link.bandwidth", c.link.bandwidth_bps},
                                       {"nic.injection_bandwidth", c.nic.injection_bandwidth_bps},
                                       {"router.crossbar_bandwidth", c.router.crossbar_bandwidth_bps},
                                       {"switch.crossbar_bandwidth", c.net_switch.crossbar_bandwidth_bps}}) {
            const sim_ps flit_ps = serialization_ps(c.flit_bytes, bps);
            if (flit_ps > max_flit_ps)
                fail({key, "router.flit"},
                     fmt::format("{}: a flit of {} takes {} at {}, more than the {} hxsim models", key,
                                 format_size_bytes(c.flit_bytes), format_time_ps(flit_ps), format_bandwidth_bps(bps),
                                 format_time_ps(max_flit_ps)));
        }

        // A router keeps a bit per VC of a port (which of its output VCs hold packets for the link).
        if (c.vcs > router_max_vcs)
            fail({"router.vcs"}, fmt::format("router.vcs: at most {} virtual channels per port, but router.vcs is {}",
                                             router_max_vcs, c.vcs));

        // Packets are whole flits, since buffers and credits count flits.
        if (c.nic.mtu_bytes < c.flit_bytes || c.nic.mtu_bytes % c.flit_bytes != 0) {
            fail({"nic.mtu", "router.flit"},
                 fmt::format("nic.mtu: must be a whole number of flits (a multiple of router.flit, "
                             "at least one), but nic.mtu is {} and router.flit is {}",
                             format_size_bytes(c.nic.mtu_bytes), format_size_bytes(c.flit_bytes)));
        }

        if (c.routing.algorithm == "dimension-order" &&
            (c.topology.kind == "hammingmesh" || c.topology.kind == "fat_tree")) {
            fail({"routing.algorithm", "topology.kind"},
                 fmt::format("routing.algorithm: dimension-order routing applies to mesh and torus; "
                             "{} uses min-adaptive",
                             c.topology.kind));
        }

        if ((c.routing.algorithm == "ugal" || c.routing.algorithm == "minimal") && c.topology.kind != "dragonfly") {
            fail({"routing.algorithm", "topology.kind"},
                 fmt::format("routing.algorithm: {} routing applies to dragonfly; {} uses {}", c.routing.algorithm,
                             c.topology.kind, c.topology.kind == "mesh" || c.topology.kind == "torus"
                                                  ? "dimension-order or min-adaptive"
                                                  : "min-adaptive"));
        }

        // Router ports and accelerator ids are 16 and 32 bits wide.
        if (c.topology.kind == "dragonfly") {
            const topology_config& t = c.topology;
            const std::uint64_t radix = std::uint64_t{t.terminals_per_router} + t.routers_per_group - 1 +
                                        t.global_links_per_router;
            const std::uint64_t groups = std::uint64_t{t.routers_per_group} * t.global_links_per_router + 1;
            const unsigned __int128 terminals =
                static_cast<unsigned __int128>(groups) * t.routers_per_group * t.terminals_per_router;
            if (radix > std::numeric_limits<std::uint16_t>::max() ||
                terminals > std::numeric_limits<std::uint32_t>::max() / 2) {
                fail({"topology.terminals_per_router", "topology.routers_per_group", "topology.global_links_per_router"},
                     fmt::format("topology: a dragonfly of p = {}, a = {}, h = {} has routers of radix p + a - 1 + h = "
                                 "{} (at most {}) and (a*h + 1) * a * p accelerators (at most {})",
                                 t.terminals_per_router, t.routers_per_group, t.global_links_per_router, radix,
                                 std::numeric_limits<std::uint16_t>::max(),
                                 std::numeric_limits<std::uint32_t>::max() / 2));
            }
        }

        // Virtual cut-through: a buffer must take a whole packet.
        const std::pair<std::string_view, const router_config*> buffers[] = {
            {"router.buffer", &c.router}, {"switch.buffer", &c.net_switch}};
        for (const auto& [key, router] : buffers) {
            if (router->flow_control == "virtual-cut-through" && router->buffer_bytes < c.nic.mtu_bytes) {
                fail({key, "nic.mtu"},
                     fmt::format("{}: with virtual cut-through it must hold at least one nic.mtu "
                                 "packet, but {} is {} and nic.mtu is {}",
                                 key, key, format_size_bytes(router->buffer_bytes),
                                 format_size_bytes(c.nic.mtu_bytes)));
            }
        }

        // A tapered leaf keeps a whole number of its k/2 up-links, at least one.
        if ((c.topology.kind == "hammingmesh" || c.topology.kind == "fat_tree") &&
            tapered_up_ports(c.topology.switch_radix, c.topology.taper) == 0) {
            const unsigned half = c.topology.switch_radix / 2;
            fail({"topology.taper", "topology.switch_radix"},
                 fmt::format("topology.taper: a fat-tree leaf keeps taper x switch_radix/2 up-links, "
                             "which must be a whole number of at least 1, but {} x {} = {}; use a "
                             "multiple of 1/{} ({})",
                             c.topology.taper, half, c.topology.taper * half, half, 1.0 / half));
        }

        if (!c.rtl.routers.empty()) {
            validate_rtl();
        }

        // A line network that would need more than a 3-level fat tree is refused by the
        // hammingmesh builder's check and by --describe (hammingmesh::check, describe_topology).
    }

    // The verilated router is one fixed design (models/router/rtl_router_shape.h): a platform
    // that co-simulates it must describe that design wherever the TLM router could differ.
    void validate_rtl() const
    {
        const platform_config& c = m_config;
        const rtl_router_shape& rtl = verilated_router;
        const router_config& r = c.router;
        const auto require = [&](bool ok, std::initializer_list<std::string_view> keys, const std::string& what) {
            if (!ok) {
                fail(keys, fmt::format("{}: rtl.routers is set, and the verilated router (rtl/hx_router.sv) {}",
                                       *keys.begin(), what));
            }
        };
        const std::uint64_t buffer = c.router.buffer_bytes / c.flit_bytes;

        require(c.topology.kind == "hammingmesh", {"topology.kind", "rtl.routers"},
                fmt::format("is the 5-port accelerator router of a hammingmesh board, not a {} router",
                            c.topology.kind));
        require(c.vcs == rtl.vcs, {"router.vcs", "rtl.routers"},
                fmt::format("has {} VCs per port; router.vcs is {}", rtl.vcs, c.vcs));
        require(buffer <= rtl.buffer_depth, {"router.buffer", "rtl.routers"},
                fmt::format("buffers {} flits per VC; router.buffer is {} ({} flits)", rtl.buffer_depth,
                            format_size_bytes(r.buffer_bytes), buffer));
        require(r.output_buffer_bytes == 0, {"router.output_buffer", "rtl.routers"},
                "is input-queued, without output buffers: set router.output_buffer to 0B");
        require(r.flow_control == "virtual-cut-through", {"router.flow_control", "rtl.routers"},
                "implements virtual-cut-through flow control");
        require(r.allocator == "separable-input-first" && r.arbitration == "round-robin",
                {"router.allocator", "router.arbitration", "rtl.routers"},
                "has a separable input-first allocator with round-robin arbiters");
        require(r.routing_cycles + r.vc_allocation_cycles + r.switch_allocation_cycles == rtl.pre_switch_stages,
                {"router.routing_cycles", "router.vc_allocation_cycles", "router.switch_allocation_cycles", "rtl.routers"},
                fmt::format("takes {} cycles from a head's arrival to its grant; router.routing_cycles + "
                            "vc_allocation_cycles + switch_allocation_cycles add up to {}",
                            rtl.pre_switch_stages, r.routing_cycles + r.vc_allocation_cycles + r.switch_allocation_cycles));
        require(r.switch_traversal_cycles == rtl.switch_stages, {"router.switch_traversal_cycles", "rtl.routers"},
                fmt::format("takes {} cycle(s) through the crossbar; router.switch_traversal_cycles is {}",
                            rtl.switch_stages, r.switch_traversal_cycles));
        require(r.input_latency_ps % r.clock_period_ps == 0 && r.output_latency_ps % r.clock_period_ps == 0,
                {"router.input_latency", "router.output_latency", "rtl.routers"},
                fmt::format("is clocked: router.input_latency and output_latency must be whole cycles of {} ps",
                            r.clock_period_ps));
        // One flit per clock cycle: on the crossbar, and on every link into and out of the router.
        const std::pair<std::string_view, std::uint64_t> flit_paths[] = {
            {"router.crossbar_bandwidth", r.crossbar_bandwidth_bps},
            {"link.bandwidth", c.link.bandwidth_bps},
            {"nic.injection_bandwidth", c.nic.injection_bandwidth_bps}};
        for (const auto& [key, bps] : flit_paths) {
            require(static_cast<unsigned __int128>(c.flit_bytes) * 8 * 1'000'000'000'000 ==
                        static_cast<unsigned __int128>(r.clock_period_ps) * bps,
                    {key, "rtl.routers"},
                    fmt::format("moves one {} flit per cycle of router.clock ({} ps): {} must be {} bit/s",
                                format_size_bytes(c.flit_bytes), r.clock_period_ps, key,
                                c.flit_bytes * 8 * 1'000'000'000'000 / r.clock_period_ps));
        }
        require(c.nic.mtu_bytes / c.flit_bytes <= rtl.max_packet_flits(), {"nic.mtu", "rtl.routers"},
                fmt::format("carries packets of at most {} flits", rtl.max_packet_flits()));
        const std::uint64_t accelerators = std::uint64_t{c.topology.board[0]} * c.topology.board[1] *
                                           c.topology.grid[0] * c.topology.grid[1];
        require(accelerators <= rtl.max_destinations(), {"topology.grid", "topology.board", "rtl.routers"},
                fmt::format("routes to at most {} destinations; this platform has {} accelerators",
                            rtl.max_destinations(), accelerators));
        const bool networks = c.topology.grid[0] > 1 || c.topology.grid[1] > 1;
        require(!networks || c.net_switch.buffer_bytes / c.flit_bytes <= rtl.max_credits(), {"switch.buffer", "rtl.routers"},
                fmt::format("counts at most {} credits per VC toward a switch; switch.buffer is {} flits",
                            rtl.max_credits(), c.net_switch.buffer_bytes / c.flit_bytes));
    }

    // Reports at the first of `keys` that was set explicitly, else at the file.
    [[noreturn]] void fail(std::initializer_list<std::string_view> keys,
                           const std::string& message) const
    {
        for (std::string_view key : keys) {
            if (auto it = m_origin.find(key); it != m_origin.end()) {
                throw config_error(fmt::format("{}: {}", it->second, message));
            }
        }
        throw config_error(fmt::format("{}: {}", m_path, message));
    }

    std::string at(const YAML::Mark& mark) const
    {
        if (mark.is_null()) {
            return m_path;
        }
        return fmt::format("{}:{}:{}", m_path, mark.line + 1, mark.column + 1);
    }

    static std::string trim(const std::string& text)
    {
        const std::size_t first = text.find_first_not_of(" \t");
        if (first == std::string::npos) {
            return "";
        }
        return text.substr(first, text.find_last_not_of(" \t") - first + 1);
    }

    std::string m_path;
    platform_config m_config;
    std::map<std::string, std::pair<std::uint64_t, std::string>> m_in_flits;  // key -> (flits, where)
    std::map<std::string_view, std::string, std::less<>> m_origin;  // key -> where it was last set
};

}  // namespace

platform_config load_config(const std::string& path, const std::vector<std::string>& overrides)
{
    return loader(path).load(overrides);
}

std::string describe_parameters()
{
    std::size_t key_width = 0;
    std::size_t kind_width = 0;
    std::size_t default_width = 0;
    for (const parameter& p : schema()) {
        key_width = std::max(key_width, p.key.size());
        kind_width = std::max(kind_width, kind_text(p).size());
        default_width = std::max(default_width, p.default_text.size());
    }
    std::string text;
    for (const parameter& p : schema()) {
        text += fmt::format("  {:<{}}  {:<{}}  default {:<{}}  {}\n", p.key, key_width,
                            kind_text(p), kind_width, p.default_text, default_width, p.doc);
    }
    return text;
}

}  // namespace hxsim
