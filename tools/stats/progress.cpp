// Progress bar drawing.
#include "tools/stats/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>

namespace shuai::stats {

namespace {

constexpr int kBarWidth = 30;

}  // namespace

std::string clock_text(double seconds) {
  const long total = long(seconds + 0.5);
  return total >= 3600 ? fmt::format("{}:{:02}:{:02}", total / 3600, total / 60 % 60, total % 60)
                       : fmt::format("{}:{:02}", total / 60, total % 60);
}

Progress::Progress(std::FILE* stream) : stream_(stream) {
  terminal_ = stream_ && isatty(fileno(stream_));
}

Progress::~Progress() {
  finish();
}

void Progress::start(std::string label, std::uint64_t total) {
  finish();
  label_ = std::move(label);
  total_ = std::max<std::uint64_t>(total, 1);
  done_ = 0;
  last_tenth_ = -1;
  start_ = last_draw_ = Clock::now();
  active_ = true;
  draw();
}

void Progress::advance(std::uint64_t units) {
  if (!active_) return;
  done_ = std::min(done_ + units, total_);
  const auto now = Clock::now();
  const int tenth = int(10 * done_ / total_);
  // A terminal redraws five times a second at most; a log gets a line per tenth.
  if (terminal_ ? now - last_draw_ >= std::chrono::milliseconds(200) || done_ == total_
                : tenth != last_tenth_)
    draw();
}

void Progress::finish() {
  if (!active_) return;
  if (terminal_) {  // the last state, then leave the line
    draw();
    std::fputc('\n', stream_);
  }
  active_ = false;
}

void Progress::draw() {
  last_draw_ = Clock::now();
  last_tenth_ = int(10 * done_ / total_);
  if (!stream_) return;
  const double elapsed = std::chrono::duration<double>(last_draw_ - start_).count();
  const int filled = int(kBarWidth * done_ / total_);
  std::string left = "";
  if (done_ > 0 && done_ < total_)
    left = fmt::format("  ~{} left", clock_text(elapsed * double(total_ - done_) / double(done_)));
  const std::string line =
      fmt::format("{} [{}{}] {:3}% {}/{}  {}{}", label_, std::string(std::size_t(filled), '#'),
                  std::string(std::size_t(kBarWidth - filled), '.'), 100 * done_ / total_, done_, total_,
                  clock_text(elapsed), left);
  if (terminal_)
    fmt::print(stream_, "\r{}\033[K", line);
  else
    fmt::print(stream_, "{}\n", line);
  std::fflush(stream_);
}

}  // namespace shuai::stats
