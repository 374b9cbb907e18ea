#include "models/accelerator/accelerator.h"

#include "models/core/glob.h"
#include "models/router/rtl_router.h"

namespace hxsim {

router_params accelerator::router_setup(const accelerator_params& params)
{
    router_params rp = params.router;
    rp.ports = accelerator_ports;
    rp.port_names = {"local", "N", "E", "S", "W"};
    rp.downstream_buffer_flits.assign(params.downstream_buffer_flits.begin(), params.downstream_buffer_flits.end());
    rp.downstream_buffer_flits[port_local] = params.nic.receive_buffer_flits;
    return rp;
}

accelerator::accelerator(const sc_core::sc_module_name& name, const accelerator_params& params)
    : sc_core::sc_module(name), nic("nic", params.nic), link_inject("link_inject", params.nic_link)
{
    const std::string router_name = std::string(this->name()) + ".router";
    for (const std::string& pattern : params.rtl_routers)
        m_rtl = m_rtl || glob_match(pattern, router_name);
    if (m_rtl)
        router = std::make_unique<rtl_router>("router", rtl_router_params{router_setup(params), params.nic.accelerators});
    else
        router = std::make_unique<hxsim::router>("router", router_setup(params));

    static const char* const names[accelerator_ports] = {"link_eject", "link_N", "link_E", "link_S", "link_W"};
    for (unsigned p = 0; p < accelerator_ports; ++p) {
        link_out[p] = std::make_unique<hxsim::link>(names[p], p == port_local ? params.nic_link : params.mesh_link);
        router->out[p].bind(link_out[p]->in);
    }
    nic.net_out.bind(link_inject.in);
    link_inject.out.bind(router->in[port_local]);
    link_out[port_local]->out.bind(nic.net_in);
}

}  // namespace hxsim
