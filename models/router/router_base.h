// What every router model offers the platform around it: one link socket pair per port, and a
// description of what it holds for deadlock diagnostics. The TLM router (router.h) and the
// co-simulated RTL router (rtl_router.h) are interchangeable behind it.
#pragma once

#include <string>

#include <systemc>

#include "models/core/link_protocol.h"

namespace hxsim {

class router_base : public sc_core::sc_module {
public:
    sc_core::sc_vector<link_target_socket> in;      ///< one per port, from the upstream link
    sc_core::sc_vector<link_initiator_socket> out;  ///< one per port, to the downstream link

    /// Where packets sit and what they wait for, for deadlock diagnostics; empty when idle.
    virtual std::string describe_buffers() const = 0;

protected:
    explicit router_base(const sc_core::sc_module_name& name) : sc_core::sc_module(name), in("in"), out("out") {}
};

}  // namespace hxsim
