// The minors evaluator: counts, shape facts and a score for kings, advisors, elephants and pawns.
#include "eval/minors_evaluation.h"

#include <cstdlib>

#include "engine/board/geometry.h"
#include "eval/piece_square_tables.h"

namespace shuai {

namespace {

// Points from which a crossed pawn, helped by the majors, threatens the king: the enemy palace and the
// three points in front of it.
bool is_fatal_pawn_point(Color c, Square s) {
  const int relative = relative_rank(c, rank_of(s)), file = file_of(s);
  return relative >= 6 && relative <= 9 && file >= 3 && file <= 5;
}

// The king's neighbours in its palace that no own minor occupies; the door exists when exactly one is left
// and both advisors stand guard.
Square king_door(const Position& position, Color c) {
  if (position.count(c, kAdvisor) < 2) return kNoSquare;
  const Square king = position.king_square(c);
  Square free_point = kNoSquare;
  int free_points = 0;
  for (const int step : kOrthogonalSteps) {
    const Square neighbour = Square(king + step);
    if (!kInPalace[c][neighbour]) continue;
    const Piece piece = position.piece_on(neighbour);
    if (piece != kEmpty && color_of(piece) == c && is_minor(type_of(piece))) continue;
    free_point = neighbour;
    ++free_points;
  }
  return free_points == 1 ? free_point : kNoSquare;
}

void describe_side(const Position& position, Color c, MinorsInfo& info) {
  info.advisors[c] = std::uint8_t(position.count(c, kAdvisor));
  info.elephants[c] = std::uint8_t(position.count(c, kElephant));
  info.pawns[c] = std::uint8_t(position.count(c, kPawn));
  for (const Square pawn : position.squares(c, kPawn)) {
    info.pawn_files[c] |= std::uint16_t(1u << file_of(pawn));
    if (!kInHalf[c][pawn]) ++info.crossed_pawns[c];
    if (is_fatal_pawn_point(c, pawn)) ++info.fatal_pawns[c];
    if (kInPalace[opposite(c)][pawn]) info.shape[opposite(c)] |= kEnemyPawnInPalace;
  }
  info.king_door[c] = king_door(position, c);
  const Square king = position.king_square(c);
  if (king != make_square(4, c == kRed ? 0 : 9)) info.shape[c] |= kKingOffHome;
  if (file_of(king) != 4) info.shape[c] |= kKingOnSideFile;
  if (info.advisors[c] < 2) info.shape[c] |= kAdvisorsBroken;
  if (info.elephants[c] < 2) info.shape[c] |= kElephantsBroken;
  const Piece in_front = position.piece_on(Square(king + forward(c)));
  if (!kInPalace[c][Square(king + forward(c))] || !is_piece(in_front) || color_of(in_front) != c ||
      !is_minor(type_of(in_front)))  // only minors count: the record must not depend on the majors
    info.shape[c] |= kKingFileOpen;
  if (info.elephants[c] == 2) {
    const auto elephants = position.squares(c, kElephant);
    const int distance = std::abs(int(elephants[0]) - int(elephants[1]));
    if (distance == 2 * (kBoardStride + 1) || distance == 2 * (kBoardStride - 1)) info.shape[c] |= kElephantsLinked;
  }
  if (info.advisors[c] == 2) {
    const auto advisors = position.squares(c, kAdvisor);
    const int distance = std::abs(int(advisors[0]) - int(advisors[1]));
    if (distance == kBoardStride + 1 || distance == kBoardStride - 1) info.shape[c] |= kAdvisorsLinked;
  }
}

int side_score(const Position& position, Color c, Knowledge knowledge) {
  int score = 0;
  for (const PieceType type : {kKing, kAdvisor, kElephant, kPawn}) {
    score += kMaterialValue[type] * position.count(c, type);
    if (knowledge == Knowledge::kNone) continue;
    const auto& table = kPieceSquareTables[piece_index(make_piece(c, type))];
    for (const Square square : position.squares(c, type)) score += table[square];
  }
  return score;
}

}  // namespace

MinorsInfo evaluate_minors(const Position& position, Phase phase, Knowledge knowledge) {
  MinorsInfo info;
  info.phase = phase;
  for (const Color c : {kRed, kBlack}) describe_side(position, c, info);
  info.score = side_score(position, kRed, knowledge) - side_score(position, kBlack, knowledge);
  return info;
}

}  // namespace shuai
