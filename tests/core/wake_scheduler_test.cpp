// The one process that wakes the transaction-level models: order of wake-ups, wake-ups asked for
// during a pass, superseded requests, and running ahead of the kernel without being seen to.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <systemc>

#include "models/core/wake_scheduler.h"
#include "tests/support/scenario.h"

namespace hxsim {
namespace {

/// A model that records the times it is woken at, and may ask for more from its wake-up.
struct recorder {
    std::string name;
    std::vector<std::string>* log;
    std::function<void(recorder&)> on_wake = [](recorder&) {};
    scheduled_wake wake{[this] {
        log->push_back(name + "@" + std::to_string(now_ps()));
        on_wake(*this);
    }};
};

/// A kernel process woken at fixed times, logging what it sees.
struct kernel_observer : sc_core::sc_module {
    std::vector<std::string>* log;
    std::vector<sim_ps> at;
    sc_core::sc_event tick;
    std::size_t next = 0;

    kernel_observer(const sc_core::sc_module_name& n, std::vector<std::string>* l, std::vector<sim_ps> times)
        : sc_core::sc_module(n), log(l), at(std::move(times))
    {
        SC_HAS_PROCESS(kernel_observer);
        SC_METHOD(step);
        sensitive << tick;
        dont_initialize();
    }
    void start_of_simulation() override { tick.notify(to_sc_time(at[0])); }
    void step()
    {
        log->push_back("kernel@" + std::to_string(sc_core::sc_time_stamp().value()) + "/" + std::to_string(now_ps()));
        if (++next < at.size())
            tick.notify(to_sc_time(at[next] - at[next - 1]));
    }
};

std::vector<std::string> run_order(bool ahead)
{
    std::vector<std::string> log;
    if (ahead)
        wake_scheduler::instance().allow_running_ahead();
    recorder a{"a", &log}, b{"b", &log}, c{"c", &log};
    // a asks b for the same instant while it runs, and itself for later.
    a.on_wake = [&](recorder& self) {
        if (now_ps() == 100) {
            b.wake.request(100);
            self.wake.request(250);
        }
    };
    kernel_observer k("k", &log, {200, 300});
    c.wake.request(300);  // superseded by the earlier request below
    c.wake.request(150);
    b.wake.request(100);
    a.wake.request(100);
    c.wake.request(400);  // later than pending: costs nothing, and does nothing
    sc_core::sc_start();
    return log;
}

const std::vector<std::string> expected_order = {
    "b@100",            // asked first for 100
    "a@100",            // then a, which asks b again for 100
    "b@100",            // served in the same pass
    "c@150",            // the earlier of c's two requests
    "kernel@200/200",   // the kernel process sees its own time
    "a@250", "kernel@300/300",
    // c's superseded request at 300 is not served, nor its later one at 400
};

TEST(wake_scheduler, wakes_in_time_then_request_order)
{
    test::run_scenario([] { EXPECT_EQ(run_order(false), expected_order); });
}

TEST(wake_scheduler, running_ahead_changes_nothing_the_models_or_the_kernel_see)
{
    test::run_scenario([] { EXPECT_EQ(run_order(true), expected_order); });
}

TEST(wake_scheduler, running_ahead_passes_instants_without_the_kernel)
{
    test::run_scenario([] {
        std::vector<std::string> log;
        wake_scheduler::instance().allow_running_ahead();
        std::vector<sim_ps> kernel_times;
        recorder a{"a", &log};
        a.on_wake = [&](recorder& self) {
            kernel_times.push_back(sc_core::sc_time_stamp().value());
            if (now_ps() < 1000)
                self.wake.request(now_ps() + 100);
        };
        a.wake.request(100);
        sc_core::sc_start();
        ASSERT_EQ(log.size(), 10u);
        EXPECT_EQ(log.back(), "a@1000");
        // One kernel activation served all ten instants.
        EXPECT_EQ(kernel_times, std::vector<sim_ps>(10, 100));
        EXPECT_EQ(wake_scheduler::instance().wake_ups(), 10u);
    });
}

TEST(wake_scheduler, a_stop_during_a_pass_ends_it)
{
    test::run_scenario([] {
        std::vector<std::string> log;
        wake_scheduler::instance().allow_running_ahead();
        recorder a{"a", &log}, b{"b", &log};
        a.on_wake = [](recorder&) { sc_core::sc_stop(); };
        a.wake.request(100);
        b.wake.request(200);
        sc_core::sc_report_handler::set_actions("/OSCI/SystemC: Simulation stopped by user", sc_core::SC_DO_NOTHING);
        sc_core::sc_start();
        EXPECT_EQ(log, std::vector<std::string>{"a@100"});
    });
}

}  // namespace
}  // namespace hxsim
