// A short match of the strongest limited level against full strength, both at the same node count per move,
// refereed under the Asian rules: the level loses more than it wins, as it should, but no more than expected
// of a player that keeps its pieces, and a weaker level loses more. The levels' choices are seeded, so the
// games are the same on every run.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "search/playing_level.h"
#include "search/search.h"
#include "tests/support/reference_positions.h"
#include "tools/common/self_play.h"

namespace shuai {
namespace {

// The level's points per game against full strength over `openings` openings, each played with both colours.
double score_against_full_strength(double level, std::uint64_t nodes, int openings) {
  const std::vector<std::string> fens = test::load_fens("openings.fen");
  double points = 0;
  int games = 0;
  for (int opening = 0; opening < openings; ++opening)
    for (const Color level_side : {kRed, kBlack}) {
      Searcher limited(4), full(4);
      limited.options().level = level;
      limited.seed_level_choice(std::uint64_t(100 + 2 * opening + level_side));
      Referee referee;
      Referee::Rules rules;
      rules.max_plies = 200;  // a long game is adjudicated a draw, to keep the test short
      referee.set_rules(rules);
      std::string error;
      REQUIRE(referee.set_position(fens.at(std::size_t(opening)), error));
      SearchLimits limits;
      limits.nodes = nodes;
      const std::array<Searcher*, 2> engines = level_side == kRed ? std::array<Searcher*, 2>{&limited, &full}
                                                                  : std::array<Searcher*, 2>{&full, &limited};
      const Verdict verdict = tools::play_self_play(referee, engines, limits);
      const GameResult level_wins = level_side == kRed ? GameResult::kRedWins : GameResult::kBlackWins;
      points += verdict.result == GameResult::kDraw ? 0.5 : verdict.result == level_wins ? 1.0 : 0.0;
      ++games;
    }
  return points / games;
}

}  // namespace

TEST_CASE("the strongest limited level loses no more than expected to full strength in a short match") {
  // At the same nodes the level spreads them over four lines, so it is about full strength at a quarter of
  // the nodes (some 150 to 250 Elo weaker: an expected score of 0.2 to 0.3) and adds a little noise; a level
  // that threw pieces away would score near 0, as level 8 does.
  const double strongest = score_against_full_strength(kFullStrengthLevel - 1, 3000, 4);
  const double weaker = score_against_full_strength(8, 3000, 4);
  INFO("level 19 scored ", strongest, ", level 8 ", weaker);
  CHECK(strongest >= 0.15);
  CHECK(strongest < 0.5);
  CHECK(weaker < strongest);
}

}  // namespace shuai
