// Time allocation rules.
#include "search/time_manager.h"

#include <algorithm>

namespace shuai {

namespace {

constexpr int kLongestHorizon = 60;

}  // namespace

void TimeManager::start(const TimeControl& control, std::int64_t overhead_ms,
                        const SearchParameters& parameters, int move_number) {
  start_ = Clock::now();
  limited_ = control.move_time_ms >= 0 || control.remaining_ms >= 0;
  if (!limited_) return;
  if (control.move_time_ms >= 0) {
    optimum_ms_ = maximum_ms_ = std::max<std::int64_t>(1, control.move_time_ms - overhead_ms);
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
  // The next iteration takes several times the last ones: do not start it past about half the target.
  const double target = std::min<double>(double(maximum_ms_), optimum_ms_ * instability);
  return double(elapsed_ms()) < target * start_percent / 100.0;
}

}  // namespace shuai
