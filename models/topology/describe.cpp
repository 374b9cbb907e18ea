#include "models/topology/describe.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "models/routing/dimension_order_routing.h"
#include "models/topology/dragonfly_shape.h"
#include "models/topology/hammingmesh_shape.h"

namespace hxsim {

namespace {

using json = nlohmann::json;

/// One line network: the accelerators on its ports, in port order, and how it is built.
struct line_ports {
    std::vector<std::uint32_t> accelerators;
    line_network_plan plan;
};

/// The topology as an undirected graph: vertices [0, accelerators) are the accelerator routers
/// (by accelerator id), the rest switches. Parallel links are one edge: they change no distance.
struct topology_graph {
    std::uint32_t accelerators = 0;
    std::uint32_t vertices = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    /// Links between two accelerator routers (board, wrap, mesh/torus): the ones a cut can cross.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> router_links;
    /// The accelerators on the ports of each line network, in port order, and how it is built.
    std::vector<line_ports> networks;

    std::uint32_t add_vertex() { return vertices++; }
    void add_router_link(std::uint32_t u, std::uint32_t v)
    {
        edges.emplace_back(u, v);
        router_links.emplace_back(u, v);
    }
};

struct distances {
    unsigned diameter = 0;
    double mean = 0;
};

/// All-pairs BFS from every accelerator, 64 sources at a time: bit i of a vertex's mask says
/// whether source i has reached it. Only accelerator vertices count as destinations.
distances accelerator_distances(const topology_graph& g)
{
    const std::uint32_t n = g.accelerators;
    std::vector<std::uint32_t> offset(g.vertices + 1, 0);
    for (const auto& [u, v] : g.edges) {
        ++offset[u + 1];
        ++offset[v + 1];
    }
    for (std::uint32_t v = 0; v < g.vertices; ++v)
        offset[v + 1] += offset[v];
    std::vector<std::uint32_t> adjacent(offset.back());
    std::vector<std::uint32_t> cursor(offset.begin(), offset.end() - 1);
    for (const auto& [u, v] : g.edges) {
        adjacent[cursor[u]++] = v;
        adjacent[cursor[v]++] = u;
    }

    std::vector<std::uint64_t> visited(g.vertices), frontier(g.vertices), next(g.vertices);
    std::uint64_t total = 0, reached = 0;
    unsigned diameter = 0;
    for (std::uint32_t base = 0; base < n; base += 64) {
        const std::uint32_t sources = std::min<std::uint32_t>(64, n - base);
        std::fill(visited.begin(), visited.end(), 0);
        std::fill(frontier.begin(), frontier.end(), 0);
        for (std::uint32_t i = 0; i < sources; ++i)
            visited[base + i] = frontier[base + i] = std::uint64_t{1} << i;
        for (unsigned d = 1;; ++d) {
            bool any = false;
            for (std::uint32_t v = 0; v < g.vertices; ++v) {
                std::uint64_t m = 0;
                for (std::uint32_t e = offset[v]; e < offset[v + 1]; ++e)
                    m |= frontier[adjacent[e]];
                m &= ~visited[v];
                next[v] = m;
                any = any || m != 0;
            }
            if (!any)
                break;
            for (std::uint32_t v = 0; v < g.vertices; ++v) {
                visited[v] |= next[v];
                if (v < n && next[v] != 0) {
                    const auto found = static_cast<std::uint64_t>(__builtin_popcountll(next[v]));
                    total += d * found;
                    reached += found;
                    diameter = std::max(diameter, d);
                }
            }
            std::swap(frontier, next);
        }
    }
    const std::uint64_t pairs = std::uint64_t{n} * (n - 1);
    if (reached != pairs)
        throw std::logic_error("describe_topology: the topology graph is not connected");
    return distances{diameter, pairs == 0 ? 0.0 : static_cast<double>(total) / static_cast<double>(pairs)};
}

/// What one line network carries across a cut, per direction: the ports on the smaller side for
/// a single switch or a nonblocking fat tree. A tapered tree is its max flow: each leaf joins its
/// own ports on either side (min of the two), and sends the surplus of one side through at most
/// `up` up-links to the leaves with a surplus of the other side (also in a 3-level tree, whose
/// levels above the leaves are nonblocking).
std::uint64_t network_capacity(const line_ports& net, const std::vector<char>& on)
{
    const std::vector<std::uint32_t>& ports = net.accelerators;
    if (!net.plan.is_tree()) {
        std::uint64_t one = 0;
        for (std::uint32_t id : ports)
            one += on[id];
        return std::min<std::uint64_t>(one, ports.size() - one);
    }
    std::uint64_t local = 0, surplus_one = 0, surplus_other = 0;
    for (unsigned leaf = 0; leaf < net.plan.leaves; ++leaf) {
        std::uint64_t one = 0, other = 0;
        for (unsigned p = leaf * net.plan.down; p < leaf * net.plan.down + net.plan.leaf_down_ports(leaf); ++p)
            (on[ports[p]] ? one : other) += 1;
        local += std::min(one, other);
        if (one > other)
            surplus_one += std::min<std::uint64_t>(one - other, net.plan.up);
        else
            surplus_other += std::min<std::uint64_t>(other - one, net.plan.up);
    }
    return local + std::min(surplus_one, surplus_other);
}

/// Links crossing the cut that puts the accelerators with `side(id)` true on one side: router
/// links whose ends differ, plus each line network's capacity across the cut (network_capacity).
std::uint64_t cut_links(const topology_graph& g, const std::function<bool(std::uint32_t)>& side)
{
    std::vector<char> on(g.accelerators);
    for (std::uint32_t id = 0; id < g.accelerators; ++id)
        on[id] = side(id) ? 1 : 0;
    std::uint64_t links = 0;
    for (const auto& [u, v] : g.router_links)
        links += on[u] != on[v] ? 1 : 0;
    for (const line_ports& net : g.networks)
        links += network_capacity(net, on);
    return links;
}

/// How one direction's line networks are built (hammingmesh_shape.h: plan_line_network).
struct line_plan {
    unsigned count = 0;   ///< lines of accelerators in this direction
    unsigned boards = 0;  ///< boards on each line
    line_network_plan net;

    std::string kind() const
    {
        return net.kind == line_network_plan::kind_t::wrap            ? "wrap"
               : net.kind == line_network_plan::kind_t::single_switch ? "switch"
                                                                       : "fat-tree";
    }
};

/// Throws config_error: a fat-tree machine whose tree `p` would need more than 3 levels.
[[noreturn]] void fat_tree_refuse(const platform_config& config, const line_network_plan& p)
{
    const unsigned k = config.topology.switch_radix;
    throw config_error(fmt::format(
        "{}: topology.dims: a fat tree of {}x{} = {} accelerators needs more than 3 levels of radix-{} switches "
        "(topology.switch_radix {}: a 3-level tree joins at most k*k*k/4 = {}); use fewer accelerators or a larger "
        "topology.switch_radix",
        config.source, config.topology.dims[0], config.topology.dims[1], p.ports, k, k, std::uint64_t{k} * k * k / 4));
}

/// Throws config_error when a line of `plan` would need more than a 3-level fat tree.
void require_buildable(const platform_config& config, const char* direction, const line_network_plan& p)
{
    if (!p.buildable())
        throw config_error(fmt::format("{}: topology.switch_radix: a {} network of {} ports needs more than a "
                                       "3-level fat tree of radix-{} switches ({} leaves in {} pods{})",
                                       config.source, direction, p.ports, config.topology.switch_radix, p.leaves,
                                       p.pods,
                                       config.topology.taper < 1 ? fmt::format(", topology.taper {}", config.topology.taper)
                                                                 : std::string()));
}

line_plan plan_line(const platform_config& config, const char* direction, unsigned count, unsigned boards,
                    const line_network_plan& net)
{
    require_buildable(config, direction, net);
    line_plan p;
    p.count = count;
    p.boards = boards;
    p.net = net;
    return p;
}

/// The levels of a fat tree `net`: leaves, spines and (3 levels) pods and cores, and their links.
json tree_json(const line_network_plan& net)
{
    json j{{"levels", net.levels},
           {"leaves", net.leaves},
           {"spines", net.spines},
           {"parallel_links", net.parallel_links},
           {"up_links_per_leaf", net.up}};
    if (net.three_levels()) {
        j["pods"] = net.pods;
        j["cores"] = net.all_cores();
        j["core_parallel_links"] = net.core_links;
        j["up_links_per_spine"] = net.spine_up;
    }
    return j;
}

json plan_json(const line_plan& p)
{
    json j{{"count", p.count}, {"boards", p.boards}, {"kind", p.kind()}};
    if (p.net.kind != line_network_plan::kind_t::wrap)
        j["ports"] = p.net.ports;
    if (p.net.is_tree())
        j.update(tree_json(p.net));
    return j;
}

/// Adds one line network's vertices and edges; `ports` are the accelerators on its ports.
void add_network(topology_graph& g, const line_plan& plan, std::vector<std::uint32_t> ports)
{
    const line_network_plan& net = plan.net;
    if (!net.is_tree()) {
        const std::uint32_t s = g.add_vertex();
        for (std::uint32_t id : ports)
            g.edges.emplace_back(id, s);
    } else {
        const std::uint32_t first_leaf = g.vertices;
        for (unsigned i = 0; i < net.leaves; ++i)
            g.add_vertex();
        for (unsigned p = 0; p < ports.size(); ++p)
            g.edges.emplace_back(ports[p], first_leaf + net.leaf_of(p));
        if (!net.three_levels()) {
            for (unsigned s = 0; s < net.spines; ++s) {
                const std::uint32_t spine = g.add_vertex();
                for (unsigned l = 0; l < net.leaves; ++l)
                    g.edges.emplace_back(first_leaf + l, spine);
            }
        } else {
            // Parallel links are one edge: distances only.
            const std::uint32_t first_spine = g.vertices;
            for (unsigned s = 0; s < net.spines; ++s) {
                g.add_vertex();
                const unsigned pod = s / net.up;
                for (unsigned i = 0; i < net.spine_down_ports(s); ++i)
                    g.edges.emplace_back(first_leaf + pod * net.down + i, first_spine + s);
            }
            for (unsigned c = 0; c < net.all_cores(); ++c) {
                const std::uint32_t core = g.add_vertex();
                for (unsigned pod = 0; pod < net.pods; ++pod)
                    g.edges.emplace_back(first_spine + net.pod_spine(pod, c / net.cores), core);
            }
        }
    }
    g.networks.push_back(line_ports{std::move(ports), net});
}

void add_cut(json& out, const char* name, std::optional<std::uint64_t> links)
{
    out["cuts"][name] = links ? json(*links) : json(nullptr);
}

json describe_hammingmesh(const platform_config& config)
{
    const topology_config& t = config.topology;
    const hammingmesh_shape s = hammingmesh_shape_of(t);
    const line_plan rows = plan_line(config, "row", s.x * s.a, s.y, s.row_plan());
    const line_plan columns = plan_line(config, "column", s.y * s.b, s.x, s.column_plan());

    topology_graph g;
    g.accelerators = g.vertices = s.accelerators();
    for (unsigned br = 0; br < s.x; ++br)
        for (unsigned bc = 0; bc < s.y; ++bc)
            for (unsigned r = 0; r < s.a; ++r)
                for (unsigned c = 0; c < s.b; ++c) {
                    const std::uint32_t here = s.accelerator_of({br, bc, r, c});
                    if (c + 1 < s.b)
                        g.add_router_link(here, s.accelerator_of({br, bc, r, c + 1}));
                    if (r + 1 < s.a)
                        g.add_router_link(here, s.accelerator_of({br, bc, r + 1, c}));
                }
    const std::uint64_t on_board = g.router_links.size();

    std::uint64_t wrap = 0;
    for (unsigned br = 0; br < s.x; ++br)
        for (unsigned r = 0; r < s.a; ++r) {
            if (rows.kind() == "wrap") {
                g.add_router_link(s.accelerator_of({br, 0, r, 0}), s.accelerator_of({br, 0, r, s.b - 1}));
                ++wrap;
                continue;
            }
            std::vector<std::uint32_t> ports;  // port 2C: W edge of board-column C, 2C+1: E edge
            for (unsigned bc = 0; bc < s.y; ++bc) {
                ports.push_back(s.accelerator_of({br, bc, r, 0}));
                ports.push_back(s.accelerator_of({br, bc, r, s.b - 1}));
            }
            add_network(g, rows, std::move(ports));
        }
    for (unsigned bc = 0; bc < s.y; ++bc)
        for (unsigned c = 0; c < s.b; ++c) {
            if (columns.kind() == "wrap") {
                g.add_router_link(s.accelerator_of({0, bc, 0, c}), s.accelerator_of({0, bc, s.a - 1, c}));
                ++wrap;
                continue;
            }
            std::vector<std::uint32_t> ports;  // port 2R: N edge of board-row R, 2R+1: S edge
            for (unsigned br = 0; br < s.x; ++br) {
                ports.push_back(s.accelerator_of({br, bc, 0, c}));
                ports.push_back(s.accelerator_of({br, bc, s.a - 1, c}));
            }
            add_network(g, columns, std::move(ports));
        }

    json out;
    out["topology"] = "hammingmesh";
    out["shape"] = {
        {"board", {s.a, s.b}}, {"grid", {s.x, s.y}}, {"switch_radix", t.switch_radix}, {"taper", t.taper}};
    out["accelerators"] = s.accelerators();

    std::uint64_t single = 0, leaves = 0, spines = 0, cores = 0, cables = 0, switch_switch = 0;
    for (const line_plan* p : {&rows, &columns}) {
        if (p->net.kind == line_network_plan::kind_t::wrap)
            continue;
        cables += std::uint64_t{p->count} * p->net.ports;
        if (p->net.is_tree()) {
            leaves += std::uint64_t{p->count} * p->net.leaves;
            spines += std::uint64_t{p->count} * p->net.spines;
            cores += std::uint64_t{p->count} * p->net.all_cores();
            switch_switch += std::uint64_t{p->count} * p->net.switch_links();
        } else {
            single += p->count;
        }
    }
    const std::uint64_t switches = single + leaves + spines + cores;
    out["routers"] = {{"accelerator", s.accelerators()}, {"switch", switches}};
    out["switches"] = {{"single", single}, {"leaf", leaves}, {"spine", spines}, {"core", cores}, {"total", switches}};
    out["line_networks"] = {{"row", plan_json(rows)}, {"column", plan_json(columns)}};
    out["links"] = {{"on_board", on_board},
                    {"accelerator_switch", cables},
                    {"switch_switch", switch_switch},
                    {"wrap", wrap},
                    {"total", on_board + cables + switch_switch + wrap}};

    const distances d = accelerator_distances(g);
    out["diameter_hops"] = d.diameter;
    out["mean_distance_hops"] = d.mean;

    // Half of the board-columns on each side; one board-column: through the middle of the boards.
    std::optional<std::uint64_t> column_cut, row_cut;
    if (s.y >= 2)
        column_cut = cut_links(g, [&](std::uint32_t id) { return s.coord_of(id).board_col < s.y / 2; });
    else if (s.b >= 2)
        column_cut = cut_links(g, [&](std::uint32_t id) { return s.coord_of(id).col < s.b / 2; });
    if (s.x >= 2)
        row_cut = cut_links(g, [&](std::uint32_t id) { return s.coord_of(id).board_row < s.x / 2; });
    else if (s.a >= 2)
        row_cut = cut_links(g, [&](std::uint32_t id) { return s.coord_of(id).row < s.a / 2; });
    out["bisection"] = json::object();
    add_cut(out["bisection"], "board_columns", column_cut);
    add_cut(out["bisection"], "board_rows", row_cut);
    return out;
}

json describe_torus(const platform_config& config)
{
    const torus_shape s{config.topology.dims[0], config.topology.dims[1], config.topology.kind == "torus"};
    topology_graph g;
    g.accelerators = g.vertices = s.routers();
    std::uint64_t wrap = 0;
    for (std::uint32_t id = 0; id < s.routers(); ++id) {
        const torus_shape::coord c = s.coord_of(id);
        // Each link once: from its west or north end (a wrap link from the last column or row).
        if (c.col + 1 < s.cols) {
            g.add_router_link(id, s.router_of({c.row, c.col + 1}));
        } else if (s.wrap) {
            g.add_router_link(id, s.router_of({c.row, 0}));
            ++wrap;
        }
        if (c.row + 1 < s.rows) {
            g.add_router_link(id, s.router_of({c.row + 1, c.col}));
        } else if (s.wrap) {
            g.add_router_link(id, s.router_of({0, c.col}));
            ++wrap;
        }
    }

    json out;
    out["topology"] = config.topology.kind;
    out["shape"] = {{"dims", {s.rows, s.cols}}};
    out["accelerators"] = s.routers();
    out["routers"] = {{"accelerator", s.routers()}, {"switch", 0}};
    out["switches"] = {{"single", 0}, {"leaf", 0}, {"spine", 0}, {"core", 0}, {"total", 0}};
    const std::uint64_t all = g.router_links.size();
    out["links"] = {{"router_router", all - wrap}, {"wrap", wrap}, {"total", all}};

    const distances d = accelerator_distances(g);
    out["diameter_hops"] = d.diameter;
    out["mean_distance_hops"] = d.mean;

    out["bisection"] = json::object();
    add_cut(out["bisection"], "columns",
            cut_links(g, [&](std::uint32_t id) { return s.coord_of(id).col < s.cols / 2; }));
    add_cut(out["bisection"], "rows", cut_links(g, [&](std::uint32_t id) { return s.coord_of(id).row < s.rows / 2; }));
    return out;
}

/// A fat-tree machine: accelerators are the graph's accelerator vertices (their NICs), cabled to
/// the leaves of one tree (add_network). Distances count the switches (leaf, spine, leaf: 4 hops
/// between accelerators below different leaves, 2 below the same). The bisection cut is the
/// lower half of the accelerator ids against the upper half (leaf by leaf).
json describe_fat_tree(const platform_config& config)
{
    const topology_config& t = config.topology;
    const unsigned n = t.dims[0] * t.dims[1];
    line_plan tree;
    tree.count = 1;
    tree.net = plan_network(n, t.switch_radix, tapered_up_ports(t.switch_radix, t.taper));
    if (!tree.net.buildable())
        fat_tree_refuse(config, tree.net);

    topology_graph g;
    g.accelerators = g.vertices = n;
    std::vector<std::uint32_t> ports(n);
    for (std::uint32_t p = 0; p < n; ++p)
        ports[p] = p;
    add_network(g, tree, std::move(ports));

    json out;
    out["topology"] = "fat_tree";
    out["shape"] = {{"dims", {t.dims[0], t.dims[1]}}, {"switch_radix", t.switch_radix}, {"taper", t.taper}};
    out["accelerators"] = n;
    const std::uint64_t single = tree.net.is_tree() ? 0 : 1;
    const std::uint64_t switches = tree.net.switches();
    out["routers"] = {{"accelerator", 0}, {"switch", switches}};
    out["switches"] = {{"single", single},
                       {"leaf", tree.net.leaves},
                       {"spine", tree.net.spines},
                       {"core", tree.net.all_cores()},
                       {"total", switches}};
    json net{{"ports", n}, {"kind", tree.kind()}};
    if (tree.net.is_tree())
        net.update(tree_json(tree.net));
    out["tree"] = net;
    out["links"] = {{"accelerator_switch", n},
                    {"switch_switch", tree.net.switch_links()},
                    {"total", std::uint64_t{n} + tree.net.switch_links()}};

    const distances d = accelerator_distances(g);
    out["diameter_hops"] = d.diameter;
    out["mean_distance_hops"] = d.mean;

    out["bisection"] = json::object();
    add_cut(out["bisection"], "halves", cut_links(g, [&](std::uint32_t id) { return id < n / 2; }));
    return out;
}

/// A Dragonfly (dragonfly_shape.h): accelerators are the graph's accelerator vertices (their NICs),
/// each cabled to its router, vertex n + R for router R. Distances count the routers (NIC, up to
/// 4 routers, NIC: at most 5 hops, 3 of them router to router). Two balanced cuts, each counting
/// every link with its ends on different sides: "halves", the accelerators by id (< n/2) and each
/// router on the side of its first accelerator; "groups", the groups below g/2 against the rest,
/// where the middle group of an odd g is split: its routers a/2 .. a-1 (whose palmtree global
/// links all lead to lower groups) join the lower groups. The second exists only when whole
/// routers balance it (g or a even).
json describe_dragonfly(const platform_config& config)
{
    const topology_config& t = config.topology;
    const dragonfly_shape s{t.terminals_per_router, t.routers_per_group, t.global_links_per_router};
    const std::uint32_t n = s.terminals();
    topology_graph g;
    g.accelerators = n;
    g.vertices = n + s.routers();
    for (std::uint32_t id = 0; id < n; ++id)
        g.edges.emplace_back(id, n + s.router_of_terminal(id));
    for (std::uint32_t r = 0; r < s.routers(); ++r) {
        const unsigned group = s.group_of(r), here = r % s.a;
        for (unsigned other = here + 1; other < s.a; ++other)
            g.edges.emplace_back(n + r, n + group * s.a + other);
        // Each global link once, from the lower group.
        for (unsigned j = 0; j < s.h; ++j) {
            const unsigned link = here * s.h + j, far_group = s.global_target(group, link);
            if (group < far_group)
                g.edges.emplace_back(n + r, n + far_group * s.a + s.router_of_link(s.far_end(link)));
        }
    }
    const auto crossing = [&](const std::function<bool(std::uint32_t)>& lower) {
        std::uint64_t links = 0;
        for (const auto& [u, v] : g.edges)
            links += lower(u) != lower(v) ? 1 : 0;
        return links;
    };

    json out;
    out["topology"] = "dragonfly";
    out["shape"] = {{"terminals_per_router", s.p}, {"routers_per_group", s.a}, {"global_links_per_router", s.h},
                    {"groups", s.groups()}, {"switch_radix", s.radix()}};
    out["accelerators"] = n;
    out["routers"] = {{"accelerator", 0}, {"switch", s.routers()}};
    out["switches"] = {{"groups", s.groups()}, {"per_group", s.a}, {"total", s.routers()}};
    out["links"] = {{"accelerator_switch", n},
                    {"local", s.local_links()},
                    {"global", s.global_links()},
                    {"total", n + s.local_links() + s.global_links()}};

    const distances d = accelerator_distances(g);
    out["diameter_hops"] = d.diameter;
    out["switch_diameter_hops"] = d.diameter - 2;  // less the two NIC cables
    out["mean_distance_hops"] = d.mean;

    out["bisection"] = json::object();
    add_cut(out["bisection"], "halves", crossing([&](std::uint32_t v) {
                return 2 * std::uint64_t{v < n ? v : (v - n) * s.p} < n;
            }));
    const unsigned groups = s.groups(), middle = groups / 2;
    std::optional<std::uint64_t> by_groups;
    if (groups % 2 == 0 || s.a % 2 == 0)
        by_groups = crossing([&](std::uint32_t v) {
            const unsigned router = v < n ? s.router_of_terminal(v) : v - n;
            const unsigned group = s.group_of(router);
            return group < middle || (groups % 2 == 1 && group == middle && router % s.a >= s.a / 2);
        });
    add_cut(out["bisection"], "groups", by_groups);
    return out;
}

std::string gbps(std::uint64_t bps)
{
    return fmt::format("{:.10g} Gb/s", static_cast<double>(bps) / 1e9);
}

}  // namespace

void check_fat_tree(const platform_config& config)
{
    const topology_config& t = config.topology;
    const line_network_plan p =
        plan_network(t.dims[0] * t.dims[1], t.switch_radix, tapered_up_ports(t.switch_radix, t.taper));
    if (!p.buildable())
        fat_tree_refuse(config, p);
}

void check_line_networks(const platform_config& config)
{
    const hammingmesh_shape s = hammingmesh_shape_of(config.topology);
    require_buildable(config, "row", s.row_plan());
    require_buildable(config, "column", s.column_plan());
}

json describe_topology(const platform_config& config)
{
    json out;
    if (config.topology.kind == "hammingmesh")
        out = describe_hammingmesh(config);
    else if (config.topology.kind == "mesh" || config.topology.kind == "torus")
        out = describe_torus(config);
    else if (config.topology.kind == "fat_tree")
        out = describe_fat_tree(config);
    else if (config.topology.kind == "dragonfly")
        out = describe_dragonfly(config);
    else
        throw config_error(fmt::format("{}: topology.kind: cannot describe '{}'", config.source, config.topology.kind));

    // The bisection is the smaller of the cuts that exist.
    json& bisection = out["bisection"];
    std::optional<std::uint64_t> links;
    for (const auto& [name, cut] : bisection["cuts"].items())
        if (!cut.is_null())
            links = std::min(links.value_or(cut.get<std::uint64_t>()), cut.get<std::uint64_t>());
    const std::uint64_t n = out["accelerators"].get<std::uint64_t>();
    const std::uint64_t bisection_bps = links.value_or(0) * config.link.bandwidth_bps;
    const std::uint64_t injection_bps = n * config.nic.injection_bandwidth_bps;
    bisection["links"] = links ? json(*links) : json(nullptr);
    bisection["bandwidth_bps"] = bisection_bps;
    out["link_bandwidth_bps"] = config.link.bandwidth_bps;
    out["injection_bandwidth_bps"] = injection_bps;
    out["global_bandwidth_bps"] = 2 * bisection_bps;
    out["global_to_injection"] =
        injection_bps == 0 ? 0.0 : 2.0 * static_cast<double>(bisection_bps) / static_cast<double>(injection_bps);
    return out;
}

namespace {

/// One fat tree's levels, from its tree_json.
std::string tree_text(const json& p)
{
    std::string text = fmt::format("{} leaves, {} spines, {} parallel links per leaf-spine pair ({} up-links per leaf)",
                                   p["leaves"].get<unsigned>(), p["spines"].get<unsigned>(),
                                   p["parallel_links"].get<unsigned>(), p["up_links_per_leaf"].get<unsigned>());
    if (p["levels"] == 3)
        text += fmt::format("; {} pods; {} cores, {} parallel links per spine-core pair ({} up-links per spine)",
                            p["pods"].get<unsigned>(), p["cores"].get<unsigned>(),
                            p["core_parallel_links"].get<unsigned>(), p["up_links_per_spine"].get<unsigned>());
    return text;
}

}  // namespace

std::string format_description(const json& d)
{
    std::string text;
    const std::string kind = d["topology"].get<std::string>();
    const json& shape = d["shape"];
    if (kind == "hammingmesh") {
        text += fmt::format("topology        hammingmesh: {}x{} boards of {}x{} accelerators, switch radix {}\n",
                            shape["grid"][0].get<unsigned>(), shape["grid"][1].get<unsigned>(),
                            shape["board"][0].get<unsigned>(), shape["board"][1].get<unsigned>(),
                            shape["switch_radix"].get<unsigned>());
        if (shape["taper"].get<double>() < 1)
            text += fmt::format("taper           {} of the fat-tree leaves' up-links kept\n", shape["taper"].get<double>());
    } else if (kind == "fat_tree") {
        text += fmt::format("topology        fat_tree: {}x{} accelerators, switch radix {}\n",
                            shape["dims"][0].get<unsigned>(), shape["dims"][1].get<unsigned>(),
                            shape["switch_radix"].get<unsigned>());
        if (shape["taper"].get<double>() < 1)
            text += fmt::format("taper           {} of the leaves' up-links kept\n", shape["taper"].get<double>());
    } else if (kind == "dragonfly") {
        text += fmt::format("topology        dragonfly: {} groups of {} routers, {} accelerators and {} global "
                            "links per router, switch radix {}\n",
                            shape["groups"].get<unsigned>(), shape["routers_per_group"].get<unsigned>(),
                            shape["terminals_per_router"].get<unsigned>(), shape["global_links_per_router"].get<unsigned>(),
                            shape["switch_radix"].get<unsigned>());
    } else {
        text += fmt::format("topology        {}: {}x{} routers\n", kind, shape["dims"][0].get<unsigned>(),
                            shape["dims"][1].get<unsigned>());
    }
    text += fmt::format("accelerators    {}\n", d["accelerators"].get<std::uint64_t>());
    text += fmt::format("routers         {} accelerator, {} switch\n", d["routers"]["accelerator"].get<std::uint64_t>(),
                        d["routers"]["switch"].get<std::uint64_t>());
    if (kind == "hammingmesh") {
        const json& sw = d["switches"];
        text += fmt::format("switches        {} single, {} leaf (level 1), {} spine (level 2), {} core (level 3)\n",
                            sw["single"].get<std::uint64_t>(), sw["leaf"].get<std::uint64_t>(),
                            sw["spine"].get<std::uint64_t>(), sw["core"].get<std::uint64_t>());
        for (const char* direction : {"row", "column"}) {
            const json& p = d["line_networks"][direction];
            const std::string how = p["kind"] == "wrap" ? "a wrap link each (single board)"
                                    : p["kind"] == "switch"
                                        ? fmt::format("one {}-port switch each", p["ports"].get<unsigned>())
                                        : fmt::format("a {}-port fat tree each: {}", p["ports"].get<unsigned>(),
                                                      tree_text(p));
            text += fmt::format("{:<16}{} lines, {}\n", std::string(direction) + " networks",
                                p["count"].get<unsigned>(), how);
        }
        const json& l = d["links"];
        text += fmt::format("links           {} on-board, {} accelerator-switch, {} switch-switch, {} wrap ({} in all)\n",
                            l["on_board"].get<std::uint64_t>(), l["accelerator_switch"].get<std::uint64_t>(),
                            l["switch_switch"].get<std::uint64_t>(), l["wrap"].get<std::uint64_t>(),
                            l["total"].get<std::uint64_t>());
    } else if (kind == "fat_tree") {
        const json& p = d["tree"];
        if (p["kind"] == "switch")
            text += fmt::format("switches        one {}-port switch\n", p["ports"].get<unsigned>());
        else
            text += fmt::format("switches        {}\n", tree_text(p));
        const json& l = d["links"];
        text += fmt::format("links           {} accelerator-switch, {} switch-switch ({} in all)\n",
                            l["accelerator_switch"].get<std::uint64_t>(), l["switch_switch"].get<std::uint64_t>(),
                            l["total"].get<std::uint64_t>());
    } else if (kind == "dragonfly") {
        const json& l = d["links"];
        text += fmt::format("links           {} accelerator-switch, {} local, {} global ({} in all)\n",
                            l["accelerator_switch"].get<std::uint64_t>(), l["local"].get<std::uint64_t>(),
                            l["global"].get<std::uint64_t>(), l["total"].get<std::uint64_t>());
    } else {
        const json& l = d["links"];
        text += fmt::format("links           {} router-router, {} wrap ({} in all)\n",
                            l["router_router"].get<std::uint64_t>(), l["wrap"].get<std::uint64_t>(),
                            l["total"].get<std::uint64_t>());
    }
    const std::string switch_hops =
        kind == "dragonfly" ? fmt::format(", {} switch to switch", d["switch_diameter_hops"].get<unsigned>()) : "";
    text += fmt::format("diameter        {} hops{} (mean distance {:.3f} hops)\n", d["diameter_hops"].get<unsigned>(),
                        switch_hops, d["mean_distance_hops"].get<double>());
    const json& b = d["bisection"];
    std::string cuts;
    for (const auto& [name, cut] : b["cuts"].items())
        cuts += fmt::format("{}{}: {}", cuts.empty() ? "" : ", ", name, cut.is_null() ? "none" : cut.dump());
    text += fmt::format("bisection       {} links, {} per direction (cuts {})\n", b["links"].dump(),
                        gbps(b["bandwidth_bps"].get<std::uint64_t>()), cuts);
    text += fmt::format("injection       {}\n", gbps(d["injection_bandwidth_bps"].get<std::uint64_t>()));
    text += fmt::format("global          {} (2 x bisection), {:.4g} of injection\n",
                        gbps(d["global_bandwidth_bps"].get<std::uint64_t>()), d["global_to_injection"].get<double>());
    return text;
}

}  // namespace hxsim
