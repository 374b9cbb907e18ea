// load_config() and describe_parameters(): the example platform, defaults, --set overrides, and
// the exact message of every kind of bad input (fixtures in tests/data/configs/).
#include "models/sim/config.h"
#include "models/topology/platform.h"  // check_platform: the switch radix rule

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <map>
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
    EXPECT_EQ(c.traffic.inline_payload_bytes, 64u);
    EXPECT_EQ(c.run.watchdog_ps, 1'000'000'000u);
    // Added with mesh/torus, router pipelines and open-loop traffic.
    EXPECT_EQ(c.topology.dims, (std::array<unsigned, 2>{8, 8}));
    for (const hxsim::router_config* r : {&c.router, &c.net_switch}) {
        EXPECT_EQ(r->clock_period_ps, 1'000u);  // 1GHz
        EXPECT_EQ(r->routing_cycles, 0u);
        EXPECT_EQ(r->vc_allocation_cycles, 0u);
        EXPECT_EQ(r->switch_allocation_cycles, 0u);
        EXPECT_EQ(r->switch_traversal_cycles, 0u);
        EXPECT_EQ(r->credit_delay_ps, 0u);
        EXPECT_EQ(r->flow_control, "virtual-cut-through");
        EXPECT_EQ(r->allocator, "separable-input-first");
        EXPECT_EQ(r->allocator_iterations, 1u);
        EXPECT_EQ(r->arbitration, "round-robin");
    }
    EXPECT_EQ(c.traffic.injection, "poisson");
    EXPECT_EQ(c.traffic.burst_length, 8u);
    EXPECT_EQ(c.traffic.hotspot, 0u);
    EXPECT_EQ(c.traffic.hotspot_fraction, 0.2);
    EXPECT_EQ(c.run.warmup_ps, 0u);
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
                                     "permutation, transpose, bit-complement, bit-reverse, "
                                     "shuffle, tornado, neighbor, hotspot, got 'random'");
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
                                     "buffer, output_buffer, input_latency, output_latency, "
                                     "crossbar_bandwidth, clock, routing_cycles, "
                                     "vc_allocation_cycles, switch_allocation_cycles, "
                                     "switch_traversal_cycles, credit_delay, flow_control, "
                                     "allocator, allocator_iterations, arbitration), got "
                                     "'[flit, vcs]'");
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
                                     "router, switch, routing, traffic, run, rtl), got "
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

// The switch radix limits what can be simulated, not what can be configured (hxsim --describe
// describes fat-tree lines): the loader accepts it and the builder's check rejects it.
std::string platform_error_of(const std::string& path, const std::vector<std::string>& overrides = {})
{
    const platform_config c = load_config(path, overrides);
    try {
        hxsim::check_platform(c);
        ADD_FAILURE() << path << " passed check_platform";
    } catch (const config_error& e) {
        return e.what();
    }
    return "";
}

// A line with more ports than the radix is a 2- or 3-level fat tree; one that would need a fourth
// level is refused by the builder's check (and by --describe).
TEST(config, too_many_boards_for_the_switch_radix)
{
    const std::string path = fixture("too_many_boards.yaml");
    EXPECT_NO_THROW(load_config(path));
    // 32-port rows of radix 16: 4 leaves, 2 spines.
    EXPECT_NO_THROW(hxsim::check_platform(load_config(path)));
    // 80-port columns of radix 4: 40 leaves would need 20 spines with 2/20 = 0 links to each; 3
    // levels: 20 pods, 10 cores per group with 2/10 = 0 links to each spine.
    EXPECT_EQ(platform_error_of(path, {"topology.grid=[40, 2]", "topology.switch_radix=4"}),
              path + ": topology.switch_radix: a column network of 80 ports needs more than "
              "a 3-level fat tree of radix-4 switches (40 leaves in 20 pods)");
}

TEST(config, too_many_board_rows_for_the_switch_radix)
{
    const std::string path = fixture("empty.yaml");
    // 400 ports of radix 16 need 3 levels (a 2-level tree stops at 128); 1,200 need 4 (3 stop at 1,024).
    EXPECT_NO_THROW(hxsim::check_platform(load_config(path, {"topology.grid=[200, 1]", "topology.switch_radix=16"})));
    EXPECT_EQ(platform_error_of(path, {"topology.grid=[600, 1]", "topology.switch_radix=16"}),
              path + ": topology.switch_radix: a column network of 1200 ports needs more "
              "than a 3-level fat tree of radix-16 switches (150 leaves in 19 pods)");
    // A single board per row needs no row network at all.
    EXPECT_NO_THROW(hxsim::check_platform(load_config(path, {"topology.grid=[1, 1]",
                                                             "topology.switch_radix=2"})));
    EXPECT_NO_THROW(hxsim::check_platform(load_config(path, {"topology.grid=[32, 32]"})));
    EXPECT_NO_THROW(hxsim::check_platform(load_config(path, {"topology.grid=[33, 1]"})));
}

// topology.taper keeps a whole number (at least one) of a leaf's switch_radix/2 up-links.
TEST(config, taper_keeps_whole_up_links)
{
    EXPECT_EQ(load_config(fixture("empty.yaml")).topology.taper, 1.0);
    EXPECT_EQ(load_config(fixture("empty.yaml"), {"topology.taper=0.5"}).topology.taper, 0.5);
    EXPECT_EQ(load_config(fixture("empty.yaml"), {"topology.switch_radix=8", "topology.taper=0.25"}).topology.taper,
              0.25);
    EXPECT_EQ(error_of_set({"topology.taper=0.3"}),
              "--set topology.taper=0.3: topology.taper: a fat-tree leaf keeps taper x switch_radix/2 up-links, "
              "which must be a whole number of at least 1, but 0.3 x 32 = 9.6; use a multiple of 1/32 (0.03125)");
    EXPECT_EQ(error_of_set({"topology.taper=0.5", "topology.switch_radix=2"}),
              "--set topology.taper=0.5: topology.taper: a fat-tree leaf keeps taper x switch_radix/2 up-links, "
              "which must be a whole number of at least 1, but 0.5 x 1 = 0.5; use a multiple of 1/1 (1)");
    EXPECT_EQ(error_of_set({"topology.taper=0"}),
              "--set topology.taper=0: topology.taper: expected a number in (0, 1], got '0'");
    EXPECT_EQ(error_of_set({"topology.taper=1.5"}),
              "--set topology.taper=1.5: topology.taper: expected a number in (0, 1], got '1.5'");
    // Only hammingmesh has fat trees.
    EXPECT_NO_THROW(load_config(fixture("empty.yaml"), {"topology.kind=mesh", "routing.algorithm=dimension-order",
                                                         "topology.taper=0.3"}));
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

TEST(config, more_vcs_than_a_router_tracks)
{
    EXPECT_EQ(error_of_set({"router.vcs=65"}),
              "--set router.vcs=65: router.vcs: at most 64 virtual channels per port, but router.vcs is 65");
    EXPECT_EQ(load_config(fixture("empty.yaml"), {"router.vcs=64"}).vcs, 64u);
}

TEST(config, a_flit_slower_than_the_model_keeps)
{
    EXPECT_EQ(error_of_set({"link.bandwidth=1Mbps"}),
              "--set link.bandwidth=1Mbps: link.bandwidth: a flit of 256B takes 2.048ms at 1Mbps, more than "
              "the 2ms hxsim models");
    EXPECT_EQ(error_of_set({"router.flit=16B", "switch.crossbar_bandwidth=64bps"}),
              "--set switch.crossbar_bandwidth=64bps: switch.crossbar_bandwidth: a flit of 16B takes 2s at "
              "64bps, more than the 2ms hxsim models");
    EXPECT_EQ(load_config(fixture("empty.yaml"), {"link.bandwidth=2Mbps"}).link.bandwidth_bps, 2'000'000u);
}

TEST(config, buffer_smaller_than_a_packet)
{
    const std::string path = fixture("small_buffer.yaml");
    EXPECT_EQ(error_of(path), path + ":3:11: switch.buffer: with virtual cut-through it must "
                                     "hold at least one nic.mtu packet, but switch.buffer is "
                                     "4KiB and nic.mtu is 8KiB");
    EXPECT_EQ(error_of_set({"router.buffer=4KiB"}),
              "--set router.buffer=4KiB: router.buffer: with virtual cut-through it must hold at "
              "least one nic.mtu packet, but router.buffer is 4KiB and nic.mtu is 8KiB");
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
              "flit, vcs, buffer, output_buffer, input_latency, output_latency, "
              "crossbar_bandwidth, clock, "
              "routing_cycles, vc_allocation_cycles, switch_allocation_cycles, "
              "switch_traversal_cycles, credit_delay, flow_control, allocator, "
              "allocator_iterations, arbitration");
    EXPECT_EQ(error_of_set({"foo.bar=1"}),
              "--set foo.bar=1: unknown key 'foo.bar'; keys are written section.name, with "
              "section one of topology, link, nic, router, switch, routing, traffic, run, rtl");
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
    EXPECT_EQ(error_of_set({"topology.kind=ring"}),
              "--set topology.kind=ring: topology.kind: expected one of hammingmesh, mesh, torus, "
              "fat_tree, dragonfly, got 'ring'");
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

// ---- clocks ----

std::uint64_t router_clock_ps(const std::string& clock)
{
    return load_config(fixture("empty.yaml"), {"router.clock=" + clock}).router.clock_period_ps;
}

TEST(config, clock_is_stored_as_its_period)
{
    EXPECT_EQ(router_clock_ps("1GHz"), 1'000u);
    EXPECT_EQ(router_clock_ps("1.25GHz"), 800u);
    EXPECT_EQ(router_clock_ps("2GHz"), 500u);
    EXPECT_EQ(router_clock_ps("2.5GHz"), 400u);
    EXPECT_EQ(router_clock_ps("1.6GHz"), 625u);
    EXPECT_EQ(router_clock_ps("500MHz"), 2'000u);
    EXPECT_EQ(router_clock_ps("1 GHz"), 1'000u);
    EXPECT_EQ(router_clock_ps("1KHz"), 1'000'000'000u);
    EXPECT_EQ(router_clock_ps("1Hz"), 1'000'000'000'000u);
    EXPECT_EQ(router_clock_ps("1000GHz"), 1u);  // the fastest clock: 1 ps
    // The switch has its own clock; setting one leaves the other alone.
    const platform_config c =
        load_config(fixture("empty.yaml"), {"switch.clock=1.25GHz", "router.clock=500MHz"});
    EXPECT_EQ(c.net_switch.clock_period_ps, 800u);
    EXPECT_EQ(c.router.clock_period_ps, 2'000u);
    EXPECT_EQ(load_config(fixture("empty.yaml"), {"switch.clock=2GHz"}).router.clock_period_ps,
              1'000u);
}

TEST(config, clock_must_be_a_whole_number_of_picoseconds)
{
    const std::string whole_ps = "the clock period must be a whole number of picoseconds (1GHz, "
                                 "1.25GHz, 500MHz, ...)";
    EXPECT_EQ(error_of_set({"router.clock=3GHz"}),
              "--set router.clock=3GHz: router.clock: " + whole_ps + ", got '3GHz'");
    EXPECT_EQ(error_of_set({"switch.clock=1.5GHz"}),
              "--set switch.clock=1.5GHz: switch.clock: " + whole_ps + ", got '1.5GHz'");
    EXPECT_EQ(error_of_set({"router.clock=7MHz"}),
              "--set router.clock=7MHz: router.clock: " + whole_ps + ", got '7MHz'");
    // Faster than 1 THz: the period would be below 1 ps.
    EXPECT_EQ(error_of_set({"router.clock=2000GHz"}),
              "--set router.clock=2000GHz: router.clock: " + whole_ps + ", got '2000GHz'");
    const std::string path = fixture("clock_not_whole_ps.yaml");
    EXPECT_EQ(error_of(path), path + ":3:10: switch.clock: " + whole_ps + ", got '3GHz'");
}

TEST(config, clock_rejects_what_is_not_a_positive_frequency)
{
    EXPECT_EQ(error_of_set({"router.clock=1000"}),
              "--set router.clock=1000: router.clock: missing unit; expected one of Hz, KHz, MHz, "
              "GHz, got '1000'");
    EXPECT_EQ(error_of_set({"router.clock=1ns"}),
              "--set router.clock=1ns: router.clock: unknown unit 'ns'; expected one of Hz, KHz, "
              "MHz, GHz, got '1ns'");
    EXPECT_EQ(error_of_set({"switch.clock=1ghz"}),
              "--set switch.clock=1ghz: switch.clock: unknown unit 'ghz'; expected one of Hz, "
              "KHz, MHz, GHz, got '1ghz'");
    EXPECT_EQ(error_of_set({"router.clock=-1GHz"}),
              "--set router.clock=-1GHz: router.clock: must not be negative, got '-1GHz'");
    EXPECT_EQ(error_of_set({"router.clock=0.5Hz"}),
              "--set router.clock=0.5Hz: router.clock: must be a whole number of Hz, got '0.5Hz'");
    EXPECT_EQ(error_of_set({"router.clock=[1GHz]"}),
              "--set router.clock=[1GHz]: router.clock: expected a frequency such as 1GHz, got "
              "'[1GHz]'");
    // A stopped clock has no period.
    const std::string zero = error_of_set({"router.clock=0GHz"});
    EXPECT_EQ(zero.rfind("--set router.clock=0GHz: router.clock: ", 0), 0u) << zero;
    EXPECT_NE(zero.find(", got '0GHz'"), std::string::npos) << zero;
}

// ---- sizes in flits ----

TEST(config, sizes_in_flits_in_the_file)
{
    // router.flit comes after the sizes that are counted in it.
    const platform_config c = load_config(fixture("flit_sizes.yaml"));
    EXPECT_EQ(c.flit_bytes, 64u);
    EXPECT_EQ(c.nic.mtu_bytes, 256u);               // 4flits
    EXPECT_EQ(c.router.buffer_bytes, 512u);         // 8flits
    EXPECT_EQ(c.net_switch.buffer_bytes, 64u);      // "1 flit"
    EXPECT_EQ(c.traffic.message_size_bytes, 1'024u);  // "16 flits"
    EXPECT_EQ(c.traffic.inline_payload_bytes, 0u);  // 0flits, allowed where 0 is
    EXPECT_EQ(c.net_switch.flow_control, "wormhole");
}

TEST(config, sizes_in_flits_use_the_final_flit)
{
    // An override of router.flit changes every size the file gave in flits...
    const platform_config c = load_config(fixture("flit_sizes.yaml"), {"router.flit=128B"});
    EXPECT_EQ(c.flit_bytes, 128u);
    EXPECT_EQ(c.nic.mtu_bytes, 512u);
    EXPECT_EQ(c.router.buffer_bytes, 1'024u);
    EXPECT_EQ(c.net_switch.buffer_bytes, 128u);
    EXPECT_EQ(c.traffic.message_size_bytes, 2'048u);
    // ...but none given in bytes.
    EXPECT_EQ(load_config(fixture("example.yaml"), {"router.flit=128B"}).router.buffer_bytes,
              32u << 20);
    // Flits with the default flit.
    EXPECT_EQ(load_config(fixture("empty.yaml"), {"router.buffer=64flits"}).router.buffer_bytes,
              16'384u);
}

TEST(config, sizes_in_flits_do_not_depend_on_the_order_of_overrides)
{
    std::vector<std::string> overrides{"nic.mtu=4flits", "router.buffer=8flits", "router.flit=64B"};
    std::sort(overrides.begin(), overrides.end());
    int orders = 0;
    do {
        ++orders;
        std::string order;
        for (const std::string& o : overrides) {
            order += " --set " + o;
        }
        const platform_config c = load_config(fixture("empty.yaml"), overrides);
        EXPECT_EQ(c.flit_bytes, 64u) << order;
        EXPECT_EQ(c.router.buffer_bytes, 512u) << order;
        EXPECT_EQ(c.nic.mtu_bytes, 256u) << order;
    } while (std::next_permutation(overrides.begin(), overrides.end()));
    EXPECT_EQ(orders, 6);

    // The example from the documentation, in both orders (wormhole, as 512B is below nic.mtu).
    for (const std::vector<std::string>& order :
         {std::vector<std::string>{"router.flit=64B", "router.buffer=8flits"},
          std::vector<std::string>{"router.buffer=8flits", "router.flit=64B"}}) {
        std::vector<std::string> all = order;
        all.push_back("router.flow_control=wormhole");
        EXPECT_EQ(load_config(fixture("empty.yaml"), all).router.buffer_bytes, 512u);
    }
}

TEST(config, the_last_value_wins_whether_in_flits_or_bytes)
{
    // Bytes after flits: no longer counted in flits, whatever router.flit becomes.
    platform_config c = load_config(fixture("flit_sizes.yaml"),
                                    {"router.buffer=4KiB", "router.flit=32B"});
    EXPECT_EQ(c.router.buffer_bytes, 4'096u);
    EXPECT_EQ(c.nic.mtu_bytes, 128u);  // still 4flits
    // Flits after bytes.
    c = load_config(fixture("empty.yaml"), {"router.buffer=16KiB", "router.buffer=128flits"});
    EXPECT_EQ(c.router.buffer_bytes, 32'768u);
    c = load_config(fixture("empty.yaml"),
                    {"traffic.message_size=2flits", "traffic.message_size=3KiB"});
    EXPECT_EQ(c.traffic.message_size_bytes, 3'072u);
}

TEST(config, sizes_in_flits_that_are_rejected)
{
    EXPECT_EQ(error_of_set({"router.buffer=0flits"}),
              "--set router.buffer=0flits: router.buffer: expected a positive number of flits, "
              "got '0flits'");
    EXPECT_EQ(error_of_set({"traffic.message_size=0 flits"}),
              "--set traffic.message_size=0 flits: traffic.message_size: expected a positive "
              "number of flits, got '0 flits'");
    EXPECT_EQ(error_of_set({"switch.buffer=flits"}),
              "--set switch.buffer=flits: switch.buffer: expected a positive number of flits, got "
              "'flits'");
    EXPECT_EQ(error_of_set({"router.buffer=18446744073709551616flits"}),
              "--set router.buffer=18446744073709551616flits: router.buffer: expected a positive "
              "number of flits, got '18446744073709551616flits'");
    // Only whole flits.
    for (const char* item : {"router.buffer=1.5flits", "traffic.inline_payload=0.5flits"}) {
        const std::string text = item;
        const std::string key = text.substr(0, text.find('='));
        const std::string value = text.substr(text.find('=') + 1);
        const std::string message = error_of_set({text});
        EXPECT_EQ(message.rfind("--set " + text + ": " + key + ": ", 0), 0u) << message;
        EXPECT_EQ(message.size() - message.rfind(", got '" + value + "'"),
                  (", got '" + value + "'").size())
            << message;
    }
    // The flit itself is in bytes.
    EXPECT_EQ(error_of_set({"router.flit=8flits"}),
              "--set router.flit=8flits: router.flit: expected a size in bytes (the flit is the "
              "unit of the others), got '8flits'");
    EXPECT_EQ(error_of_set({"router.flit=1 flit"}),
              "--set router.flit=1 flit: router.flit: expected a size in bytes (the flit is the "
              "unit of the others), got '1 flit'");
    // Flits are a size: no other kind of value takes them.
    EXPECT_EQ(error_of_set({"link.latency=8flits"}),
              "--set link.latency=8flits: link.latency: unknown unit 'flits'; expected one of ps, "
              "ns, us, ms, s, got '8flits'");
    EXPECT_EQ(error_of_set({"router.vcs=4flits"}),
              "--set router.vcs=4flits: router.vcs: expected a positive integer, got '4flits'");
}

TEST(config, sizes_in_flits_rejected_in_the_file_name_the_line)
{
    std::string path = fixture("zero_flits.yaml");
    EXPECT_EQ(error_of(path), path + ":2:8: nic.mtu: expected a positive number of flits, got "
                                     "'0flits'");
    path = fixture("flit_in_flits.yaml");
    EXPECT_EQ(error_of(path), path + ":2:9: router.flit: expected a size in bytes (the flit is "
                                     "the unit of the others), got '8flits'");
}

TEST(config, size_in_flits_too_large_for_64_bits)
{
    // 2^56 flits of 256B are 2^64 bytes, one too many; one flit fewer fits.
    EXPECT_EQ(error_of_set({"router.buffer=72057594037927936flits"}),
              "--set router.buffer=72057594037927936flits: router.buffer: 72057594037927936 flits "
              "of 256B is too large");
    EXPECT_EQ(load_config(fixture("empty.yaml"), {"router.buffer=72057594037927935flits"})
                  .router.buffer_bytes,
              18'446'744'073'709'551'360u);
}

// ---- flow control ----

TEST(config, wormhole_allows_a_buffer_smaller_than_a_packet)
{
    const platform_config c = load_config(fixture("wormhole_small_buffer.yaml"));
    EXPECT_EQ(c.router.flow_control, "wormhole");
    EXPECT_EQ(c.net_switch.flow_control, "wormhole");
    EXPECT_EQ(c.router.buffer_bytes, 512u);
    EXPECT_EQ(c.net_switch.buffer_bytes, 1'024u);
    EXPECT_EQ(c.nic.mtu_bytes, 8'192u);

    EXPECT_EQ(load_config(fixture("empty.yaml"), {"router.flow_control=wormhole",
                                                  "router.buffer=4KiB"})
                  .router.buffer_bytes,
              4'096u);
    EXPECT_EQ(load_config(fixture("empty.yaml"), {"switch.flow_control=wormhole",
                                                  "switch.buffer=1 flit"})
                  .net_switch.buffer_bytes,
              256u);
}

TEST(config, virtual_cut_through_rejects_a_buffer_smaller_than_a_packet)
{
    EXPECT_EQ(error_of_set({"router.flow_control=virtual-cut-through", "router.buffer=4KiB"}),
              "--set router.buffer=4KiB: router.buffer: with virtual cut-through it must hold at "
              "least one nic.mtu packet, but router.buffer is 4KiB and nic.mtu is 8KiB");
    // Each router class is judged by its own flow control.
    EXPECT_EQ(error_of_set({"router.flow_control=wormhole", "switch.buffer=4KiB"}),
              "--set switch.buffer=4KiB: switch.buffer: with virtual cut-through it must hold at "
              "least one nic.mtu packet, but switch.buffer is 4KiB and nic.mtu is 8KiB");
    EXPECT_EQ(error_of_set({"switch.flow_control=wormhole", "router.buffer=31flits"}),
              "--set router.buffer=31flits: router.buffer: with virtual cut-through it must hold "
              "at least one nic.mtu packet, but router.buffer is 7.75KiB and nic.mtu is 8KiB");
    // Exactly one packet is enough.
    EXPECT_EQ(load_config(fixture("empty.yaml"), {"router.buffer=32flits"}).router.buffer_bytes,
              8'192u);
    // Going back to virtual cut-through on the command line: reported where the buffer was set.
    const std::string path = fixture("wormhole_small_buffer.yaml");
    EXPECT_EQ(error_of(path, {"switch.flow_control=virtual-cut-through"}),
              path + ":6:11: switch.buffer: with virtual cut-through it must hold at least one "
                     "nic.mtu packet, but switch.buffer is 1KiB and nic.mtu is 8KiB");
}

// ---- routing and topology kinds ----

TEST(config, dimension_order_routing_is_rejected_on_hammingmesh)
{
    const std::string message =
        "routing.algorithm: dimension-order routing applies to mesh and torus; hammingmesh uses "
        "min-adaptive";
    EXPECT_EQ(error_of_set({"routing.algorithm=dimension-order"}),
              "--set routing.algorithm=dimension-order: " + message);
    const std::string path = fixture("dimension_order_hammingmesh.yaml");
    EXPECT_EQ(error_of(path), path + ":1:22: " + message);
    // Reported at routing.algorithm even when topology.kind is set later.
    EXPECT_EQ(error_of(path, {"topology.kind=hammingmesh"}), path + ":1:22: " + message);
    // A hammingmesh switched to mesh by an override is fine.
    EXPECT_EQ(load_config(path, {"topology.kind=mesh"}).routing.algorithm, "dimension-order");
}

TEST(config, dimension_order_routing_on_mesh_and_torus)
{
    for (const char* kind : {"mesh", "torus"}) {
        const platform_config c = load_config(
            fixture("empty.yaml"), {std::string("topology.kind=") + kind,
                                    "routing.algorithm=dimension-order", "topology.dims=[4, 16]"});
        EXPECT_EQ(c.topology.kind, kind);
        EXPECT_EQ(c.routing.algorithm, "dimension-order");
        EXPECT_EQ(c.topology.dims, (std::array<unsigned, 2>{4, 16}));
    }
}

TEST(config, dragonfly_routing_is_rejected_elsewhere)
{
    EXPECT_EQ(error_of_set({"routing.algorithm=ugal"}),
              "--set routing.algorithm=ugal: routing.algorithm: ugal routing applies to dragonfly; hammingmesh "
              "uses min-adaptive");
    EXPECT_EQ(error_of_set({"topology.kind=torus", "routing.algorithm=minimal"}),
              "--set routing.algorithm=minimal: routing.algorithm: minimal routing applies to dragonfly; torus "
              "uses dimension-order or min-adaptive");
}

TEST(config, dragonfly_needs_ugal_or_minimal_and_their_vcs)
{
    const std::string file = fixture("empty.yaml");
    EXPECT_EQ(platform_error_of(file, {"topology.kind=dragonfly"}),
              file + ": routing.algorithm: 'min-adaptive' is not available on a dragonfly; use ugal or minimal");
    EXPECT_EQ(platform_error_of(file, {"topology.kind=dragonfly", "routing.algorithm=ugal", "router.vcs=2"}),
              file + ": router.vcs: ugal routing on a dragonfly needs 3 virtual channels (one per global link "
                     "crossed so far), but router.vcs is 2");
    EXPECT_NE(platform_error_of(file, {"topology.kind=dragonfly", "routing.algorithm=minimal", "router.vcs=1"}), "");
    EXPECT_NO_THROW(hxsim::check_platform(
        load_config(file, {"topology.kind=dragonfly", "routing.algorithm=minimal", "router.vcs=2"})));
}

TEST(config, dragonfly_keys_are_checked)
{
    const platform_config c =
        load_config(fixture("empty.yaml"), {"topology.kind=dragonfly", "topology.terminals_per_router=4",
                                            "topology.routers_per_group=8", "topology.global_links_per_router=3"});
    EXPECT_EQ(c.topology.terminals_per_router, 4u);
    EXPECT_EQ(c.topology.routers_per_group, 8u);
    EXPECT_EQ(c.topology.global_links_per_router, 3u);
    EXPECT_EQ(error_of_set({"topology.routers_per_group=0"}),
              "--set topology.routers_per_group=0: topology.routers_per_group: expected a positive integer, got '0'");
    EXPECT_EQ(error_of_set({"topology.global_links_per_router=two"}),
              "--set topology.global_links_per_router=two: topology.global_links_per_router: expected a positive "
              "integer, got 'two'");
    // Too big: ports are 16 bits, accelerator ids 32.
    EXPECT_EQ(error_of_set({"topology.kind=dragonfly", "topology.terminals_per_router=70000"}),
              "--set topology.terminals_per_router=70000: topology: a dragonfly of p = 70000, a = 4, h = 2 has "
              "routers of radix p + a - 1 + h = 70005 (at most 65535) and (a*h + 1) * a * p accelerators (at most "
              "2147483647)");
    EXPECT_NE(error_of_set({"topology.kind=dragonfly", "topology.routers_per_group=4000",
                            "topology.global_links_per_router=4000"}),
              "");
    // The same values on another topology are not its business.
    EXPECT_NO_THROW(load_config(fixture("empty.yaml"), {"topology.terminals_per_router=70000"}));
}

TEST(config, switch_radix_rule_is_for_hammingmesh_only)
{
    // The same grid is rejected on a hammingmesh (too_many_board_rows_for_the_switch_radix).
    for (const char* kind : {"mesh", "torus"}) {
        const std::string set_kind = std::string("topology.kind=") + kind;
        EXPECT_NO_THROW(hxsim::check_platform(load_config(fixture("empty.yaml"), {set_kind, "topology.grid=[33, 1]"})))
            << kind;
        EXPECT_NO_THROW(hxsim::check_platform(load_config(fixture("empty.yaml"), {set_kind, "topology.grid=[40, 40]",
                                                                                  "topology.switch_radix=2"})))
            << kind;
        EXPECT_NO_THROW(load_config(fixture("too_many_boards.yaml"), {set_kind})) << kind;
    }
    EXPECT_NE(platform_error_of(fixture("empty.yaml"), {"topology.kind=hammingmesh", "topology.grid=[40, 40]",
                                                        "topology.switch_radix=2"}),
              "");
}

TEST(config, mesh_dims_are_checked)
{
    EXPECT_EQ(error_of_set({"topology.dims=[1, 4]"}),
              "--set topology.dims=[1, 4]: topology.dims[0]: expected an integer >= 2, got '1'");
    EXPECT_EQ(error_of_set({"topology.dims=[4, 0]"}),
              "--set topology.dims=[4, 0]: topology.dims[1]: expected an integer >= 2, got '0'");
    EXPECT_EQ(error_of_set({"topology.dims=[4, 4, 4]"}),
              "--set topology.dims=[4, 4, 4]: topology.dims: expected a list of 2 positive "
              "integers, got '[4, 4, 4]'");
    EXPECT_EQ(load_config(fixture("empty.yaml"), {"topology.dims=[2, 2]"}).topology.dims,
              (std::array<unsigned, 2>{2, 2}));
}

// ---- choices ----

struct choice_key {
    std::string key;
    std::vector<std::string> choices;
};

const std::vector<choice_key> choice_keys{
    {"topology.kind", {"hammingmesh", "mesh", "torus", "fat_tree", "dragonfly"}},
    {"router.flow_control", {"virtual-cut-through", "wormhole"}},
    {"router.allocator", {"separable-input-first", "islip"}},
    {"router.arbitration", {"round-robin", "age"}},
    {"switch.flow_control", {"virtual-cut-through", "wormhole"}},
    {"switch.allocator", {"separable-input-first", "islip"}},
    {"switch.arbitration", {"round-robin", "age"}},
    {"routing.algorithm", {"min-adaptive", "dimension-order", "ugal", "minimal"}},
    {"traffic.pattern",
     {"uniform", "alltoall", "permutation", "transpose", "bit-complement", "bit-reverse", "shuffle",
      "tornado", "neighbor", "hotspot"}},
    {"traffic.injection", {"poisson", "bernoulli", "bursty"}},
};

std::string comma_list(const std::vector<std::string>& items)
{
    std::string text;
    for (const std::string& item : items) {
        text += (text.empty() ? "" : ", ") + item;
    }
    return text;
}

TEST(config, every_choice_rejects_a_bad_value_listing_the_choices)
{
    for (const choice_key& k : choice_keys) {
        const std::string expected = "expected one of " + comma_list(k.choices);
        // Choices are case-sensitive, and an empty value is no choice.
        for (const std::string bad : {"bogus", "", "Wormhole", "ISLIP", "Round-Robin"}) {
            const std::string item = k.key + "=" + bad;
            EXPECT_EQ(error_of_set({item}),
                      "--set " + item + ": " + k.key + ": " + expected + ", got '" + bad + "'");
        }
    }
    // In a file too.
    const std::string path = fixture("bad_enum.yaml");
    EXPECT_NE(error_of(path).find("expected one of " + comma_list(choice_keys[8].choices) +
                                  ", got 'random'"),
              std::string::npos);
}

TEST(config, every_choice_is_accepted)
{
    for (const choice_key& k : choice_keys) {
        for (const std::string& choice : k.choices) {
            std::vector<std::string> overrides{k.key + "=" + choice};
            // dimension-order needs a mesh or torus.
            if (choice == "dimension-order") {
                overrides.push_back("topology.kind=torus");
            }
            // ugal and minimal need a dragonfly.
            if (choice == "ugal" || choice == "minimal") {
                overrides.push_back("topology.kind=dragonfly");
            }
            platform_config c;
            ASSERT_NO_THROW(c = load_config(fixture("empty.yaml"), overrides))
                << k.key << "=" << choice;
            const std::map<std::string, std::string> value_of{
                {"topology.kind", c.topology.kind},
                {"router.flow_control", c.router.flow_control},
                {"router.allocator", c.router.allocator},
                {"router.arbitration", c.router.arbitration},
                {"switch.flow_control", c.net_switch.flow_control},
                {"switch.allocator", c.net_switch.allocator},
                {"switch.arbitration", c.net_switch.arbitration},
                {"routing.algorithm", c.routing.algorithm},
                {"traffic.pattern", c.traffic.pattern},
                {"traffic.injection", c.traffic.injection},
            };
            ASSERT_EQ(value_of.count(k.key), 1u) << k.key;
            EXPECT_EQ(value_of.at(k.key), choice) << k.key;
        }
    }
}

// ---- the other new keys ----

TEST(config, every_new_key_is_stored_from_the_file)
{
    const platform_config c = load_config(fixture("new_keys.yaml"));
    EXPECT_EQ(c.topology.kind, "torus");
    EXPECT_EQ(c.topology.dims, (std::array<unsigned, 2>{6, 10}));

    EXPECT_EQ(c.router.clock_period_ps, 800u);
    EXPECT_EQ(c.router.routing_cycles, 1u);
    EXPECT_EQ(c.router.vc_allocation_cycles, 2u);
    EXPECT_EQ(c.router.switch_allocation_cycles, 3u);
    EXPECT_EQ(c.router.switch_traversal_cycles, 4u);
    EXPECT_EQ(c.router.credit_delay_ps, 5'000u);
    EXPECT_EQ(c.router.flow_control, "wormhole");
    EXPECT_EQ(c.router.allocator, "islip");
    EXPECT_EQ(c.router.allocator_iterations, 2u);
    EXPECT_EQ(c.router.arbitration, "age");

    EXPECT_EQ(c.net_switch.clock_period_ps, 2'000u);
    EXPECT_EQ(c.net_switch.routing_cycles, 6u);
    EXPECT_EQ(c.net_switch.vc_allocation_cycles, 7u);
    EXPECT_EQ(c.net_switch.switch_allocation_cycles, 8u);
    EXPECT_EQ(c.net_switch.switch_traversal_cycles, 9u);
    EXPECT_EQ(c.net_switch.credit_delay_ps, 1'500u);
    EXPECT_EQ(c.net_switch.flow_control, "wormhole");
    EXPECT_EQ(c.net_switch.allocator, "islip");
    EXPECT_EQ(c.net_switch.allocator_iterations, 3u);
    EXPECT_EQ(c.net_switch.arbitration, "age");

    EXPECT_EQ(c.routing.algorithm, "dimension-order");
    EXPECT_EQ(c.traffic.pattern, "hotspot");
    EXPECT_EQ(c.traffic.injection, "bursty");
    EXPECT_EQ(c.traffic.burst_length, 4u);
    EXPECT_EQ(c.traffic.hotspot, 17u);
    EXPECT_EQ(c.traffic.hotspot_fraction, 0.75);
    EXPECT_EQ(c.run.warmup_ps, 3'000'000u);
    // Untouched.
    EXPECT_EQ(c.run.duration_ps, 20'000'000u);
    EXPECT_EQ(c.vcs, 3u);
}

TEST(config, new_keys_by_override)
{
    const platform_config c = load_config(
        fixture("new_keys.yaml"),
        {"router.clock=2GHz", "switch.routing_cycles=0", "router.credit_delay=0ns",
         "switch.allocator=separable-input-first", "traffic.injection=bernoulli",
         "traffic.hotspot_fraction=1", "run.warmup=1us", "topology.dims=[3, 3]"});
    EXPECT_EQ(c.router.clock_period_ps, 500u);
    EXPECT_EQ(c.net_switch.routing_cycles, 0u);
    EXPECT_EQ(c.router.credit_delay_ps, 0u);
    EXPECT_EQ(c.net_switch.allocator, "separable-input-first");
    EXPECT_EQ(c.traffic.injection, "bernoulli");
    EXPECT_EQ(c.traffic.hotspot_fraction, 1.0);
    EXPECT_EQ(c.run.warmup_ps, 1'000'000u);
    EXPECT_EQ(c.topology.dims, (std::array<unsigned, 2>{3, 3}));
    // The file still gives the rest.
    EXPECT_EQ(c.net_switch.clock_period_ps, 2'000u);
    EXPECT_EQ(c.router.routing_cycles, 1u);
}

TEST(config, new_keys_reject_values_out_of_their_bounds)
{
    EXPECT_EQ(error_of_set({"router.allocator_iterations=0"}),
              "--set router.allocator_iterations=0: router.allocator_iterations: expected a "
              "positive integer, got '0'");
    EXPECT_EQ(error_of_set({"switch.allocator_iterations=0"}),
              "--set switch.allocator_iterations=0: switch.allocator_iterations: expected a "
              "positive integer, got '0'");
    EXPECT_EQ(error_of_set({"traffic.burst_length=0"}),
              "--set traffic.burst_length=0: traffic.burst_length: expected a positive integer, "
              "got '0'");
    EXPECT_EQ(error_of_set({"router.routing_cycles=-1"}),
              "--set router.routing_cycles=-1: router.routing_cycles: expected a non-negative "
              "integer, got '-1'");
    EXPECT_EQ(error_of_set({"switch.vc_allocation_cycles=1.5"}),
              "--set switch.vc_allocation_cycles=1.5: switch.vc_allocation_cycles: expected a "
              "non-negative integer, got '1.5'");
    EXPECT_EQ(error_of_set({"traffic.hotspot=x"}),
              "--set traffic.hotspot=x: traffic.hotspot: expected a non-negative integer, got "
              "'x'");
    EXPECT_EQ(error_of_set({"traffic.hotspot_fraction=0"}),
              "--set traffic.hotspot_fraction=0: traffic.hotspot_fraction: expected a number in "
              "(0, 1], got '0'");
    EXPECT_EQ(error_of_set({"traffic.hotspot_fraction=1.01"}),
              "--set traffic.hotspot_fraction=1.01: traffic.hotspot_fraction: expected a number "
              "in (0, 1], got '1.01'");
    EXPECT_EQ(error_of_set({"router.credit_delay=0.5ps"}),
              "--set router.credit_delay=0.5ps: router.credit_delay: must be a whole number of "
              "ps, got '0.5ps'");
    EXPECT_EQ(error_of_set({"run.warmup=5"}),
              "--set run.warmup=5: run.warmup: missing unit; expected one of ps, ns, us, ms, s, "
              "got '5'");
    // Zero is a valid warm-up and credit delay, and routing can take no cycle.
    const platform_config c = load_config(
        fixture("new_keys.yaml"),
        {"run.warmup=0us", "switch.credit_delay=0ps", "router.switch_traversal_cycles=0"});
    EXPECT_EQ(c.run.warmup_ps, 0u);
    EXPECT_EQ(c.net_switch.credit_delay_ps, 0u);
    EXPECT_EQ(c.router.switch_traversal_cycles, 0u);
}

// ---- describe_parameters ----

// Every key of the schema, in the order of describe_parameters() (and of the messages).
const std::vector<std::string> all_keys{
    "topology.kind", "topology.board", "topology.grid", "topology.switch_radix", "topology.taper", "topology.dims",
    "topology.terminals_per_router", "topology.routers_per_group", "topology.global_links_per_router",
    "link.bandwidth", "link.latency",
    "nic.injection_bandwidth", "nic.mtu", "nic.send_queue",
    "router.flit", "router.vcs", "router.buffer", "router.output_buffer", "router.input_latency",
    "router.output_latency",
    "router.crossbar_bandwidth", "router.clock", "router.routing_cycles",
    "router.vc_allocation_cycles", "router.switch_allocation_cycles",
    "router.switch_traversal_cycles", "router.credit_delay", "router.flow_control",
    "router.allocator", "router.allocator_iterations", "router.arbitration",
    "switch.buffer", "switch.output_buffer", "switch.input_latency", "switch.output_latency",
    "switch.crossbar_bandwidth",
    "switch.clock", "switch.routing_cycles", "switch.vc_allocation_cycles",
    "switch.switch_allocation_cycles", "switch.switch_traversal_cycles", "switch.credit_delay",
    "switch.flow_control", "switch.allocator", "switch.allocator_iterations",
    "switch.arbitration",
    "routing.algorithm",
    "traffic.pattern", "traffic.load", "traffic.injection", "traffic.burst_length",
    "traffic.hotspot", "traffic.hotspot_fraction", "traffic.message_size",
    "traffic.inline_payload",
    "run.warmup", "run.duration", "run.seed", "run.watchdog",
    "rtl.routers"};

TEST(config, describe_parameters_has_one_aligned_line_per_key)
{
    const std::string text = hxsim::describe_parameters();
    std::istringstream lines(text);
    std::vector<std::string> rows;
    for (std::string line; std::getline(lines, line);) {
        rows.push_back(line);
    }
    ASSERT_EQ(all_keys.size(), 60u);
    ASSERT_EQ(rows.size(), 60u);
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
    for (const std::string& key : all_keys) {
        EXPECT_NE(text.find("  " + key + " "), std::string::npos) << key;
    }
    // One row per key, in schema order.
    for (std::size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(rows[i].rfind("  " + all_keys[i] + " ", 0), 0u) << "row " << i << ": " << rows[i];
    }
}

// The type, default and choices of the new keys.
TEST(config, describe_parameters_shows_the_new_kinds_and_choices)
{
    const std::string text = hxsim::describe_parameters();
    std::istringstream lines(text);
    std::map<std::string, std::string> row_of;
    for (std::string line; std::getline(lines, line);) {
        std::istringstream words(line);
        std::string key;
        words >> key;
        row_of[key] = line;
    }
    const std::vector<std::array<std::string, 3>> expected{
        // key, type column, default
        {"topology.kind", "hammingmesh|mesh|torus|fat_tree|dragonfly", "hammingmesh"},
        {"topology.taper", "real in (0,1]", "1"},
        {"topology.dims", "[int>0, int>0]", "[8, 8]"},
        {"router.clock", "frequency>0", "1GHz"},
        {"switch.clock", "frequency>0", "1GHz"},
        {"router.routing_cycles", "int>=0", "0"},
        {"switch.switch_traversal_cycles", "int>=0", "0"},
        {"router.credit_delay", "time>=0", "0ns"},
        {"router.flow_control", "virtual-cut-through|wormhole", "virtual-cut-through"},
        {"switch.flow_control", "virtual-cut-through|wormhole", "virtual-cut-through"},
        {"router.allocator", "separable-input-first|islip", "separable-input-first"},
        {"switch.allocator", "separable-input-first|islip", "separable-input-first"},
        {"router.allocator_iterations", "int>0", "1"},
        {"router.arbitration", "round-robin|age", "round-robin"},
        {"switch.arbitration", "round-robin|age", "round-robin"},
        {"routing.algorithm", "min-adaptive|dimension-order|ugal|minimal", "min-adaptive"},
        {"traffic.pattern",
         "uniform|alltoall|permutation|transpose|bit-complement|bit-reverse|shuffle|tornado|"
         "neighbor|hotspot",
         "uniform"},
        {"traffic.injection", "poisson|bernoulli|bursty", "poisson"},
        {"traffic.burst_length", "int>0", "8"},
        {"traffic.hotspot", "int>=0", "0"},
        {"traffic.hotspot_fraction", "real in (0,1]", "0.2"},
        {"run.warmup", "time>=0", "0ns"},
    };
    for (const auto& [key, kind, value] : expected) {
        const auto it = row_of.find(key);
        ASSERT_NE(it, row_of.end()) << key << " is not listed";
        // "  KEY  KIND  default VALUE  DOC", KIND padded with spaces and possibly holding some.
        const std::string& row = it->second;
        const std::size_t kind_start = row.find_first_not_of(' ', row.find(key) + key.size());
        const std::size_t kind_end = row.find("  default ");
        ASSERT_NE(kind_end, std::string::npos) << row;
        ASSERT_LT(kind_start, kind_end) << row;
        std::string listed_kind = row.substr(kind_start, kind_end - kind_start);
        listed_kind.erase(listed_kind.find_last_not_of(' ') + 1);
        EXPECT_EQ(listed_kind, kind) << row;
        EXPECT_NE(it->second.find("  default " + value + " "), std::string::npos) << it->second;
    }
}

}  // namespace

// rtl.routers: a list of name patterns, and a platform that fits the one verilated design.
namespace {

std::string rtl_error(const std::vector<std::string>& overrides)
{
    return error_of(std::string(HXSIM_SOURCE_DIR) + "/configs/rtl-board-4x4.yaml", overrides);
}

}  // namespace

TEST(config, rtl_routers_is_a_list_of_patterns)
{
    const platform_config c = load_config(std::string(HXSIM_SOURCE_DIR) + "/configs/rtl-board-4x4.yaml",
                                          {"rtl.routers=[\"board_0_0.acc_1_*\", \"*.acc_3_3.router\"]"});
    EXPECT_EQ(c.rtl.routers, (std::vector<std::string>{"board_0_0.acc_1_*", "*.acc_3_3.router"}));
    EXPECT_EQ(error_of_set({"rtl.routers=board_0_0.*"}),
              "--set rtl.routers=board_0_0.*: rtl.routers: expected a list of name patterns such as "
              "[\"board_0_0.*\"], got 'board_0_0.*'");
    EXPECT_EQ(error_of_set({"rtl.routers=[\"\"]"}),
              "--set rtl.routers=[\"\"]: rtl.routers[0]: expected a non-empty name pattern without spaces, "
              "such as board_0_0.*, got ''");
    EXPECT_EQ(error_of_set({"rtl.router=[\"*\"]"}),
              "--set rtl.router=[\"*\"]: unknown key 'rtl.router'; did you mean 'rtl.routers'?");
}

TEST(config, rtl_routers_need_the_verilated_design)
{
    EXPECT_EQ(rtl_error({"router.vcs=6"}),
              "--set router.vcs=6: router.vcs: rtl.routers is set, and the verilated router (rtl/hx_router.sv) "
              "has 3 VCs per port; router.vcs is 6");
    EXPECT_EQ(rtl_error({"router.output_buffer=8flits"}),
              "--set router.output_buffer=8flits: router.output_buffer: rtl.routers is set, and the verilated router "
              "(rtl/hx_router.sv) is input-queued, without output buffers: set router.output_buffer to 0B");
    EXPECT_EQ(rtl_error({"router.buffer=32flits"}),
              "--set router.buffer=32flits: router.buffer: rtl.routers is set, and the verilated router "
              "(rtl/hx_router.sv) buffers 16 flits per VC; router.buffer is 512B (32 flits)");
    EXPECT_EQ(rtl_error({"router.routing_cycles=2"}),
              "--set router.routing_cycles=2: router.routing_cycles: rtl.routers is set, and the verilated router "
              "(rtl/hx_router.sv) takes 3 cycles from a head's arrival to its grant; router.routing_cycles + "
              "vc_allocation_cycles + switch_allocation_cycles add up to 4");
    EXPECT_EQ(rtl_error({"link.bandwidth=256Gbps"}),
              "--set link.bandwidth=256Gbps: link.bandwidth: rtl.routers is set, and the verilated router "
              "(rtl/hx_router.sv) moves one 16B flit per cycle of router.clock (1000 ps): link.bandwidth must be "
              "128000000000 bit/s");
    EXPECT_EQ(rtl_error({"router.flow_control=wormhole"}),
              "--set router.flow_control=wormhole: router.flow_control: rtl.routers is set, and the verilated "
              "router (rtl/hx_router.sv) implements virtual-cut-through flow control");
    EXPECT_EQ(rtl_error({"router.input_latency=1500ps"}),
              "--set router.input_latency=1500ps: router.input_latency: rtl.routers is set, and the verilated "
              "router (rtl/hx_router.sv) is clocked: router.input_latency and output_latency must be whole cycles "
              "of 1000 ps");
    EXPECT_EQ(rtl_error({"topology.kind=mesh", "routing.algorithm=dimension-order"}),
              "--set topology.kind=mesh: topology.kind: rtl.routers is set, and the verilated router "
              "(rtl/hx_router.sv) is the 5-port accelerator router of a hammingmesh board, not a mesh router");
    // With rtl.routers empty the same platform is simply TLM.
    EXPECT_NO_THROW(load_config(std::string(HXSIM_SOURCE_DIR) + "/configs/rtl-board-4x4.yaml",
                                {"rtl.routers=[]", "router.vcs=6", "router.output_buffer=8flits"}));
}

// Every configuration shipped in configs/ (and configs/paper/) loads and passes the platform
// checks: a typo in a shipped file is found here, not by a user.
TEST(config, every_shipped_configuration_loads)
{
    const std::filesystem::path root = std::filesystem::path(HXSIM_SOURCE_DIR) / "configs";
    unsigned files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
        if (entry.path().extension() != ".yaml")
            continue;
        ++files;
        try {
            check_platform(load_config(entry.path().string()));
        } catch (const config_error& e) {
            ADD_FAILURE() << e.what();
        }
    }
    EXPECT_GE(files, 15u);  // configs/ and configs/paper/ as shipped
}
