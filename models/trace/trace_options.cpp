#include "models/trace/trace_options.h"

#include <stdexcept>

#include "models/sim/units.h"

namespace hxsim {

void parse_trace_window(std::string_view text, sim_ps& from_ps, sim_ps& to_ps)
{
    const std::string quoted = "'" + std::string(text) + "'";
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos || text.find(':', colon + 1) != std::string_view::npos)
        throw std::invalid_argument(quoted + ": expected FROM:TO, two times with units, e.g. 0ns:2us");
    const auto parse = [&](std::string_view part, const char* which) -> sim_ps {
        try {
            return parse_time_ps(part);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(quoted + ": " + which + " '" + std::string(part) + "': " + e.what());
        }
    };
    const sim_ps from = parse(text.substr(0, colon), "FROM");
    const sim_ps to = parse(text.substr(colon + 1), "TO");
    if (from >= to)
        throw std::invalid_argument(quoted + ": FROM must be before TO");
    from_ps = from;
    to_ps = to;
}

}  // namespace hxsim
