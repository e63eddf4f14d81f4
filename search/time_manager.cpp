// Time allocation rules, and the sleeps of the idle share.
#include "search/time_manager.h"

#include <algorithm>
#include <thread>

namespace shuai {

namespace {

constexpr int kLongestHorizon = 60;

// What a fixed move time keeps back at least when the move overhead is set lower: the answer must still be
// written and read within the time the GUI gave.
constexpr std::int64_t kMoveTimeMarginMs = 10;

// Under an idle share a thread works a slice this long, then sleeps: short enough that the sleeps, and the
// delay they add to a stop, stay a few milliseconds; long enough that their cost (a system call, the
// scheduler's granularity) is small beside the work.
constexpr auto kIdleSlice = std::chrono::milliseconds(8);
// A slice is counted at most this long: a helper that waited for work, or a slow (instrumented) build
// between two checks, must not sleep for what was not work.
constexpr auto kLongestIdleSlice = 4 * kIdleSlice;
// When this thread's current slice began, and the sleep it still owes for its work (each search thread has
// its own). Negative: a coarse timer (Windows rounds to its tick) slept more than was asked, and the next
// slices owe that much less, so the share holds on average.
thread_local TimeManager::Clock::time_point idle_slice_start;
thread_local TimeManager::Clock::duration idle_sleep_owed;

}  // namespace

void TimeManager::start(const TimeControl& control, std::int64_t overhead_ms,
                        const SearchParameters& parameters, int move_number) {
  start_ = search_start_ = Clock::now();
  idle_percent_ = std::clamp(control.idle_percent, 0, 95);
  fixed_move_time_ = control.move_time_ms >= 0;
  limited_ = control.move_time_ms >= 0 || control.remaining_ms >= 0;
  if (!limited_) return;
  if (fixed_move_time_) {
    // UCI: "search exactly N milliseconds". The whole time is the target, less what the answer needs.
    optimum_ms_ = maximum_ms_ =
        std::max<std::int64_t>(1, control.move_time_ms - std::max(overhead_ms, kMoveTimeMarginMs));
    return;
  }
  // Never plan to use what the overhead needs; keep a last reserve so a slow reply cannot lose on time.
  const std::int64_t usable = std::max<std::int64_t>(1, control.remaining_ms - overhead_ms);
  // Without moves to go each move is planned as one of the next `horizon`; the horizon may grow as the game
  // goes on, so that the opening and the early middle game, where games are decided, get more of the clock.
  const int horizon =
      std::min(kLongestHorizon, parameters.time_horizon_moves + parameters.time_horizon_growth_percent *
                                                                    std::max(0, move_number - 1) / 100);
  const int moves = control.moves_to_go > 0 ? std::min(control.moves_to_go, 40) : horizon;
  const std::int64_t share = usable / moves + control.increment_ms * parameters.time_increment_percent / 100;
  const double hard_fraction = control.moves_to_go == 1 ? 0.8 : parameters.time_hard_fraction_percent / 100.0;
  maximum_ms_ =
      std::max<std::int64_t>(1, std::min<std::int64_t>(share * parameters.time_maximum_factor_percent / 100,
                                                       std::int64_t(usable * hard_fraction)));
  optimum_ms_ = std::max<std::int64_t>(1, std::min(share, maximum_ms_));
}

std::int64_t TimeManager::elapsed_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
}

bool TimeManager::should_start_iteration(double instability, int start_percent) const {
  if (!limited_) return true;
  // A fixed move time is spent to its end, as the GUIs that give one expect (UCI: "search exactly N
  // milliseconds"): iterations start until the hard limit, which ends the one it cuts.
  if (fixed_move_time_) return elapsed_ms() < maximum_ms_;
  // The next iteration takes several times the last ones: do not start it past about half the target.
  const double target = std::min<double>(double(maximum_ms_), optimum_ms_ * instability);
  return double(elapsed_ms()) < target * start_percent / 100.0;
}

void TimeManager::sleep_for_idle_share() const {
  const Clock::time_point now = Clock::now();
  if (idle_slice_start < search_start_) {  // the thread's first slice of this search
    idle_slice_start = search_start_;
    idle_sleep_owed = Clock::duration::zero();
  }
  const Clock::duration worked = std::min<Clock::duration>(now - idle_slice_start, kLongestIdleSlice);
  if (worked < kIdleSlice) return;
  // Asleep for p / (100 - p) of its work, the thread uses 100 - p percent of its processor's time.
  idle_sleep_owed += worked * idle_percent_ / (100 - idle_percent_);
  idle_slice_start = now;
  if (idle_sleep_owed <= Clock::duration::zero()) return;
  std::this_thread::sleep_for(idle_sleep_owed);
  idle_slice_start = Clock::now();
  idle_sleep_owed -= idle_slice_start - now;
}

}  // namespace shuai
