// The plain static evaluation: material (kept incrementally by Position) plus piece-square tables, and a
// small bonus for the side to move. A richer majors/minors evaluation will replace it.
#include "eval/evaluate.h"

#include <algorithm>

#include "eval/piece_square_tables.h"

namespace shuai {

namespace {

// Having the move is worth a little; both colours get it alike, so colour-mirrored positions still score
// exactly the same.
constexpr int kTempoBonus = 4;

// Material plus the positional bonus of every piece of one side, from that side's point of view.
int side_score(const Position& position, Color color) {
  int score = position.material(color);
  for (int type = 0; type < kPieceTypeCount; ++type) {
    const auto& table = kPieceSquareTables[piece_index(make_piece(color, PieceType(type)))];
    for (const Square square : position.squares(color, PieceType(type))) score += table[square];
  }
  return score;
}

}  // namespace

int evaluate(const Position& position) {
  const Color us = position.side_to_move();
  const int score = side_score(position, us) - side_score(position, opposite(us)) + kTempoBonus;
  // A full set is worth about 1,100 with every bonus, far inside the bound; the clamp only guards the
  // contract against a future table or value change.
  return std::clamp(score, -kMaxEvaluation + 1, kMaxEvaluation - 1);
}

}  // namespace shuai
