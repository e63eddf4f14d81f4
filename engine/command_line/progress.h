// The one progress display of the tools' long runs (on standard error, or the match's standard output). On a
// terminal it redraws one line in place, five times a second at most; into a log or a pipe every drawn state
// is a line of its own, so the display's log policy says which states are worth a line there.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

namespace shuai {

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
  // Writes `text` as a line of its own that stays (over a drawn line on a terminal, which the next draw
  // brings back).
  void note(const std::string& text);

 private:
  using Clock = std::chrono::steady_clock;

  std::FILE* stream_;
  bool terminal_ = false, drawn_ = false;
  Clock::time_point start_, last_draw_;
};

// Which states of a run become lines in a log or a pipe (a terminal sees them all, redrawn in place).
enum class LogPolicy {
  kFinalState,  // only the state at finish(): a run whose log wants its outcome
  kEveryTenth,  // the start, then each further tenth of the way: a long run whose log shows it moving
};

// What a progress text is made of: the stage's label, units done of its total, seconds since its start.
struct ProgressState {
  std::string label;
  std::uint64_t done = 0, total = 0;
  double elapsed = 0;
};

// "label [bar]  pp% done/total  m:ss  ~m:ss left": the progress text of a run that has nothing else to show.
std::string standard_progress_text(const ProgressState& state);

// A run's progress in stages, each `total` units of work, drawn on a ProgressLine as the caller's text.
class Progress {
 public:
  using Text = std::function<std::string(const ProgressState&)>;
  // A null stream draws nothing (tests, --quiet).
  explicit Progress(std::FILE* stream, LogPolicy policy = LogPolicy::kEveryTenth,
                    Text text = standard_progress_text);
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  ~Progress();

  // A new stage (finishing the one before): restarts the clock and draws its start.
  void start(std::string label, std::uint64_t total);
  // Sets the units done (absolute) or adds to them, and draws if the policy says so.
  void update(std::uint64_t done);
  void advance(std::uint64_t units = 1) { update(state_.done + units); }
  // The stage's last state (drawn as the policy says), then the line is left.
  void finish();
  // A line of its own that stays: a record of the run (the match's games) beside the progress.
  void note(const std::string& text);

  std::uint64_t done() const { return state_.done; }

 private:
  void draw();

  ProgressLine line_;
  LogPolicy policy_;
  Text text_;
  ProgressState state_;
  bool active_ = false;
  int drawn_tenth_ = -1;
};

}  // namespace shuai
