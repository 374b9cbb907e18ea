// Mesh and torus (k-ary 2-cube) routing, checked hop by hop:
//  - exhaustively over every choice the routing function offers, for every pair of terminals of
//    several sizes, mesh and torus, dimension-order and min-adaptive;
//  - on every decision of simulations, up to saturating load.
// The rules, re-derived here from their definition rather than from the models:
//  - a packet always has somewhere to go, always arrives, and every hop is minimal (Manhattan
//    distance on a mesh, ring distance on a torus); no hop leaves a mesh through its edge;
//  - a dimension-order (or escape) hop is the XY hop: column first, then row; on a torus the
//    shorter way around, E or S on a tie;
//  - dateline: such a hop is in class 1 exactly when the packet's straight run of such hops in
//    the current dimension has crossed that dimension's wrap link (this hop included), else 0;
//    a mesh uses class 0 only;
//  - min-adaptive offers the escape hop first, then every productive port in the adaptive class
//    (mesh 1, torus 2) and nothing else;
//  - no class reaches the routing's vc_classes().
// Plus: the builder's names, layout and wiring, the link terminator, and the VC count check.
#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "models/link/link_terminator.h"
#include "models/routing/dimension_order_routing.h"
#include "models/routing/torus_adaptive_routing.h"
#include "models/topology/platform.h"
#include "tb/simulation.h"
#include "tests/support/harness.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

enum class algorithm { dimension_order, min_adaptive };

const char* name_of(algorithm a) { return a == algorithm::dimension_order ? "dimension-order" : "min-adaptive"; }

// ---- The network, re-derived for the test --------------------------------------------------

struct position {
    unsigned row, col;
};

position position_of(const torus_shape& s, std::uint32_t id) { return {id / s.cols, id % s.cols}; }
std::uint32_t id_of(const torus_shape& s, position p) { return p.row * s.cols + p.col; }

std::uint16_t facing(std::uint16_t port)
{
    return port == port_n ? port_s : port == port_s ? port_n : port == port_e ? port_w : port_e;
}

/// Whether the link leaving `p` through `port` crosses the edge of the grid (a wrap link on a torus).
bool over_edge(const torus_shape& s, position p, std::uint16_t port)
{
    return (port == port_n && p.row == 0) || (port == port_s && p.row + 1 == s.rows) ||
           (port == port_w && p.col == 0) || (port == port_e && p.col + 1 == s.cols);
}

/// Where the link leaving router `id` through `port` arrives, or nothing at a mesh edge.
std::optional<std::uint32_t> neighbour(const torus_shape& s, std::uint32_t id, std::uint16_t port)
{
    position p = position_of(s, id);
    if (!s.wrap && over_edge(s, p, port))
        return std::nullopt;
    switch (port) {
    case port_n: p.row = (p.row + s.rows - 1) % s.rows; break;
    case port_s: p.row = (p.row + 1) % s.rows; break;
    case port_w: p.col = (p.col + s.cols - 1) % s.cols; break;
    default: p.col = (p.col + 1) % s.cols; break;
    }
    return id_of(s, p);
}

unsigned line_distance(const torus_shape& s, unsigned a, unsigned b, unsigned size)
{
    const unsigned direct = a > b ? a - b : b - a;
    return s.wrap ? std::min(direct, size - direct) : direct;
}

unsigned hops_between(const torus_shape& s, std::uint32_t a, std::uint32_t b)
{
    const position p = position_of(s, a), q = position_of(s, b);
    return line_distance(s, p.col, q.col, s.cols) + line_distance(s, p.row, q.row, s.rows);
}

/// The XY hop: column first; on a torus the shorter way around, the positive direction on a tie.
std::uint16_t xy_port(const torus_shape& s, std::uint32_t here, std::uint32_t dst)
{
    const position p = position_of(s, here), q = position_of(s, dst);
    const auto positive = [&](unsigned from, unsigned to, unsigned size) {
        if (!s.wrap)
            return to > from;
        const unsigned forward = (to + size - from) % size;
        return forward <= size - forward;
    };
    if (p.col != q.col)
        return positive(p.col, q.col, s.cols) ? port_e : port_w;
    return positive(p.row, q.row, s.rows) ? port_s : port_n;
}

unsigned escape_classes(const torus_shape& s) { return s.wrap ? 2 : 1; }
unsigned classes_of(const torus_shape& s, algorithm a)
{
    return escape_classes(s) + (a == algorithm::min_adaptive ? 1 : 0);
}

// ---- The rules, one hop at a time -----------------------------------------------------------

/// What the rules need to know of a packet's past.
struct walk_state {
    std::uint32_t router = 0;
    std::uint16_t in_port = port_local;
    unsigned vc_class = 0;
    bool run_crossed = false;  ///< its last hop was a DOR/escape hop whose straight run crossed a wrap link

    std::uint64_t key() const { return ((std::uint64_t{router} * 5 + in_port) * 8 + vc_class) * 2 + run_crossed; }
};

/// Checks one hop; returns what is wrong, or nothing.
std::optional<std::string> check_step(const torus_shape& s, algorithm a, const walk_state& st, std::uint32_t dst,
                                      std::uint16_t port, unsigned cls)
{
    const auto where = [&] {
        return fmt::format("at router {} (in port {}, class {}) toward {}: port {} class {}", st.router, st.in_port,
                           st.vc_class, dst, port, cls);
    };
    if (cls >= classes_of(s, a))
        return where() + ": class beyond the routing's classes";
    if (st.router == dst)
        return port == port_local ? std::nullopt : std::optional<std::string>(where() + ": must eject");
    if (port == port_local || port >= accelerator_ports)
        return where() + ": ejects at the wrong router";
    const std::optional<std::uint32_t> next = neighbour(s, st.router, port);
    if (!next)
        return where() + ": leaves the mesh through its edge";
    if (hops_between(s, *next, dst) + 1 != hops_between(s, st.router, dst))
        return where() + ": not a minimal hop";
    if (cls < escape_classes(s)) {
        if (port != xy_port(s, st.router, dst))
            return where() + fmt::format(": a dimension-order hop must take port {}", xy_port(s, st.router, dst));
        const bool continuing = st.in_port == facing(port) && st.run_crossed;
        const unsigned expected = s.wrap && (over_edge(s, position_of(s, st.router), port) || continuing) ? 1 : 0;
        if (cls != expected)
            return where() + fmt::format(": dateline class {} expected", expected);
    }
    // Anything else is in the adaptive class, on a productive port (checked above).
    return std::nullopt;
}

walk_state advance(const torus_shape& s, const walk_state& st, std::uint16_t port, unsigned cls)
{
    walk_state next;
    next.router = *neighbour(s, st.router, port);
    next.in_port = facing(port);
    next.vc_class = cls;
    next.run_crossed = s.wrap && cls == 1;  // only an escape hop is in class 1
    return next;
}

std::unique_ptr<routing_algorithm> make(const torus_shape& s, algorithm a)
{
    if (a == algorithm::dimension_order)
        return std::make_unique<dimension_order_routing>(s);
    return std::make_unique<torus_adaptive_routing>(s);
}

/// Checks the candidate set as a whole: DOR offers one hop; min-adaptive the escape hop first,
/// then exactly the productive ports in the adaptive class.
std::optional<std::string> check_candidates(const torus_shape& s, algorithm a, const walk_state& st,
                                            std::uint32_t dst, const route_candidates& c)
{
    const auto where = [&] { return fmt::format("at router {} toward {}", st.router, dst); };
    if (c.count == 0)
        return where() + ": no candidate";
    if (a == algorithm::dimension_order || st.router == dst)
        return c.count == 1 ? std::nullopt : std::optional<std::string>(where() + ": more than one candidate");
    if (c.items[0].vc_class >= escape_classes(s))
        return where() + ": the first candidate is not the escape hop";
    std::vector<std::uint16_t> adaptive, productive;
    for (unsigned i = 1; i < c.count; ++i) {
        if (c.items[i].vc_class != escape_classes(s))
            return where() + ": a second escape candidate, or a class above the adaptive one";
        adaptive.push_back(c.items[i].port);
    }
    for (std::uint16_t p : {port_n, port_e, port_s, port_w}) {
        const auto next = neighbour(s, st.router, p);
        if (next && hops_between(s, *next, dst) + 1 == hops_between(s, st.router, dst))
            productive.push_back(p);
    }
    std::sort(adaptive.begin(), adaptive.end());
    return adaptive == productive ? std::nullopt
                                  : std::optional<std::string>(where() + ": adaptive candidates are not the productive ports");
}

struct path_span {
    unsigned shortest = ~0u, longest = 0;
};

/// Walks every choice from a state to `dst`; fails the test on any broken rule.
class explorer {
public:
    explorer(const torus_shape& s, algorithm a) : m_shape(s), m_algorithm(a), m_routing(make(s, a)) {}

    path_span from(const walk_state& st, std::uint32_t dst, unsigned depth = 0)
    {
        if (auto it = m_memo.find(st.key()); it != m_memo.end())
            return it->second;
        path_span span;
        if (depth > m_shape.rows + m_shape.cols) {
            ADD_FAILURE() << "path too long at router " << st.router << " toward " << dst;
            return span;
        }
        packet pkt;
        pkt.dst = dst;
        pkt.vc_class = static_cast<std::uint8_t>(st.vc_class);
        route_candidates c;
        m_routing->route(st.router, st.in_port, pkt, c);
        if (auto error = check_candidates(m_shape, m_algorithm, st, dst, c))
            ADD_FAILURE() << *error;
        for (unsigned i = 0; i < c.count; ++i) {
            if (auto error = check_step(m_shape, m_algorithm, st, dst, c.items[i].port, c.items[i].vc_class)) {
                ADD_FAILURE() << *error;
                continue;
            }
            if (st.router == dst) {
                span.shortest = std::min(span.shortest, 0u);
                continue;
            }
            const path_span rest = from(advance(m_shape, st, c.items[i].port, c.items[i].vc_class), dst, depth + 1);
            span.shortest = std::min(span.shortest, rest.shortest + 1);
            span.longest = std::max(span.longest, rest.longest + 1);
        }
        m_memo[st.key()] = span;
        return span;
    }

    void reset() { m_memo.clear(); }
    const routing_algorithm& routing() const { return *m_routing; }

private:
    torus_shape m_shape;
    algorithm m_algorithm;
    std::unique_ptr<routing_algorithm> m_routing;
    std::unordered_map<std::uint64_t, path_span> m_memo;
};

void check_exhaustive(unsigned rows, unsigned cols, bool wrap, algorithm a)
{
    const torus_shape s{rows, cols, wrap};
    SCOPED_TRACE(fmt::format("{} {}x{}, {}", wrap ? "torus" : "mesh", rows, cols, name_of(a)));
    explorer walk(s, a);
    ASSERT_EQ(walk.routing().vc_classes(), classes_of(s, a));
    for (std::uint32_t dst = 0; dst < s.routers(); ++dst) {
        walk.reset();
        for (std::uint32_t src = 0; src < s.routers(); ++src) {
            walk_state start;
            start.router = src;
            const path_span span = walk.from(start, dst);
            // Every path arrives, and every one is minimal.
            ASSERT_EQ(span.shortest, hops_between(s, src, dst)) << src << " -> " << dst;
            ASSERT_EQ(span.longest, hops_between(s, src, dst)) << src << " -> " << dst;
        }
    }
}

TEST(torus_routing, exhaustive_mesh_dimension_order)
{
    for (auto [r, c] : {std::pair{4u, 4u}, {5u, 3u}, {8u, 8u}, {1u, 5u}, {2u, 2u}})
        check_exhaustive(r, c, false, algorithm::dimension_order);
}

TEST(torus_routing, exhaustive_torus_dimension_order)
{
    for (auto [r, c] : {std::pair{4u, 4u}, {5u, 3u}, {8u, 8u}, {1u, 5u}, {2u, 6u}, {7u, 4u}})
        check_exhaustive(r, c, true, algorithm::dimension_order);
}

TEST(torus_routing, exhaustive_mesh_min_adaptive)
{
    for (auto [r, c] : {std::pair{4u, 4u}, {5u, 3u}, {8u, 8u}, {1u, 5u}, {2u, 2u}})
        check_exhaustive(r, c, false, algorithm::min_adaptive);
}

TEST(torus_routing, exhaustive_torus_min_adaptive)
{
    for (auto [r, c] : {std::pair{4u, 4u}, {5u, 3u}, {8u, 8u}, {1u, 5u}, {2u, 6u}, {7u, 4u}})
        check_exhaustive(r, c, true, algorithm::min_adaptive);
}

TEST(torus_routing, dimension_order_goes_x_then_y_the_short_way_around)
{
    // 8x8 torus, (1,6) -> (6,1). Columns 6 -> 1: 3 hops E against 5 W, so E: 6 -> 7 in class 0,
    // over the wrap link 7 -> 0 in class 1, 0 -> 1 still in class 1. Rows 1 -> 6: 3 hops N
    // against 5 S, so N, back in class 0 after the turn: 1 -> 0, then over the wrap 0 -> 7 and on
    // to 6 in class 1. Ejection keeps the class.
    const torus_shape s{8, 8, true};
    const dimension_order_routing dor(s);
    const std::uint32_t dst = id_of(s, {6, 1});
    std::vector<std::pair<std::uint16_t, unsigned>> path;
    walk_state st;
    st.router = id_of(s, {1, 6});
    for (unsigned guard = 0; guard < 16; ++guard) {
        packet pkt;
        pkt.dst = dst;
        pkt.vc_class = static_cast<std::uint8_t>(st.vc_class);
        route_candidates c;
        dor.route(st.router, st.in_port, pkt, c);
        ASSERT_EQ(c.count, 1u);
        path.emplace_back(c.items[0].port, c.items[0].vc_class);
        if (c.items[0].port == port_local)
            break;
        st = advance(s, st, c.items[0].port, c.items[0].vc_class);
    }
    const std::vector<std::pair<std::uint16_t, unsigned>> expected{
        {port_e, 0}, {port_e, 1}, {port_e, 1}, {port_n, 0}, {port_n, 1}, {port_n, 1}, {port_local, 1}};
    EXPECT_EQ(path, expected);
}

TEST(torus_routing, a_tie_goes_the_positive_way)
{
    // Four columns apart on an 8-ring: E; four rows apart: S.
    const torus_shape s{8, 8, true};
    const dimension_order_routing dor(s);
    packet pkt;
    pkt.dst = id_of(s, {2, 5});
    route_candidates c;
    dor.route(id_of(s, {2, 1}), port_local, pkt, c);
    EXPECT_EQ(c.items[0].port, port_e);
    pkt.dst = id_of(s, {6, 1});
    c = route_candidates{};
    dor.route(id_of(s, {2, 1}), port_local, pkt, c);
    EXPECT_EQ(c.items[0].port, port_s);
    // Min-adaptive offers both ways on a tie.
    const torus_adaptive_routing adaptive(s);
    pkt.dst = id_of(s, {6, 5});
    c = route_candidates{};
    adaptive.route(id_of(s, {2, 1}), port_local, pkt, c);
    ASSERT_EQ(c.count, 5u);
    EXPECT_EQ(c.items[0].port, port_e);
    EXPECT_EQ(c.items[0].vc_class, 0);
}

// ---- The builder ------------------------------------------------------------------------------

void check_built(const std::string& kind)
{
    const platform_config config = test::config_with(
        {"topology.kind=" + kind, "topology.dims=[4,6]", "routing.algorithm=dimension-order", "router.vcs=2"});
    auto net = build_platform(config);
    const bool wrap = kind == "torus";
    EXPECT_EQ(net->accelerators(), 24u);
    ASSERT_EQ(net->routers().size(), 24u);
    // Injection and ejection links of every node, plus every link that joins two routers.
    const unsigned between = wrap ? 4 * 24 : 2 * (4 * 5 + 3 * 6);
    EXPECT_EQ(net->links().size(), 2 * 24 + between);
    for (std::uint32_t id = 0; id < 24; ++id)
        EXPECT_EQ(std::string(net->routers()[id]->name()), fmt::format("node_{}_{}.router", id / 6, id % 6));
    EXPECT_NE(sc_core::sc_find_object("node_3_5.router"), nullptr);
    EXPECT_NE(sc_core::sc_find_object("node_3_5.link_E"), nullptr);
    EXPECT_NE(sc_core::sc_find_object("node_3_5.nic"), nullptr);
    const terminal_grid grid = net->layout();
    EXPECT_EQ(grid.rows, 4u);
    EXPECT_EQ(grid.cols, 6u);
    ASSERT_EQ(grid.terminal_at.size(), 24u);
    for (std::uint32_t i = 0; i < 24; ++i)
        EXPECT_EQ(grid.terminal_at[i], i);
    for (const link* l : net->links()) {
        // A mesh's edge links join nothing and are not listed.
        const std::string name = l->name();
        if (!wrap && name == "node_0_5.link_E")
            ADD_FAILURE() << name << " is listed";
    }
}

TEST(torus_routing, builds_a_named_mesh)
{
    test::run_scenario([] { check_built("mesh"); });
}

TEST(torus_routing, builds_a_named_torus)
{
    test::run_scenario([] { check_built("torus"); });
}

TEST(torus_routing, too_few_vcs_is_a_config_error)
{
    test::run_scenario([] {
        struct case_t {
            const char* kind;
            const char* algorithm;
            unsigned vcs;
            unsigned needed;
        };
        for (const case_t& c : {case_t{"torus", "dimension-order", 1, 2}, case_t{"mesh", "min-adaptive", 1, 2},
                                case_t{"torus", "min-adaptive", 2, 3}}) {
            SCOPED_TRACE(fmt::format("{} {} with {} VCs", c.kind, c.algorithm, c.vcs));
            const platform_config config =
                test::config_with({fmt::format("topology.kind={}", c.kind), "topology.dims=[4,4]",
                                   fmt::format("routing.algorithm={}", c.algorithm), fmt::format("router.vcs={}", c.vcs)});
            try {
                build_platform(config);
                ADD_FAILURE() << "no config_error";
            } catch (const config_error& e) {
                const std::string what = e.what();
                EXPECT_NE(what.find("router.vcs"), std::string::npos) << what;
                EXPECT_NE(what.find(c.algorithm), std::string::npos) << what;
                EXPECT_NE(what.find(c.kind), std::string::npos) << what;
                EXPECT_NE(what.find(fmt::format("needs {} virtual channels", c.needed)), std::string::npos) << what;
                EXPECT_NE(what.find(fmt::format("router.vcs is {}", c.vcs)), std::string::npos) << what;
            }
        }
        // One VC is enough for dimension order on a mesh.
        EXPECT_NO_THROW(build_platform(test::config_with(
            {"topology.kind=mesh", "topology.dims=[4,4]", "routing.algorithm=dimension-order", "router.vcs=1"})));
    });
}

/// Stands on both sides of a link_terminator: sends it a packet, returns it credits.
class terminator_probe : public sc_core::sc_module, private link_fw_if, private link_bw_if {
public:
    tlm::tlm_initiator_socket<32, link_protocol_types> to_terminator{"to_terminator"};
    tlm::tlm_target_socket<32, link_protocol_types> from_terminator{"from_terminator"};

    explicit terminator_probe(const sc_core::sc_module_name& name) : sc_core::sc_module(name)
    {
        to_terminator.bind(static_cast<link_bw_if&>(*this));
        from_terminator.bind(static_cast<link_fw_if&>(*this));
    }

private:
    tlm::tlm_sync_enum nb_transport_fw(link_beat&, tlm::tlm_phase&, sc_core::sc_time&) override
    {
        ADD_FAILURE() << "the terminator sent a packet";
        return tlm::TLM_ACCEPTED;
    }
    tlm::tlm_sync_enum nb_transport_bw(link_beat&, tlm::tlm_phase&, sc_core::sc_time&) override
    {
        ADD_FAILURE() << "the terminator returned credits";
        return tlm::TLM_ACCEPTED;
    }
    void b_transport(link_beat&, sc_core::sc_time&) override {}
    bool get_direct_mem_ptr(link_beat&, tlm::tlm_dmi&) override { return false; }
    unsigned int transport_dbg(link_beat&) override { return 0; }
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}
};

TEST(torus_routing, link_terminator_accepts_nothing)
{
    test::run_scenario([] {
        link_terminator end("end");
        terminator_probe probe("probe");
        probe.to_terminator.bind(end.in);
        end.out.bind(probe.from_terminator);
        sc_core::sc_start(sc_core::SC_ZERO_TIME);  // completes the binding

        packet pkt;
        link_beat beat;
        beat.pkt = &pkt;
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        EXPECT_THROW(probe.to_terminator->nb_transport_fw(beat, phase, delay), std::logic_error);
        link_beat credit;
        credit.credits = 4;
        phase = CREDIT;
        EXPECT_THROW(probe.from_terminator->nb_transport_bw(credit, phase, delay), std::logic_error);
    });
}

// ---- Simulations ------------------------------------------------------------------------------

/// Checks every forwarding decision of a simulation against the rules, and that each packet
/// arrives where the previous hop's link leads (the builder's wiring).
class rule_observer : public forward_observer {
public:
    rule_observer(const torus_shape& s, algorithm a, unsigned vcs)
        : m_shape(s), m_algorithm(a), m_vcs(vcs), m_vcs_per_class(vcs / classes_of(s, a))
    {
    }

    void on_forward(std::uint32_t router, std::uint16_t in_port, std::uint16_t out_port, std::uint8_t out_vc,
                    const packet& pkt) override
    {
        ++m_decisions;
        auto [it, fresh] = m_packets.try_emplace(pkt.id);
        walk_state& st = it->second;
        if (fresh)
            st.router = pkt.src;
        if (st.router != router || st.in_port != in_port)
            fail(pkt, fmt::format("routed at router {} port {}, but its last link leads to router {} port {}", router,
                                  in_port, st.router, st.in_port));
        if (auto error = check_step(m_shape, m_algorithm, st, pkt.dst, out_port, pkt.vc_class))
            fail(pkt, *error);
        if (out_vc >= m_vcs || out_vc / m_vcs_per_class != pkt.vc_class)
            fail(pkt, fmt::format("VC {} is not in class {}", out_vc, pkt.vc_class));
        if (out_port == port_local) {
            m_packets.erase(it);
            ++m_ejected;
            return;
        }
        if (pkt.vc_class >= escape_classes(m_shape))
            ++m_adaptive_hops;
        if (neighbour(m_shape, router, out_port))
            st = advance(m_shape, st, out_port, pkt.vc_class);
    }

    std::uint64_t decisions() const { return m_decisions; }
    std::uint64_t ejected() const { return m_ejected; }
    std::uint64_t adaptive_hops() const { return m_adaptive_hops; }

private:
    void fail(const packet& pkt, const std::string& what)
    {
        // One message per packet is enough to see what went wrong.
        if (m_failures++ < 10)
            ADD_FAILURE() << "packet " << pkt.id << " (" << pkt.src << " -> " << pkt.dst << "): " << what;
    }

    torus_shape m_shape;
    algorithm m_algorithm;
    unsigned m_vcs, m_vcs_per_class;
    std::unordered_map<std::uint64_t, walk_state> m_packets;
    std::uint64_t m_decisions = 0, m_ejected = 0, m_adaptive_hops = 0, m_failures = 0;
};

/// An 8x8 network set up like configs/{mesh,torus}-8x8.yaml (16 B flits, a flit per cycle at
/// 1 GHz, 4-flit packets, 8-flit buffers), with output buffers as small as the input ones so that
/// a saturated network fills up and a cyclic dependency would deadlock.
std::vector<std::string> small_buffers(const std::string& kind, algorithm a, unsigned vcs, double load,
                                       const std::string& duration)
{
    return {"topology.kind=" + kind,
            "topology.dims=[8,8]",
            fmt::format("routing.algorithm={}", name_of(a)),
            fmt::format("router.vcs={}", vcs),
            "router.flit=16B",
            "router.buffer=8flits",
            "router.output_buffer=8flits",
            "router.input_latency=0ns",
            "router.output_latency=0ns",
            "router.crossbar_bandwidth=128Gbps",
            "link.bandwidth=128Gbps",
            "link.latency=0ns",
            "nic.injection_bandwidth=128Gbps",
            "nic.mtu=64B",
            "traffic.pattern=uniform",
            fmt::format("traffic.load={}", load),
            "traffic.message_size=4flits",
            "run.duration=" + duration,
            "run.watchdog=2us"};
}

void check_simulated(const platform_config& config, algorithm a)
{
    const torus_shape s{config.topology.dims[0], config.topology.dims[1], config.topology.kind == "torus"};
    rule_observer observer(s, a, config.vcs);
    run_options options;
    options.observer = &observer;
    const run_outcome out = run_simulation(config, options);
    ASSERT_TRUE(out.ok) << out.stats["failures"].dump();
    EXPECT_EQ(observer.ejected(), out.stats["packets_delivered"].get<std::uint64_t>());
    EXPECT_EQ(observer.decisions(), out.stats["packet_hops"].get<std::uint64_t>());
    EXPECT_GT(observer.ejected(), 1000u);
    if (a == algorithm::min_adaptive) {
        EXPECT_GT(observer.adaptive_hops(), 0u) << "the adaptive class was never used";
    }
}

TEST(torus_routing, simulated_mesh_dimension_order_moderate_load)
{
    test::run_scenario(
        [] { check_simulated(test::config_with(small_buffers("mesh", algorithm::dimension_order, 2, 0.3, "5us")),
                             algorithm::dimension_order); });
}

TEST(torus_routing, simulated_mesh_min_adaptive_moderate_load)
{
    test::run_scenario(
        [] { check_simulated(test::config_with(small_buffers("mesh", algorithm::min_adaptive, 2, 0.3, "5us")),
                             algorithm::min_adaptive); });
}

TEST(torus_routing, simulated_torus_dimension_order_saturated)
{
    test::run_scenario(
        [] { check_simulated(test::config_with(small_buffers("torus", algorithm::dimension_order, 2, 0.9, "3us")),
                             algorithm::dimension_order); });
}

TEST(torus_routing, simulated_torus_min_adaptive_saturated)
{
    test::run_scenario(
        [] { check_simulated(test::config_with(small_buffers("torus", algorithm::min_adaptive, 3, 0.9, "3us")),
                             algorithm::min_adaptive); });
}

TEST(torus_routing, simulated_torus_dimension_order_four_vcs_saturated)
{
    test::run_scenario(
        [] { check_simulated(test::config_with(small_buffers("torus", algorithm::dimension_order, 4, 0.9, "3us")),
                             algorithm::dimension_order); });
}

// Duato's escape channels only help a packet that can still take the escape channel while its
// adaptive choice is blocked; the router commits to one candidate when it routes a head, so an
// input-queued network (no output buffers) at saturation can deadlock in the adaptive class.
// Enable once the router lets a blocked head fall back to another candidate.
TEST(torus_routing, simulated_input_queued_min_adaptive_saturated)
{
    test::run_scenario([] {
        std::vector<std::string> overrides = small_buffers("mesh", algorithm::min_adaptive, 2, 0.9, "5us");
        overrides.push_back("router.output_buffer=0B");
        check_simulated(test::config_with(overrides), algorithm::min_adaptive);
    });
}

TEST(torus_routing, shipped_configs_run)
{
    for (const char* file : {"mesh-8x8.yaml", "torus-8x8.yaml"})
        test::run_scenario([file] {
            SCOPED_TRACE(file);
            const platform_config config = load_config(std::string(HXSIM_SOURCE_DIR) + "/configs/" + file,
                                                       {"run.warmup=0ns", "run.duration=3us"});
            check_simulated(config, algorithm::dimension_order);
        });
}

}  // namespace
}  // namespace hxsim
