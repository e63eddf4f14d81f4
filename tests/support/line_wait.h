// Waiting for a line that starts with a prefix, for anything the tests read lines from (a child process's
// pipe, an in-process session).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace shuai::test {

// Reads with `read_line(timeout_ms)` (the next line, or nothing on timeout) until a line starts with
// `prefix`; returns it, or nothing once `timeout_ms` has passed.
template <typename ReadLine>
std::optional<std::string> wait_for_line(ReadLine read_line, std::string_view prefix, int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now())
            .count();
    if (left <= 0) return std::nullopt;
    const std::optional<std::string> line = read_line(int(left));
    if (!line) return std::nullopt;
    if (line->starts_with(prefix)) return line;
  }
}

}  // namespace shuai::test
