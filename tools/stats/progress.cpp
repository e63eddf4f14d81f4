// The statistics runs' progress bar, drawn on the tools' progress line.
#include "tools/stats/progress.h"

#include <fmt/format.h>

#include <algorithm>

namespace shuai::stats {

namespace {

constexpr int kBarWidth = 30;

}  // namespace

Progress::Progress(std::FILE* stream) : line_(stream) {}

Progress::~Progress() {
  finish();
}

void Progress::start(std::string label, std::uint64_t total) {
  finish();
  label_ = std::move(label);
  total_ = std::max<std::uint64_t>(total, 1);
  done_ = 0;
  last_tenth_ = -1;
  line_.restart();
  active_ = true;
  draw();
}

void Progress::advance(std::uint64_t units) {
  if (!active_) return;
  done_ = std::min(done_ + units, total_);
  // A terminal redraws five times a second at most; a log gets a line per tenth.
  if (line_.terminal() ? line_.redraw_due() || done_ == total_ : int(10 * done_ / total_) != last_tenth_)
    draw();
}

void Progress::finish() {
  if (!active_) return;
  if (line_.terminal()) draw();  // the last state, then leave the line
  line_.end();
  active_ = false;
}

void Progress::draw() {
  last_tenth_ = int(10 * done_ / total_);
  const double elapsed = line_.elapsed();
  line_.draw(fmt::format("{} {} {:3}% {}/{}  {}{}", label_, tools::progress_bar(done_, total_, kBarWidth),
                         100 * done_ / total_, done_, total_, tools::clock_text(elapsed),
                         tools::time_left_text(done_, total_, elapsed)));
}

}  // namespace shuai::stats
