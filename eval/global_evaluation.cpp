// The global evaluation: the majors, and how they bear on the minors' shape read from the MinorsInfo record.
//
// Terms by knowledge (each level adds to the one before):
//   none    material of the majors (kMaterialValue);
//   small   material and piece-square values by phase (parameters.h);
//   medium  mobility of rooks (points along their lines) and horses (jumps over a free leg), rooks on open
//           and half-open files (from the record's pawn files);
//   large   attack on the enemy king: cannons on its file (the empty-headed cannon, one or two screens) or
//           rank (the bottom cannon), rooks on its lines, majors bearing on the king door, rooks, horses and
//           cannons against missing advisors and elephants, fatal pawns, a bare king file or a king off its
//           home point under rooks and cannons. Most of it is scaled by the attacker's force, so that a lone
//           piece earns little.
#include "eval/global_evaluation.h"

#include <algorithm>

#include "engine/board/geometry.h"
#include "eval/linear_score.h"

namespace shuai {

namespace {

using Board = std::array<Piece, kMailboxSize>;
// Points from which a horse of colour c bears on the enemy palace.
constexpr bool is_horse_post(Color c, int file, int rank) {
  return relative_rank(c, rank) >= 6 && file >= 2 && file <= 6;
}
inline constexpr std::array<bool, kMailboxSize> kHorsePost[kColorCount] = {
    geometry_detail::make_table([](int file, int rank) { return is_horse_post(kRed, file, rank); }),
    geometry_detail::make_table([](int file, int rank) { return is_horse_post(kBlack, file, rank); })};

// Pieces strictly between two squares of one line, walking by `step`.
int pieces_between(const Board& board, Square from, Square to, int step) {
  int count = 0;
  for (int square = from + step; square != to; square += step) count += board[square] != kEmpty;
  return count;
}

// The step from `from` toward `to` when they are different squares sharing a file or a rank, else 0.
int line_step(Square from, Square to) {
  if (from == to) return 0;
  if (file_of(from) == file_of(to)) return from < to ? kBoardStride : -kBoardStride;
  if (rank_of(from) == rank_of(to)) return from < to ? 1 : -1;
  return 0;
}

bool horse_attacks(const Board& board, Square horse, Square target) {
  for (const HorseAttack& attack : kHorseAttacks)
    if ((horse == target + attack.horses[0] || horse == target + attack.horses[1]) &&
        board[target + attack.leg] == kEmpty)
      return true;
  return false;
}

// What the mobility pass finds about one side's majors for the attack terms.
struct MajorsReach {
  int crossed_horses = 0, horse_posts = 0;
  // Points of the enemy palace attacked, counted once per attacker.
  int rook_palace = 0, horse_palace = 0, cannon_palace = 0;
};

// What one side's majors earn against the enemy king.
template <Color c, class Tables>
ScoreOf<Tables> attack_score(const Position& position, const MinorsInfo& info, const Tables& tables,
                             const MajorsReach& reach) {
  const int crossed_horses = reach.crossed_horses, horse_posts = reach.horse_posts;
  using Score = ScoreOf<Tables>;
  const auto& w = tables.parameters;
  constexpr Color them = opposite(c);
  const auto& board = position.board();
  const auto rooks = position.squares(c, kRook);
  const auto cannons = position.squares(c, kCannon);
  const int rook_count = int(rooks.size()), cannon_count = int(cannons.size());
  const int units = 2 * rook_count + cannon_count + crossed_horses;
  const int scale = w.attack_scale[std::min(units, kAttackScaleCount - 1)];
  const Square king = position.king_square(them);
  const int king_file = file_of(king), king_rank = rank_of(king);

  Score fixed{}, scaled{};
  bool empty_headed = false;
  for (const Square cannon : cannons) {
    if (file_of(cannon) == king_file) {
      const int between = pieces_between(board, cannon, king, cannon < king ? kBoardStride : -kBoardStride);
      if (between <= 2) {
        fixed += w.cannon_on_king_file_fixed[between];
        scaled += w.cannon_on_king_file_scaled[between];
        empty_headed |= between == 0;
      }
    } else if (rank_of(cannon) == king_rank) {
      const int between = pieces_between(board, cannon, king, cannon < king ? 1 : -1);
      if (between <= 2) {
        fixed += w.cannon_on_king_rank_fixed[between];
        scaled += w.cannon_on_king_rank_scaled[between];
        if (relative_rank(them, king_rank) == 0) scaled += w.bottom_cannon;
      }
    }
  }
  for (const Square rook : rooks) {
    const int step = line_step(rook, king);
    if (step == 0) continue;
    const int between = std::min(pieces_between(board, rook, king, step), 2);
    fixed += w.rook_on_king_line_fixed[between];
    scaled += w.rook_on_king_line_scaled[between];
  }

  if (const Square door = info.king_door[them]; door != kNoSquare) {
    int attackers = 0;
    bool rook_on_door = false;
    for (const Square rook : rooks)
      if (const int step = line_step(rook, door);
          rook == door || (step != 0 && pieces_between(board, rook, door, step) == 0)) {
        ++attackers;
        rook_on_door = true;
      }
    for (const Square cannon : cannons)
      if (const int step = line_step(cannon, door);
          step != 0 && pieces_between(board, cannon, door, step) == 1)
        ++attackers;
    for (const Square horse : position.squares(c, kHorse)) attackers += horse_attacks(board, horse, door);
    fixed += attackers * w.door_attack_fixed;
    scaled += attackers * w.door_attack_scaled;
    if (rook_on_door && empty_headed) scaled += w.iron_bolt;
  }

  const int missing_advisors = 2 - info.advisors[them], missing_elephants = 2 - info.elephants[them];
  scaled += missing_advisors *
                (rook_count * w.rook_per_missing_advisor + horse_posts * w.horse_per_missing_advisor +
                 cannon_count * w.cannon_per_missing_advisor) +
            missing_elephants * cannon_count * w.cannon_per_missing_elephant;

  const int fatal = std::min<int>(info.fatal_pawns[c], 3);
  fixed += fatal * w.fatal_pawn_fixed;
  scaled += fatal * w.fatal_pawn_scaled;

  const std::uint8_t shape = info.shape[them];
  if (shape & kKingFileOpen)
    scaled += rook_count * w.bare_king_file_rook + cannon_count * w.bare_king_file_cannon;
  if ((shape & kKingOffHome) && info.phase != Phase::kEndgame)
    scaled += rook_count * w.king_off_home_rook + cannon_count * w.king_off_home_cannon +
              horse_posts * w.king_off_home_horse;

  scaled += reach.rook_palace * w.rook_palace_attack + reach.horse_palace * w.horse_palace_attack +
            reach.cannon_palace * w.cannon_palace_attack;

  return fixed + scaled * scale / 16;
}

// One side's majors, from its own point of view.
// One side's score in three parts: the weights of the opening's end and of the endgame's (blended by the
// caller), and the rest.
template <class Score>
struct SideScore {
  Score opening{}, endgame{}, rest{};
  SideScore& operator-=(const SideScore& other) {
    opening -= other.opening;
    endgame -= other.endgame;
    rest -= other.rest;
    return *this;
  }
};

template <Color c, class Tables>
SideScore<ScoreOf<Tables>> evaluate_side(const Position& position, const MinorsInfo& info,
                                         Knowledge knowledge, const Tables& tables) {
  const auto& w = tables.parameters;
  constexpr Color them = opposite(c);
  constexpr Piece their_tag = side_tag(them);
  const auto& board = position.board();
  const auto rooks = position.squares(c, kRook);
  const auto horses = position.squares(c, kHorse);
  const auto cannons = position.squares(c, kCannon);

  SideScore<ScoreOf<Tables>> side;
  auto& score = side.rest;
  for (const Square rook : rooks) {
    side.opening += tables.piece_value(0, make_piece(c, kRook), rook);
    side.endgame += tables.piece_value(1, make_piece(c, kRook), rook);
  }
  for (const Square horse : horses) {
    side.opening += tables.piece_value(0, make_piece(c, kHorse), horse);
    side.endgame += tables.piece_value(1, make_piece(c, kHorse), horse);
  }
  for (const Square cannon : cannons) {
    side.opening += tables.piece_value(0, make_piece(c, kCannon), cannon);
    side.endgame += tables.piece_value(1, make_piece(c, kCannon), cannon);
  }
  if (knowledge < Knowledge::kMedium) return side;

  const unsigned own_pawn_files = info.pawn_files[c];
  const unsigned any_pawn_files = own_pawn_files | info.pawn_files[them];
  MajorsReach reach;
  for (const Square rook : rooks) {
    int moves = 0;
    for (const int step : kOrthogonalSteps) {
      int square = rook + step;
      while (board[square] == kEmpty) {
        ++moves;
        reach.rook_palace += kInPalace[them][square];
        square += step;
      }
      moves += (board[square] & their_tag) != 0;
      reach.rook_palace += kInPalace[them][square];
    }
    score += w.rook_mobility[moves];
    const unsigned file_bit = 1u << file_of(rook);
    if (!(any_pawn_files & file_bit)) {
      side.opening += w.rook_open_file[0];
      side.endgame += w.rook_open_file[1];
    } else if (!(own_pawn_files & file_bit)) {
      side.opening += w.rook_half_open_file[0];
      side.endgame += w.rook_half_open_file[1];
    }
  }

  for (const Square horse : horses) {
    int moves = 0;
    for (const int leg : kOrthogonalSteps) {
      if (board[horse + leg] != kEmpty) continue;
      const int aside = (leg == kBoardStride || leg == -kBoardStride) ? 1 : kBoardStride;
      const Square left_square = Square(horse + 2 * leg - aside),
                   right_square = Square(horse + 2 * leg + aside);
      const Piece left = board[left_square], right = board[right_square];
      moves += (left == kEmpty || (left & their_tag)) + (right == kEmpty || (right & their_tag));
      reach.horse_palace += kInPalace[them][left_square] + kInPalace[them][right_square];
    }
    score += w.horse_mobility[moves];
    reach.crossed_horses += !kInHalf[c][horse];
    reach.horse_posts += kHorsePost[c][horse];
  }

  // A cannon moves over empty points and takes, or attacks, over exactly one screen.
  for (const Square cannon : cannons) {
    int moves = 0;
    for (const int step : kOrthogonalSteps) {
      int square = cannon + step;
      while (board[square] == kEmpty) {
        ++moves;
        square += step;
      }
      if (board[square] == kOffBoard) continue;
      square += step;
      while (board[square] == kEmpty) {
        reach.cannon_palace += kInPalace[them][square];
        square += step;
      }
      moves += (board[square] & their_tag) != 0;
      reach.cannon_palace += kInPalace[them][square];
    }
    score += w.cannon_mobility[std::min(moves, kCannonMobilityCount - 1)];
  }
  if (knowledge < Knowledge::kLarge) return side;

  score += attack_score<c>(position, info, tables, reach);
  return side;
}

// Red's score less Black's, the tapered parts blended by the majors left (this part is not cached, so it may
// read them).
template <class Tables>
ScoreOf<Tables> red_minus_black(const Position& position, const MinorsInfo& info, Knowledge knowledge,
                                const Tables& tables) {
  auto score = evaluate_side<kRed>(position, info, knowledge, tables);
  score -= evaluate_side<kBlack>(position, info, knowledge, tables);
  const int opening_share = std::min(position.majors_value(), kFullMajorsValue);
  return score.rest + (score.opening * opening_share + score.endgame * (kFullMajorsValue - opening_share)) /
                          kFullMajorsValue;
}

}  // namespace

int evaluate_global(const Position& position, const MinorsInfo& info, Knowledge knowledge,
                    const EvaluationTables& tables) {
  if (knowledge == Knowledge::kNone) {
    int score = 0;
    for (const PieceType type : {kHorse, kRook, kCannon})
      score += kMaterialValue[type] * (position.count(kRed, type) - position.count(kBlack, type));
    return score;
  }
  return red_minus_black(position, info, knowledge, tables);
}

LinearScore linear_global_score(const Position& position, const MinorsInfo& info,
                                const SymbolicTables& tables) {
  return red_minus_black(position, info, Knowledge::kLarge, tables);
}

}  // namespace shuai
