// Runs the real shuai binary as a child process and talks to it through pipes, as a GUI would (on the tools'
// ChildProcess), keeping every line it read for the tests to inspect.
#pragma once

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "tests/support/line_wait.h"
#include "tools/common/child_process.h"

namespace shuai::test {

class EngineProcess {
 public:
  using Clock = tools::Clock;

  EngineProcess() {
    std::string error;
    if (!process_.start(SHUAI_BINARY, "", error)) throw std::runtime_error(error);
  }

  void send(const std::string& line) {
    if (!process_.send(line)) throw std::runtime_error("write failed");
  }

  // Closes the engine's standard input (end of input).
  void close_input() { process_.close_input(); }

  // The next line, or nothing if none arrives within the timeout.
  std::optional<std::string> read_line(int timeout_ms) {
    std::string line;
    if (process_.read_line(Clock::now() + std::chrono::milliseconds(timeout_ms), line) !=
        tools::ChildProcess::ReadStatus::kLine)
      return std::nullopt;
    lines_.push_back(line);
    return line;
  }

  // Reads until a line starting with `prefix`; returns it, or nothing on timeout.
  std::optional<std::string> wait_for(const std::string& prefix, int timeout_ms = 20'000) {
    return wait_for_line([this](int left) { return read_line(left); }, prefix, timeout_ms);
  }

  // Whether the process ends within the timeout (its exit is collected).
  bool exits_within(int timeout_ms) {
    const auto code = process_.wait_exit(Clock::now() + std::chrono::milliseconds(timeout_ms));
    if (code) exit_code_ = *code;
    return code.has_value();
  }

  // The exit code once exits_within() saw the process end (-1 if killed by a signal).
  int exit_code() const { return exit_code_; }

  // Every line read so far.
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  tools::ChildProcess process_;
  int exit_code_ = -1;
  std::vector<std::string> lines_;
};

// Sends quit to a busy engine: it must say bye and exit cleanly at once, whatever it was doing.
inline void check_quit_ends_at_once(EngineProcess& engine) {
  const auto start = EngineProcess::Clock::now();
  engine.send("quit");
  CHECK(engine.wait_for("bye", 2'000));
  CHECK(engine.exits_within(2'000));
  CHECK(engine.exit_code() == 0);
  CHECK(EngineProcess::Clock::now() - start < std::chrono::seconds(1));
}

}  // namespace shuai::test
