// The win/draw/loss model and its fitted parameters (win_draw_loss.h).
#include "search/win_draw_loss.h"

#include <algorithm>
#include <cmath>

#include "engine/board/position.h"
#include "eval/score.h"

namespace shuai {

namespace {

// The smallest spread b allowed: a cubic fitted to few endgames must not turn the chances into a step.
constexpr double kMinimumSpread = 10;
// Upsets are a small part of the chances, not a second model.
constexpr double kMaximumUpsetShare = 0.5;

double cubic(const std::array<double, 4>& coefficients, double x) {
  return ((coefficients[3] * x + coefficients[2]) * x + coefficients[1]) * x + coefficients[0];
}

}  // namespace

int outcome_material(const Position& position) {
  int material = 0;
  for (const Color color : {kRed, kBlack})
    material += 4 * position.count(color, kRook) +
                2 * (position.count(color, kHorse) + position.count(color, kCannon)) +
                position.count(color, kPawn);
  return material;
}

const OutcomeModel& fitted_outcome_model() {
  // `shuai-tune wdl positions/wdl-games.txt` prints these lines (docs/win-draw-loss.md: 560 games of Shuai
  // against itself at 5+0.05 from the openings, three in four fitted, the rest the check).
  static const OutcomeModel model{
      .a = {106.63, -42.36, -127.36, 152.22},
      .b = {-9.48, 218.70, -405.93, 252.26},
      .upset_share = 0.0034,
      .upset_spread = 296.4,
  };
  return model;
}

OutcomeShape outcome_shape(const OutcomeModel& model, int material) {
  const double x = std::clamp(double(material) / kFullOutcomeMaterial, 0.0, 1.0);
  return {std::max(cubic(model.a, x), 0.0), std::max(cubic(model.b, x), kMinimumSpread)};
}

OutcomeChances outcome_chances(const OutcomeModel& model, int score, int material) {
  if (is_decisive_score(score)) return score > 0 ? OutcomeChances{1, 0, 0} : OutcomeChances{0, 0, 1};
  const auto [a, b] = outcome_shape(model, material);
  const double v = std::clamp(double(score), -double(kMaxEvaluation), double(kMaxEvaluation));
  const double upset = std::clamp(model.upset_share, 0.0, kMaximumUpsetShare);
  const double wide = std::max(model.upset_spread, b);
  const auto rising = [](double x, double spread) { return 1 / (1 + std::exp(-x / spread)); };
  OutcomeChances chances;
  chances.win = (1 - upset) * rising(v - a, b) + upset * rising(v - a, wide);
  chances.loss = (1 - upset) * rising(-v - a, b) + upset * rising(-v - a, wide);
  chances.draw = std::max(1 - chances.win - chances.loss, 0.0);
  return chances;
}

WinDrawLoss win_draw_loss(int score, int material) {
  const OutcomeChances chances = outcome_chances(fitted_outcome_model(), score, material);
  WinDrawLoss permille;
  permille.win = int(std::lround(1000 * chances.win));
  permille.loss = int(std::lround(1000 * chances.loss));
  permille.win = std::min(permille.win, 1000 - permille.loss);
  permille.draw = 1000 - permille.win - permille.loss;
  return permille;
}

}  // namespace shuai
