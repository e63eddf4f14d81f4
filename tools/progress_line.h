// The progress line the tools' long runs draw on standard error. On a terminal it redraws one line in place,
// five times a second at most; into a log or a pipe every drawn state is a line of its own, so each caller
// draws there only the states worth keeping (its final one, or every tenth of the way).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace shuai::tools {

// A duration as m:ss, or h:mm:ss from an hour on.
std::string clock_text(double seconds);

// `done` of `total` as a bar `width` characters wide: [#####.....].
std::string progress_bar(std::uint64_t done, std::uint64_t total, int width);

// "  ~m:ss left" for `done` of `total` in `elapsed` seconds, at the rate so far; empty before the first unit
// and after the last.
std::string time_left_text(std::uint64_t done, std::uint64_t total, double elapsed);

class ProgressLine {
 public:
  // A null stream draws nothing (tests, --quiet).
  explicit ProgressLine(std::FILE* stream);

  bool terminal() const { return terminal_; }
  // Seconds since the line was made or restarted.
  double elapsed() const;
  void restart();
  // On a terminal, whether a fifth of a second has passed since the last draw.
  bool redraw_due() const;
  // Shows `text`: over the line on a terminal, as a new line otherwise.
  void draw(const std::string& text);
  // On a terminal, leaves a drawn line so that what follows starts on a fresh one.
  void end();

 private:
  using Clock = std::chrono::steady_clock;

  std::FILE* stream_;
  bool terminal_ = false, drawn_ = false;
  Clock::time_point start_, last_draw_;
};

}  // namespace shuai::tools
