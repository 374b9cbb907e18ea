// The facts of a configured topology, computed without building (or simulating) anything: plain
// arithmetic over the shape plus breadth-first searches over the topology graph. `hxsim
// --describe` prints them (format_description) or writes them as JSON (--stats-json).
//
// Definitions (also in README.md, "Describing a topology"):
// - Routers: every accelerator is a 5-port router; a HammingMesh adds the switches of its row and
//   column networks. A line network (one row or column network) with P = 2 * boards ports is one
//   switch when P <= switch_radix k, else a 2-level nonblocking fat tree: k/2 down and k/2 up ports
//   per leaf, leaves = ceil(P / (k/2)), spines = ceil(leaves * (k/2) / k), every leaf wired to every
//   spine with (k/2) / spines parallel links (integer division). A network that would need fewer
//   than one link per leaf-spine pair is a 3-level tree: pods of k/2 leaves, each pod with k/2 (u)
//   spines (one link from each of its leaves to each), each spine with k/2 up-links to the
//   ceil(pods * (k/2) / k) cores of its group (group j: the spines j of every pod), (k/2) / cores
//   parallel links per spine-core pair; beyond k*k*k/4 ports it is rejected. Tapered
//   (topology.taper t < 1): each leaf keeps u = t * k/2 up ports, spines = ceil(leaves * u / k),
//   u / spines parallel links. The arithmetic is plan_line_network (hammingmesh_shape.h), which
//   the builder uses too. A dimension with a single board has no network: each line of
//   accelerators is closed by one wrap link.
// - Links are bidirectional cables, counted once, by kind: on_board (mesh links inside boards,
//   a*(b-1) + b*(a-1) per board), accelerator_switch, switch_switch (leaf-spine, fat trees only),
//   wrap (single-board dimensions; torus wrap-around), router_router (mesh/torus, non-wrap). The
//   NIC-to-router injection links are not network links and are not counted.
// - Distances are router-to-router hops between accelerator routers (every switch, leaf and
//   spine on the way is a hop), found by BFS over the graph whose vertices are the accelerator
//   routers and the switches. diameter = the largest distance between two accelerators;
//   mean_distance = the mean over all ordered pairs of distinct accelerators.
// - Bisection: two balanced cuts. HammingMesh: half of the board-columns on each side (boards
//   with board-column < y/2 on one side), and half of the board-rows (board-row < x/2); a
//   dimension with a single board is cut through the middle of the boards instead (accelerator
//   column < b/2, resp. row < a/2). A cut's capacity counts every board or wrap link crossing it,
//   plus, for each line network, its internal capacity across the cut: the number of its ports on
//   the smaller side (exact for one switch, and for a nonblocking fat tree alike; a tapered tree's
//   max flow: each leaf's ports pair up locally, the surplus of a side crosses its up-links,
//   at most u per leaf). Mesh/torus: the
//   middle cuts (column < cols/2, row < rows/2), counting the links that cross, wrap links
//   included. bisection = the smaller of the two cuts, in links and in bandwidth per direction
//   (links * link.bandwidth). A cut that cannot split anything (one line of one accelerator) is
//   left out.
// - Fat tree (topology.kind fat_tree): dims[0]*dims[1] accelerators, each a NIC cabled to a leaf
//   of one network planned like a line network of that many ports (plan_network): no accelerator
//   routers; links are accelerator_switch (one per accelerator) and switch_switch; distances count
//   the switches (leaf, spine, leaf: 4 hops, as between accelerators through a HammingMesh
//   fat-tree line); the bisection cut puts accelerator ids < N/2 on one side (whole leaves when
//   k/2 divides N/2), its capacity the tree's (network_capacity).
// - injection_bandwidth = accelerators * nic.injection_bandwidth. global_bandwidth = 2 *
//   bisection bandwidth (what crosses the bisection in both directions together);
//   global_to_injection = global_bandwidth / injection_bandwidth.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "models/sim/config.h"

namespace hxsim {

/// The facts above as JSON (keys as in the definitions). Throws config_error if a line network
/// would need more than a 3-level fat tree. Builds no SystemC module.
nlohmann::json describe_topology(const platform_config& config);

/// Throws config_error when a row or column network of a hammingmesh `config` would need more
/// than a 3-level fat tree (the rule describe_topology applies; the builder checks it too).
void check_line_networks(const platform_config& config);

/// Throws config_error when a fat_tree `config` has more accelerators (topology.dims) than a
/// 3-level tree of topology.switch_radix switches joins (k*k*k/4).
void check_fat_tree(const platform_config& config);

/// A few human-readable lines of `description` (as returned by describe_topology).
std::string format_description(const nlohmann::json& description);

}  // namespace hxsim
