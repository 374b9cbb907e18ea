// Runs one SystemC scenario in a child process. SystemC elaborates once per process: ctest gives
// every TEST its own process already, and this keeps a whole test binary runnable by hand too.
#pragma once

#include <cmath>
#include <functional>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace hxsim::test {

/// Runs `body` in a forked child; its failures (printed by the child) fail the calling test.
inline void run_scenario(const std::function<void()>& body)
{
    std::fflush(nullptr);
    const pid_t pid = fork();
    ASSERT_GE(pid, 0) << "fork failed";
    if (pid == 0) {
        body();
        std::fflush(nullptr);
        _exit(::testing::Test::HasFailure() ? 1 : 0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFEXITED(status)) << "scenario crashed (signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0) << ")";
    EXPECT_EQ(WEXITSTATUS(status), 0) << "scenario failed; its failures are printed above";
}

/// Runs `body` in a forked child and returns the number it computed (NaN if the child failed), so
/// that a test can compare several simulations, each in its own process.
inline double measure_in_child(const std::function<double()>& body)
{
    int fds[2];
    if (pipe(fds) != 0)
        return std::nan("");
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        const double value = body();
        const bool ok = !::testing::Test::HasFailure();
        if (ok && write(fds[1], &value, sizeof value) != sizeof value)
            _exit(2);
        std::fflush(nullptr);
        _exit(ok ? 0 : 1);
    }
    close(fds[1]);
    double value = std::nan("");
    const bool got = pid > 0 && read(fds[0], &value, sizeof value) == sizeof value;
    close(fds[0]);
    int status = 0;
    if (pid > 0)
        waitpid(pid, &status, 0);
    EXPECT_TRUE(got && WIFEXITED(status) && WEXITSTATUS(status) == 0) << "measurement failed; see above";
    return got ? value : std::nan("");
}

}  // namespace hxsim::test
