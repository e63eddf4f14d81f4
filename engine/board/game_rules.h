// Xiangqi's rules beyond checkmate, judged from the position's history: repetitions under the Asian (AXF)
// rules (perpetual check and perpetual chase lose, and what happens when both sides break a rule) and the
// natural move limit. One judge for the search, the referee (engine/game) and the protocol.
#pragma once

#include <string>
#include <string_view>

#include "engine/board/chase.h"
#include "engine/board/position.h"

namespace shuai {

enum class RuleOutcome { kNone, kDraw, kWin, kLoss };  // for the side to move

// Plies without a capture after which the game is drawn: 60 moves per side.
inline constexpr int kDefaultNaturalMoveLimit = 120;

// How one side played through a repeated cycle of moves.
enum class Conduct {
  kAllowed,         // anything else: one check and one chase, chases of different pieces in turn, idle moves
  kPerpetualChase,  // every move chased (without check), and one and the same piece by all of them
  kPerpetualCheck,  // every move was a check
};

// The class of one move of a cycle: a check, or the set of enemy pieces it chases (empty: an idle move).
struct MoveClass {
  bool check = false;
  SquareSet chased;
};

struct RepetitionVerdict {
  RuleOutcome outcome = RuleOutcome::kNone;  // for the side to move; kNone when no repetition
  Conduct side_to_move = Conduct::kAllowed;
  Conduct opponent = Conduct::kAllowed;
};

// If the current position repeats an earlier one (same side to move, no capture or null move in between),
// judge the moves since that earlier occurrence. The search judges the first repetition; a referee waits
// until the position has occurred `earlier_occurrences` times before (2: the third occurrence) and judges
// every move since the first of them.
//
// The verdict: a side whose conduct is allowed never loses. If one side broke a rule and the other did not,
// the breaker loses. If both broke one, perpetual check against perpetual chase is lost by the checker (a
// check is the stronger forcing move, so it must give way); otherwise it is a draw.
RepetitionVerdict judge_repetition(const Position& position, int earlier_occurrences = 1);
RuleOutcome repetition_outcome(const Position& position, int earlier_occurrences = 1);

// "red loses (red: perpetual chase, black: allowed)", "draw (red: allowed, black: allowed)" or "none".
std::string repetition_ruling_text(const RepetitionVerdict& verdict, Color side_to_move);
std::string_view conduct_name(Conduct conduct);

// The class of the last move made in `position` (a check, a chase, or idle): for tools and tests.
MoveClass classify_last_move(const Position& position);

// Repetition first, then the natural move limit (0 = no limit).
RuleOutcome rule_outcome(const Position& position, int natural_move_limit);

}  // namespace shuai
