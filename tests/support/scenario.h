// Runs one SystemC scenario in a child process. SystemC elaborates once per process: ctest gives
// every TEST its own process already, and this keeps a whole test binary runnable by hand too.
#pragma once

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

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

/// Runs `body` in a forked child and returns the records it produced (empty if the child
/// failed), so that a test can compare what two simulations saw, record by record.
template <typename T>
std::vector<T> collect_in_child(const std::function<std::vector<T>()>& body)
{
    static_assert(std::is_trivially_copyable_v<T>, "records cross a pipe as bytes");
    int fds[2];
    if (pipe(fds) != 0)
        return {};
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        const std::vector<T> records = body();
        const bool ok = !::testing::Test::HasFailure();
        const char* bytes = reinterpret_cast<const char*>(records.data());
        std::size_t left = ok ? records.size() * sizeof(T) : 0;
        while (left > 0) {
            const ssize_t n = write(fds[1], bytes, left);
            if (n <= 0)
                _exit(2);
            bytes += n;
            left -= static_cast<std::size_t>(n);
        }
        std::fflush(nullptr);
        _exit(ok ? 0 : 1);
    }
    close(fds[1]);
    std::vector<char> bytes;
    char chunk[65536];
    for (ssize_t n; pid > 0 && (n = read(fds[0], chunk, sizeof chunk)) > 0;)
        bytes.insert(bytes.end(), chunk, chunk + n);
    close(fds[0]);
    int status = 0;
    if (pid > 0)
        waitpid(pid, &status, 0);
    const bool ok = pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 && bytes.size() % sizeof(T) == 0;
    EXPECT_TRUE(ok) << "the child simulation failed; see above";
    std::vector<T> records(ok ? bytes.size() / sizeof(T) : 0);
    if (!records.empty())
        std::memcpy(records.data(), bytes.data(), bytes.size());
    return records;
}

/// Runs `body` in a forked child and returns the number it computed (NaN if the child failed), so
/// that a test can compare several simulations, each in its own process.
inline double measure_in_child(const std::function<double()>& body)
{
    const std::vector<double> value = collect_in_child<double>([&] { return std::vector<double>{body()}; });
    return value.size() == 1 ? value.front() : std::nan("");
}

}  // namespace hxsim::test
