// Running a program from a test: its standard output and standard error together, and its exit code.
#pragma once

#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace shuai::test {

struct ProgramRun {
  std::string output;
  int exit_code = -1;  // -1 when killed by a signal
};

inline ProgramRun run_program(const std::string& command) {
  ProgramRun run;
  std::FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  REQUIRE(pipe != nullptr);
  char chunk[4096];
  while (std::size_t count = std::fread(chunk, 1, sizeof chunk, pipe)) run.output.append(chunk, count);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace shuai::test
