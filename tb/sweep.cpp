#include "tb/sweep.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tb/simulation.h"

namespace hxsim {

std::vector<double> parse_load_range(const std::string& text)
{
    const std::string what = fmt::format("--sweep-load {}: expected FROM:TO:STEP with 0 < FROM <= TO <= 1 "
                                         "and STEP > 0, e.g. 0.05:0.5:0.05",
                                         text);
    double from = 0, to = 0, step = 0;
    char tail = 0;
    if (std::sscanf(text.c_str(), "%lf:%lf:%lf%c", &from, &to, &step, &tail) != 3 || !(from > 0) || !(to <= 1) ||
        !(from <= to) || !(step > 0))
        throw config_error(what);
    std::vector<double> loads;
    // Rounded to 1e-9 so that 0.1 + 0.1 + 0.1 lands on 0.3 and the end point is kept.
    for (unsigned i = 0;; ++i) {
        const double load = std::round((from + i * step) * 1e9) / 1e9;
        if (load > to + 1e-12)
            break;
        loads.push_back(load);
    }
    return loads;
}

namespace {

/// Runs one point in a child process and returns its statistics.
nlohmann::json run_point(const platform_config& config)
{
    int fds[2];
    if (pipe(fds) != 0)
        throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0)
        throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
    if (pid == 0) {
        close(fds[0]);
        const std::string text = run_simulation(config).stats.dump();
        std::size_t done = 0;
        while (done < text.size()) {
            const ssize_t n = write(fds[1], text.data() + done, text.size() - done);
            if (n <= 0)
                _exit(3);
            done += static_cast<std::size_t>(n);
        }
        close(fds[1]);
        _exit(0);
    }
    close(fds[1]);
    std::string text;
    char buffer[65536];
    for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;)
        text.append(buffer, static_cast<std::size_t>(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || text.empty())
        throw std::runtime_error(fmt::format("the simulation at load {} crashed", config.traffic.load));
    return nlohmann::json::parse(text);
}

}  // namespace

nlohmann::json run_load_sweep(const platform_config& config, const std::vector<double>& loads)
{
    nlohmann::json sweep;
    sweep["points"] = nlohmann::json::array();
    double zero_load = 0, saturation = 0, max_accepted = 0;
    bool sustained = true, all_ok = true;
    for (double load : loads) {
        platform_config point = config;
        point.traffic.load = load;
        nlohmann::json stats = run_point(point);
        const double offered = stats["offered_load"].get<double>();
        const double accepted = stats["accepted_load"].get<double>();
        const double latency = stats["latency_ns"]["mean"].get<double>();
        if (sweep["points"].empty())
            zero_load = latency;
        sustained = sustained && accepted >= 0.95 * offered && latency <= 3 * zero_load;
        if (sustained)
            saturation = offered;
        max_accepted = std::max(max_accepted, accepted);
        all_ok = all_ok && stats["ok"].get<bool>();
        stats.erase("links");  // per-link detail of every point would dwarf the curve
        sweep["points"].push_back(std::move(stats));
    }
    sweep["zero_load_latency_ns"] = zero_load;
    sweep["loads"] = loads;
    sweep["saturation_load"] = saturation;
    sweep["max_accepted_load"] = max_accepted;
    sweep["ok"] = all_ok;
    return sweep;
}

std::string format_sweep(const nlohmann::json& sweep)
{
    std::string out = "   offered  accepted  packet latency ns (mean / p99)  message latency ns (mean)  check\n";
    for (const auto& p : sweep["points"])
        out += fmt::format("  {:8.3f}  {:8.3f}  {:>14.1f} / {:<14.1f}  {:>24.1f}  {}\n", p["offered_load"].get<double>(),
                           p["accepted_load"].get<double>(), p["packet_latency_ns"]["mean"].get<double>(),
                           p["packet_latency_ns"]["p99"].get<double>(), p["latency_ns"]["mean"].get<double>(),
                           p["ok"].get<bool>() ? "ok" : "FAILED");
    out += fmt::format("  zero-load message latency {:.1f} ns; saturation at offered load {:.3f}; max accepted {:.3f} "
                       "(fractions of the injection bandwidth)\n",
                       sweep["zero_load_latency_ns"].get<double>(), sweep["saturation_load"].get<double>(),
                       sweep["max_accepted_load"].get<double>());
    return out;
}

}  // namespace hxsim
