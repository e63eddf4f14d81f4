// History updates with gravity, and clearing the shared tables.
#include "search/history.h"

#include <algorithm>
#include <cstdlib>

namespace shuai {

void update_history(int& entry, int bonus) {
  entry += bonus - entry * std::abs(bonus) / kHistoryMax;
}

int history_bonus(int depth, const SearchParameters& parameters) {
  return std::min(parameters.history_bonus_per_ply * depth - parameters.history_bonus_offset,
                  parameters.history_bonus_max);
}

void SharedStatistic::update(int bonus) {
  int entry = load();
  update_history(entry, std::clamp(bonus, -kHistoryMax, kHistoryMax));
  store(std::clamp(entry, -kHistoryMax, kHistoryMax));
}

void update_correction(SharedStatistic& entry, int error_eighths, int weight) {
  const int target = std::clamp(error_eighths, -kCorrectionLimit, kCorrectionLimit);
  entry.store((entry.load() * (256 - weight) + target * weight) / 256);
}

void SharedHistory::clear_low_ply() {
  for (auto& by_ply : low_ply)
    for (SharedStatistic& statistic : by_ply) statistic.store(0);
}

void SharedHistory::clear() {
  const auto clear_row = [](PieceToStatistics& row) {
    for (auto& by_square : row)
      for (SharedStatistic& statistic : by_square) statistic.store(0);
  };
  for (auto& by_square : continuation)
    for (PieceToStatistics& row : by_square) clear_row(row);
  clear_row(no_earlier_move);
  for (auto& by_side : from_to)
    for (SharedStatistic& statistic : by_side) statistic.store(0);
  for (auto& by_square : capture)
    for (auto& by_type : by_square)
      for (SharedStatistic& statistic : by_type) statistic.store(0);
  for (CorrectionTable* table : {&minors_correction, &majors_correction})
    for (auto& by_side : *table)
      for (SharedStatistic& statistic : by_side) statistic.store(0);
  clear_low_ply();
  for (auto& by_square : counter_moves)
    for (std::atomic<Move>& m : by_square) m.store(kNoMove, std::memory_order_relaxed);
}

}  // namespace shuai
