// The progress bar every long run draws on standard error: done/total, percent, elapsed time and an
// estimate of the time left. On a terminal it redraws one line in place; into a file or a pipe it writes a
// line at every tenth of the way, so logs stay short.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace shuai::stats {

// A duration as m:ss, or h:mm:ss from an hour on.
std::string clock_text(double seconds);

class Progress {
 public:
  // A null stream draws nothing (tests, --quiet).
  explicit Progress(std::FILE* stream);

  // A new stage of `total` units of work (searches, games, ...).
  void start(std::string label, std::uint64_t total);
  void advance(std::uint64_t units = 1);
  // Ends the stage's line (called by start() and the destructor if needed).
  void finish();
  ~Progress();

  std::uint64_t done() const { return done_; }

 private:
  using Clock = std::chrono::steady_clock;
  void draw();

  std::FILE* stream_;
  bool terminal_ = false;
  bool active_ = false;
  std::string label_;
  std::uint64_t total_ = 0, done_ = 0;
  int last_tenth_ = -1;
  Clock::time_point start_, last_draw_;
};

}  // namespace shuai::stats
