// The global evaluation: the majors, and how they bear on the minors' shape.
#include "eval/global_evaluation.h"

#include "eval/piece_square_tables.h"

namespace shuai {

namespace {

int side_score(const Position& position, Color c, Knowledge knowledge) {
  int score = 0;
  for (const PieceType type : {kHorse, kRook, kCannon}) {
    score += kMaterialValue[type] * position.count(c, type);
    if (knowledge == Knowledge::kNone) continue;
    const auto& table = kPieceSquareTables[piece_index(make_piece(c, type))];
    for (const Square square : position.squares(c, type)) score += table[square];
  }
  return score;
}

}  // namespace

int evaluate_global(const Position& position, const MinorsInfo&, Knowledge knowledge) {
  return side_score(position, kRed, knowledge) - side_score(position, kBlack, knowledge);
}

}  // namespace shuai
