#include "models/trace/vcd_writer.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace hxsim {

namespace {

/// VCD identifier codes: base 94 over the printable characters '!' .. '~'.
std::string identifier(std::uint32_t index)
{
    std::string code;
    do {
        code += static_cast<char>('!' + index % 94);
        index /= 94;
    } while (index != 0);
    return code;
}

std::uint64_t mask(unsigned width) { return width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1; }

void append_value(std::string& out, unsigned width, bool known, std::uint64_t value, const std::string& id)
{
    if (width == 1) {
        out += known ? static_cast<char>('0' + (value & 1)) : 'x';
        out += id;
        out += '\n';
        return;
    }
    out += 'b';
    if (!known) {
        out += 'x';
    } else {
        value &= mask(width);
        int bit = 63;
        while (bit > 0 && ((value >> bit) & 1) == 0)
            --bit;
        for (; bit >= 0; --bit)
            out += static_cast<char>('0' + ((value >> bit) & 1));
    }
    out += ' ';
    out += id;
    out += '\n';
}

}  // namespace

vcd_writer::vcd_writer(trace_options options) : m_options(std::move(options))
{
    m_scopes.push_back(scope{});
}

std::string vcd_writer::companion_path(std::string_view object_name, std::string_view extension) const
{
    std::string base = m_options.path;
    if (base.size() > 4 && base.compare(base.size() - 4, 4, ".vcd") == 0)
        base.resize(base.size() - 4);
    return base + "." + std::string(object_name) + std::string(extension);
}

std::uint32_t vcd_writer::scope_of(const std::string& path)
{
    if (path.empty())
        return 0;
    if (auto it = m_scope_index.find(path); it != m_scope_index.end())
        return it->second;
    const std::size_t dot = path.rfind('.');
    const std::uint32_t parent = dot == std::string::npos ? 0 : scope_of(path.substr(0, dot));
    const auto index = static_cast<std::uint32_t>(m_scopes.size());
    m_scopes.push_back(scope{dot == std::string::npos ? path : path.substr(dot + 1), {}, {}});
    m_scopes[parent].children.push_back(index);
    m_scope_index.emplace(path, index);
    return index;
}

vcd_writer::var_id vcd_writer::declare(const std::string& scope_path, const std::string& name, unsigned width,
                                       var_kind kind, bool known, std::uint64_t initial)
{
    if (width == 0 || width > 64)
        throw std::invalid_argument(fmt::format("VCD variable {}.{}: width {} is not 1..64", scope_path, name, width));
    if (name.empty() || name.find_first_of(" \t\n.") != std::string::npos)
        throw std::invalid_argument(fmt::format("VCD variable '{}' in {}: expected a name without blanks or dots",
                                                name, scope_path));
    const std::uint32_t s = scope_of(scope_path);
    const auto id = static_cast<var_id>(m_vars.size());
    m_vars.push_back(variable{name, s, width, kind, known, initial});
    m_scopes[s].vars.push_back(id);
    return id;
}

vcd_writer::var_id vcd_writer::add_value(const std::string& scope, const std::string& name, unsigned width)
{
    return declare(scope, name, width, var_kind::value, false, 0);
}

vcd_writer::var_id vcd_writer::add_value(const std::string& scope, const std::string& name, unsigned width,
                                         std::uint64_t initial)
{
    return declare(scope, name, width, var_kind::value, true, initial);
}

vcd_writer::var_id vcd_writer::add_counter(const std::string& scope, const std::string& name, unsigned width,
                                           std::int64_t initial)
{
    return declare(scope, name, width, var_kind::counter, true, static_cast<std::uint64_t>(initial));
}

void vcd_writer::record_set(sim_ps at_ps, var_id var, std::uint64_t value)
{
    variable& v = m_vars[var];
    if (v.kind != var_kind::value)
        throw std::logic_error(fmt::format("VCD variable {}: set() on a counter", v.name));
    if (at_ps > m_options.from_ps) {
        m_records.push_back(record{at_ps, 0, value, var, 1});
        return;
    }
    // Before the window: only the latest value matters (the later recorded on a tie).
    if (!v.initial_set || at_ps >= v.initial_at) {
        v.initial_set = true;
        v.initial_at = at_ps;
        v.initial = value;
        v.known = true;
    }
}

void vcd_writer::record_add(sim_ps at_ps, var_id var, std::int64_t delta)
{
    if (m_vars[var].kind != var_kind::counter)
        throw std::logic_error(fmt::format("VCD variable {}: add() on a value", m_vars[var].name));
    if (at_ps > m_options.from_ps)
        m_records.push_back(record{at_ps, 0, static_cast<std::uint64_t>(delta), var, 1});
    else
        m_vars[var].initial += static_cast<std::uint64_t>(delta);
}

void vcd_writer::add_train(sim_ps first_ps, sim_ps interval_ps, std::uint32_t count, var_id var, std::int64_t delta)
{
    if (m_vars[var].kind != var_kind::counter)
        throw std::logic_error(fmt::format("VCD variable {}: add_train() on a value", m_vars[var].name));
    if (count == 0)
        return;
    if (interval_ps == 0) {
        add(first_ps, var, delta * count);
        return;
    }
    // The changes at or before `from` go into the initial value, those at or after `to` are
    // dropped, the rest stay one record.
    std::uint64_t before = 0;
    if (first_ps <= m_options.from_ps)
        before = std::min<std::uint64_t>(count, (m_options.from_ps - first_ps) / interval_ps + 1);
    if (before > 0)
        m_vars[var].initial += static_cast<std::uint64_t>(delta) * before;
    if (before == count)
        return;
    const sim_ps start = first_ps + before * interval_ps;
    if (start >= m_options.to_ps)
        return;
    const std::uint64_t inside = std::min<std::uint64_t>(count - before, (m_options.to_ps - 1 - start) / interval_ps + 1);
    m_records.push_back(record{start, interval_ps, static_cast<std::uint64_t>(delta), var,
                               static_cast<std::uint32_t>(inside)});
}

void vcd_writer::write_scope(std::string& out, std::uint32_t index) const
{
    const scope& s = m_scopes[index];
    if (index != 0)
        out += fmt::format("$scope module {} $end\n", s.name);
    for (var_id v : s.vars) {
        const variable& var = m_vars[v];
        out += fmt::format("$var wire {} {} {} $end\n", var.width, identifier(v), var.name);
    }
    for (std::uint32_t child : s.children)
        write_scope(out, child);
    if (index != 0)
        out += "$upscope $end\n";
}

void vcd_writer::write(std::ostream& out, sim_ps end_ps)
{
    std::string text;
    const auto drain = [&](bool force) {
        if (force || text.size() >= (1u << 20)) {
            out.write(text.data(), static_cast<std::streamsize>(text.size()));
            text.clear();
        }
    };

    const sim_ps from = m_options.from_ps;
    const sim_ps to = m_options.to_ps;
    text += "$version hxsim $end\n";
    text += fmt::format("$comment window from {} ps to {} $end\n", from,
                        to == trace_options::unbounded ? std::string("the end") : fmt::format("{} ps", to));
    text += "$timescale 1ps $end\n";
    write_scope(text, 0);
    text += "$enddefinitions $end\n";

    const std::size_t n = m_vars.size();
    std::vector<std::string> ids(n);
    std::vector<std::uint64_t> current(n), written(n);
    std::vector<char> known(n), written_known(n), touched(n, 0);
    text += fmt::format("#{}\n$dumpvars\n", from);
    for (std::size_t i = 0; i < n; ++i) {
        const variable& v = m_vars[i];
        ids[i] = identifier(static_cast<std::uint32_t>(i));
        current[i] = written[i] = v.initial;
        known[i] = written_known[i] = v.known || v.kind == var_kind::counter;
        append_value(text, v.width, known[i], current[i], ids[i]);
    }
    text += "$end\n";

    // Stable: same-time changes keep their recording order.
    std::stable_sort(m_records.begin(), m_records.end(),
                     [](const record& a, const record& b) { return a.at_ps < b.at_ps; });

    // Trains unroll lazily: the next change of each started train waits in a heap, ordered by time
    // and then by the train's place in the sorted records.
    struct pending {
        sim_ps at_ps;
        std::size_t index;   // of its record
        std::uint32_t left;  // changes still to come, this one included
        bool operator>(const pending& o) const { return at_ps != o.at_ps ? at_ps > o.at_ps : index > o.index; }
    };
    std::priority_queue<pending, std::vector<pending>, std::greater<pending>> trains;

    std::vector<var_id> changed;  // touched at the current instant
    sim_ps instant = from;
    sim_ps last_written = from;
    const auto flush = [&]() {
        bool stamped = false;
        for (var_id v : changed) {
            touched[v] = 0;
            if (written_known[v] == known[v] && written[v] == current[v])
                continue;
            if (!stamped) {
                text += fmt::format("#{}\n", instant);
                stamped = true;
                last_written = instant;
            }
            written[v] = current[v];
            written_known[v] = known[v];
            append_value(text, m_vars[v].width, known[v], current[v], ids[v]);
        }
        changed.clear();
        drain(false);
    };
    const auto apply = [&](sim_ps at, const record& r) {
        if (at != instant) {
            flush();
            instant = at;
        }
        if (m_vars[r.var].kind == var_kind::value) {
            current[r.var] = r.value;
            known[r.var] = 1;
        } else {
            current[r.var] += r.value;
        }
        if (!touched[r.var]) {
            touched[r.var] = 1;
            changed.push_back(r.var);
        }
    };

    std::size_t next = 0;
    while (next < m_records.size() || !trains.empty()) {
        const bool from_train = !trains.empty() && (next == m_records.size() ||
                                                    trains.top().at_ps < m_records[next].at_ps ||
                                                    (trains.top().at_ps == m_records[next].at_ps && trains.top().index < next));
        if (from_train) {
            pending p = trains.top();
            trains.pop();
            const record& r = m_records[p.index];
            apply(p.at_ps, r);
            if (p.left > 1)
                trains.push(pending{p.at_ps + r.interval_ps, p.index, p.left - 1});
        } else {
            const record& r = m_records[next];
            apply(r.at_ps, r);
            if (r.count > 1)
                trains.push(pending{r.at_ps + r.interval_ps, next, r.count - 1});
            ++next;
        }
    }
    flush();

    const sim_ps end = std::min(to, std::max(end_ps, last_written));
    if (end > last_written)
        text += fmt::format("#{}\n", end);
    drain(true);
}

}  // namespace hxsim
