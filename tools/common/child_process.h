// A child program on the other end of two pipes: started in its own process group, read with deadlines, and
// always killed (group and all) when its owner lets go of it or the runner is interrupted. The one way the
// project runs a program: the match runner talks to its engines with it, the tests run the programs with it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>

namespace shuai::tools {

using Clock = std::chrono::steady_clock;

class ChildProcess {
 public:
  enum class ReadStatus { kLine, kTimeout, kClosed };

  ChildProcess() = default;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess() { kill(); }

  // Runs `command` through /bin/sh in `directory` (empty: the current one). Its standard error goes to
  // /dev/null. False, with a message in `error`, when it cannot be started.
  bool start(const std::string& command, const std::string& directory, std::string& error);
  bool running() const { return pid_ > 0; }

  // False when the child no longer reads its input (it has exited or closed it).
  bool send(const std::string& line);
  // The next line into `line`, waiting until `deadline` at most.
  ReadStatus read_line(Clock::time_point deadline, std::string& line);
  // Everything the child writes until it closes its output, appended to `text` as written (a last line
  // without a newline too): kClosed when the output was read to its end, kTimeout when `deadline` came first.
  ReadStatus read_to_end(Clock::time_point deadline, std::string& text);

  // Closes the child's standard input (end of input).
  void close_input();
  // Waits until `deadline` for the child to exit by itself; its exit code (-1 if a signal ended it), or
  // nothing if it is still running. A collected child is no longer running.
  std::optional<int> wait_exit(Clock::time_point deadline);

  // Kills the child's process group and collects the child.
  void kill();

 private:
  // Waits until `deadline` for more output and appends it to the buffer: nothing when some arrived, else why
  // none did (kTimeout, or kClosed when the child closed its output).
  std::optional<ReadStatus> read_more(Clock::time_point deadline);

  pid_t pid_ = -1;
  int input_ = -1, output_ = -1;
  std::string buffer_;
};

// Installs SIGINT/SIGTERM/SIGHUP handlers that kill every running child before the runner exits. (Starting a
// child also ignores SIGPIPE: writing to a dead child's pipe becomes an error return.)
void install_child_cleanup();

}  // namespace shuai::tools
