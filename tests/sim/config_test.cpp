// load_config() and describe_parameters(): the example platform, defaults, --set overrides, and
// the exact message of every kind of bad input (fixtures in tests/data/configs/).
#include "models/sim/config.h"

#include <gtest/gtest.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace {

using hxsim::config_error;
using hxsim::load_config;
using hxsim::platform_config;

const std::string configs_dir = std::string(HXSIM_SOURCE_DIR) + "/tests/data/configs";

std::string fixture(const std::string& name)
{
    return configs_dir + "/" + name;
}

// The message of the config_error that loading throws ("" if it loads). Any other exception
// escapes and fails the test.
std::string error_of(const std::string& path, const std::vector<std::string>& overrides = {})
{
    try {
        load_config(path, overrides);
        ADD_FAILURE() << path << " loaded without error";
    } catch (const config_error& e) {
        const std::string message = e.what();
        EXPECT_EQ(message.find('\n'), std::string::npos) << "not one line: " << message;
        return message;
    }
    return "";
}

std::string error_of_set(const std::vector<std::string>& overrides)
{
    return error_of(fixture("empty.yaml"), overrides);
}

// Every value that the example file sets, which are also the defaults.
void expect_example_values(const platform_config& c)
{
    EXPECT_EQ(c.topology.kind, "hammingmesh");
    EXPECT_EQ(c.topology.board, (std::array<unsigned, 2>{2, 2}));
    EXPECT_EQ(c.topology.grid, (std::array<unsigned, 2>{4, 4}));
    EXPECT_EQ(c.topology.switch_radix, 64u);
    EXPECT_EQ(c.link.bandwidth_bps, 400'000'000'000u);
    EXPECT_EQ(c.link.latency_ps, 40'000u);
    EXPECT_EQ(c.nic.injection_bandwidth_bps, 1'600'000'000'000u);
    EXPECT_EQ(c.nic.mtu_bytes, 8'192u);
    EXPECT_EQ(c.flit_bytes, 256u);
    EXPECT_EQ(c.vcs, 3u);
    EXPECT_EQ(c.router.buffer_bytes, 32u << 20);
    EXPECT_EQ(c.router.input_latency_ps, 20'000u);
    EXPECT_EQ(c.router.output_latency_ps, 20'000u);
    EXPECT_EQ(c.router.crossbar_bandwidth_bps, 3'200'000'000'000u);
    EXPECT_EQ(c.routing.algorithm, "min-adaptive");
    EXPECT_EQ(c.traffic.pattern, "uniform");
    EXPECT_EQ(c.traffic.load, 0.5);
    EXPECT_EQ(c.traffic.message_size_bytes, 65'536u);
    EXPECT_EQ(c.run.duration_ps, 20'000'000u);
    EXPECT_EQ(c.run.seed, 1u);
}

// The values that only defaults provide, as the example does not set them.
void expect_unset_defaults(const platform_config& c)
{
    EXPECT_EQ(c.net_switch.buffer_bytes, 32u << 20);
    EXPECT_EQ(c.net_switch.input_latency_ps, 20'000u);
    EXPECT_EQ(c.net_switch.output_latency_ps, 20'000u);
    EXPECT_EQ(c.net_switch.crossbar_bandwidth_bps, 3'200'000'000'000u);
    EXPECT_EQ(c.traffic.inline_payload_bytes, 4'096u);
    EXPECT_EQ(c.run.watchdog_ps, 1'000'000'000u);
}

// ---- files that load ----

TEST(config, example_loads_with_exact_values)
{
    const platform_config c = load_config(fixture("example.yaml"));
    EXPECT_EQ(c.source, fixture("example.yaml"));
    expect_example_values(c);
    expect_unset_defaults(c);
}

TEST(config, empty_file_means_all_defaults)
{
    const platform_config c = load_config(fixture("empty.yaml"));
    EXPECT_EQ(c.source, fixture("empty.yaml"));
    expect_example_values(c);
    expect_unset_defaults(c);
}

TEST(config, comments_only_file_means_all_defaults)
{
    const platform_config c = load_config(fixture("comments_only.yaml"));
    expect_example_values(c);
    expect_unset_defaults(c);
}

TEST(config, missing_keys_and_sections_take_defaults)
{
    const platform_config c = load_config(fixture("partial.yaml"));
    EXPECT_EQ(c.topology.board, (std::array<unsigned, 2>{3, 1}));  // block sequence
    EXPECT_EQ(c.vcs, 4u);
    EXPECT_EQ(c.flit_bytes, 512u);
    EXPECT_EQ(c.traffic.pattern, "alltoall");
    EXPECT_EQ(c.traffic.load, 1.0);
    EXPECT_EQ(c.traffic.inline_payload_bytes, 0u);
    EXPECT_EQ(c.run.seed, 18446744073709551615u);
    // Not in the file.
    EXPECT_EQ(c.topology.kind, "hammingmesh");
    EXPECT_EQ(c.topology.grid, (std::array<unsigned, 2>{4, 4}));
    EXPECT_EQ(c.link.bandwidth_bps, 400'000'000'000u);
    EXPECT_EQ(c.nic.mtu_bytes, 8'192u);
    EXPECT_EQ(c.router.buffer_bytes, 32u << 20);
    EXPECT_EQ(c.routing.algorithm, "min-adaptive");
    EXPECT_EQ(c.traffic.message_size_bytes, 65'536u);
    EXPECT_EQ(c.run.duration_ps, 20'000'000u);
    EXPECT_EQ(c.net_switch.buffer_bytes, 32u << 20);  // "switch:" with nothing under it
    EXPECT_EQ(c.net_switch.input_latency_ps, 20'000u);
    EXPECT_EQ(c.run.watchdog_ps, 1'000'000'000u);
}

// ---- overrides that apply ----

TEST(config, overrides_apply_in_order_and_the_last_wins)
{
    const platform_config c = load_config(
        fixture("example.yaml"),
        {"router.vcs=4", "topology.board=[4,4]", "traffic.pattern=alltoall", "router.vcs=6",
         "traffic.pattern=permutation", "topology.grid=[ 8, 2 ]", "link.bandwidth=1.6Tbps",
         "traffic.load=0.25", "run.seed=42", "switch.buffer=1MiB", "run.watchdog=2ms"});
    EXPECT_EQ(c.vcs, 6u);
    EXPECT_EQ(c.topology.board, (std::array<unsigned, 2>{4, 4}));
    EXPECT_EQ(c.topology.grid, (std::array<unsigned, 2>{8, 2}));
    EXPECT_EQ(c.traffic.pattern, "permutation");
    EXPECT_EQ(c.link.bandwidth_bps, 1'600'000'000'000u);
    EXPECT_EQ(c.traffic.load, 0.25);
    EXPECT_EQ(c.run.seed, 42u);
    EXPECT_EQ(c.net_switch.buffer_bytes, 1u << 20);
    EXPECT_EQ(c.run.watchdog_ps, 2'000'000'000u);
    // Untouched by the overrides.
    EXPECT_EQ(c.flit_bytes, 256u);
    EXPECT_EQ(c.router.buffer_bytes, 32u << 20);
}

TEST(config, override_beats_the_file)
{
    EXPECT_EQ(load_config(fixture("partial.yaml")).vcs, 4u);
    const platform_config c =
        load_config(fixture("partial.yaml"), {"router.vcs=5", "traffic.pattern=uniform"});
    EXPECT_EQ(c.vcs, 5u);
    EXPECT_EQ(c.traffic.pattern, "uniform");
    EXPECT_EQ(c.topology.board, (std::array<unsigned, 2>{3, 1}));
}

TEST(config, override_can_fix_a_file_that_fails_validation)
{
    const platform_config c = load_config(fixture("few_vcs.yaml"), {"router.vcs=3"});
    EXPECT_EQ(c.vcs, 3u);
}

// ---- bad files ----

TEST(config, unknown_key_suggests_the_closest)
{
    const std::string path = fixture("unknown_key.yaml");
    EXPECT_EQ(error_of(path), path + ":4:3: unknown key 'router.vsc'; did you mean 'router.vcs'?");
}

TEST(config, unknown_section_suggests_the_closest)
{
    const std::string path = fixture("unknown_section.yaml");
    EXPECT_EQ(error_of(path), path + ":3:1: unknown section 'rooter'; did you mean 'router'?");
}

TEST(config, wrong_unit)
{
    const std::string path = fixture("wrong_unit.yaml");
    EXPECT_EQ(error_of(path), path + ":2:14: link.bandwidth: unknown unit 'Gbs'; expected one of "
                                     "bps, Kbps, Mbps, Gbps, Tbps, got '400Gbs'");
}

TEST(config, missing_unit)
{
    const std::string path = fixture("missing_unit.yaml");
    EXPECT_EQ(error_of(path), path + ":2:14: link.bandwidth: missing unit; expected one of bps, "
                                     "Kbps, Mbps, Gbps, Tbps, got '400'");
}

TEST(config, zero_size)
{
    const std::string path = fixture("zero_size.yaml");
    EXPECT_EQ(error_of(path), path + ":2:8: nic.mtu: must be positive, got '0B'");
}

TEST(config, negative_size)
{
    const std::string path = fixture("negative_size.yaml");
    EXPECT_EQ(error_of(path), path + ":2:11: router.buffer: must not be negative, got '-1KiB'");
}

TEST(config, zero_vcs)
{
    const std::string path = fixture("zero_vcs.yaml");
    EXPECT_EQ(error_of(path), path + ":3:8: router.vcs: expected a positive integer, got '0'");
}

TEST(config, fractional_vcs)
{
    const std::string path = fixture("fractional_vcs.yaml");
    EXPECT_EQ(error_of(path), path + ":1:15: router.vcs: expected a positive integer, got '3.5'");
}

TEST(config, bad_enum_lists_the_choices)
{
    const std::string path = fixture("bad_enum.yaml");
    EXPECT_EQ(error_of(path), path + ":2:12: traffic.pattern: expected one of uniform, alltoall, "
                                     "permutation, got 'random'");
}

TEST(config, list_of_wrong_length)
{
    const std::string path = fixture("list_wrong_length.yaml");
    EXPECT_EQ(error_of(path), path + ":2:10: topology.board: expected a list of 2 positive "
                                     "integers, got '[2, 2, 2]'");
}

TEST(config, bad_item_of_a_block_list)
{
    const std::string path = fixture("list_bad_item.yaml");
    EXPECT_EQ(error_of(path),
              path + ":4:7: topology.grid[1]: expected a positive integer, got '-4'");
}

TEST(config, section_that_is_not_a_map)
{
    const std::string path = fixture("non_map_section.yaml");
    EXPECT_EQ(error_of(path), path + ":2:9: router: expected a map of router keys (flit, vcs, "
                                     "buffer, input_latency, output_latency, "
                                     "crossbar_bandwidth), got '[flit, vcs]'");
}

TEST(config, map_where_a_scalar_is_expected)
{
    const std::string path = fixture("map_for_scalar.yaml");
    EXPECT_EQ(error_of(path), path + ":2:12: link.latency: expected a time such as 40ns, got "
                                     "'{value: 40, unit: ns}'");
}

TEST(config, malformed_yaml_names_the_line)
{
    const std::string path = fixture("malformed.yaml");
    const std::string message = error_of(path);
    // The unclosed flow map of line 3 is noticed on line 4, at the next block mapping.
    EXPECT_EQ(message.rfind(path + ":4:", 0), 0u) << message;
    EXPECT_NE(message.find(": malformed YAML: "), std::string::npos) << message;
}

TEST(config, top_level_that_is_not_a_map)
{
    const std::string path = fixture("top_level_list.yaml");
    EXPECT_EQ(error_of(path), path + ":1:1: expected a map of sections (topology, link, nic, "
                                     "router, switch, routing, traffic, run), got "
                                     "'[link, router]'");
}

TEST(config, duplicate_key)
{
    const std::string path = fixture("duplicate_key.yaml");
    EXPECT_EQ(error_of(path), path + ":3:3: duplicate key 'router.vcs' (first at line 2)");
}

TEST(config, more_than_one_document)
{
    const std::string path = fixture("two_documents.yaml");
    EXPECT_EQ(error_of(path), path + ":3:1: expected a single YAML document, found 2");
}

TEST(config, missing_file)
{
    const std::string path = fixture("no_such_file.yaml");
    EXPECT_EQ(error_of(path), path + ": cannot read config file: " + std::strerror(ENOENT));
}

TEST(config, directory_given_as_file)
{
    EXPECT_EQ(error_of(configs_dir),
              configs_dir + ": cannot read config file: " + std::strerror(EISDIR));
}

// ---- cross-field validation ----

TEST(config, too_many_boards_for_the_switch_radix)
{
    const std::string path = fixture("too_many_boards.yaml");
    EXPECT_EQ(error_of(path),
              path + ":3:17: topology.switch_radix: a row network joins 16 boards and needs 32 "
                     "ports, but switch_radix is 16 (fat-tree row/column networks are not "
                     "supported yet)");
}

TEST(config, too_many_board_rows_for_the_switch_radix)
{
    EXPECT_EQ(error_of_set({"topology.grid=[33, 1]"}),
              "--set topology.grid=[33, 1]: topology.switch_radix: a column network joins 33 "
              "boards and needs 66 ports, but switch_radix is 64 (fat-tree row/column networks "
              "are not supported yet)");
    // A single board per row needs no row network at all.
    EXPECT_NO_THROW(load_config(fixture("empty.yaml"), {"topology.grid=[1, 1]",
                                                        "topology.switch_radix=2"}));
    EXPECT_NO_THROW(load_config(fixture("empty.yaml"), {"topology.grid=[32, 32]"}));
}

TEST(config, mtu_not_a_multiple_of_the_flit)
{
    const std::string path = fixture("mtu_not_multiple.yaml");
    EXPECT_EQ(error_of(path), path + ":2:8: nic.mtu: must be a whole number of flits (a multiple "
                                     "of router.flit, at least one), but nic.mtu is 1KB and "
                                     "router.flit is 256B");
}

TEST(config, mtu_smaller_than_the_flit)
{
    EXPECT_EQ(error_of_set({"router.flit=16KiB"}),
              "--set router.flit=16KiB: nic.mtu: must be a whole number of flits (a multiple of "
              "router.flit, at least one), but nic.mtu is 8KiB and router.flit is 16KiB");
}

TEST(config, cross_field_error_points_at_the_key_in_the_file)
{
    // nic.mtu comes from line 3 of the file, router.flit from --set: the file line is reported.
    const std::string path = fixture("example.yaml");
    EXPECT_EQ(error_of(path, {"router.flit=3KiB"}),
              path + ":3:48: nic.mtu: must be a whole number of flits (a multiple of "
                     "router.flit, at least one), but nic.mtu is 8KiB and router.flit is 3KiB");
}

TEST(config, fewer_than_3_vcs_for_min_adaptive)
{
    const std::string path = fixture("few_vcs.yaml");
    EXPECT_EQ(error_of(path),
              path + ":2:8: router.vcs: min-adaptive routing on hammingmesh needs at least 3 "
                     "virtual channels (a packet uses VC n after crossing n networks, n = 0..2), "
                     "but router.vcs is 2");
}

TEST(config, buffer_smaller_than_a_packet)
{
    const std::string path = fixture("small_buffer.yaml");
    EXPECT_EQ(error_of(path), path + ":3:11: switch.buffer: must hold at least one nic.mtu "
                                     "packet, but switch.buffer is 4KiB and nic.mtu is 8KiB");
    EXPECT_EQ(error_of_set({"router.buffer=4KiB"}),
              "--set router.buffer=4KiB: router.buffer: must hold at least one nic.mtu packet, "
              "but router.buffer is 4KiB and nic.mtu is 8KiB");
}

// ---- bad overrides ----

TEST(config, override_without_equals)
{
    EXPECT_EQ(error_of_set({"router.vcs"}),
              "--set router.vcs: expected KEY=VALUE, such as --set router.vcs=4");
}

TEST(config, override_unknown_key)
{
    EXPECT_EQ(error_of_set({"router.vsc=4"}),
              "--set router.vsc=4: unknown key 'router.vsc'; did you mean 'router.vcs'?");
    EXPECT_EQ(error_of_set({"rooter.vcs=4"}),
              "--set rooter.vcs=4: unknown key 'rooter.vcs'; did you mean 'router.vcs'?");
    EXPECT_EQ(error_of_set({"router.mtu=4KiB"}),
              "--set router.mtu=4KiB: unknown key 'router.mtu'; did you mean 'nic.mtu'?");
    EXPECT_EQ(error_of_set({"router.colour=red"}),
              "--set router.colour=red: unknown key 'router.colour'; valid keys in router are "
              "flit, vcs, buffer, input_latency, output_latency, crossbar_bandwidth");
    EXPECT_EQ(error_of_set({"foo.bar=1"}),
              "--set foo.bar=1: unknown key 'foo.bar'; keys are written section.name, with "
              "section one of topology, link, nic, router, switch, routing, traffic, run");
}

TEST(config, override_bad_value)
{
    EXPECT_EQ(error_of_set({"router.vcs=abc"}),
              "--set router.vcs=abc: router.vcs: expected a positive integer, got 'abc'");
    EXPECT_EQ(error_of_set({"router.vcs=-3"}),
              "--set router.vcs=-3: router.vcs: expected a positive integer, got '-3'");
    EXPECT_EQ(error_of_set({"router.vcs="}),
              "--set router.vcs=: router.vcs: expected a positive integer, got ''");
    EXPECT_EQ(error_of_set({"router.vcs=4294967296"}),
              "--set router.vcs=4294967296: router.vcs: expected a positive integer no larger "
              "than 4294967295, got '4294967296'");
    EXPECT_EQ(error_of_set({"topology.switch_radix=1"}),
              "--set topology.switch_radix=1: topology.switch_radix: expected an integer >= 2, "
              "got '1'");
    EXPECT_EQ(error_of_set({"link.latency=5"}),
              "--set link.latency=5: link.latency: missing unit; expected one of ps, ns, us, ms, "
              "s, got '5'");
    EXPECT_EQ(error_of_set({"link.latency=0.5ps"}),
              "--set link.latency=0.5ps: link.latency: must be a whole number of ps, got '0.5ps'");
    EXPECT_EQ(error_of_set({"run.duration=0us"}),
              "--set run.duration=0us: run.duration: must be positive, got '0us'");
    EXPECT_EQ(error_of_set({"topology.board=[4]"}),
              "--set topology.board=[4]: topology.board: expected a list of 2 positive integers, "
              "got '[4]'");
    EXPECT_EQ(error_of_set({"topology.board=[4, 0]"}),
              "--set topology.board=[4, 0]: topology.board[1]: expected a positive integer, got "
              "'0'");
    EXPECT_EQ(error_of_set({"topology.kind=torus"}),
              "--set topology.kind=torus: topology.kind: expected one of hammingmesh, got "
              "'torus'");
    EXPECT_EQ(error_of_set({"traffic.load=1.5"}),
              "--set traffic.load=1.5: traffic.load: expected a number in (0, 1], got '1.5'");
    EXPECT_EQ(error_of_set({"traffic.load=nan"}),
              "--set traffic.load=nan: traffic.load: expected a number in (0, 1], got 'nan'");
    EXPECT_EQ(error_of_set({"router.vcs={a: 1}"}),
              "--set router.vcs={a: 1}: router.vcs: expected a positive integer, got '{a: 1}'");
}

TEST(config, override_malformed_value)
{
    const std::string message = error_of_set({"topology.board=[4, 4"});
    EXPECT_EQ(message.rfind("--set topology.board=[4, 4: topology.board: malformed YAML value: ",
                            0),
              0u)
        << message;
}

TEST(config, override_error_stops_at_the_first_bad_one)
{
    EXPECT_EQ(error_of_set({"router.vcs=4", "router.vsc=5", "router.vcs=x"}),
              "--set router.vsc=5: unknown key 'router.vsc'; did you mean 'router.vcs'?");
}

// ---- describe_parameters ----

TEST(config, describe_parameters_has_one_aligned_line_per_key)
{
    const std::string text = hxsim::describe_parameters();
    std::istringstream lines(text);
    std::vector<std::string> rows;
    for (std::string line; std::getline(lines, line);) {
        rows.push_back(line);
    }
    ASSERT_EQ(rows.size(), 26u);
    const std::size_t default_column = rows.front().find("  default ");
    ASSERT_NE(default_column, std::string::npos);
    for (const std::string& row : rows) {
        EXPECT_EQ(row.rfind("  ", 0), 0u) << row;
        EXPECT_EQ(row.find("  default "), default_column) << row;
    }
    EXPECT_EQ(rows.front().rfind("  topology.kind ", 0), 0u);
    EXPECT_NE(text.find("link.bandwidth"), std::string::npos);
    EXPECT_NE(text.find("default 400Gbps"), std::string::npos);
    EXPECT_NE(text.find("default [2, 2]"), std::string::npos);
    EXPECT_NE(text.find("uniform|alltoall|permutation"), std::string::npos);
    for (const char* key :
         {"topology.board", "topology.grid", "topology.switch_radix", "link.latency",
          "nic.injection_bandwidth", "nic.mtu", "router.flit", "router.vcs", "router.buffer",
          "router.input_latency", "router.output_latency", "router.crossbar_bandwidth",
          "switch.buffer", "switch.input_latency", "switch.output_latency",
          "switch.crossbar_bandwidth", "routing.algorithm", "traffic.pattern", "traffic.load",
          "traffic.message_size", "traffic.inline_payload", "run.duration", "run.seed",
          "run.watchdog"}) {
        EXPECT_NE(text.find(std::string("  ") + key + " "), std::string::npos) << key;
    }
}

}  // namespace
