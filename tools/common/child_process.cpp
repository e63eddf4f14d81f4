// Child processes: fork, exec through the shell, pipes, deadlines, process-group kill.
#include "tools/common/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>

namespace shuai::tools {
namespace {

// Running children, for the signal handler: plain atomics are safe to read there.
std::array<std::atomic<pid_t>, 256> running_children{};

void remember(pid_t pid) {
  for (auto& slot : running_children) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return;
  }
}

void forget(pid_t pid) {
  for (auto& slot : running_children) {
    pid_t expected = pid;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

void kill_children_and_exit(int signal_number) {
  for (auto& slot : running_children) {
    const pid_t pid = slot.load();
    if (pid > 0) ::kill(-pid, SIGKILL);
  }
  _exit(128 + signal_number);
}

}  // namespace

void install_child_cleanup() {
  struct sigaction action {};
  action.sa_handler = kill_children_and_exit;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGHUP, &action, nullptr);
}

bool ChildProcess::start(const std::string& command, const std::string& directory, std::string& error) {
  kill();
  signal(SIGPIPE, SIG_IGN);  // a child that dies must make send() fail, not kill the runner
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) {
    error = std::string("cannot make a pipe: ") + std::strerror(errno);
    return false;
  }
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    error = std::string("cannot make a pipe: ") + std::strerror(errno);
    close(to_child[0]);
    close(to_child[1]);
    return false;
  }
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    error = std::string("cannot fork: ") + std::strerror(errno);
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
    return false;
  }
  if (pid == 0) {
    // The child: its own process group (so the whole group can be killed), dies with the runner.
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
    dup2(to_child[0], STDIN_FILENO);
    dup2(from_child[1], STDOUT_FILENO);
    const int null_device = open("/dev/null", O_WRONLY);
    if (null_device >= 0) dup2(null_device, STDERR_FILENO);
    signal(SIGPIPE, SIG_DFL);
    if (!directory.empty() && chdir(directory.c_str()) != 0) _exit(127);
    const std::string shell_command = "exec " + command;
    execl("/bin/sh", "sh", "-c", shell_command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);  // also here, so the group exists before any kill
  close(to_child[0]);
  close(from_child[1]);
  pid_ = pid;
  input_ = to_child[1];
  output_ = from_child[0];
  buffer_.clear();
  remember(pid);
  return true;
}

bool ChildProcess::send(const std::string& line) {
  if (input_ < 0) return false;
  const std::string text = line + "\n";
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t count = write(input_, text.data() + written, text.size() - written);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) return false;
    written += std::size_t(count);
  }
  return true;
}

ChildProcess::ReadStatus ChildProcess::read_line(Clock::time_point deadline, std::string& line) {
  while (true) {
    const auto newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      line.assign(buffer_, 0, newline);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      buffer_.erase(0, newline + 1);
      return ReadStatus::kLine;
    }
    // A last unterminated line is dropped when the output closes.
    if (const auto stopped = read_more(deadline)) return *stopped;
  }
}

ChildProcess::ReadStatus ChildProcess::read_to_end(Clock::time_point deadline, std::string& text) {
  while (true) {
    const auto stopped = read_more(deadline);
    text += buffer_;
    buffer_.clear();
    if (stopped) return *stopped;
  }
}

std::optional<ChildProcess::ReadStatus> ChildProcess::read_more(Clock::time_point deadline) {
  while (true) {
    if (output_ < 0) return ReadStatus::kClosed;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return ReadStatus::kTimeout;
    pollfd descriptor{output_, POLLIN, 0};
    const int ready = poll(&descriptor, 1, int(std::min<long long>(left, 1'000'000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the loop re-checks the deadline
    char chunk[4096];
    const ssize_t count = read(output_, chunk, sizeof chunk);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) {
      close(output_);
      output_ = -1;
      return ReadStatus::kClosed;
    }
    buffer_.append(chunk, std::size_t(count));
    return std::nullopt;
  }
}

void ChildProcess::close_input() {
  if (input_ >= 0) close(input_);
  input_ = -1;
}

std::optional<int> ChildProcess::wait_exit(Clock::time_point deadline) {
  while (pid_ > 0) {
    int status = 0;
    const pid_t collected = waitpid(pid_, &status, WNOHANG);
    if (collected == pid_) {
      forget(pid_);
      pid_ = -1;
      kill();  // closes the pipes; nothing is left to signal
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    if (Clock::now() >= deadline) return std::nullopt;
    usleep(1000);
  }
  return std::nullopt;
}

void ChildProcess::kill() {
  if (input_ >= 0) close(input_);
  if (output_ >= 0) close(output_);
  input_ = output_ = -1;
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
    forget(pid_);
  }
  pid_ = -1;
  buffer_.clear();
}

}  // namespace shuai::tools
