// Running a program from a test on the tools' ChildProcess: its output read to the end, and its exit code.
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "tools/common/child_process.h"

namespace shuai::test {

struct ProgramRun {
  std::string output;
  int exit_code = -1;  // -1 when killed by a signal
};

// What a run's output holds: standard output and standard error together, or standard output alone
// (standard error then goes to /dev/null).
enum class Capture { kOutputAndError, kOutputOnly };

// Runs `command` through the shell with its standard input closed and waits for it to exit.
inline ProgramRun run_program(const std::string& command, Capture capture = Capture::kOutputAndError) {
  using tools::ChildProcess;
  constexpr auto kNoDeadline = tools::Clock::time_point::max();
  ChildProcess process;
  std::string error;
  REQUIRE_MESSAGE(process.start(capture == Capture::kOutputAndError ? command + " 2>&1" : command, "", error),
                  error);
  process.close_input();
  ProgramRun run;
  REQUIRE(process.read_to_end(kNoDeadline, run.output) == ChildProcess::ReadStatus::kClosed);
  run.exit_code = process.wait_exit(kNoDeadline).value_or(-1);
  return run;
}

}  // namespace shuai::test
