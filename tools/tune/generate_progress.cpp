// Drawing the progress line of a generate run.
#include "tools/tune/generate_progress.h"

#include <fmt/format.h>

#include <string>

namespace shuai::tune {

namespace {

constexpr int kBarWidth = 24;

}  // namespace

GenerateProgress::GenerateProgress(std::FILE* stream, std::uint64_t total_games)
    : line_(stream), total_(total_games) {
  if (line_.terminal()) draw();
}

GenerateProgress::~GenerateProgress() {
  finish();
}

void GenerateProgress::update(std::uint64_t games_done, std::uint64_t positions_written) {
  games_ = games_done;
  positions_ = positions_written;
  if (line_.redraw_due()) draw();
}

void GenerateProgress::finish() {
  if (finished_) return;
  finished_ = true;
  draw();
  line_.end();
}

void GenerateProgress::draw() {
  const double elapsed = line_.elapsed();
  std::string rate;
  if (games_ > 0 && elapsed > 0)
    rate = fmt::format("  {:.1f} games/min{}", 60.0 * double(games_) / elapsed,
                       tools::time_left_text(games_, total_, elapsed));
  line_.draw(fmt::format("generate {} {}/{} games  {} positions  {}{}",
                         tools::progress_bar(games_, total_, kBarWidth), games_, total_, positions_,
                         tools::clock_text(elapsed), rate));
}

}  // namespace shuai::tune
