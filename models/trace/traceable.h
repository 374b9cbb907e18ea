// The one thing a model implements to appear in a VCD waveform (hxsim --vcd; README: "Waveforms").
//
// After elaboration, run_simulation() walks the SystemC object hierarchy (attach_traceables() in
// models/trace/trace_attach.h); every sc_object that also derives from `traceable` and whose
// hierarchical name matches a --trace pattern gets attach_trace() called once, before the
// simulation starts. Nothing is threaded through the topology builders.
//
// A traceable object, in attach_trace():
//   - declares its variables in the scope of its own name, e.g.
//       m_valid = writer.add_value(name(), "valid", 1, 0);
//     (add_value for values such as ids and flags, add_counter for levels changed by increments);
//   - keeps the writer's address (the writer outlives the simulation) and the variable ids, in a
//     structure it allocates only now, so that an untraced object pays one null-pointer test per
//     event and nothing else (no strings, no virtual calls);
//   - from then on records changes with set(), add() and add_train(), stamped with the absolute
//     time at which they happen, which may be in the future and in any order.
// An object that writes a waveform of its own (e.g. a co-simulated RTL router and Verilator's
// trace of its internals) finds the output path and the window in writer.options() and a file name
// beside the VCD in writer.companion_path(name(), ".vcd").
#pragma once

namespace hxsim {

class vcd_writer;

class traceable {
public:
    virtual ~traceable() = default;

    /// Declares this object's variables in `writer` and starts recording their changes.
    virtual void attach_trace(vcd_writer& writer) = 0;

    /// The run is over: flush and close whatever this object writes itself (e.g. Verilator's
    /// waveform of a co-simulated RTL router). The models themselves are not destroyed before the
    /// process ends (see run_simulation).
    virtual void finish_trace() {}
};

}  // namespace hxsim
