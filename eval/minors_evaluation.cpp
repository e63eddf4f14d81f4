// The minors evaluator: counts, shape facts and a score for kings, advisors, elephants and pawns.
//
// Everything here reads only the minors of both sides (by their piece lists, or by looking for a given minor
// on a given point) and the phase, never a rook, horse or cannon: the record must come out the same for any
// placement of the majors, which is what makes the Minors Hash Table valid.
//
// Terms by knowledge (each level adds to the one before):
//   none    material: counts times the fixed values (kMaterialValue);
//   small   material and piece-square values by phase (piece_square_tables.h);
//   medium  pawn structure: connected crossed pawns, pawns sharing a file, pawns facing each other;
//   large   king-safety shape: the full set of guards, linked elephants and advisors, missing guards by
//           phase, a king file bare of own minors, and pawns pressing on the enemy palace.
#include "eval/minors_evaluation.h"

#include <cstdlib>

#include "engine/board/geometry.h"
#include "eval/piece_square_tables.h"

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

// Weights by phase (opening, middlegame, endgame), in material units (a horse is about 100).
using PhaseWeights = int[kPhaseCount];
// medium: pawn structure.
constexpr PhaseWeights kConnectedCrossedPawns = {6, 8, 12};  // per pair side by side across the river
constexpr PhaseWeights kPawnsOnOneFile = {4, 4, 8};          // per pawn beyond the first on a file
constexpr PhaseWeights kFacingPawnDefended = {3, 3, 4};      // a pawn facing an enemy pawn, defended
// large: the defensive shape.
constexpr PhaseWeights kFullSet = {10, 14, 18};       // two advisors and two elephants
constexpr PhaseWeights kLinkedElephants = {4, 5, 6};  // the elephants guard each other
constexpr PhaseWeights kLinkedAdvisors = {4, 5, 4};   // one advisor on the palace centre, linked
constexpr PhaseWeights kMissingAdvisor = {4, 8, 8};   // per advisor lost, beyond its material
constexpr PhaseWeights kNoAdvisors = {6, 10, 10};     // and again when both are gone
constexpr PhaseWeights kMissingElephant = {3, 5, 8};  // per elephant lost, beyond its material
constexpr PhaseWeights kNoElephants = {4, 6, 10};     // and again when both are gone
constexpr PhaseWeights kKingFileBare = {8, 6, 0};     // no own minor ahead of the king on its file
constexpr PhaseWeights kPalacePawn = {6, 8, 10};      // per pawn in or next to the enemy palace
constexpr PhaseWeights kPalacePawnPerMissingAdvisor = {4, 4, 6};  // ... more when its advisors are gone

// Mailbox distances between two elephants, or two advisors, that guard each other.
constexpr int kElephantStepA = 2 * (kBoardStride + 1), kElephantStepB = 2 * (kBoardStride - 1);
constexpr int kAdvisorStepA = kBoardStride + 1, kAdvisorStepB = kBoardStride - 1;

constexpr bool is_minor_piece(Piece piece) {
  return is_piece(piece) && is_minor(type_of(piece));
}

// The king's neighbours in its palace that no own minor occupies; the door exists when exactly one is left
// and both advisors stand guard.
Square king_door(const Position& position, Color c, Square king) {
  if (position.count(c, kAdvisor) < 2) return kNoSquare;
  Square free_point = kNoSquare;
  int free_points = 0;
  for (const int step : kOrthogonalSteps) {
    const Square neighbour = Square(king + step);
    if (!kInPalace[c][neighbour]) continue;
    const Piece piece = position.piece_on(neighbour);
    if (is_minor_piece(piece) && color_of(piece) == c) continue;
    free_point = neighbour;
    ++free_points;
  }
  return free_points == 1 ? free_point : kNoSquare;
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
template <Color c>
int evaluate_side(const Position& position, Phase phase, Knowledge knowledge, MinorsInfo& info) {
  constexpr Color them = opposite(c);
  constexpr Piece own_pawn = make_piece(c, kPawn);
  const auto& board = position.board();
  const int p = static_cast<int>(phase);
  const bool positional = knowledge != Knowledge::kNone;
  const auto& values = piece_square_values(phase);

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

  int score = 0;
  if (positional) {
    score += values[piece_index(make_piece(c, kKing))][king];
  } else {
    score = kMaterialValue[kAdvisor] * advisors + kMaterialValue[kElephant] * elephants +
            kMaterialValue[kPawn] * pawns;
  }
  for (const Square square : position.squares(c, kAdvisor)) {
    file_covered |= ahead_of_king(square);
    if (positional) score += values[piece_index(make_piece(c, kAdvisor))][square];
  }
  for (const Square square : position.squares(c, kElephant)) {
    file_covered |= ahead_of_king(square);
    if (positional) score += values[piece_index(make_piece(c, kElephant))][square];
  }

  // Pawns: the record's facts and the structure, in one pass.
  const auto& pawn_values = values[piece_index(own_pawn)];
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
    if (positional) score += pawn_values[square];
  }
  info.pawn_files[c] = files;
  info.crossed_pawns[c] = std::uint8_t(crossed);
  info.fatal_pawns[c] = std::uint8_t(fatal);

  // Shape facts.
  info.king_door[c] = king_door(position, c, king);
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
    score += connected * kConnectedCrossedPawns[p] - shared_files * kPawnsOnOneFile[p];

  if (knowledge >= Knowledge::kLarge) {
    if (advisors == 2 && elephants == 2) score += kFullSet[p];
    if (shape & kElephantsLinked) score += kLinkedElephants[p];
    if (shape & kAdvisorsLinked) score += kLinkedAdvisors[p];
    score -= (2 - advisors) * kMissingAdvisor[p] + (2 - elephants) * kMissingElephant[p];
    if (advisors == 0) score -= kNoAdvisors[p];
    if (elephants == 0) score -= kNoElephants[p];
    if (shape & kKingFileOpen) score -= kKingFileBare[p];
    if (pressing)
      score += pressing *
               (kPalacePawn[p] + (2 - position.count(them, kAdvisor)) * kPalacePawnPerMissingAdvisor[p]);
  }
  return score;
}

}  // namespace

MinorsInfo evaluate_minors(const Position& position, Phase phase, Knowledge knowledge) {
  MinorsInfo info;
  info.phase = phase;
  info.score = evaluate_side<kRed>(position, phase, knowledge, info) -
               evaluate_side<kBlack>(position, phase, knowledge, info);
  if (knowledge >= Knowledge::kMedium)
    info.score += facing_pawns(position) * kFacingPawnDefended[static_cast<int>(phase)];
  return info;
}

}  // namespace shuai
