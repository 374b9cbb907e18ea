// Runs one SystemC scenario in a child process. SystemC elaborates once per process: ctest gives
// every TEST its own process already, and this keeps a whole test binary runnable by hand too.
#pragma once

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

}  // namespace hxsim::test
