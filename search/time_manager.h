// Time allocation for one move: a soft target checked between iterations, stretched when the root is in
// trouble, and a hard limit checked inside the search that never runs past the clock; a fixed move time
// searched to its end; and the share of the processor the search leaves to other programs (UCCI's idle).
#pragma once

#include <chrono>
#include <cstdint>

#include "search/search_parameters.h"

namespace shuai {

struct TimeControl {
  std::int64_t remaining_ms = -1;  // the engine's clock; -1 = no clock
  std::int64_t increment_ms = 0;
  int moves_to_go = 0;             // 0 = sudden death (with or without increment)
  std::int64_t move_time_ms = -1;  // exact time for this move; -1 = none
  // Percent of each thread's processor time left to other programs (UCCI's idle option): the search sleeps
  // between slices of work. 0 = never sleeps.
  int idle_percent = 0;
};

class TimeManager {
 public:
  using Clock = std::chrono::steady_clock;

  // overhead_ms: what the GUI and process latency take from every move, kept in reserve. The shares come from
  // the time_ parameters.
  // `move_number`: the game's move (from 1), for a plan that spends more early in the game.
  void start(const TimeControl& control, std::int64_t overhead_ms,
             const SearchParameters& parameters = default_search_parameters(), int move_number = 1);
  // Pondering ends: the clock for this move starts now.
  void restart_clock() { start_ = Clock::now(); }

  bool limited() const { return limited_; }
  std::int64_t elapsed_ms() const;
  std::int64_t optimum_ms() const { return optimum_ms_; }
  std::int64_t maximum_ms() const { return maximum_ms_; }

  // Between iterations: is there time for another? `instability` >= 1 stretches the target (a failing or
  // changing root), up to the hard limit; an iteration starts only before `start_percent` of that.
  bool should_start_iteration(double instability, int start_percent) const;
  // Inside the search: the hard limit is reached.
  bool out_of_time() const { return limited_ && elapsed_ms() >= maximum_ms_; }
  // Inside the search, by every thread at regular node intervals: with an idle share, sleeps once the thread
  // has worked a slice, long enough to leave that share of its time to other programs.
  void leave_idle_share() const {
    if (idle_percent_ > 0) sleep_for_idle_share();
  }

 private:
  void sleep_for_idle_share() const;

  Clock::time_point start_ = Clock::now();
  // When the search began (start_ moves on at ponderhit; this does not, and helpers may read it).
  Clock::time_point search_start_ = start_;
  bool fixed_move_time_ = false;  // "go movetime": the search runs to the hard limit
  int idle_percent_ = 0;
  bool limited_ = false;
  std::int64_t optimum_ms_ = 0;
  std::int64_t maximum_ms_ = 0;
};

}  // namespace shuai
