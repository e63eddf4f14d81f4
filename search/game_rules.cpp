// Repetition judgement over the move history kept by Position.
#include "search/game_rules.h"

#include <algorithm>

namespace shuai {

RuleOutcome repetition_outcome(const Position& position, int earlier_occurrences) {
  const auto history = position.history();
  const int size = int(history.size());
  const int reach = std::min(position.plies_since_capture(), size);
  int occurrences = 0;
  for (int distance = 1; distance <= reach; ++distance) {
    const int start = size - distance;
    if (history[start].move == kNoMove) return RuleOutcome::kNone;  // a null move is no real repetition
    if (distance < 4 || distance % 2 != 0 || history[start].key != position.key()) continue;
    if (++occurrences < earlier_occurrences) continue;
    // Moves start .. size-1 form the cycle; the last was made by the opponent of the side to move. A move
    // gave check if the side to move after it was in check, recorded by the next move (or the position now).
    bool opponent_always_checked = true, mover_always_checked = true;
    for (int index = start; index < size; ++index) {
      const bool gave_check = index + 1 < size ? history[index + 1].was_in_check : position.in_check();
      const bool by_opponent = (size - 1 - index) % 2 == 0;
      (by_opponent ? opponent_always_checked : mover_always_checked) &= gave_check;
    }
    if (opponent_always_checked && !mover_always_checked) return RuleOutcome::kWin;
    if (mover_always_checked && !opponent_always_checked) return RuleOutcome::kLoss;
    return RuleOutcome::kDraw;
  }
  return RuleOutcome::kNone;
}

RuleOutcome rule_outcome(const Position& position, int natural_move_limit) {
  if (position.plies_since_capture() >= 4) {
    const RuleOutcome repetition = repetition_outcome(position);
    if (repetition != RuleOutcome::kNone) return repetition;
  }
  if (natural_move_limit > 0 && position.plies_since_capture() >= natural_move_limit)
    return RuleOutcome::kDraw;
  return RuleOutcome::kNone;
}

}  // namespace shuai
