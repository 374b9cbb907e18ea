#include "models/trace/trace_attach.h"

#include <systemc>

#include "models/trace/traceable.h"

namespace hxsim {

namespace {

template <typename F>
void visit(sc_core::sc_object* object, const F& f)
{
    f(object);
    for (sc_core::sc_object* child : object->get_child_objects())
        visit(child, f);
}

}  // namespace

attach_result attach_traceables(vcd_writer& writer)
{
    const std::vector<std::string>& patterns = writer.options().patterns;
    std::vector<traceable*> selected;
    std::vector<bool> matched(patterns.size(), false);
    attach_result result;
    for (sc_core::sc_object* top : sc_core::sc_get_top_level_objects())
        visit(top, [&](sc_core::sc_object* object) {
            auto* t = dynamic_cast<traceable*>(object);
            if (t == nullptr)
                return;
            ++result.found;
            const std::string name = object->name();
            if (result.example.empty())
                result.example = name;
            bool selected_here = patterns.empty();
            for (std::size_t i = 0; i < patterns.size(); ++i)
                if (glob_match(patterns[i], name)) {
                    matched[i] = true;
                    selected_here = true;
                }
            if (selected_here)
                selected.push_back(t);
        });
    for (std::size_t i = 0; i < patterns.size(); ++i)
        if (!matched[i])
            result.unmatched.push_back(patterns[i]);
    if (!result.unmatched.empty())
        return result;
    for (traceable* t : selected)
        t->attach_trace(writer);
    result.attached = std::move(selected);
    return result;
}

}  // namespace hxsim
