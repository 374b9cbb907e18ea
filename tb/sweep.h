// A latency-versus-offered-load curve: one simulation per load (each in its own process, since
// SystemC elaborates once per process), and the saturation point read off the curve.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/sim/config.h"

namespace hxsim {

/// "FROM:TO:STEP" (fractions of the injection bandwidth) as the list of loads; throws config_error.
std::vector<double> parse_load_range(const std::string& text);

/// Runs `config` at each of `loads`. The result holds every point's statistics ("points"), the
/// zero-load latency (the lowest load's mean message latency), "saturation_load" (the highest
/// offered load the network sustained: accepted within 5% of offered and mean message latency
/// under 3x zero-load, as long as all lower loads were; loads as measured, see offered_load) and
/// "max_accepted_load".
nlohmann::json run_load_sweep(const platform_config& config, const std::vector<double>& loads);

/// The table printed for a sweep.
std::string format_sweep(const nlohmann::json& sweep);

}  // namespace hxsim
