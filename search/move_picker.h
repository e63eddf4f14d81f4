// Move ordering in stages: hash move, winning and even captures (MVV/LVA), killers, quiet moves by history,
// and last the captures that static exchange says lose material. Moves come out pseudo-legal, each once.
#pragma once

#include <array>

#include "engine/board/movegen.h"

namespace shuai {

// How often a quiet move (piece, destination) caused a cutoff, with gravity toward zero.
using HistoryTable = std::array<std::array<int, kMailboxSize>, kPieceIndexCount>;
inline constexpr int kHistoryMax = 1 << 14;

void update_history(int& entry, int bonus);

class MovePicker {
 public:
  // With quiets off (quiescence), only captures that do not lose material are produced.
  MovePicker(const Position& position, Move table_move, const std::array<Move, 2>& killers,
             const HistoryTable& history, bool with_quiets);
  Move next();

 private:
  enum class Stage {
    kTableMove,
    kGenerateCaptures,
    kGoodCaptures,
    kKillers,
    kGenerateQuiets,
    kQuiets,
    kBadCaptures
  };
  // Index of the best-scored remaining move in [cursor, size), swapped to the cursor.
  Move pick_best(MoveList& list, std::array<int, kMaxMoves>& scores, int& cursor);
  bool is_special(Move m) const { return m == table_move_ || m == killers_[0] || m == killers_[1]; }

  const Position& position_;
  const HistoryTable& history_;
  Move table_move_;
  std::array<Move, 2> killers_;
  bool with_quiets_;
  Stage stage_ = Stage::kTableMove;
  MoveList moves_;
  std::array<int, kMaxMoves> scores_;
  int cursor_ = 0;
  int killer_index_ = 0;
  MoveList bad_captures_;
  int bad_cursor_ = 0;
};

}  // namespace shuai
