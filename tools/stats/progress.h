// The progress bar of the statistics runs on standard error: done/total, percent, elapsed time and an
// estimate of the time left, for each stage of work. Into a file or a pipe it writes a line at every tenth of
// the way, so logs stay short (see tools/progress_line.h).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "tools/progress_line.h"

namespace shuai::stats {

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
  void draw();

  tools::ProgressLine line_;
  bool active_ = false;
  std::string label_;
  std::uint64_t total_ = 0, done_ = 0;
  int last_tenth_ = -1;
};

}  // namespace shuai::stats
