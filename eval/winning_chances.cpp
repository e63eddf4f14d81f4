// Drawn material balances of Xiangqi endings.
#include "eval/winning_chances.h"

#include "engine/board/geometry.h"

namespace shuai {

int winning_chances(const Position& position, Color c) {
  const Color them = opposite(c);
  const int rooks = position.count(c, kRook), horses = position.count(c, kHorse),
            cannons = position.count(c, kCannon), pawns = position.count(c, kPawn);
  const int their_advisors = position.count(them, kAdvisor);
  const int guards = their_advisors + position.count(them, kElephant);
  const int their_majors =
      position.count(them, kRook) + position.count(them, kHorse) + position.count(them, kCannon);

  // Nothing that can give mate: a king, advisors and elephants never do.
  if (rooks + horses + cannons + pawns == 0) return 0;
  if (rooks + horses + cannons == 0) {
    // Pawns alone: one that has reached the last rank (an "old pawn") only shuffles along it.
    if (pawns == 1) {
      const Square pawn = position.squares(c, kPawn)[0];
      if (relative_rank(c, rank_of(pawn)) == kRankCount - 1) return 0;
      // A single pawn cannot break two advisors, nor win against a major.
      if (their_advisors == 2 || their_majors > 0) return 2;
    }
    return 16;
  }
  if (pawns > 0) return 16;
  // Pawnless from here.
  if (rooks == 0 && horses + cannons == 1) {
    // A lone horse cannot break two advisors; a lone cannon holds nothing but a bare king, and that only with
    // a guard of its own for a screen.
    if (their_majors > 0) return 2;
    if (horses == 1) return their_advisors == 2 ? 2 : 16;
    if (guards > 0) return 2;
    return position.count(c, kAdvisor) + position.count(c, kElephant) > 0 ? 16 : 0;
  }
  if (rooks == 1 && horses + cannons == 0) {
    // A lone rook: a draw against the full set of guards, and against a rook.
    if (guards == 4 || position.count(them, kRook) > 0) return 2;
  }
  return 16;
}

}  // namespace shuai
