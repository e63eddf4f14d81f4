// Playing levels below full strength, for games against people. A weaker level searches fewer nodes, weighs
// more of its best root lines and chooses among them with more noise, so that its mistakes grow smoothly as
// the level falls instead of coming as a strong move now and a thrown piece then. The search runs as ever;
// only its budget and the choice among its lines change, so full strength (the top level) is the search
// itself.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace shuai {

// Levels run from 0 (the weakest) to kFullStrengthLevel, which is no limit at all. A level may be fractional
// (a rating asked for lies between two levels).
inline constexpr int kFullStrengthLevel = 20;

struct LevelPlan {
  // Nodes searched after depth 1 at most: depth 1 always finishes, so every level sees every capture and
  // every mate in one, and the clock still bounds the search as at full strength.
  std::uint64_t nodes = 0;
  // The best root lines the choice weighs (MultiPV lines searched, whatever MultiPV the client asked for).
  int lines = 1;
  // In score units: a line this far below the best is chosen e (2.718...) times less often than the best.
  double temperature = 0;
};

// The Elo rating of each level below full strength, as measured in games against other engines on the scale
// docs/levels.md defines (tools/level_calibration.sh plays and fits them): what UCI_Elo asks for. Full
// strength has no entry: its rating depends on the clock it is given.
inline constexpr std::array<int, kFullStrengthLevel> kLevelRatings = {
    420,  510,  530,  650,  960,  1000, 1320, 1340, 1410, 1580,
    1660, 1750, 1810, 1840, 2070, 2100, 2140, 2250, 2310, 2380};

// A level's rating, interpolated between the table's levels; and the (fractional) level of a rating, both
// clamped to the table's range.
double elo_for_level(double level);
double level_for_elo(double elo);

// The plan of a level from 0 up to (not including) kFullStrengthLevel.
LevelPlan plan_for_level(double level);

// The line to play among `scores` (best first, the side to move's view): each line is weighed by
// exp(-(best - score) / temperature), its score's distance to the best capped at kLevelScoreGap so that a
// mate is an edge like a large one, and `uniform` (in [0, 1)) picks by weight. A line that loses by force (a
// mate or a repetition ruling against the side to move) is never chosen while another is not lost.
inline constexpr int kLevelScoreGap = 8000;
std::size_t choose_level_line(std::span<const int> scores, double temperature, double uniform);

}  // namespace shuai
