// The sc_main of every test executable: runs GoogleTest, with SystemC warnings and errors mapped
// to test failures so that a model complaining is never silently ignored.
#include <gtest/gtest.h>
#include <systemc>

namespace {

void report_to_gtest(const sc_core::sc_report& report, const sc_core::sc_actions& actions)
{
    if (report.get_severity() >= sc_core::SC_WARNING) {
        ADD_FAILURE() << "SystemC " << (report.get_severity() == sc_core::SC_WARNING ? "warning" : "error")
                      << " [" << report.get_msg_type() << "] " << report.get_msg();
    }
    sc_core::sc_report_handler::default_handler(report, actions & ~sc_core::SC_THROW & ~sc_core::SC_ABORT);
}

}  // namespace

int sc_main(int argc, char* argv[])
{
    ::testing::InitGoogleTest(&argc, argv);
    sc_core::sc_report_handler::set_handler(report_to_gtest);
    return RUN_ALL_TESTS();
}
