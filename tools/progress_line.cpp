// Drawing a progress line on a terminal or into a log.
#include "tools/progress_line.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>

namespace shuai::tools {

std::string clock_text(double seconds) {
  const long total = long(seconds + 0.5);
  return total >= 3600 ? fmt::format("{}:{:02}:{:02}", total / 3600, total / 60 % 60, total % 60)
                       : fmt::format("{}:{:02}", total / 60, total % 60);
}

std::string progress_bar(std::uint64_t done, std::uint64_t total, int width) {
  total = std::max<std::uint64_t>(total, 1);
  const auto filled = std::size_t(std::uint64_t(width) * std::min(done, total) / total);
  std::string bar(std::size_t(width) + 2, '.');
  bar.front() = '[';
  bar.back() = ']';
  std::fill_n(bar.begin() + 1, filled, '#');
  return bar;
}

std::string time_left_text(std::uint64_t done, std::uint64_t total, double elapsed) {
  if (done == 0 || done >= total) return "";
  return fmt::format("  ~{} left", clock_text(elapsed * double(total - done) / double(done)));
}

ProgressLine::ProgressLine(std::FILE* stream)
    : stream_(stream), terminal_(stream != nullptr && isatty(fileno(stream)) != 0) {
  restart();
}

double ProgressLine::elapsed() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

void ProgressLine::restart() {
  start_ = last_draw_ = Clock::now();
}

bool ProgressLine::redraw_due() const {
  return terminal_ && Clock::now() - last_draw_ >= std::chrono::milliseconds(200);
}

void ProgressLine::draw(const std::string& text) {
  last_draw_ = Clock::now();
  if (!stream_) return;
  if (terminal_) {
    fmt::print(stream_, "\r{}\033[K", text);
    drawn_ = true;
  } else {
    fmt::print(stream_, "{}\n", text);
  }
  std::fflush(stream_);
}

void ProgressLine::end() {
  if (!drawn_) return;
  std::fputc('\n', stream_);
  drawn_ = false;
}

}  // namespace shuai::tools
