// Drawing the progress line of a generate run.
#include "tools/tune/generate_progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <string>

#include "tools/stats/progress.h"

namespace shuai::tune {

using stats::clock_text;

namespace {

constexpr int kBarWidth = 24;

}  // namespace

GenerateProgress::GenerateProgress(std::FILE* stream, std::uint64_t total_games)
    : stream_(stream), total_(total_games) {
  terminal_ = stream_ && isatty(fileno(stream_));
  start_ = last_draw_ = Clock::now();
  if (terminal_) draw();
}

GenerateProgress::~GenerateProgress() {
  finish();
}

void GenerateProgress::update(std::uint64_t games_done, std::uint64_t positions_written) {
  games_ = games_done;
  positions_ = positions_written;
  // Five redraws a second at most.
  if (terminal_ && Clock::now() - last_draw_ >= std::chrono::milliseconds(200)) draw();
}

void GenerateProgress::finish() {
  if (finished_) return;
  finished_ = true;
  if (!stream_) return;
  draw();
  if (terminal_) std::fputc('\n', stream_);
}

void GenerateProgress::draw() {
  last_draw_ = Clock::now();
  if (!stream_) return;
  const double elapsed = std::chrono::duration<double>(last_draw_ - start_).count();
  const std::uint64_t shown_total = std::max<std::uint64_t>(total_, 1);
  const int filled = int(kBarWidth * std::min(games_, shown_total) / shown_total);
  std::string rate = "";
  if (games_ > 0 && elapsed > 0) {
    rate = fmt::format("  {:.1f} games/min", 60.0 * double(games_) / elapsed);
    if (games_ < total_)
      rate += fmt::format("  ~{} left", clock_text(elapsed * double(total_ - games_) / double(games_)));
  }
  const std::string line =
      fmt::format("generate [{}{}] {}/{} games  {} positions  {}{}", std::string(std::size_t(filled), '#'),
                  std::string(std::size_t(kBarWidth - filled), '.'), games_, total_, positions_,
                  clock_text(elapsed), rate);
  if (terminal_)
    fmt::print(stream_, "\r{}\033[K", line);
  else
    fmt::print(stream_, "{}\n", line);
  std::fflush(stream_);
}

}  // namespace shuai::tune
