// The progress line of `shuai-tune generate` on standard error: games done of the run's total, positions
// written, games per minute and the time left. On a terminal it redraws in place; otherwise (a log, a pipe)
// it stays quiet until the run ends and then writes its final state once.
#pragma once

#include <cstdint>
#include <cstdio>

#include "tools/progress_line.h"

namespace shuai::tune {

class GenerateProgress {
 public:
  // A null stream draws nothing.
  GenerateProgress(std::FILE* stream, std::uint64_t total_games);
  void update(std::uint64_t games_done, std::uint64_t positions_written);
  // The final state; called by the destructor if not before.
  void finish();
  ~GenerateProgress();

 private:
  void draw();

  tools::ProgressLine line_;
  bool finished_ = false;
  std::uint64_t total_ = 0, games_ = 0, positions_ = 0;
};

}  // namespace shuai::tune
