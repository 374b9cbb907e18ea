// Finds the traceable objects of the elaborated SystemC hierarchy and attaches those the trace
// options select to a VCD writer.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "models/trace/traceable.h"
#include "models/trace/vcd_writer.h"

namespace hxsim {

struct attach_result {
    std::vector<traceable*> attached;    ///< objects now recording into the writer
    std::size_t found = 0;                 ///< traceable objects in the hierarchy
    std::vector<std::string> unmatched;    ///< patterns that matched no traceable object
    std::string example;                   ///< the name of some traceable object, for messages
};

/// Walks every object below sc_get_top_level_objects() in creation order. When every pattern of
/// writer.options() matches at least one traceable object (or there are none: everything is
/// traced), calls attach_trace() on each one whose hierarchical name matches some pattern;
/// otherwise attaches nothing and lists the patterns that matched nothing.
attach_result attach_traceables(vcd_writer& writer);

}  // namespace hxsim
