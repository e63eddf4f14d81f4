// Xiangqi's rules beyond checkmate, judged from the position's history: repetition (perpetual check loses,
// mutual perpetual check and idle repetition draw) and the natural move limit.
#pragma once

#include "engine/board/position.h"

namespace shuai {

enum class RuleOutcome { kNone, kDraw, kWin, kLoss };  // for the side to move

// Plies without a capture after which the game is drawn: 60 moves per side.
inline constexpr int kDefaultNaturalMoveLimit = 120;

// If the current position repeats an earlier one (same side to move, no capture or null move in between),
// judge the cycle: the side that gave check with every one of its moves in it loses, unless both did. The
// search judges the first repetition; a referee waits until the position has occurred `earlier_occurrences`
// times before (2: the third occurrence) and judges every move since the first.
RuleOutcome repetition_outcome(const Position& position, int earlier_occurrences = 1);

// Repetition first, then the natural move limit (0 = no limit).
RuleOutcome rule_outcome(const Position& position, int natural_move_limit);

}  // namespace shuai
