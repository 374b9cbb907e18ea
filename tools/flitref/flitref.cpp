// flitref: a small cycle-driven FLIT-LEVEL reference simulator of a k x k mesh
// with BookSim-style input-queued virtual-channel routers.
//
// It exists only to measure the error of hxsim's packet-level router model.
// It is independent of hxsim: C++17 standard library only, no SystemC.
//
//   g++ -std=c++17 -O2 -o /tmp/flitref tools/flitref/flitref.cpp
//   /tmp/flitref --pattern uniform --rate 0.3
//   /tmp/flitref --pattern transpose --sweep 0.05:0.2:0.025
//   /tmp/flitref --self-test
//
// See tools/flitref/README.md for the exact timing model and the results.
//
// ---------------------------------------------------------------------------
// Timing model (all times are integer cycles; "t" is the current cycle)
// ---------------------------------------------------------------------------
// A flit carries `arrive`, the first cycle in which it may be processed in the
// input buffer it sits in.  Every stage of an input VC also carries `ready`, the
// first cycle in which its next stage may happen.  Every action taken in cycle t
// only produces effects visible at t+1 or later, so the order in which routers
// and stages are evaluated within a cycle does not matter.
//
//   RC  cycle a   (a = head's arrive): output port by XY routing.
//   VA  cycle >= a+1: head gets an idle output VC of that port.
//   SA  cycle s >= a+2 (head), s >= arrive (body, once at the FIFO front and the
//       VC holds an output VC): wins the switch, needs a downstream credit.
//   ST  cycle s+1: the flit crosses the switch; this is when it "leaves the
//       input buffer" (the model pops it from the FIFO already at s, which only
//       makes the occupancy check stricter).
//   LT  cycle s+2: link.
//   arrive downstream = s+3 (so a head spends 5 cycles per hop at zero load).
//
//   Credits: the flit leaves the input buffer at t = s+1; the credit travels
//   during t+1 and is usable by the upstream SA from cycle t+2 = s+3.
//   Output VC release: the tail wins SA at s and leaves the output at ST (s+1);
//   the output VC is idle again (allocatable by VA) from cycle s+2.
//
//   Injection: the source hands flit i to the local input port in cycle t and the
//   flit has arrive = t (0-cycle injection link).  A packet created in cycle t
//   may put its head into the network in cycle t.  The source holds one of the
//   V local input VCs per packet (picked round-robin among idle ones) from the
//   head to the tail, and one credit per flit (B per VC).  The VC is idle for
//   the source again from the cycle after the tail was sent.
//   Ejection: the local output port behaves like any output whose link ends in
//   an always-ready sink: a flit winning SA for the local output at s is
//   ejected at s+3 (ST + 1-cycle ejection link).  The local output port has V
//   output VCs (held per packet like any other) and infinite credits.
//
//   Zero-load network latency, H = routers traversed = |dx|+|dy|+1:
//       T0 = 5*H + (L-1)       (exact when B >= 6, the router credit loop)
//
// Allocators: separable, round-robin.
//   VA: stage 1, each waiting head picks one idle output VC of its output port
//       (round-robin pointer per input VC); stage 2, each output VC grants one
//       requesting input VC (round-robin pointer per output VC).
//   SA: input-first; stage 1, each input port picks one of its VCs that has a
//       flit ready and a credit (pointer per input port); stage 2, each output
//       port grants one requesting input port (pointer per output port).
//       Pointers advance past the winner only when a grant happens.

#include <cinttypes>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <random>
#include <string>
#include <vector>

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::fprintf(stderr, "flitref: check failed: %s (line %d): ", #cond,     \
                   __LINE__);                                                  \
      std::fprintf(stderr, __VA_ARGS__);                                       \
      std::fputc('\n', stderr);                                                \
      std::abort();                                                            \
    }                                                                          \
  } while (0)

namespace {

enum Port { LOCAL = 0, NORTH = 1, EAST = 2, SOUTH = 3, WEST = 4, NPORTS = 5 };
int opposite(int p) {
  static const int o[NPORTS] = {LOCAL, SOUTH, WEST, NORTH, EAST};
  return o[p];
}

enum Pattern { UNIFORM, TRANSPOSE, TORNADO };

struct Params {
  int k = 8;
  int vcs = 2;
  int buffer = 8;
  int packet = 4;
  long warmup = 1000;
  long measure = 4000;
  uint64_t seed = 1;
  Pattern pattern = UNIFORM;
  double rate = 0.1;        // flits / node / cycle
  long drain_cap = 200000;  // max cycles after the window to deliver measured pkts
  long flush_cap = 2000000; // max cycles to empty the network with injection off
};

struct Flit {
  int pkt;
  int idx;      // 0 = head, L-1 = tail
  long arrive;  // first cycle it can be processed in the current input buffer
};

struct Packet {
  int src, dst;
  long created;
  long injected = -1;  // head entered the local input buffer
  long ejected = -1;   // tail ejected
  int flits_ejected = 0;
  bool measured = false;
};

enum VcState { IDLE, VA_WAIT, ACTIVE };

struct InVC {
  std::deque<Flit> q;
  VcState state = IDLE;
  int out_port = -1;
  int out_vc = -1;
  long ready = 0;
  int va_rr = 0;
};

// Output VC as seen by the sender (router output port or source).
struct OutVC {
  bool busy = false;   // held by a packet
  long free_at = 0;    // idle for VA from this cycle on (when !busy)
  int credits = 0;
  std::deque<long> cret;  // cycles at which returned credits become usable
  int va_rr = 0;
};

struct Router {
  std::vector<InVC> in;    // [port * V + vc]
  std::vector<OutVC> out;  // [port * V + vc]
  int sa_rr_in[NPORTS] = {0, 0, 0, 0, 0};
  int sa_rr_out[NPORTS] = {0, 0, 0, 0, 0};
};

struct Source {
  std::deque<int> queue;  // packets waiting (not yet fully injected)
  int cur = -1;           // packet being injected
  int cur_vc = -1;
  int next_idx = 0;
  std::vector<OutVC> vc;  // local input VCs as seen by the source
  int rr = 0;
};

struct Result {
  double rate = 0, offered = 0, accepted = 0, latency = 0, net_latency = 0;
  bool unstable = false;
  long measured_packets = 0;
  double zero_load_formula = 0;  // mean 5H+L-1 over measured packets
  long at_zero_load = 0;         // measured packets whose net latency == 5H+L-1
};

class Sim {
 public:
  explicit Sim(const Params& p)
      : P(p), k(p.k), N(p.k * p.k), V(p.vcs), B(p.buffer), L(p.packet),
        rng(p.seed) {
    CHECK(k >= 2 && V >= 1 && B >= 1 && L >= 1, "bad parameters");
    routers.resize(N);
    sources.resize(N);
    for (auto& r : routers) {
      r.in.resize(NPORTS * V);
      r.out.resize(NPORTS * V);
      for (auto& o : r.out) o.credits = B;
    }
    for (auto& s : sources) {
      s.vc.resize(V);
      for (auto& o : s.vc) o.credits = B;
    }
  }

  int hops(int s, int d) const {  // routers traversed
    return std::abs(s / k - d / k) + std::abs(s % k - d % k) + 1;
  }
  long zero_load(int s, int d) const { return 5L * hops(s, d) + (L - 1); }

  // Creates a packet now (used by the traffic generator and by --self-test).
  int create_packet(int src, int dst, bool measured) {
    CHECK(src != dst && src >= 0 && src < N && dst >= 0 && dst < N,
          "bad packet %d->%d", src, dst);
    Packet pk;
    pk.src = src;
    pk.dst = dst;
    pk.created = now;
    pk.measured = measured;
    packets.push_back(pk);
    int id = (int)packets.size() - 1;
    sources[src].queue.push_back(id);
    return id;
  }

  // One simulated cycle.  gen: whether the traffic generator runs.
  void step(bool gen) {
    if (gen) generate();
    for (int r = 0; r < N; ++r) inject(r);
    for (int r = 0; r < N; ++r) router_step(r);
    ++now;
  }

  Result run() {
    const long W = P.warmup, M = P.measure, end = W + M;
    Result res;
    res.rate = P.rate;
    while (true) {
      if (now >= end && measured_delivered == measured_created) break;
      if (now - end >= P.drain_cap) {
        res.unstable = true;
        break;
      }
      step(true);
    }
    res.offered = double(offered_flits) / double(M * N);
    res.accepted = double(accepted_flits) / double(M * N);
    res.measured_packets = measured_created;
    if (res.unstable) return res;
    res.latency = measured_created ? double(sum_lat) / measured_created : 0;
    res.net_latency = measured_created ? double(sum_net) / measured_created : 0;
    res.zero_load_formula =
        measured_created ? double(sum_formula) / measured_created : 0;
    res.at_zero_load = at_zero_load;
    // Flush: stop injection and deliver everything, then verify that every
    // created packet was delivered exactly once.
    long start = now;
    while (delivered != (long)packets.size()) {
      CHECK(now - start < P.flush_cap, "network did not empty (%ld of %zu)",
            delivered, packets.size());
      step(false);
    }
    verify_empty();
    return res;
  }

  void verify_empty() const {
    for (size_t i = 0; i < packets.size(); ++i) {
      const Packet& pk = packets[i];
      CHECK(pk.ejected >= 0 && pk.flits_ejected == L,
            "packet %zu not delivered exactly once", i);
    }
    for (const auto& r : routers) {
      for (const auto& iv : r.in) CHECK(iv.q.empty(), "flits left in buffer");
    }
    for (const auto& s : sources) CHECK(s.queue.empty() && s.cur < 0, "source");
  }

  long now = 0;
  std::vector<Packet> packets;
  long delivered = 0;

 private:
  // ---- random numbers (deterministic for a seed) ----
  double uniform01() { return double(rng() >> 11) * 0x1.0p-53; }
  int uniform_int(int n) {  // uniform in [0, n), by rejection
    const uint64_t lim = UINT64_MAX - UINT64_MAX % uint64_t(n);
    uint64_t x;
    do x = rng(); while (x >= lim);
    return int(x % uint64_t(n));
  }

  // Destination for source r, or -1 if r does not send.
  int destination(int r) {
    const int row = r / k, col = r % k;
    switch (P.pattern) {
      case UNIFORM: {
        int d = uniform_int(N - 1);
        return d >= r ? d + 1 : d;
      }
      case TRANSPOSE: {
        int d = col * k + row;
        return d == r ? -1 : d;
      }
      case TORNADO: {
        int d = row * k + (col + (k + 1) / 2 - 1) % k;
        return d == r ? -1 : d;
      }
    }
    return -1;
  }

  void generate() {
    const bool in_window = now >= P.warmup && now < P.warmup + P.measure;
    const double p = P.rate / L;
    for (int r = 0; r < N; ++r) {
      if (P.pattern != UNIFORM && destination(r) < 0) continue;  // no RNG use
      if (uniform01() >= p) continue;
      int d = destination(r);
      create_packet(r, d, in_window);
      if (in_window) {
        offered_flits += L;
        ++measured_created;
      }
    }
  }

  int neighbor(int r, int port) const {
    const int row = r / k, col = r % k;
    switch (port) {
      case NORTH: return row > 0 ? r - k : -1;
      case SOUTH: return row < k - 1 ? r + k : -1;
      case EAST: return col < k - 1 ? r + 1 : -1;
      case WEST: return col > 0 ? r - 1 : -1;
    }
    return -1;
  }

  // Dimension-order routing: X (columns) first, then Y (rows).
  int route(int r, int dst) const {
    const int col = r % k, dcol = dst % k, row = r / k, drow = dst / k;
    if (dcol > col) return EAST;
    if (dcol < col) return WEST;
    if (drow > row) return SOUTH;
    if (drow < row) return NORTH;
    return LOCAL;
  }

  void credit_update(OutVC& o) {
    while (!o.cret.empty() && o.cret.front() <= now) {
      o.cret.pop_front();
      ++o.credits;
      CHECK(o.credits <= B, "credits exceed buffer size");
    }
  }

  // A flit left input (port p, vc v) of router r; give the credit back.
  void return_credit(int r, int p, int v, long usable) {
    if (p == LOCAL) {
      sources[r].vc[v].cret.push_back(usable);
    } else {
      int up = neighbor(r, p);
      CHECK(up >= 0, "credit to missing neighbour");
      routers[up].out[opposite(p) * V + v].cret.push_back(usable);
    }
  }

  void inject(int r) {
    Source& s = sources[r];
    for (auto& o : s.vc) credit_update(o);
    if (s.cur < 0 && !s.queue.empty()) {
      for (int i = 0; i < V; ++i) {
        int v = (s.rr + i) % V;
        OutVC& o = s.vc[v];
        if (!o.busy && o.free_at <= now) {
          s.cur = s.queue.front();
          s.queue.pop_front();
          s.cur_vc = v;
          s.next_idx = 0;
          o.busy = true;
          s.rr = (v + 1) % V;
          break;
        }
      }
    }
    if (s.cur < 0) return;
    OutVC& o = s.vc[s.cur_vc];
    if (o.credits <= 0) return;
    --o.credits;
    InVC& iv = routers[r].in[LOCAL * V + s.cur_vc];
    iv.q.push_back(Flit{s.cur, s.next_idx, now});
    CHECK((int)iv.q.size() <= B, "local input buffer overflow");
    if (s.next_idx == 0) packets[s.cur].injected = now;
    if (s.next_idx == L - 1) {
      o.busy = false;
      o.free_at = now + 1;
      s.cur = -1;
    } else {
      ++s.next_idx;
    }
  }

  void eject(int r, const Flit& f, long t) {
    Packet& pk = packets[f.pkt];
    CHECK(pk.dst == r, "packet %d ejected at %d, dst %d", f.pkt, r, pk.dst);
    CHECK(f.idx == pk.flits_ejected, "flit out of order");
    CHECK(pk.ejected < 0, "packet %d delivered twice", f.pkt);
    ++pk.flits_ejected;
    if (t >= P.warmup && t < P.warmup + P.measure) ++accepted_flits;
    if (f.idx != L - 1) return;
    pk.ejected = t;
    ++delivered;
    if (!pk.measured) return;
    ++measured_delivered;
    sum_lat += t - pk.created;
    long net = t - pk.injected;
    sum_net += net;
    long z = zero_load(pk.src, pk.dst);
    sum_formula += z;
    if (net == z) ++at_zero_load;
  }

  void grant_switch(int r, int p, int v) {
    Router& R = routers[r];
    InVC& iv = R.in[p * V + v];
    const Flit f = iv.q.front();
    iv.q.pop_front();
    const int o = iv.out_port, ov = iv.out_vc;
    return_credit(r, p, v, now + 3);  // leaves buffer at ST=now+1, usable +2
    OutVC& out = R.out[o * V + ov];
    if (o == LOCAL) {
      eject(r, f, now + 3);
    } else {
      --out.credits;
      CHECK(out.credits >= 0, "negative credits");
      int nb = neighbor(r, o);
      CHECK(nb >= 0, "route off the mesh");
      InVC& d = routers[nb].in[opposite(o) * V + ov];
      d.q.push_back(Flit{f.pkt, f.idx, now + 3});
      CHECK((int)d.q.size() <= B, "input buffer overflow");
    }
    if (f.idx == L - 1) {
      iv.state = IDLE;
      iv.ready = now + 1;
      iv.out_port = iv.out_vc = -1;
      out.busy = false;
      out.free_at = now + 2;
    }
  }

  void router_step(int r) {
    Router& R = routers[r];
    const int NV = NPORTS * V;

    // ---- SA (input-first separable, round-robin) ----
    for (int o = 1; o < NPORTS; ++o)
      for (int v = 0; v < V; ++v) credit_update(R.out[o * V + v]);
    int req[NPORTS];
    for (int p = 0; p < NPORTS; ++p) {
      req[p] = -1;
      for (int i = 0; i < V; ++i) {
        int v = (R.sa_rr_in[p] + i) % V;
        const InVC& iv = R.in[p * V + v];
        if (iv.state != ACTIVE || iv.ready > now || iv.q.empty() ||
            iv.q.front().arrive > now)
          continue;
        if (iv.out_port != LOCAL && R.out[iv.out_port * V + iv.out_vc].credits <= 0)
          continue;
        req[p] = v;
        break;
      }
    }
    for (int o = 0; o < NPORTS; ++o) {
      for (int i = 0; i < NPORTS; ++i) {
        int p = (R.sa_rr_out[o] + i) % NPORTS;
        if (req[p] < 0 || R.in[p * V + req[p]].out_port != o) continue;
        R.sa_rr_out[o] = (p + 1) % NPORTS;
        R.sa_rr_in[p] = (req[p] + 1) % V;
        grant_switch(r, p, req[p]);
        break;
      }
    }

    // ---- VA (separable, round-robin) ----
    vreq.assign(NV, -1);
    for (int i = 0; i < NV; ++i) {
      const InVC& iv = R.in[i];
      if (iv.state != VA_WAIT || iv.ready > now) continue;
      for (int j = 0; j < V; ++j) {
        int ov = (iv.va_rr + j) % V;
        const OutVC& out = R.out[iv.out_port * V + ov];
        if (!out.busy && out.free_at <= now) {
          vreq[i] = ov;
          break;
        }
      }
    }
    for (int o = 0; o < NPORTS; ++o) {
      for (int ov = 0; ov < V; ++ov) {
        OutVC& out = R.out[o * V + ov];
        if (out.busy || out.free_at > now) continue;
        for (int j = 0; j < NV; ++j) {
          int i = (out.va_rr + j) % NV;
          InVC& iv = R.in[i];
          if (vreq[i] != ov || iv.out_port != o) continue;
          out.busy = true;
          out.va_rr = (i + 1) % NV;
          iv.state = ACTIVE;
          iv.out_vc = ov;
          iv.ready = now + 1;
          iv.va_rr = (ov + 1) % V;
          break;
        }
      }
    }

    // ---- RC (head flits) ----
    for (int i = 0; i < NV; ++i) {
      InVC& iv = R.in[i];
      if (iv.state != IDLE || iv.ready > now || iv.q.empty() ||
          iv.q.front().arrive > now)
        continue;
      const Flit& f = iv.q.front();
      CHECK(f.idx == 0, "non-head flit at the front of an idle VC");
      iv.out_port = route(r, packets[f.pkt].dst);
      CHECK(iv.out_port != LOCAL || packets[f.pkt].dst == r, "routing");
      CHECK(iv.out_port == LOCAL || neighbor(r, iv.out_port) >= 0, "routing");
      iv.state = VA_WAIT;
      iv.ready = now + 1;
    }
  }

  const Params P;
  const int k, N, V, B, L;
  std::mt19937_64 rng;
  std::vector<Router> routers;
  std::vector<Source> sources;
  std::vector<int> vreq;

  long offered_flits = 0, accepted_flits = 0;
  long measured_created = 0, measured_delivered = 0;
  long sum_lat = 0, sum_net = 0, sum_formula = 0, at_zero_load = 0;
};

// Mean zero-load latency 5H+L-1 over all ordered (src,dst) pairs of a pattern.
double analytic_zero_load(const Params& p) {
  const int k = p.k, N = k * k;
  double sum = 0;
  long n = 0;
  for (int s = 0; s < N; ++s) {
    for (int d = 0; d < N; ++d) {
      if (d == s) continue;
      const int row = s / k, col = s % k;
      if (p.pattern == TRANSPOSE && d != col * k + row) continue;
      if (p.pattern == TORNADO && d != row * k + (col + (k + 1) / 2 - 1) % k)
        continue;
      int h = std::abs(s / k - d / k) + std::abs(s % k - d % k) + 1;
      sum += 5.0 * h + (p.packet - 1);
      ++n;
    }
  }
  return n ? sum / n : 0;
}

void print_result(const Result& r) {
  if (r.unstable)
    std::printf("%.4f %.4f %.4f unstable unstable\n", r.rate, r.offered,
                r.accepted);
  else
    std::printf("%.4f %.4f %.4f %.3f %.3f\n", r.rate, r.offered, r.accepted,
                r.latency, r.net_latency);
  std::fflush(stdout);
}

int self_test() {
  struct Cfg { int k, v, b, l; };
  const Cfg cfgs[] = {{8, 2, 8, 4}, {8, 1, 6, 1}, {8, 3, 16, 8}, {4, 2, 8, 20}};
  int failures = 0, tests = 0;
  for (const Cfg& c : cfgs) {
    const int N = c.k * c.k;
    const int pairs[][2] = {{0, 1},          {0, c.k - 1},     {0, N - 1},
                            {N - 1, 0},      {c.k + 1, N - 2}, {c.k - 1, N - c.k},
                            {c.k, c.k + 1},  {2, 2 + c.k},     {N / 2, 3}};
    for (const auto& pr : pairs) {
      Params p;
      p.k = c.k; p.vcs = c.v; p.buffer = c.b; p.packet = c.l; p.rate = 0;
      Sim sim(p);
      int id = sim.create_packet(pr[0], pr[1], false);
      while (sim.delivered == 0) {
        CHECK(sim.now < 100000, "self-test packet not delivered");
        sim.step(false);
      }
      sim.verify_empty();
      const Packet& pk = sim.packets[id];
      long want = sim.zero_load(pr[0], pr[1]);
      long got_net = pk.ejected - pk.injected, got = pk.ejected - pk.created;
      bool ok = got_net == want && got == want && pk.injected == pk.created;
      ++tests;
      if (!ok) ++failures;
      std::printf("%s k=%d V=%d B=%d L=%d %2d->%2d H=%2d want %3ld got %3ld "
                  "(net %3ld)\n", ok ? "ok  " : "FAIL", c.k, c.v, c.b, c.l,
                  pr[0], pr[1], sim.hops(pr[0], pr[1]), want, got, got_net);
    }
  }
  // Short random runs: exercise the delivered-exactly-once / buffer / credit
  // checks under load (they abort on violation).
  const Pattern pats[] = {UNIFORM, TRANSPOSE, TORNADO};
  for (Pattern pat : pats) {
    Params p;
    p.pattern = pat; p.rate = 0.2; p.warmup = 200; p.measure = 1000; p.seed = 7;
    Sim sim(p);
    Result r = sim.run();
    ++tests;
    if (r.unstable) ++failures;
    std::printf("%s random run pattern=%d rate 0.2: %zu packets delivered "
                "exactly once\n", r.unstable ? "FAIL" : "ok  ", (int)pat,
                sim.packets.size());
  }
  std::printf("%d/%d self-tests passed\n", tests - failures, tests);
  return failures ? 1 : 0;
}

void usage() {
  std::fprintf(stderr,
      "usage: flitref [--pattern uniform|transpose|tornado] [--rate R]\n"
      "               [--sweep FROM:TO:STEP] [--k 8] [--vcs 2] [--buffer 8]\n"
      "               [--packet 4] [--warmup 1000] [--measure 4000] [--seed 1]\n"
      "               [--drain-cap 200000] [--verbose] [--self-test]\n"
      "prints: rate offered accepted latency_mean network_latency_mean\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  Params p;
  bool sweep = false, verbose = false;
  double from = 0, to = 0, stepv = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) usage();
      return argv[++i];
    };
    if (a == "--self-test") return self_test();
    else if (a == "--verbose") verbose = true;
    else if (a == "--pattern") {
      std::string s = val();
      if (s == "uniform") p.pattern = UNIFORM;
      else if (s == "transpose") p.pattern = TRANSPOSE;
      else if (s == "tornado") p.pattern = TORNADO;
      else usage();
    } else if (a == "--rate") p.rate = std::stod(val());
    else if (a == "--k") p.k = std::stoi(val());
    else if (a == "--vcs") p.vcs = std::stoi(val());
    else if (a == "--buffer") p.buffer = std::stoi(val());
    else if (a == "--packet") p.packet = std::stoi(val());
    else if (a == "--warmup") p.warmup = std::stol(val());
    else if (a == "--measure") p.measure = std::stol(val());
    else if (a == "--seed") p.seed = std::stoull(val());
    else if (a == "--drain-cap") p.drain_cap = std::stol(val());
    else if (a == "--sweep") {
      std::string s = val();
      if (std::sscanf(s.c_str(), "%lf:%lf:%lf", &from, &to, &stepv) != 3 ||
          stepv <= 0)
        usage();
      sweep = true;
    } else usage();
  }
  if (p.k < 2 || p.vcs < 1 || p.buffer < 1 || p.packet < 1 || p.measure < 1 ||
      p.warmup < 0 || p.rate < 0 || p.rate > p.packet)
    usage();
  if (verbose)
    std::fprintf(stderr, "# analytic zero-load network latency (mean 5H+L-1 "
                 "over pattern pairs): %.4f\n", analytic_zero_load(p));
  std::vector<double> rates;
  if (sweep) {
    for (int i = 0;; ++i) {
      double r = from + i * stepv;
      if (r > to + 1e-9) break;
      rates.push_back(std::round(r * 1e9) / 1e9);
    }
  } else {
    rates.push_back(p.rate);
  }
  for (double r : rates) {
    Params q = p;
    q.rate = r;
    Sim sim(q);
    Result res = sim.run();
    print_result(res);
    if (verbose && !res.unstable)
      std::fprintf(stderr, "#   %ld measured packets; mean 5H+L-1 of them %.4f;"
                   " %.2f%% had exactly zero-load network latency\n",
                   res.measured_packets, res.zero_load_formula,
                   res.measured_packets ? 100.0 * res.at_zero_load /
                                              res.measured_packets : 0.0);
  }
  return 0;
}
