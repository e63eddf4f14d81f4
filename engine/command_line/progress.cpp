// Drawing a progress line on a terminal or into a log, and the log policy of a run's stages.
#include "engine/command_line/progress.h"

#include <fmt/format.h>
#if defined(_WIN32)
#include <io.h>  // Windows' C runtime names them _isatty and _fileno
#else
#include <unistd.h>
#endif

#include <algorithm>
#include <utility>

namespace shuai {

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
#if defined(_WIN32)
    : stream_(stream), terminal_(stream != nullptr && _isatty(_fileno(stream)) != 0) {
#else
    : stream_(stream), terminal_(stream != nullptr && isatty(fileno(stream)) != 0) {
#endif
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

void ProgressLine::note(const std::string& text) {
  if (!stream_) return;
  fmt::print(stream_, "{}{}\n", drawn_ ? "\r\033[K" : "", text);
  drawn_ = false;
  std::fflush(stream_);
}

std::string standard_progress_text(const ProgressState& state) {
  constexpr int kBarWidth = 30;
  const std::uint64_t total = std::max<std::uint64_t>(state.total, 1);
  return fmt::format("{} {} {:3}% {}/{}  {}{}", state.label, progress_bar(state.done, total, kBarWidth),
                     100 * state.done / total, state.done, total, clock_text(state.elapsed),
                     time_left_text(state.done, total, state.elapsed));
}

Progress::Progress(std::FILE* stream, LogPolicy policy, Text text)
    : line_(stream), policy_(policy), text_(std::move(text)) {}

Progress::~Progress() {
  finish();
}

void Progress::start(std::string label, std::uint64_t total) {
  finish();
  state_.label = std::move(label);
  state_.total = total;
  state_.done = 0;
  drawn_tenth_ = -1;
  line_.restart();
  active_ = true;
  if (line_.terminal() || policy_ == LogPolicy::kEveryTenth) draw();
}

void Progress::update(std::uint64_t done) {
  if (!active_) return;
  const std::uint64_t total = std::max<std::uint64_t>(state_.total, 1);
  state_.done = std::min(done, total);
  const bool due = line_.terminal()
                       ? line_.redraw_due() || state_.done == total
                       : policy_ == LogPolicy::kEveryTenth && int(10 * state_.done / total) != drawn_tenth_;
  if (due) draw();
}

void Progress::finish() {
  if (!active_) return;
  if (line_.terminal() || policy_ == LogPolicy::kFinalState) draw();
  line_.end();
  active_ = false;
}

void Progress::note(const std::string& text) {
  line_.note(text);
  if (active_ && line_.terminal()) draw();
}

void Progress::draw() {
  drawn_tenth_ = int(10 * state_.done / std::max<std::uint64_t>(state_.total, 1));
  state_.elapsed = line_.elapsed();
  line_.draw(text_(state_));
}

}  // namespace shuai
