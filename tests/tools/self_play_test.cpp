// The tools' self-play game loop: whose engine searches each turn, and the referee's verdict ends the game.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/board/board.h"
#include "tools/common/self_play.h"

namespace shuai {
namespace {

TEST_CASE("self-play: the side to move's engine searches each turn until the referee's verdict") {
  Referee referee;
  Referee::Rules rules;
  rules.max_plies = 6;
  referee.set_rules(rules);
  std::string error;
  REQUIRE(referee.set_position(kStartFen, error));
  Searcher red(1), black(1);
  SearchLimits limits;
  limits.depth = 2;
  std::vector<int> engines;
  const Verdict verdict =
      tools::play_self_play(referee, {&red, &black}, limits, [&](const tools::SelfPlayTurn& turn) {
        CHECK(turn.position.side_to_move() == (turn.engine == 0 ? kRed : kBlack));
        CHECK(turn.result.best_move != kNoMove);
        CHECK(turn.seconds >= 0);
        engines.push_back(turn.engine);
      });
  CHECK(engines == std::vector<int>{0, 1, 0, 1, 0, 1});
  CHECK(referee.moves().size() == 6);
  CHECK(verdict.result == GameResult::kDraw);
}

}  // namespace
}  // namespace shuai
