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
//           And king danger, when a rook or two attackers bear on the palace: the attack counted in units
//           (KingDangerFeatures, global_evaluation.h) from the masks this pass marks and the minors' shelter,
//           with a penalty quadratic before the endgame; skipped while all its weights are zero.
#include "eval/global_evaluation.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <type_traits>

#include "engine/board/attacks.h"
#include "engine/board/geometry.h"
#include "eval/linear_score.h"

namespace shuai {

namespace {

// Points from which a horse of colour c bears on the enemy palace.
constexpr bool is_horse_post(Color c, int file, int rank) {
  return relative_rank(c, rank) >= 6 && file >= 2 && file <= 6;
}
inline constexpr std::array<bool, kMailboxSize> kHorsePost[kColorCount] = {
    geometry_detail::make_table([](int file, int rank) { return is_horse_post(kRed, file, rank); }),
    geometry_detail::make_table([](int file, int rank) { return is_horse_post(kBlack, file, rank); })};

bool horse_attacks(const BoardArray& board, Square horse, Square target) {
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
  // For king danger, palace points as masks (palace_bit): the enemy palace's points attacked, attacked by two
  // majors or more, attacked by a rook; the own palace's points the majors bear on.
  std::uint16_t attacked = 0, attacked_twice = 0, rook_attacks = 0, defended = 0;
  int attackers[3] = {};  // rooks, horses, cannons bearing on the enemy palace
  int defenders = 0;      // majors bearing on the own palace
  // Horse moves that check the enemy king: their points inside its palace (a mask), and how many land
  // outside it.
  std::uint16_t horse_checks_in_palace = 0;
  int horse_checks_outside = 0;

  // One major's reach added: `attacks` on the enemy palace, `defends` on its own.
  void add_major(int type_index, std::uint16_t attacks, std::uint16_t defends) {
    attacked_twice |= attacked & attacks;
    attacked |= attacks;
    attackers[type_index] += attacks != 0;
    defended |= defends;
    defenders += defends != 0;
  }
};

// The palace bit of a point for each palace owner, -1 outside the palace.
constexpr std::array<std::int8_t, kMailboxSize> make_palace_bits(Color owner) {
  std::array<std::int8_t, kMailboxSize> bits{};
  for (auto& bit : bits) bit = -1;
  for (int bit = 0; bit < kPalacePointCount; ++bit) bits[palace_square(owner, bit)] = std::int8_t(bit);
  return bits;
}
inline constexpr std::array<std::int8_t, kMailboxSize> kPalaceBits[kColorCount] = {make_palace_bits(kRed),
                                                                                   make_palace_bits(kBlack)};
// The mask bit of a point in `owner`'s palace, 0 outside it.
constexpr std::uint16_t palace_mask(Color owner, int square) {
  const int bit = kPalaceBits[owner][square];
  return bit < 0 ? 0 : std::uint16_t(1u << bit);
}
// Both palaces in one word, so that the majors' walks pay one lookup per point: Red's palace bits in the low
// half, Black's in the high half.
constexpr std::array<std::uint32_t, kMailboxSize> make_both_palaces() {
  std::array<std::uint32_t, kMailboxSize> masks{};
  for (int square = 0; square < kMailboxSize; ++square)
    masks[std::size_t(square)] = palace_mask(kRed, square) | std::uint32_t(palace_mask(kBlack, square)) << 16;
  return masks;
}
inline constexpr auto kBothPalaces = make_both_palaces();
constexpr std::uint16_t palace_half(std::uint32_t both, Color owner) {
  return std::uint16_t(both >> (16 * int(owner)));
}

// How many points a palace mask holds, by table: without a processor flag to allow it, std::popcount is a
// library call, and the evaluation counts masks several times per call.
constexpr std::array<std::uint8_t, 1 << kPalacePointCount> make_point_counts() {
  std::array<std::uint8_t, 1 << kPalacePointCount> counts{};
  for (int mask = 1; mask < (1 << kPalacePointCount); ++mask)
    counts[std::size_t(mask)] = std::uint8_t(counts[std::size_t(mask >> 1)] + (mask & 1));
  return counts;
}
inline constexpr auto kPointCounts = make_point_counts();
constexpr int point_count(unsigned palace_mask) {
  return kPointCounts[palace_mask & ((1u << kPalacePointCount) - 1)];
}

// For a horse `delta` = (its point - the king's), the leg it checks over (a diagonal neighbour of the king,
// as an offset from it), or 0 when no horse there checks. Indexed by delta + kHorseDeltaBias.
constexpr int kHorseDeltaBias = 2 * kBoardStride + 2;
constexpr std::array<int, 2 * kHorseDeltaBias + 1> make_horse_check_legs() {
  std::array<int, 2 * kHorseDeltaBias + 1> legs{};
  for (const HorseAttack& attack : kHorseAttacks)
    for (const int horse : attack.horses) legs[std::size_t(horse + kHorseDeltaBias)] = attack.leg;
  return legs;
}
inline constexpr auto kHorseCheckLegs = make_horse_check_legs();
int horse_check_leg(Square horse_target, Square king) {
  const int delta = int(horse_target) - int(king);
  return delta < -kHorseDeltaBias || delta > kHorseDeltaBias
             ? 0
             : kHorseCheckLegs[std::size_t(delta + kHorseDeltaBias)];
}

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
    const int step = step_toward(rook, king);
    if (step == 0) continue;
    const int between = std::min(pieces_between(board, rook, king, step), 2);
    fixed += w.rook_on_king_line_fixed[between];
    scaled += w.rook_on_king_line_scaled[between];
  }

  if (const Square door = info.king_door[them]; door != kNoSquare) {
    int attackers = 0;
    bool rook_on_door = false;
    for (const Square rook : rooks)
      if (const int step = step_toward(rook, door);
          rook == door || (step != 0 && pieces_between(board, rook, door, step) == 0)) {
        ++attackers;
        rook_on_door = true;
      }
    for (const Square cannon : cannons)
      if (const int step = step_toward(cannon, door);
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
  // The tapered parts blended by the majors left (opening_share of kFullMajorsValue), plus the rest.
  Score blended(int opening_share) const {
    return rest + (opening * opening_share + endgame * (kFullMajorsValue - opening_share)) / kFullMajorsValue;
  }
};

// The palace points one major's walk reaches: for king danger, both palaces as masks; without it, only the
// count of enemy palace points that the older attack terms read.
template <bool kDanger, Color them>
struct PalaceMarks {
  std::uint32_t palaces = 0;
  int enemy_points = 0;

  void mark(int square) {
    if constexpr (kDanger)
      palaces |= kBothPalaces[square];
    else
      enemy_points += kInPalace[them][square];
  }
  // Adds the walk to `reach`: to `palace_count` (a MajorsReach counter) and, for king danger, the masks.
  std::uint16_t add_to(MajorsReach& reach, int type_index, int& palace_count) const {
    if constexpr (!kDanger) {
      palace_count += enemy_points;
      return 0;
    } else {
      const std::uint16_t attacks = palace_half(palaces, them);
      palace_count += point_count(attacks);
      reach.add_major(type_index, attacks, palace_half(palaces, opposite(them)));
      return attacks;
    }
  }
};

// kDanger: also find what king danger reads (palace masks, horse checks); without it the walks do only what
// the other terms need.
template <Color c, bool kDanger, class Tables>
SideScore<ScoreOf<Tables>> evaluate_side(const Position& position, const MinorsInfo& info,
                                         Knowledge knowledge, const Tables& tables, MajorsReach& reach_out) {
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
  MajorsReach reach;  // local, so that the walks below keep it in registers; copied out at the end

  const unsigned own_pawn_files = info.pawn_files[c];
  const unsigned any_pawn_files = own_pawn_files | info.pawn_files[them];
  for (const Square rook : rooks) {
    int moves = 0;
    PalaceMarks<kDanger, them> marks;
    for (const int step : kOrthogonalSteps) {
      int square = rook + step;
      while (board[square] == kEmpty) {
        ++moves;
        marks.mark(square);
        square += step;
      }
      moves += (board[square] & their_tag) != 0;
      marks.mark(square);
    }
    reach.rook_attacks |= marks.add_to(reach, 0, reach.rook_palace);
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

  const Square enemy_king = position.king_square(them);
  for (const Square horse : horses) {
    int moves = 0;
    PalaceMarks<kDanger, them> marks;
    for (const int leg : kOrthogonalSteps) {
      if (board[horse + leg] != kEmpty) continue;
      const int aside = (leg == kBoardStride || leg == -kBoardStride) ? 1 : kBoardStride;
      for (const Square target : {Square(horse + 2 * leg - aside), Square(horse + 2 * leg + aside)}) {
        const Piece piece = board[target];
        const bool can_go = piece == kEmpty || (piece & their_tag);
        moves += can_go;
        marks.mark(target);
        if (!kDanger || !can_go) continue;
        if (const int check_leg = horse_check_leg(target, enemy_king);
            check_leg != 0 && board[enemy_king + check_leg] == kEmpty) {
          if (const std::uint16_t inside = palace_mask(them, target))
            reach.horse_checks_in_palace |= inside;
          else
            ++reach.horse_checks_outside;
        }
      }
    }
    marks.add_to(reach, 1, reach.horse_palace);
    score += w.horse_mobility[moves];
    reach.crossed_horses += !kInHalf[c][horse];
    reach.horse_posts += kHorsePost[c][horse];
  }

  // A cannon moves over empty points and takes, or attacks, over exactly one screen.
  for (const Square cannon : cannons) {
    int moves = 0;
    PalaceMarks<kDanger, them> marks;
    for (const int step : kOrthogonalSteps) {
      int square = cannon + step;
      while (board[square] == kEmpty) {
        ++moves;
        square += step;
      }
      if (board[square] == kOffBoard) continue;
      square += step;
      while (board[square] == kEmpty) {
        marks.mark(square);
        square += step;
      }
      moves += (board[square] & their_tag) != 0;
      marks.mark(square);
    }
    marks.add_to(reach, 2, reach.cannon_palace);
    score += w.cannon_mobility[std::min(moves, kCannonMobilityCount - 1)];
  }
  reach_out = reach;
  if (knowledge < Knowledge::kLarge) return side;

  score += attack_score<c>(position, info, tables, reach);
  return side;
}

// The king-danger penalty for `units`: quadratic before the endgame, linear in it, blended by the majors
// left (opening_share of kFullMajorsValue); nothing for units at or below zero.
template <class Score>
Score danger_penalty(const Score& units, int opening_share, int divisor, int endgame_divisor) {
  divisor = std::max(divisor, 1);
  endgame_divisor = std::max(endgame_divisor, 1);
  const int endgame_share = kFullMajorsValue - opening_share;
  if constexpr (std::is_same_v<Score, LinearScore>) {
    return LinearScore::hinge(units, double(opening_share) / (kFullMajorsValue * divisor),
                              double(endgame_share) / (kFullMajorsValue * endgame_divisor));
  } else {
    if (units <= 0) return 0;
    return (opening_share * units * units * endgame_divisor + endgame_share * units * divisor) /
           (kFullMajorsValue * divisor * endgame_divisor);
  }
}

// Side c's attack on the enemy king, counted. `attacker` and `defender` are the two sides' reach from the
// majors pass; the king's shelter comes from the minors record.
template <Color c>
KingDangerFeatures find_king_danger(const Position& position, const MinorsInfo& info,
                                    const MajorsReach& attacker, const MajorsReach& defender) {
  constexpr Color them = opposite(c);
  KingDangerFeatures features;
  const KingShelter& shelter = info.shelter[them];
  const int fatal_pawns = std::min<int>(info.fatal_pawns[c], 3);
  if (attacker.attackers[0] == 0 && attacker.attackers[1] + attacker.attackers[2] + fatal_pawns < 2)
    return features;
  features.real = true;

  const auto& board = position.board();
  const Square king = position.king_square(them);
  const int king_file = file_of(king), king_rank = rank_of(king);
  const std::uint16_t attacked = attacker.attacked | shelter.pawn_hits;
  const std::uint16_t attacked_twice = attacker.attacked_twice | (attacker.attacked & shelter.pawn_hits);
  const std::uint16_t guarded = shelter.guarded | defender.defended;
  // A check from `square` is safe unless a defender guards it (only palace points are judged).
  const auto safe = [guarded](Square square) { return (palace_mask(them, square) & guarded) == 0; };

  for (int type = 0; type < 3; ++type) features.attackers[type] = attacker.attackers[type];
  features.attackers[3] = fatal_pawns;
  features.weak_points = point_count(attacked & ~guarded);
  features.double_attacks = point_count(attacked_twice);

  // The flights left: free of the king's own minors (the record), not held by its majors, not attacked.
  std::uint16_t flights = shelter.flights;
  for (unsigned bits = shelter.flights; bits; bits &= bits - 1) {
    const int bit = std::countr_zero(bits);
    const Piece piece = board[palace_square(them, bit)];
    if (piece != kEmpty && color_of(piece) == them) flights &= std::uint16_t(~(1u << bit));
  }
  features.safe_flights = std::min(point_count(flights & ~attacked), 3);

  // Checks: a rook or cannon steps onto the king's file or rank (a rook with nothing between it and the king,
  // a cannon over one screen); the horses' were found in the pass.
  const auto line_checks = [&](Square piece, int screens_needed, bool may_capture) {
    int checks = 0;
    for (const Square target :
         {make_square(file_of(piece), king_rank), make_square(king_file, rank_of(piece))}) {
      const Piece there = board[target];
      if (!(there == kEmpty || (may_capture && color_of(there) == them))) continue;
      if (pieces_between(board, piece, target) != 0) continue;
      checks += pieces_between(board, target, king) == screens_needed && safe(target);
    }
    return checks;
  };
  int rook_checks = 0, cannon_checks = 0;
  for (const Square rook : position.squares(c, kRook)) {
    const int step = step_toward(rook, king);
    if (step == 0) {
      rook_checks += line_checks(rook, 0, true);
      continue;
    }
    const int between = pieces_between(board, rook, king, step);
    rook_checks += between == 0;
    if (file_of(rook) == king_file) {
      features.pinned_defenders += shelter.pinnable;
      features.rook_on_king_file += between <= 1;
    }
  }
  for (const Square cannon : position.squares(c, kCannon)) {
    const int step = step_toward(cannon, king);
    if (step == 0) {
      cannon_checks += line_checks(cannon, 1, false);
      continue;
    }
    const int between = pieces_between(board, cannon, king, step);
    if (between == 1) {
      ++cannon_checks;
      Square screen = Square(king - step);
      while (board[screen] == kEmpty) screen = Square(screen - step);
      const Piece screen_piece = board[screen];
      features.double_cannons += screen_piece == make_piece(c, kCannon);
      features.horse_behind_cannon += screen_piece == make_piece(c, kHorse);
      features.centre_horse += screen_piece == make_piece(them, kHorse) &&
                               king == make_square(4, them == kRed ? 0 : 9) &&
                               screen == make_square(4, them == kRed ? 1 : 8);
    }
    if (file_of(cannon) == king_file && between == 0) features.hollow_cannon = 1;
    features.bottom_cannons +=
        rank_of(cannon) == king_rank && relative_rank(them, king_rank) == 0 && between <= 1;
  }
  if (features.hollow_cannon && (attacker.rook_attacks & shelter.flights)) features.iron_bolt = 1;
  const int horse_checks =
      attacker.horse_checks_outside + point_count(attacker.horse_checks_in_palace & ~guarded);
  features.safe_checks[0] = std::min(rook_checks, 2);
  features.safe_checks[1] = std::min(horse_checks, 2);
  features.safe_checks[2] = std::min(cannon_checks, 2);
  features.pawn_checks = shelter.pawn_checks;
  features.defenders = defender.defenders;

  for (const Square horse : position.squares(c, kHorse)) {
    const int file = file_of(horse), relative = relative_rank(them, rank_of(horse));
    features.corner_horses += (file == 3 || file == 5) && (relative == 0 || relative == 2);
    features.elbow_horses += (file == 2 || file == 6) && relative == 1;
  }
  return features;
}

// The danger units of counted features, and their penalty.
template <class Tables>
ScoreOf<Tables> king_danger_score(const KingDangerFeatures& f, const Tables& tables, int opening_share) {
  using Score = ScoreOf<Tables>;
  if (!f.real) return Score{};
  const auto& w = tables.parameters;
  Score units = w.danger_offset;
  for (int type = 0; type < 4; ++type) units += f.attackers[type] * w.danger_attacker[type];
  for (int type = 0; type < 3; ++type) units += f.safe_checks[type] * w.danger_safe_check[type];
  units += f.weak_points * w.danger_weak_point + f.double_attacks * w.danger_double_attack +
           w.danger_safe_flights[f.safe_flights] + f.pawn_checks * w.danger_pawn_check -
           f.defenders * w.danger_defender + f.pinned_defenders * w.danger_pinned_defender;
  units += f.double_cannons * w.shape_double_cannons + f.horse_behind_cannon * w.shape_horse_behind_cannon +
           f.corner_horses * w.shape_corner_horse + f.elbow_horses * w.shape_elbow_horse +
           f.iron_bolt * w.shape_iron_bolt + f.hollow_cannon * w.shape_hollow_cannon +
           f.centre_horse * w.shape_centre_horse + f.bottom_cannons * w.shape_bottom_cannon +
           f.rook_on_king_file * w.shape_rook_on_king_file;
  return danger_penalty<Score>(units, opening_share, w.danger_divisor, w.danger_endgame_divisor);
}

// Red's score less Black's, the tapered parts blended by the majors left (this part is not cached, so it may
// read them).
template <class Tables>
ScoreOf<Tables> red_minus_black(const Position& position, const MinorsInfo& info, Knowledge knowledge,
                                const Tables& tables) {
  MajorsReach red_reach, black_reach;
  const int opening_share = std::min(position.majors_value(), kFullMajorsValue);
  if (!(knowledge >= Knowledge::kLarge && tables.king_danger)) {
    auto score = evaluate_side<kRed, false>(position, info, knowledge, tables, red_reach);
    score -= evaluate_side<kBlack, false>(position, info, knowledge, tables, black_reach);
    return score.blended(opening_share);
  }
  auto score = evaluate_side<kRed, true>(position, info, knowledge, tables, red_reach);
  score -= evaluate_side<kBlack, true>(position, info, knowledge, tables, black_reach);
  auto total = score.blended(opening_share);
  total += king_danger_score(find_king_danger<kRed>(position, info, red_reach, black_reach), tables,
                             opening_share);
  total -= king_danger_score(find_king_danger<kBlack>(position, info, black_reach, red_reach), tables,
                             opening_share);
  return total;
}

}  // namespace

KingDangerFeatures king_danger_features(const Position& position, const MinorsInfo& info, Color attacker) {
  MajorsReach red_reach, black_reach;
  const auto& tables = default_evaluation_tables();
  evaluate_side<kRed, true>(position, info, Knowledge::kLarge, tables, red_reach);
  evaluate_side<kBlack, true>(position, info, Knowledge::kLarge, tables, black_reach);
  return attacker == kRed ? find_king_danger<kRed>(position, info, red_reach, black_reach)
                          : find_king_danger<kBlack>(position, info, black_reach, red_reach);
}

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
