// A protocol session run in process, as a client drives it: lines go in through Session::handle, and the
// lines it writes (from the commanding thread or the worker) are kept for the tests to wait on.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/protocol/session.h"
#include "tests/support/line_wait.h"

namespace shuai::test {

class SessionLines {
 public:
  using Clock = std::chrono::steady_clock;

  // A small table keeps each session quick to start.
  explicit SessionLines(std::size_t hash_megabytes = 16) : session_(writer_, hash_megabytes) {}

  // One command line; false once the session has ended.
  bool send(std::string_view line) { return session_.handle(line); }

  // The next line not read yet, or nothing if none comes within the timeout.
  std::optional<std::string> read_line(int timeout_ms = 20'000) {
    std::unique_lock lock(mutex_);
    if (!written_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                           [&] { return next_ < lines_.size(); }))
      return std::nullopt;
    return lines_[next_++];
  }

  // Reads until a line starting with `prefix`; returns it, or nothing on timeout.
  std::optional<std::string> wait_for(std::string_view prefix, int timeout_ms = 20'000) {
    return wait_for_line([this](int left) { return read_line(left); }, prefix, timeout_ms);
  }

  // The lines read so far, oldest first.
  std::vector<std::string> read_lines() const {
    std::lock_guard lock(mutex_);
    return {lines_.begin(), lines_.begin() + std::ptrdiff_t(next_)};
  }

 private:
  mutable std::mutex mutex_;
  std::condition_variable written_;
  std::vector<std::string> lines_;
  std::size_t next_ = 0;
  LineWriter writer_{[this](const std::string& line) {
    std::lock_guard lock(mutex_);
    lines_.push_back(line);
    written_.notify_all();
  }};
  Session session_;  // last: it stops its worker, which may still write, before the rest goes
};

}  // namespace shuai::test
