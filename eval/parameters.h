// Every weight of the evaluation in one table of named parameters: declared here with what each one means,
// valued in default_parameters.cpp, printable and loadable as text (parameter_file.h), and fitted to game
// results by `shuai-tune fit`. The minors' parameters are read only by the minors evaluator.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/board/types.h"
#include "eval/phase.h"

namespace shuai {

// The minors are judged in two phases, before the endgame and in it (minors_phase_of() in phase.h).
inline constexpr int kMinorsPhaseCount = 2;
constexpr int minors_phase_index(Phase phase) {
  return phase == Phase::kEndgame ? 1 : 0;
}

// The majors' weights that change as the game goes on are given at its two ends, the opening (all 16 units
// of majors on the board: rook 2, horse 1, cannon 1) and a bare endgame (none), and blended by the units
// left, so that a capture moves them a little instead of all at once at a phase boundary.
inline constexpr int kTaperEnds = 2;  // 0: the opening's end, 1: the endgame's
inline constexpr int kFullMajorsValue = 16;

// Piece-square bonuses are the same on file f and file 8 - f, so that a position and its mirror image score
// alike: a table holds files a..e only, and reads as a diagram from its owner's side (the first row is the
// enemy back rank, the last its own).
inline constexpr int kHalfFileCount = 5;
template <class Weight>
using HalfBoard = Weight[kRankCount][kHalfFileCount];

// Mobility tables are indexed by the number of moves.
inline constexpr int kRookMobilityCount = 18;
inline constexpr int kHorseMobilityCount = 9;
inline constexpr int kCannonMobilityCount = 18;
inline constexpr int kAttackScaleCount = 9;

// Weight is int for play; the tuner instantiates it with a symbolic weight that records which parameter an
// evaluation term used (linear_score.h). The attack scale multiplies other weights, so it is a plain int in
// both and the tuner leaves it as it is.
template <class Weight>
struct BasicParameters {
  Weight tempo;  // having the move

  // ---- The minors (king, advisor, elephant, pawn), by minors phase. All values in material units: a horse
  // is about 100.
  Weight minors_material[kMinorsPhaseCount][3];  // advisor, elephant, pawn
  // The king is safest at home before the endgame and a fighter in it; the advisor on the palace centre and
  // the elephant on the central point guard most; a pawn is worth little until it crosses the river, most
  // facing the enemy palace, and less again on the enemy back rank ("old pawn"). Unreachable points stay 0.
  HalfBoard<Weight> king_squares[kMinorsPhaseCount];
  HalfBoard<Weight> advisor_squares[kMinorsPhaseCount];
  HalfBoard<Weight> elephant_squares[kMinorsPhaseCount];
  HalfBoard<Weight> pawn_squares[kMinorsPhaseCount];
  // medium knowledge: pawn structure.
  Weight connected_crossed_pawns[kMinorsPhaseCount];  // per pair side by side across the river
  Weight pawns_on_one_file[kMinorsPhaseCount];        // per pawn beyond the first on a file (a penalty)
  Weight facing_pawn_defended[kMinorsPhaseCount];     // a pawn facing an enemy pawn, guarded by its minors
  // large knowledge: the defensive shape.
  Weight full_set[kMinorsPhaseCount];          // two advisors and two elephants
  Weight linked_elephants[kMinorsPhaseCount];  // the elephants guard each other
  Weight linked_advisors[kMinorsPhaseCount];   // one advisor on the palace centre, the two linked
  Weight missing_advisor[kMinorsPhaseCount];   // per advisor lost, beyond its material (a penalty)
  Weight no_advisors[kMinorsPhaseCount];       // and again when both are gone (a penalty)
  Weight missing_elephant[kMinorsPhaseCount];  // per elephant lost (a penalty)
  Weight no_elephants[kMinorsPhaseCount];      // and again when both are gone (a penalty)
  Weight king_file_bare[kMinorsPhaseCount];    // no own minor ahead of the king on its file (a penalty)
  Weight palace_pawn[kMinorsPhaseCount];       // per pawn in or next to the enemy palace
  Weight palace_pawn_per_missing_advisor[kMinorsPhaseCount];  // ... and more per advisor the enemy lacks

  // ---- The majors (horse, rook, cannon); material, squares and files at the two ends of the game.
  Weight majors_material[kTaperEnds][3];  // horse, rook, cannon
  // The horse gains toward the centre and the enemy palace and loses on the rim and its own back rank; the
  // rook likes the rib files, the river banks and the enemy pawn rank (mobility sees open lines); the cannon
  // likes the central file in the opening and the enemy back rank, and goes home in the endgame.
  HalfBoard<Weight> horse_squares[kTaperEnds];
  HalfBoard<Weight> rook_squares[kTaperEnds];
  HalfBoard<Weight> cannon_squares[kTaperEnds];
  // medium knowledge: mobility and open files.
  Weight rook_mobility[kRookMobilityCount];      // by points along its lines (an enemy piece counts)
  Weight horse_mobility[kHorseMobilityCount];    // by jumps over a free leg to a point not its own side's
  Weight cannon_mobility[kCannonMobilityCount];  // by quiet moves plus captures (17 or more share the last)
  Weight rook_open_file[kTaperEnds];             // no pawn of either side on the file
  Weight rook_half_open_file[kTaperEnds];        // enemy pawns only
  // large knowledge: attack on the enemy king. The attacker's force in units (rook 2, cannon 1, horse across
  // the river 1) gives the share, out of 16, that the "scaled" terms earn, so that a lone piece earns little.
  int attack_scale[kAttackScaleCount];
  // A major on the king's file or rank, by the pieces between (0, 1, 2; rooks: 2 means 2 or more). On the
  // file, 0 is the empty-headed cannon, 1 a check, 2 the classic central cannon.
  Weight cannon_on_king_file_fixed[3], cannon_on_king_file_scaled[3];
  Weight cannon_on_king_rank_fixed[3], cannon_on_king_rank_scaled[3];
  Weight rook_on_king_line_fixed[3], rook_on_king_line_scaled[3];
  Weight bottom_cannon;  // scaled: a cannon on the enemy back rank aimed at the king there
  // Majors bearing on the king door (the one point its own advisors leave it).
  Weight door_attack_fixed, door_attack_scaled;
  Weight iron_bolt;  // scaled: a rook on the door while an empty-headed cannon pins the file
  // Scaled, per missing advisor (or elephant) of the enemy.
  Weight rook_per_missing_advisor, horse_per_missing_advisor, cannon_per_missing_advisor;
  Weight cannon_per_missing_elephant;
  // Fatal pawns (at most three count): a part regardless, and a part scaled by the majors that back them.
  Weight fatal_pawn_fixed, fatal_pawn_scaled;
  // Scaled, per rook / cannon / horse post, against a king file bare of minors or a king off its home point.
  Weight bare_king_file_rook, bare_king_file_cannon;
  Weight king_off_home_rook, king_off_home_cannon, king_off_home_horse;
  // Scaled, per point of the enemy palace a rook, horse or cannon attacks (a cannon over its screen).
  Weight rook_palace_attack, horse_palace_attack, cannon_palace_attack;

  // King danger (large knowledge), counted in danger units for a side whose attack on the enemy king is real
  // (a rook, or two attackers, bearing on the palace). The defender pays a penalty that grows with the square
  // of the units before the endgame (units^2 / danger_divisor) and linearly in it (units /
  // danger_endgame_divisor), blended by the majors left; units at or below zero cost nothing.
  Weight danger_attacker[4];      // per attacker bearing on the palace: rook, horse, cannon; and fatal pawn
  Weight danger_weak_point;       // per palace point attacked and guarded by no defender, minor or major
  Weight danger_double_attack;    // per palace point attacked twice
  Weight danger_safe_flights[4];  // by the king's flights neither held nor attacked: 0, 1, 2, 3 or more
  Weight danger_safe_check[3];    // per check the attacker can give on a point no defender guards: rook,
                                  // horse (over a free leg), cannon (over one screen)
  Weight danger_pawn_check;       // per pawn that checks, or can with one step
  Weight danger_defender;         // per defending major bearing on its own palace (subtracted)
  Weight danger_pinned_defender;  // per own advisor or elephant ahead of the king while a rook is on its file
  Weight danger_offset;           // added to every real attack
  // The classical shapes, when their preconditions hold (global_evaluation.cpp says which).
  Weight shape_double_cannons;                 // two cannons on a king line, the front one empty-headed
  Weight shape_horse_behind_cannon;            // a cannon checking over its own horse
  Weight shape_corner_horse;                   // a horse on a palace corner
  Weight shape_elbow_horse;                    // a horse on the elbow point (file c or g, one rank in front)
  Weight shape_iron_bolt;                      // an empty-headed cannon while a rook bears on a flight
  Weight shape_hollow_cannon;                  // an empty-headed cannon on the king file
  Weight shape_centre_horse;                   // a cannon pinning the defender's horse on the palace centre
  Weight shape_bottom_cannon;                  // a cannon on the king's back rank with at most one screen
  Weight shape_rook_on_king_file;              // a rook on the king file with at most one piece between
  int danger_divisor, danger_endgame_divisor;  // not fitted
};

using EvaluationParameters = BasicParameters<int>;

// The values the engine plays with unless a parameter file is loaded.
const EvaluationParameters& default_parameters();

// Calls visit(name, member, fitted) for every parameter, in declaration order; `fitted` is false for the
// ones the tuner leaves alone. The order is the parameter file's and the tuner's.
template <class Parameters, class Visit>
constexpr void visit_parameters(Parameters& p, Visit&& visit) {
  visit("tempo", p.tempo, true);
  visit("minors_material", p.minors_material, true);
  visit("king_squares", p.king_squares, true);
  visit("advisor_squares", p.advisor_squares, true);
  visit("elephant_squares", p.elephant_squares, true);
  visit("pawn_squares", p.pawn_squares, true);
  visit("connected_crossed_pawns", p.connected_crossed_pawns, true);
  visit("pawns_on_one_file", p.pawns_on_one_file, true);
  visit("facing_pawn_defended", p.facing_pawn_defended, true);
  visit("full_set", p.full_set, true);
  visit("linked_elephants", p.linked_elephants, true);
  visit("linked_advisors", p.linked_advisors, true);
  visit("missing_advisor", p.missing_advisor, true);
  visit("no_advisors", p.no_advisors, true);
  visit("missing_elephant", p.missing_elephant, true);
  visit("no_elephants", p.no_elephants, true);
  visit("king_file_bare", p.king_file_bare, true);
  visit("palace_pawn", p.palace_pawn, true);
  visit("palace_pawn_per_missing_advisor", p.palace_pawn_per_missing_advisor, true);
  visit("majors_material", p.majors_material, true);
  visit("horse_squares", p.horse_squares, true);
  visit("rook_squares", p.rook_squares, true);
  visit("cannon_squares", p.cannon_squares, true);
  visit("rook_mobility", p.rook_mobility, true);
  visit("horse_mobility", p.horse_mobility, true);
  visit("cannon_mobility", p.cannon_mobility, true);
  visit("rook_open_file", p.rook_open_file, true);
  visit("rook_half_open_file", p.rook_half_open_file, true);
  visit("attack_scale", p.attack_scale, false);
  visit("cannon_on_king_file_fixed", p.cannon_on_king_file_fixed, true);
  visit("cannon_on_king_file_scaled", p.cannon_on_king_file_scaled, true);
  visit("cannon_on_king_rank_fixed", p.cannon_on_king_rank_fixed, true);
  visit("cannon_on_king_rank_scaled", p.cannon_on_king_rank_scaled, true);
  visit("rook_on_king_line_fixed", p.rook_on_king_line_fixed, true);
  visit("rook_on_king_line_scaled", p.rook_on_king_line_scaled, true);
  visit("bottom_cannon", p.bottom_cannon, true);
  visit("door_attack_fixed", p.door_attack_fixed, true);
  visit("door_attack_scaled", p.door_attack_scaled, true);
  visit("iron_bolt", p.iron_bolt, true);
  visit("rook_per_missing_advisor", p.rook_per_missing_advisor, true);
  visit("horse_per_missing_advisor", p.horse_per_missing_advisor, true);
  visit("cannon_per_missing_advisor", p.cannon_per_missing_advisor, true);
  visit("cannon_per_missing_elephant", p.cannon_per_missing_elephant, true);
  visit("fatal_pawn_fixed", p.fatal_pawn_fixed, true);
  visit("fatal_pawn_scaled", p.fatal_pawn_scaled, true);
  visit("bare_king_file_rook", p.bare_king_file_rook, true);
  visit("bare_king_file_cannon", p.bare_king_file_cannon, true);
  visit("king_off_home_rook", p.king_off_home_rook, true);
  visit("king_off_home_cannon", p.king_off_home_cannon, true);
  visit("king_off_home_horse", p.king_off_home_horse, true);
  visit("rook_palace_attack", p.rook_palace_attack, true);
  visit("horse_palace_attack", p.horse_palace_attack, true);
  visit("cannon_palace_attack", p.cannon_palace_attack, true);
  visit("danger_attacker", p.danger_attacker, true);
  visit("danger_weak_point", p.danger_weak_point, true);
  visit("danger_double_attack", p.danger_double_attack, true);
  visit("danger_safe_flights", p.danger_safe_flights, true);
  visit("danger_safe_check", p.danger_safe_check, true);
  visit("danger_pawn_check", p.danger_pawn_check, true);
  visit("danger_defender", p.danger_defender, true);
  visit("danger_pinned_defender", p.danger_pinned_defender, true);
  visit("danger_offset", p.danger_offset, true);
  visit("shape_double_cannons", p.shape_double_cannons, true);
  visit("shape_horse_behind_cannon", p.shape_horse_behind_cannon, true);
  visit("shape_corner_horse", p.shape_corner_horse, true);
  visit("shape_elbow_horse", p.shape_elbow_horse, true);
  visit("shape_iron_bolt", p.shape_iron_bolt, true);
  visit("shape_hollow_cannon", p.shape_hollow_cannon, true);
  visit("shape_centre_horse", p.shape_centre_horse, true);
  visit("shape_bottom_cannon", p.shape_bottom_cannon, true);
  visit("shape_rook_on_king_file", p.shape_rook_on_king_file, true);
  visit("danger_divisor", p.danger_divisor, false);
  visit("danger_endgame_divisor", p.danger_endgame_divisor, false);
}

// Calls f on every element of a parameter, scalar or (nested) array, in memory order.
template <class T, class F>
constexpr void for_each_element(T& value, F&& f) {
  if constexpr (std::is_array_v<T>)
    for (auto& element : value) for_each_element(element, f);
  else
    f(value);
}

// The number of elements of a parameter.
template <class T>
constexpr int element_count() {
  if constexpr (std::is_array_v<T>)
    return int(std::extent_v<T>) * element_count<std::remove_extent_t<T>>();
  else
    return 1;
}

// The half-board cell a piece of colour c on `square` reads.
constexpr int half_board_rank(Color c, Square square) {
  // Row 0 is the enemy back rank.
  return c == kRed ? kRankCount - 1 - rank_of(square) : rank_of(square);
}
constexpr int half_board_file(Square square) {
  const int file = file_of(square);
  return file < kHalfFileCount ? file : kFileCount - 1 - file;
}

}  // namespace shuai
