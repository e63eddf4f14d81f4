// Win, draw and loss chances from a score, for people who read scores as chances (UCI_ShowWDL). The model
// is the Stockfish family's, fitted to Shuai's own games (`shuai-tune wdl`, docs/win-draw-loss.md): from the
// side to move's view, a score v wins with probability 1 / (1 + exp((a - v) / b)) and loses with 1 / (1 +
// exp((a + v) / b)), the rest is a draw; a (the score at which a win is as likely as not) and b (how fast
// the chances turn) are cubics in the material left, since an edge converts differently in the middlegame
// and in an endgame against advisors and elephants. One term more than the Stockfish family's: a small
// share of games is turned round, so that share of the chances follows the same curves with a much wider
// spread (games are won from scores that said otherwise more often than the steep curve alone allows).
#pragma once

#include <array>

namespace shuai {

class Position;

// Permille chances from the side to move's view; they sum to 1000.
struct WinDrawLoss {
  int win = 0, draw = 1000, loss = 0;
};

// The material the model reads: 4 a rook, 2 a horse or a cannon, 1 a pawn, both sides counted (42 at the
// start, 0 with only kings, advisors and elephants left).
inline constexpr int kFullOutcomeMaterial = 42;
int outcome_material(const Position& position);

// a and b as cubics in x = material / kFullOutcomeMaterial: a = a0 + a1 x + a2 x^2 + a3 x^3, likewise b.
// A share `upset_share` of the chances follows the curves with the spread `upset_spread` instead of b.
struct OutcomeModel {
  std::array<double, 4> a{}, b{};
  double upset_share = 0, upset_spread = 400;
};
// The model fitted to Shuai's games (its fit and check: docs/win-draw-loss.md).
const OutcomeModel& fitted_outcome_model();

// a and b at `material` (clamped: a at least 0, b at least a small spread).
struct OutcomeShape {
  double a = 0, b = 1;
};
OutcomeShape outcome_shape(const OutcomeModel& model, int material);

struct OutcomeChances {
  double win = 0, draw = 1, loss = 0;
};
// The model's chances for `score` (side to move's view, the engine's units) with `material` left. A mate, a
// win by rule or a tablebase win is a certain result.
OutcomeChances outcome_chances(const OutcomeModel& model, int score, int material);
// The same in permille, rounded so that they sum to 1000, from the fitted model.
WinDrawLoss win_draw_loss(int score, int material);

}  // namespace shuai
