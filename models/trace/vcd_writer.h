// A VCD (IEEE 1364 value change dump) writer for a TLM model that knows the future: a link knows,
// when a packet starts, when its tail will leave; credits come back as trains (n credits, one per
// interval). Objects therefore record value changes stamped at any time, in any order, and the
// writer sorts them (stably: changes with the same time stamp keep the order they were recorded
// in, and the last one wins) when it writes the file at the end of the run.
//
// Two kinds of variable:
//   - value:   set(t, v) gives the value from t on (packet ids, flags). Starts as x or as given.
//   - counter: add(t, d) / add_train(...) change it by d (buffer occupancy, credits); starts at a
//              given value. Increments commute, so their order within an instant does not matter.
// Times are integer picoseconds ($timescale 1ps). Only the window [from, to) of the options is
// kept: changes at or before `from` are folded into the initial values (written as $dumpvars at
// #from) as they are recorded, changes at or after `to` are dropped. Memory grows with the
// changes recorded inside the window (a train is one record).
//
// Scopes follow the SystemC hierarchy: a variable declared in scope "board_0_0.acc_0_1.link_E"
// appears under $scope board_0_0 > acc_0_1 > link_E.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "models/core/sim_time.h"
#include "models/trace/trace_options.h"

namespace hxsim {

class vcd_writer {
public:
    using var_id = std::uint32_t;

    explicit vcd_writer(trace_options options);

    /// The file, patterns and window this trace was asked for.
    const trace_options& options() const { return m_options; }

    /// A file name beside the VCD for an object's own waveform, e.g. for "/tmp/x.vcd", object
    /// "board_0_0.acc_0_0.router" and extension ".vcd": "/tmp/x.board_0_0.acc_0_0.router.vcd".
    std::string companion_path(std::string_view object_name, std::string_view extension) const;

    /// Declares a value variable of `width` bits (1..64) named `name` in scope `scope` (a dotted
    /// hierarchical name); it is x until its first set().
    var_id add_value(const std::string& scope, const std::string& name, unsigned width);
    /// The same, with a known initial value.
    var_id add_value(const std::string& scope, const std::string& name, unsigned width, std::uint64_t initial);
    /// Declares a counter variable with its initial value.
    var_id add_counter(const std::string& scope, const std::string& name, unsigned width, std::int64_t initial);

    /// Value variable `var` is `value` from `at_ps` on.
    void set(sim_ps at_ps, var_id var, std::uint64_t value)
    {
        if (at_ps < m_options.to_ps)
            record_set(at_ps, var, value);
    }
    /// Counter `var` changes by `delta` at `at_ps`.
    void add(sim_ps at_ps, var_id var, std::int64_t delta)
    {
        if (at_ps < m_options.to_ps)
            record_add(at_ps, var, delta);
    }
    /// Counter `var` changes by `delta` `count` times: at first_ps, first_ps + interval_ps, ...
    void add_train(sim_ps first_ps, sim_ps interval_ps, std::uint32_t count, var_id var, std::int64_t delta);

    std::size_t variables() const { return m_vars.size(); }
    /// Changes recorded inside the window (a train counts once).
    std::size_t records() const { return m_records.size(); }

    /// Writes the VCD: header, scopes, the values at `from` as $dumpvars, then every change in
    /// the window in time order, and a last time stamp at min(to, max(end_ps, last change)) so that
    /// viewers show the whole run. Sorts the recorded changes: call it once, at the end.
    void write(std::ostream& out, sim_ps end_ps);

private:
    enum class var_kind : std::uint8_t { value, counter };
    struct variable {
        std::string name;
        std::uint32_t scope;
        unsigned width;
        var_kind kind;
        bool known;            // value kind: initial value known (else x)
        std::uint64_t initial; // value: the value at `from`; counter: initial plus changes up to `from`
        sim_ps initial_at = 0; // value: time of the set() that gave `initial`, if any
        bool initial_set = false;
    };
    struct scope {
        std::string name;
        std::vector<std::uint32_t> children;
        std::vector<var_id> vars;
    };
    struct record {
        sim_ps at_ps;
        sim_ps interval_ps;   // between the changes of a train
        std::uint64_t value;  // value: the new value; counter: the change (two's complement)
        var_id var;
        std::uint32_t count;  // changes in this record (1 but for trains)
    };

    var_id declare(const std::string& scope, const std::string& name, unsigned width, var_kind kind, bool known,
                   std::uint64_t initial);
    std::uint32_t scope_of(const std::string& path);
    void record_set(sim_ps at_ps, var_id var, std::uint64_t value);
    void record_add(sim_ps at_ps, var_id var, std::int64_t delta);
    void write_scope(std::string& out, std::uint32_t index) const;

    trace_options m_options;
    std::vector<variable> m_vars;
    std::vector<scope> m_scopes;  // [0] is the root, unnamed
    std::map<std::string, std::uint32_t, std::less<>> m_scope_index;
    std::vector<record> m_records;
};

}  // namespace hxsim
