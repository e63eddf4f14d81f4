// Runs the real shuai binary as a child process and talks to it through pipes, as a GUI would.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace shuai::test {

class EngineProcess {
 public:
  using Clock = std::chrono::steady_clock;

  EngineProcess() {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(to_child[0], STDIN_FILENO);
      dup2(from_child[1], STDOUT_FILENO);
      close(to_child[1]);
      close(from_child[0]);
      execl(SHUAI_BINARY, SHUAI_BINARY, static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    input_ = to_child[1];
    output_ = from_child[0];
    signal(SIGPIPE, SIG_IGN);
  }

  ~EngineProcess() {
    if (input_ >= 0) close(input_);
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(output_);
  }

  void send(const std::string& line) {
    const std::string text = line + "\n";
    if (write(input_, text.data(), text.size()) != ssize_t(text.size()))
      throw std::runtime_error("write failed");
  }

  // Closes the engine's standard input (end of input).
  void close_input() {
    close(input_);
    input_ = -1;
  }

  // The next line, or nothing if none arrives within the timeout.
  std::optional<std::string> read_line(int timeout_ms) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      const auto newline = buffer_.find('\n');
      if (newline != std::string::npos) {
        std::string line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        lines_.push_back(line);
        return line;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd descriptor{output_, POLLIN, 0};
      if (poll(&descriptor, 1, int(left)) <= 0) return std::nullopt;
      char chunk[4096];
      const ssize_t count = read(output_, chunk, sizeof chunk);
      if (count <= 0) return std::nullopt;  // the engine closed its output
      buffer_.append(chunk, std::size_t(count));
    }
  }

  // Reads until a line starting with `prefix`; returns it, or nothing on timeout.
  std::optional<std::string> wait_for(const std::string& prefix, int timeout_ms = 20'000) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return std::nullopt;
      const auto line = read_line(int(left));
      if (!line) return std::nullopt;
      if (line->starts_with(prefix)) return line;
    }
  }

  // Whether the process ends within the timeout (its exit is collected).
  bool exits_within(int timeout_ms) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    while (Clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        return exited_ = true;
      }
      usleep(1000);
    }
    return false;
  }

  // The exit code once exits_within() saw the process end (-1 if killed by a signal).
  int exit_code() const { return exit_code_; }

  // Every line read so far.
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  pid_t pid_ = -1;
  int input_ = -1, output_ = -1;
  bool exited_ = false;
  int exit_code_ = -1;
  std::string buffer_;
  std::vector<std::string> lines_;
};

}  // namespace shuai::test
