#include "tb/simulation.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include <sys/stat.h>
#include <unistd.h>

#include "models/core/wake_scheduler.h"
#include "models/topology/platform.h"
#include "models/router/rtl_router.h"
#include "models/trace/trace_attach.h"
#include "models/trace/vcd_writer.h"
#include "tb/scoreboard.h"
#include "tb/traffic/pattern.h"
#include "tb/traffic_generator.h"
#include "tb/watchdog.h"

namespace hxsim {

namespace {

double to_ns(double ps) { return ps / 1000.0; }

nlohmann::json latency_json(const histogram& h)
{
    return {{"mean", to_ns(h.mean())},
            {"p50", to_ns(static_cast<double>(h.percentile(0.5)))},
            {"p99", to_ns(static_cast<double>(h.percentile(0.99)))},
            {"max", to_ns(static_cast<double>(h.max()))}};
}

double gbps(double bytes, double ps) { return ps > 0 ? bytes * 8.0 / ps * 1000.0 : 0.0; }

/// Marks the end of building: SystemC's own elaboration (binding checks, end_of_elaboration
/// callbacks; seconds at 16,384 accelerators) runs inside sc_start() and is part of building the
/// platform, not of simulating it. start_of_simulation() comes right after it.
class elaboration_clock : public sc_core::sc_module {
public:
    using clock = std::chrono::steady_clock;

    explicit elaboration_clock(const sc_core::sc_module_name& name) : sc_core::sc_module(name) {}

    /// When elaboration ended (if it did; else `otherwise`).
    clock::time_point done_or(clock::time_point otherwise) const { return m_done ? *m_done : otherwise; }

private:
    void start_of_simulation() override { m_done = clock::now(); }

    std::optional<clock::time_point> m_done;
};

nlohmann::json collect_stats(const platform_config& config, const platform& net, const scoreboard& board,
                             sim_ps end_ps, double wall_seconds, double build_seconds)
{
    const network_counters& c = net.counters();
    const unsigned n = net.accelerators();
    const bool closed = config.traffic.pattern == "alltoall";
    nlohmann::json s;
    s["config"] = {{"source", config.source},
                   {"topology", config.topology.kind},
                   {"board", config.topology.board},
                   {"grid", config.topology.grid},
                   {"dims", config.topology.dims},
                   {"accelerators", n},
                   {"routers", net.routers().size()},
                   {"links", net.links().size()},
                   {"pattern", config.traffic.pattern},
                   {"load", config.traffic.load},
                   {"message_size_bytes", config.traffic.message_size_bytes},
                   {"seed", config.run.seed}};
    if (config.topology.kind == "dragonfly")
        s["config"]["dragonfly"] = {{"terminals_per_router", config.topology.terminals_per_router},
                                    {"routers_per_group", config.topology.routers_per_group},
                                    {"global_links_per_router", config.topology.global_links_per_router}};
    s["messages_injected"] = board.injected();
    s["messages_delivered"] = board.delivered_count();
    s["bytes_injected"] = board.bytes_injected();
    s["bytes_delivered"] = c.bytes_delivered;
    s["packets_injected"] = c.packets_injected;
    s["packets_delivered"] = c.packets_delivered;
    s["packet_hops"] = c.packet_hops;
    s["mean_hops"] = c.packets_delivered ? static_cast<double>(c.packet_hops) / c.packets_delivered : 0.0;
    s["wake_ups"] = wake_scheduler::instance().wake_ups();
    s["simulated_ns"] = to_ns(static_cast<double>(end_ps));
    s["wall_seconds"] = wall_seconds;
    s["build_seconds"] = build_seconds;
    s["latency_ns"] = latency_json(board.latency_ps());
    s["packet_latency_ns"] = latency_json(c.packet_latency_ps);
    s["max_reorder_messages"] = c.max_reorder_messages;
    s["packets_out_of_order"] = c.packets_out_of_order;

    // Accepted bandwidth: bytes each accelerator received within the measurement window (up to
    // completion for all-to-all).
    const sim_ps window = closed ? board.last_delivery_ps() : board.window_end_ps() - board.window_start_ps();
    const auto& received = board.bytes_in_window();
    double sum = 0, lowest = std::numeric_limits<double>::max(), highest = 0;
    for (std::uint64_t bytes : received) {
        const double g = gbps(static_cast<double>(bytes), static_cast<double>(window));
        sum += g;
        lowest = std::min(lowest, g);
        highest = std::max(highest, g);
    }
    s["accepted_gbps_per_accelerator"] = {{"mean", n ? sum / n : 0.0}, {"min", n ? lowest : 0.0}, {"max", highest}};
    const double injection_gbps = static_cast<double>(config.nic.injection_bandwidth_bps) / 1e9;
    s["accepted_load"] = n ? sum / n / injection_gbps : 0.0;
    s["measured_messages"] = board.measured_messages();
    if (closed) {
        s["completion_ns"] = to_ns(static_cast<double>(board.last_delivery_ps()));
        s["alltoall_gbps_per_accelerator"] =
            gbps(static_cast<double>(config.traffic.message_size_bytes) * (n - 1),
                 static_cast<double>(board.last_delivery_ps()));
    } else {
        // What the sources actually offered in the window: sources a pattern keeps silent
        // (transpose's diagonal) and the randomness of arrivals count.
        const double offered = gbps(static_cast<double>(board.bytes_posted_in_window()), static_cast<double>(window)) / n;
        s["offered_gbps_per_accelerator"] = offered;
        s["offered_load"] = offered / injection_gbps;
    }

    // Each link's object made in place: through an initializer list, every value is built and
    // then copied, and at 16,384 accelerators (196,608 links) that took half a second.
    nlohmann::json links = nlohmann::json::array();
    auto& link_array = links.get_ref<nlohmann::json::array_t&>();
    link_array.reserve(net.links().size());
    double util_sum = 0, util_max = 0;
    for (const link* l : net.links()) {
        const double u = end_ps ? static_cast<double>(l->busy_ps()) / static_cast<double>(end_ps) : 0.0;
        util_sum += u;
        util_max = std::max(util_max, u);
        nlohmann::json::object_t entry;
        entry.emplace("name", l->name());
        entry.emplace("utilization", u);
        entry.emplace("packets", l->packets());
        entry.emplace("bytes", l->bytes());
        link_array.emplace_back(std::move(entry));
    }
    s["link_utilization"] = {{"mean", links.empty() ? 0.0 : util_sum / links.size()}, {"max", util_max}};
    s["links"] = std::move(links);
    return s;
}

}  // namespace

void write_atomically(const std::string& path, const std::function<void(std::ostream&)>& produce)
{
    std::string tmp = path + ".XXXXXX";
    const int fd = mkstemp(tmp.data());
    if (fd < 0)
        throw std::runtime_error(fmt::format("cannot create a file beside {}: {}", path, std::strerror(errno)));
    close(fd);
    chmod(tmp.c_str(), 0644);  // mkstemp creates it private; results are for everyone
    bool written = false;
    int saved_errno = 0;
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (out) {
            try {
                produce(out);
            } catch (...) {
                out.close();
                std::remove(tmp.c_str());
                throw;
            }
            out.flush();
            written = out.good();
        }
        saved_errno = errno;
    }
    if (!written || std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string reason = std::strerror(written ? errno : saved_errno);
        std::remove(tmp.c_str());
        throw std::runtime_error(fmt::format("cannot write {}: {}", path, reason));
    }
}

void write_json_atomically(const std::string& path, const nlohmann::json& document)
{
    write_atomically(path, [&](std::ostream& out) { out << std::setw(2) << document << '\n'; });
}

run_outcome run_simulation(const platform_config& config, const run_options& options)
{
    const auto wall_start = std::chrono::steady_clock::now();
    run_outcome outcome;
    if (options.trace.enabled())
        rtl_router::enable_tracing();
    // At the top of the hierarchy, before the models that use it; this run goes to completion.
    wake_scheduler::instance().allow_running_ahead();
    auto net = build_platform(config, options.observer);
    const auto built = std::chrono::steady_clock::now();
    std::unique_ptr<traffic_pattern> configured;
    if (options.pattern == nullptr)
        configured = make_pattern(config, net->layout());
    traffic_pattern& pattern = options.pattern ? *options.pattern : *configured;
    const bool closed = config.traffic.pattern == "alltoall";
    // Open-loop traffic is measured over [warm-up, warm-up + duration), then drains; all-to-all
    // is measured whole.
    const sim_ps window_start = closed ? 0 : config.run.warmup_ps;
    const sim_ps window_end = closed ? std::numeric_limits<sim_ps>::max() : config.run.warmup_ps + config.run.duration_ps;
    scoreboard board(net->accelerators(), window_start, window_end);
    net->counters().measure_from_ps = window_start;
    net->counters().measure_until_ps = window_end;
    auto traffic = std::make_unique<traffic_generator>(
        "traffic", *net, pattern, board, traffic_generator_params{config.traffic.inline_payload_bytes, config.run.seed});
    watchdog dog("watchdog", config.run.watchdog_ps, *net, board, *traffic);
    const elaboration_clock elaborated("elaboration_clock");

    // Tracing attaches to the elaborated hierarchy; a pattern that selects nothing is bad input,
    // found before anything is simulated.
    std::unique_ptr<vcd_writer> vcd;
    attach_result attached;
    if (options.trace.enabled()) {
        vcd = std::make_unique<vcd_writer>(options.trace);
        attached = attach_traceables(*vcd);
        if (!attached.unmatched.empty()) {
            std::string quoted;
            for (const std::string& p : attached.unmatched)
                quoted += (quoted.empty() ? "'" : ", '") + p + "'";
            throw config_error(fmt::format(
                "--trace {}: matches none of the {} traceable objects (links and routers, named like '{}'; "
                "'*' matches any characters, '?' one)",
                quoted, attached.found, attached.example));
        }
    }

    // A failing check stops the run with sc_stop(); the failure itself is the message.
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC: Simulation stopped by user", sc_core::SC_DO_NOTHING);
    try {
        sc_core::sc_start();
    } catch (const std::exception& e) {
        board.fail(fmt::format("model error at {} ps: {}", now_ps(), e.what()));
    }
    // The run ends when the last message is in (the watchdog may tick once more after that).
    const sim_ps end_ps = std::max(board.last_delivery_ps(), closed ? 0 : window_end);
    if (!board.failed() && board.outstanding() > 0)
        board.fail(fmt::format("the network went idle with {} messages undelivered:\n{}", board.outstanding(),
                               board.describe_missing(10)));
    if (!board.failed() && net->packets_in_flight() > 0)
        board.fail(fmt::format("{} packets remain in the network after every message was delivered",
                               net->packets_in_flight()));

    const auto seconds = [&](std::chrono::steady_clock::time_point t) {
        return std::chrono::duration<double>(t - wall_start).count();
    };
    outcome.stats = collect_stats(config, *net, board, end_ps, seconds(std::chrono::steady_clock::now()),
                                  seconds(elaborated.done_or(built)));
    outcome.failures = board.failures();
    outcome.ok = outcome.failures.empty();
    outcome.stats["ok"] = outcome.ok;
    outcome.stats["failures"] = outcome.failures;

    // The waveform is written whatever happened: a failed run is when it is needed most. A run
    // stopped early shows up to where it stopped (and what the models had already scheduled).
    if (vcd) {
        for (traceable* t : attached.attached)
            t->finish_trace();
        try {
            const sim_ps vcd_end = outcome.ok ? end_ps : now_ps();
            write_atomically(options.trace.path, [&](std::ostream& out) { vcd->write(out, vcd_end); });
        } catch (const std::exception& e) {
            outcome.output_errors.push_back(fmt::format("--vcd: {}", e.what()));
        }
    }
    // A process runs one simulation (SystemC elaborates once per process) and SystemC's module
    // registry finds each module it removes by a linear search: tearing a platform of N modules
    // down costs O(N^2), minutes at 16,384 accelerators. The platform is left to the end of the
    // process; everything it writes has been written. So is the traffic generator, whose two
    // sockets per accelerator cost the same (16.8 G instructions at 16,384 accelerators).
    static_cast<void>(net.release());
    static_cast<void>(traffic.release());
    return outcome;
}

std::string format_summary(const nlohmann::json& s)
{
    const auto& cfg = s["config"];
    std::string out;
    if (cfg["topology"] == "hammingmesh")
        out += fmt::format("hxsim: hammingmesh {}x{} boards of {}x{}", cfg["grid"][0].get<unsigned>(),
                           cfg["grid"][1].get<unsigned>(), cfg["board"][0].get<unsigned>(), cfg["board"][1].get<unsigned>());
    else if (cfg["topology"] == "dragonfly")
        out += fmt::format("hxsim: dragonfly p={} a={} h={}", cfg["dragonfly"]["terminals_per_router"].get<unsigned>(),
                           cfg["dragonfly"]["routers_per_group"].get<unsigned>(),
                           cfg["dragonfly"]["global_links_per_router"].get<unsigned>());
    else
        out += fmt::format("hxsim: {} {}x{}", cfg["topology"].get<std::string>(), cfg["dims"][0].get<unsigned>(),
                           cfg["dims"][1].get<unsigned>());
    out += fmt::format(" ({} accelerators, {} routers, {} links), {} traffic\n", cfg["accelerators"].get<unsigned>(),
                       cfg["routers"].get<unsigned>(), cfg["links"].get<unsigned>(), cfg["pattern"].get<std::string>());
    out += fmt::format("  messages   injected {}  delivered {}\n", s["messages_injected"].get<std::uint64_t>(),
                       s["messages_delivered"].get<std::uint64_t>());
    out += fmt::format("  packets    injected {}  delivered {}  hops {} ({:.2f} per packet)\n",
                       s["packets_injected"].get<std::uint64_t>(), s["packets_delivered"].get<std::uint64_t>(),
                       s["packet_hops"].get<std::uint64_t>(), s["mean_hops"].get<double>());
    const auto& lat = s["latency_ns"];
    out += fmt::format("  latency    message mean {:.1f} ns  p50 {:.1f}  p99 {:.1f}  max {:.1f}\n",
                       lat["mean"].get<double>(), lat["p50"].get<double>(), lat["p99"].get<double>(),
                       lat["max"].get<double>());
    const auto& acc = s["accepted_gbps_per_accelerator"];
    if (s.contains("offered_gbps_per_accelerator"))
        out += fmt::format("  bandwidth  offered {:.1f} Gb/s  accepted mean {:.1f}  min {:.1f} Gb/s per accelerator\n",
                           s["offered_gbps_per_accelerator"].get<double>(), acc["mean"].get<double>(),
                           acc["min"].get<double>());
    if (s.contains("completion_ns"))
        out += fmt::format("  all-to-all completion {:.1f} ns, {:.1f} Gb/s per accelerator\n",
                           s["completion_ns"].get<double>(), s["alltoall_gbps_per_accelerator"].get<double>());
    out += fmt::format("  links      utilization mean {:.1f}%  max {:.1f}%\n",
                       100 * s["link_utilization"]["mean"].get<double>(), 100 * s["link_utilization"]["max"].get<double>());
    out += fmt::format("  simulated {:.1f} ns in {:.2f} s wall\n", s["simulated_ns"].get<double>(),
                       s["wall_seconds"].get<double>());
    out += s["ok"].get<bool>() ? "  check: every message delivered exactly once, payload intact\n"
                               : "  check: FAILED\n";
    return out;
}

}  // namespace hxsim
