// The playing levels' plans and their choice among the root lines (playing_level.h).
#include "search/playing_level.h"

#include <algorithm>
#include <cmath>

#include "eval/score.h"

namespace shuai {
namespace {

// The level below which the noise grows faster.
constexpr double kSteepNoiseLevel = 5;

// The noise from level 5 up: 120 at level 0 down to 3 at level 19, a constant factor a level.
double geometric_noise(double level) {
  return 120.0 * std::pow(3.0 / 120.0, level / (kFullStrengthLevel - 1.0));
}

}  // namespace

LevelPlan plan_for_level(double level) {
  level = std::clamp(level, 0.0, kFullStrengthLevel - 1.0);
  const double fraction = level / (kFullStrengthLevel - 1);
  LevelPlan plan;
  // Twice the nodes every 5/3 levels: 64 at level 0, some 4,000 at 10, 175,000 at 19 (full strength spends
  // 200,000 to 300,000 on a move at 5+0.05 here), so the budget, not the clock, limits every level.
  plan.nodes = std::uint64_t(std::llround(64.0 * std::exp2(0.6 * level)));
  // 12 lines at level 0 down to 4 at 19: a weak player also considers, and plays, poor moves.
  plan.lines = int(std::lround(4.0 + 8.0 * (1.0 - fraction)));
  // From 45.5 at level 5 down to 3 at level 19, geometrically, so each level's mistakes are a constant factor
  // smaller (a piece is about 100). Below level 5 the noise grows faster, to 400 at level 0, which plays
  // nearly at random among its twelve lines: there, with a search of a few hundred nodes, a wider choice is
  // what makes one level weaker than the next, about a hundred Elo a level as above (docs/levels.md).
  const double at_steep_level = geometric_noise(kSteepNoiseLevel);
  plan.temperature = level < kSteepNoiseLevel
                         ? at_steep_level * std::pow(400.0 / at_steep_level, 1.0 - level / kSteepNoiseLevel)
                         : geometric_noise(level);
  return plan;
}

double elo_for_level(double level) {
  level = std::clamp(level, 0.0, kFullStrengthLevel - 1.0);
  const int below = std::min(int(level), kFullStrengthLevel - 2);
  const double fraction = level - below;
  return kLevelRatings[below] + fraction * (kLevelRatings[below + 1] - kLevelRatings[below]);
}

double level_for_elo(double elo) {
  if (elo <= kLevelRatings.front()) return 0;
  for (int level = 0; level + 1 < kFullStrengthLevel; ++level)
    if (elo <= kLevelRatings[level + 1])
      return level + (elo - kLevelRatings[level]) / double(kLevelRatings[level + 1] - kLevelRatings[level]);
  return kFullStrengthLevel - 1;
}

std::size_t choose_level_line(std::span<const int> scores, double temperature, double uniform) {
  if (scores.size() <= 1 || temperature <= 0) return 0;
  const auto lost = [](int score) { return score < 0 && is_decisive_score(score); };
  const int best = scores[0];
  const bool every_line_lost = std::all_of(scores.begin(), scores.end(), lost);
  // Weights relative to the best line's (1), so no exponent overflows; at most 128 lines (MultiPV's range).
  double weights[128];
  double total = 0;
  const std::size_t count = std::min<std::size_t>(scores.size(), std::size(weights));
  for (std::size_t i = 0; i < count; ++i) {
    const int gap = std::min(best - scores[i], kLevelScoreGap);
    weights[i] = lost(scores[i]) && !every_line_lost ? 0.0 : std::exp(-double(gap) / temperature);
    total += weights[i];
  }
  double point = std::clamp(uniform, 0.0, 1.0) * total;
  for (std::size_t i = 0; i < count; ++i) {
    if (point < weights[i]) return i;
    point -= weights[i];
  }
  // Rounding left the point past the end: the last line with a weight.
  for (std::size_t i = count; i-- > 0;)
    if (weights[i] > 0) return i;
  return 0;
}

}  // namespace shuai
