// The playing levels: their plans grow with the level, the choice among lines follows its weights and never
// takes a line lost by force, and every level plays a legal move, takes a hanging piece near the top and
// never misses a mate in one or breaks the repetition rules.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

#include "engine/board/board.h"
#include "search/playing_level.h"
#include "search/search.h"
#include "tests/support/played_position.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

// `count` evenly spread draws of the choice, counted by the line chosen.
std::vector<int> choices(std::span<const int> scores, double temperature, int count = 10'000) {
  std::vector<int> chosen(scores.size());
  for (int i = 0; i < count; ++i) ++chosen.at(choose_level_line(scores, temperature, (i + 0.5) / count));
  return chosen;
}

Move level_move(const Position& position, double level) {
  Searcher searcher(1);
  searcher.options().level = level;
  return searcher.search(position, SearchLimits{}).best_move;
}

TEST_CASE("a playing level's plan: more nodes, fewer lines and less noise as the level rises") {
  LevelPlan previous = plan_for_level(0);
  CHECK(previous.nodes == 64);
  CHECK(previous.lines == 12);
  CHECK(previous.temperature == doctest::Approx(400));
  for (double level = 0.5; level <= kFullStrengthLevel - 1; level += 0.5) {
    const LevelPlan plan = plan_for_level(level);
    CHECK(plan.nodes > previous.nodes);
    CHECK(plan.lines <= previous.lines);
    CHECK(plan.temperature < previous.temperature);
    previous = plan;
  }
  CHECK(previous.lines == 4);
  CHECK(previous.temperature == doctest::Approx(3));
}

TEST_CASE("the levels' ratings rise with the level, and a rating asks for the level that has it") {
  for (std::size_t level = 1; level < kLevelRatings.size(); ++level)
    CHECK(kLevelRatings[level] > kLevelRatings[level - 1]);
  for (int level = 0; level < kFullStrengthLevel; ++level) {
    CHECK(elo_for_level(level) == kLevelRatings[std::size_t(level)]);
    CHECK(level_for_elo(kLevelRatings[std::size_t(level)]) == doctest::Approx(level));
  }
  // Between two levels, a fraction of the way; outside the table, its ends.
  const double middle = (kLevelRatings[3] + kLevelRatings[4]) / 2.0;
  CHECK(level_for_elo(middle) == doctest::Approx(3.5));
  CHECK(elo_for_level(3.5) == doctest::Approx(middle));
  CHECK(level_for_elo(kLevelRatings.front() - 500) == 0);
  CHECK(level_for_elo(kLevelRatings.back() + 500) == kFullStrengthLevel - 1);
  CHECK(elo_for_level(-3) == kLevelRatings.front());
  CHECK(elo_for_level(kFullStrengthLevel) == kLevelRatings.back());
}

TEST_CASE("the choice among lines follows their weights and never takes a line lost by force") {
  // Weights 1, e^-1 and e^-10 at a temperature of 10.
  const std::array scores = {100, 90, 0};
  const std::vector<int> chosen = choices(scores, 10);
  const double total = 1 + std::exp(-1.0) + std::exp(-10.0);
  CHECK(chosen[0] == doctest::Approx(10'000 / total).epsilon(0.01));
  CHECK(chosen[1] == doctest::Approx(10'000 * std::exp(-1.0) / total).epsilon(0.01));
  CHECK(chosen[2] <= 2);
  // A mate is as far above the rest as kLevelScoreGap, which even the weakest level's noise never crosses.
  const std::array mate = {mate_in(1), 0, -50};
  CHECK(choices(mate, plan_for_level(0).temperature)[0] == 10'000);
  // A line the repetition rules or a mate lose is never chosen while one is not lost, however noisy.
  const std::array ruled = {-300, -(kRuleWinScore - 1), mated_in(2)};
  CHECK(choices(ruled, 1e9)[0] == 10'000);
  // All lost: one of them is played all the same.
  const std::array all_lost = {mated_in(6), mated_in(2)};
  const std::vector<int> lost = choices(all_lost, 10);
  CHECK(lost[0] + lost[1] == 10'000);
  CHECK(choose_level_line(std::array{5}, 10, 0.7) == 0);
}

TEST_CASE("every level plays a legal move in positions of every phase") {
  const std::vector<std::string> fens = test::load_fens("phases-public.tsv");
  for (int level = 0; level < kFullStrengthLevel; level += 3)
    for (std::size_t i = 0; i < fens.size(); i += fens.size() / 6) {
      INFO(level, " ", fens[i]);
      Position position = *parse_fen(fens[i]).position;
      MoveList legal;
      generate_legal(position, legal);
      if (legal.size == 0) continue;
      const Move m = level_move(position, level);
      CHECK(std::find(legal.begin(), legal.end(), m) != legal.end());
    }
}

TEST_CASE("the strongest levels take a hanging piece, and every level sees a mate in one") {
  // The black horse on e4 hangs to the pawn in front of it (full strength: e3e4 +102, the next move -29).
  const Position hanging =
      *parse_fen("r1bakabnr/9/1c5c1/p1p1p1p1p/9/4n4/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1").position;
  for (const double level : {15.0, 17.0, 19.0})
    for (int trial = 0; trial < 5; ++trial) CHECK(move_to_iccs(level_move(hanging, level)) == "e3e4");
  for (const PositionLine& line : test::load_positions("mates.epd")) {
    if (line.rest.find("dm 1;") == std::string::npos) continue;
    const Position position = *parse_fen(line.fen).position;
    std::istringstream words(line.rest.substr(line.rest.find("bm ") + 3));
    std::string moves;
    std::getline(words, moves, ';');
    for (const double level : {0.0, 4.0, 9.0})
      for (int trial = 0; trial < 3; ++trial) {
        INFO(line.fen, " level ", level);
        CHECK(moves.find(move_to_iccs(level_move(position, level))) != std::string::npos);
      }
  }
}

TEST_CASE("the weakest level never completes a perpetual check, which the rules lose") {
  // Red has checked with a9 and a8; a8-a9 again would be the perpetual check.
  const Position position =
      test::play_moves("4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1", {"a7a9", "e9e8", "a9a8", "e8e9"});
  for (int trial = 0; trial < 30; ++trial) CHECK(move_to_iccs(level_move(position, 0)) != "a8a9");
}

}  // namespace
}  // namespace shuai
