// The win/draw/loss chances: permille summing to 1000, moving the right way with the score, the same from
// either side, certain for decided scores; the material they read.
#include <doctest/doctest.h>

#include <string_view>

#include "engine/board/board.h"
#include "eval/score.h"
#include "search/win_draw_loss.h"

namespace shuai {
namespace {

Position position_of(std::string_view fen) {
  FenResult parsed = parse_fen(fen);
  REQUIRE(parsed.position);
  return *parsed.position;
}

TEST_CASE("win/draw/loss chances sum to 1000, rise with the score and mirror for the other side") {
  for (const int material : {0, 5, 16, 30, kFullOutcomeMaterial}) {
    WinDrawLoss previous = win_draw_loss(-3000, material);
    for (int score = -3000; score <= 3000; score += 10) {
      const WinDrawLoss chances = win_draw_loss(score, material);
      CHECK(chances.win + chances.draw + chances.loss == 1000);
      CHECK(chances.win >= 0);
      CHECK(chances.draw >= 0);
      CHECK(chances.loss >= 0);
      CHECK(chances.win >= previous.win);
      CHECK(chances.loss <= previous.loss);
      const WinDrawLoss mirrored = win_draw_loss(-score, material);
      CHECK(mirrored.win == chances.loss);
      CHECK(mirrored.loss == chances.win);
      previous = chances;
    }
    const WinDrawLoss level = win_draw_loss(0, material);
    CHECK(level.win == level.loss);
    CHECK(level.draw > level.win);  // an even position is drawn more often than won by either side
    CHECK(win_draw_loss(3000, material).win > 900);
  }
  CHECK(win_draw_loss(mate_in(5), 40).win == 1000);
  CHECK(win_draw_loss(mated_in(4), 40).loss == 1000);
  CHECK(win_draw_loss(kTablebaseWinScore - 30, 3).win == 1000);
}

TEST_CASE("the material the model reads: 4 a rook, 2 a horse or cannon, 1 a pawn") {
  CHECK(outcome_material(position_of(kStartFen)) == kFullOutcomeMaterial);
  CHECK(outcome_material(position_of("3aka3/9/9/9/9/9/9/9/4A4/3AK4 w")) == 0);
  CHECK(outcome_material(position_of("3k5/9/9/9/9/4p4/9/9/4R4/4K1C2 w")) == 7);
}

}  // namespace
}  // namespace shuai
