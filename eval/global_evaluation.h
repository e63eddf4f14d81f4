// The global evaluation: majors' material and placement, mobility, threats on the palaces, and the interplay
// of the majors with the minors' shape read from the MinorsInfo record.
#pragma once

#include "engine/board/position.h"
#include "eval/evaluation_tables.h"
#include "eval/linear_score.h"
#include "eval/minors_info.h"

namespace shuai {

// What one side's attack on the enemy king counts (the king-danger features, each weighed by a danger_ or
// shape_ parameter); global_evaluation.cpp says how each is found.
struct KingDangerFeatures {
  bool real = false;         // a rook, or two attackers, bear on the palace: only then are the rest counted
  int attackers[4] = {};     // rooks, horses, cannons bearing on the palace; fatal pawns (at most 3)
  int weak_points = 0;       // palace points attacked and guarded by no defender
  int double_attacks = 0;    // palace points attacked twice
  int safe_flights = 0;      // the king's flights neither held nor attacked (at most 3)
  int safe_checks[3] = {};   // rook, horse, cannon checks on points no defender guards (at most 2 each)
  int pawn_checks = 0;       // pawns that check or can with one step
  int defenders = 0;         // defending majors bearing on their own palace
  int pinned_defenders = 0;  // own advisors and elephants ahead of the king, per rook on its file
  int double_cannons = 0, horse_behind_cannon = 0, corner_horses = 0, elbow_horses = 0, iron_bolt = 0,
      hollow_cannon = 0, centre_horse = 0, bottom_cannons = 0, rook_on_king_file = 0;

  bool operator==(const KingDangerFeatures&) const = default;
};
// The features of `attacker`'s attack on the other king (for tests and diagnostics: the evaluation finds
// them in its own pass).
KingDangerFeatures king_danger_features(const Position& position, const MinorsInfo& info, Color attacker);

// From Red's point of view; does not include info.score.
int evaluate_global(const Position& position, const MinorsInfo& info, Knowledge knowledge,
                    const EvaluationTables& tables = default_evaluation_tables());
// The same score with symbolic weights (full knowledge), for the tuner.
LinearScore linear_global_score(const Position& position, const MinorsInfo& info,
                                const SymbolicTables& tables);

}  // namespace shuai
