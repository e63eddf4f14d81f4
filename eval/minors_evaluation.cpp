// The minors evaluator: counts, shape facts and a score for kings, advisors, elephants and pawns.
//
// Everything here reads only the minors of both sides (by their piece lists, or by looking for a given minor
// on a given point) and the phase, never a rook, horse or cannon: the record must come out the same for any
// placement of the majors, which is what makes the Minors Hash Table valid.
//
// Terms by knowledge (each level adds to the one before):
//   none    material: counts times the fixed values (kMaterialValue);
//   small   material and piece-square values by phase (parameters.h);
//   medium  pawn structure: connected crossed pawns, pawns sharing a file, pawns facing each other;
//   large   king-safety shape: the full set of guards, linked elephants and advisors, missing guards by
//           phase, a king file bare of own minors, and pawns pressing on the enemy palace.
#include "eval/minors_evaluation.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

#include "engine/board/geometry.h"
#include "eval/evaluation_tables.h"
#include "eval/linear_score.h"

namespace shuai {

namespace {

using geometry_detail::make_table;

// Points from which a crossed pawn, helped by the majors, threatens the king: the enemy palace and the
// three points in front of it.
constexpr bool is_fatal_point(Color c, int file, int rank) {
  return relative_rank(c, rank) >= 6 && file >= 3 && file <= 5;
}
inline constexpr std::array<bool, kMailboxSize> kFatalPoint[kColorCount] = {
    make_table([](int file, int rank) { return is_fatal_point(kRed, file, rank); }),
    make_table([](int file, int rank) { return is_fatal_point(kBlack, file, rank); })};

// The enemy palace and the points orthogonally next to it: a pawn of colour c there presses on the king.
constexpr bool is_palace_zone(Color c, int file, int rank) {
  const int relative = relative_rank(c, rank);
  return (file >= 3 && file <= 5 && relative >= 6) || ((file == 2 || file == 6) && relative >= 7);
}
inline constexpr std::array<bool, kMailboxSize> kPalaceZone[kColorCount] = {
    make_table([](int file, int rank) { return is_palace_zone(kRed, file, rank); }),
    make_table([](int file, int rank) { return is_palace_zone(kBlack, file, rank); })};

// Mailbox distances between two elephants, or two advisors, that guard each other.
constexpr int kElephantStepA = 2 * (kBoardStride + 1), kElephantStepB = 2 * (kBoardStride - 1);
constexpr int kAdvisorStepA = kBoardStride + 1, kAdvisorStepB = kBoardStride - 1;

constexpr bool is_minor_piece(Piece piece) {
  return is_piece(piece) && is_minor(type_of(piece));
}

// Where a pawn of colour c on `square` attacks: straight ahead, and sideways once it has crossed the river.
// Returns how many of `targets` it fills (off-board points included: callers test what they find there).
template <Color c>
int pawn_targets(Square square, Square (&targets)[3]) {
  targets[0] = Square(square + forward(c));
  if (kInHalf[c][square]) return 1;
  targets[1] = Square(square - 1);
  targets[2] = Square(square + 1);
  return 3;
}

// Does a pawn of colour c on `square` attack `target`?
template <Color c>
bool pawn_attacks(Square square, Square target) {
  Square targets[3];
  const int count = pawn_targets<c>(square, targets);
  for (int i = 0; i < count; ++i)
    if (targets[i] == target) return true;
  return false;
}

// The king-safety facts of side c's camp that only the minors decide (KingShelter in minors_info.h).
template <Color c>
KingShelter king_shelter(const Position& position, Square king) {
  constexpr Color them = opposite(c);
  const auto& board = position.board();
  KingShelter shelter;
  const auto guard = [&shelter](Square square) {
    if (kInPalace[c][square]) shelter.guarded |= std::uint16_t(1u << palace_bit(c, square));
  };
  const auto own_minor = [&board](Square square) {
    const Piece piece = board[square];
    return is_minor_piece(piece) && color_of(piece) == c;
  };

  for (const int step : kOrthogonalSteps) {
    const Square neighbour = Square(king + step);
    if (!kInPalace[c][neighbour]) continue;
    guard(neighbour);
    if (!own_minor(neighbour)) shelter.flights |= std::uint16_t(1u << palace_bit(c, neighbour));
  }
  for (const Square advisor : position.squares(c, kAdvisor))
    for (const int step : kDiagonalSteps) guard(Square(advisor + step));
  for (const Square elephant : position.squares(c, kElephant))
    for (const int step : kDiagonalSteps)
      if (!is_minor_piece(board[elephant + step])) guard(Square(elephant + 2 * step));

  for (const int file_step : {-1, 1})
    for (const int rank_step : {-1, 1}) {
      const Piece leg = board[king + rank_step * kBoardStride + file_step];
      if (leg != kOffBoard && !is_minor_piece(leg))
        shelter.free_legs |= std::uint8_t(1u << horse_leg_bit(c, file_step, rank_step));
    }

  const int king_file = file_of(king), king_rank = rank_of(king);
  for (int rank = 0; rank < kRankCount; ++rank) {
    const Square square = make_square(king_file, rank);
    const Piece piece = board[square];
    if (square == king || !is_minor_piece(piece)) continue;
    shelter.file_minors |= std::uint16_t(1u << relative_rank(c, rank));
    const bool ahead = c == kRed ? rank > king_rank : rank < king_rank;
    shelter.pinnable += ahead && color_of(piece) == c && type_of(piece) != kPawn;
  }
  for (int file = 0; file < kFileCount; ++file) {
    const Square square = make_square(file, king_rank);
    if (square != king && is_minor_piece(board[square])) shelter.rank_minors |= std::uint16_t(1u << file);
  }

  // Enemy pawns: the palace points they hit, and those that check or can check with one step (onto a point
  // their own minors leave free).
  int checking = 0;
  for (const Square pawn : position.squares(them, kPawn)) {
    Square targets[3];
    const int count = pawn_targets<them>(pawn, targets);
    bool checks = false;
    for (int i = 0; i < count; ++i) {
      const Square target = targets[i];
      if (kInPalace[c][target]) shelter.pawn_hits |= std::uint16_t(1u << palace_bit(c, target));
      if (target == king) {
        checks = true;
      } else if (board[target] != kOffBoard && !kInHalf[them][target]) {
        const Piece piece = board[target];
        if (!(is_minor_piece(piece) && color_of(piece) == them)) checks |= pawn_attacks<them>(target, king);
      }
    }
    checking += checks;
  }
  shelter.pawn_checks = std::uint8_t(std::min(checking, 3));
  return shelter;
}

// Is the pawn of colour c on `square` guarded by one of its own minors: a pawn behind it, a crossed pawn
// beside it, or an elephant whose eye holds no minor (majors on the eye are ignored: minors only)?
template <Color c>
bool pawn_defended(const Position& position, Square square) {
  const auto& board = position.board();
  constexpr Piece own_pawn = make_piece(c, kPawn);
  if (board[square - forward(c)] == own_pawn) return true;
  if (!kInHalf[c][square] && (board[square - 1] == own_pawn || board[square + 1] == own_pawn)) return true;
  if (!kElephantPoint[c][square]) return false;
  for (const Square elephant : position.squares(c, kElephant)) {
    const int distance = int(elephant) - int(square);
    if (distance != kElephantStepA && distance != -kElephantStepA && distance != kElephantStepB &&
        distance != -kElephantStepB)
      continue;
    if (!is_minor_piece(board[(int(elephant) + int(square)) / 2])) return true;
  }
  return false;
}

// Pawns facing each other head-on (a Red pawn right below a Black pawn) attack each other; the one its own
// minors guard holds the point. Red's view: (Red pawns defended - Black pawns defended) over the pairs.
int facing_pawns(const Position& position) {
  const auto& board = position.board();
  int balance = 0;
  for (const Square red : position.squares(kRed, kPawn)) {
    const Square black = Square(red + forward(kRed));
    if (board[black] != make_piece(kBlack, kPawn)) continue;
    balance += int(pawn_defended<kRed>(position, red)) - int(pawn_defended<kBlack>(position, black));
  }
  return balance;
}

// Fills side c's facts in the record and returns its score from its own point of view.
template <Color c, class Tables>
ScoreOf<Tables> evaluate_side(const Position& position, Phase phase, Knowledge knowledge,
                              const Tables& tables, MinorsInfo& info) {
  using Score = ScoreOf<Tables>;
  constexpr Color them = opposite(c);
  constexpr Piece own_pawn = make_piece(c, kPawn);
  const auto& board = position.board();
  const auto& w = tables.parameters;
  const int p = minors_phase_index(phase);
  const bool positional = knowledge != Knowledge::kNone;

  const int advisors = position.count(c, kAdvisor);
  const int elephants = position.count(c, kElephant);
  const int pawns = position.count(c, kPawn);
  info.advisors[c] = std::uint8_t(advisors);
  info.elephants[c] = std::uint8_t(elephants);
  info.pawns[c] = std::uint8_t(pawns);

  // Is an own minor on the king's file, ahead of it (that is, does it cover the king's file)?
  const Square king = position.king_square(c);
  const auto ahead_of_king = [king](Square square) {
    return (square & 15) == (king & 15) && (c == kRed ? square > king : square < king);
  };
  bool file_covered = false;

  Score score{};
  if (positional) {
    score += tables.piece_value(p, make_piece(c, kKing), king);
  } else {
    score = constant_score<Score>(kMaterialValue[kAdvisor] * advisors +
                                  kMaterialValue[kElephant] * elephants + kMaterialValue[kPawn] * pawns);
  }
  for (const Square square : position.squares(c, kAdvisor)) {
    file_covered |= ahead_of_king(square);
    if (positional) score += tables.piece_value(p, make_piece(c, kAdvisor), square);
  }
  for (const Square square : position.squares(c, kElephant)) {
    file_covered |= ahead_of_king(square);
    if (positional) score += tables.piece_value(p, make_piece(c, kElephant), square);
  }

  // Pawns: the record's facts and the structure, in one pass.
  std::uint16_t files = 0;
  int crossed = 0, fatal = 0, shared_files = 0, connected = 0, pressing = 0;
  for (const Square square : position.squares(c, kPawn)) {
    const auto bit = std::uint16_t(1u << file_of(square));
    shared_files += (files & bit) != 0;
    files |= bit;
    if (!kInHalf[c][square]) {
      ++crossed;
      connected += board[square + 1] == own_pawn;  // the pawn beside it stands on the same rank: crossed too
    }
    fatal += kFatalPoint[c][square];
    pressing += kPalaceZone[c][square];
    file_covered |= ahead_of_king(square);
    if (kInPalace[them][square]) info.shape[them] |= kEnemyPawnInPalace;
    if (positional) score += tables.piece_value(p, own_pawn, square);
  }
  info.pawn_files[c] = files;
  info.crossed_pawns[c] = std::uint8_t(crossed);
  info.fatal_pawns[c] = std::uint8_t(fatal);

  // Shape facts.
  info.shelter[c] = king_shelter<c>(position, king);
  // The king door: the one flight left to a king whose two advisors stand guard.
  const unsigned flights = info.shelter[c].flights;
  info.king_door[c] = advisors == 2 && flights != 0 && (flights & (flights - 1)) == 0
                          ? palace_square(c, std::countr_zero(flights))
                          : kNoSquare;
  std::uint8_t shape = 0;
  if (king != make_square(4, c == kRed ? 0 : 9)) shape |= kKingOffHome;
  if (file_of(king) != 4) shape |= kKingOnSideFile;
  if (advisors < 2) shape |= kAdvisorsBroken;
  if (elephants < 2) shape |= kElephantsBroken;
  if (!file_covered) shape |= kKingFileOpen;
  if (elephants == 2) {
    const auto pair = position.squares(c, kElephant);
    const int distance = std::abs(int(pair[0]) - int(pair[1]));
    if (distance == kElephantStepA || distance == kElephantStepB) shape |= kElephantsLinked;
  }
  if (advisors == 2) {
    const auto pair = position.squares(c, kAdvisor);
    const int distance = std::abs(int(pair[0]) - int(pair[1]));
    if (distance == kAdvisorStepA || distance == kAdvisorStepB) shape |= kAdvisorsLinked;
  }
  info.shape[c] |= shape;

  if (knowledge >= Knowledge::kMedium)
    score += connected * w.connected_crossed_pawns[p] - shared_files * w.pawns_on_one_file[p];

  if (knowledge >= Knowledge::kLarge) {
    if (advisors == 2 && elephants == 2) score += w.full_set[p];
    if (shape & kElephantsLinked) score += w.linked_elephants[p];
    if (shape & kAdvisorsLinked) score += w.linked_advisors[p];
    score -= (2 - advisors) * w.missing_advisor[p] + (2 - elephants) * w.missing_elephant[p];
    if (advisors == 0) score -= w.no_advisors[p];
    if (elephants == 0) score -= w.no_elephants[p];
    if (shape & kKingFileOpen) score -= w.king_file_bare[p];
    if (pressing)
      score += pressing * (w.palace_pawn[p] +
                           (2 - position.count(them, kAdvisor)) * w.palace_pawn_per_missing_advisor[p]);
  }
  return score;
}

// Red's score, filling the record's facts.
template <class Tables>
ScoreOf<Tables> minors_score(const Position& position, Phase phase, Knowledge knowledge, const Tables& tables,
                             MinorsInfo& info) {
  info.phase = phase;
  ScoreOf<Tables> score = evaluate_side<kRed>(position, phase, knowledge, tables, info) -
                          evaluate_side<kBlack>(position, phase, knowledge, tables, info);
  if (knowledge >= Knowledge::kMedium)
    score += facing_pawns(position) * tables.parameters.facing_pawn_defended[minors_phase_index(phase)];
  return score;
}

}  // namespace

MinorsInfo evaluate_minors(const Position& position, Phase phase, Knowledge knowledge,
                           const EvaluationTables& tables) {
  MinorsInfo info;
  info.score = minors_score(position, phase, knowledge, tables, info);
  return info;
}

LinearScore linear_minors_score(const Position& position, Phase phase, const SymbolicTables& tables) {
  MinorsInfo info;
  return minors_score(position, phase, Knowledge::kLarge, tables, info);
}

}  // namespace shuai
