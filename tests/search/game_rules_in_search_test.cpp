// Game rules in the search: perpetual check loses, idle repetition draws, the natural move limit, stalemate,
// banned root moves.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/board/board.h"
#include "engine/board/game_rules.h"
#include "search/search.h"
#include "tests/support/played_position.h"
#include "tests/support/repetition_positions.h"

namespace shuai {
namespace {

using test::kRookUpFen;
using test::play_moves;

// Searches with every root move but `only` banned, so the score is that move's.
int score_of_only(const Position& position, std::string_view only, int depth) {
  Position copy = position;
  MoveList legal;
  generate_legal(copy, legal);
  SearchLimits limits;
  limits.depth = depth;
  for (const Move m : legal)
    if (move_to_iccs(m) != only) limits.excluded_root_moves.push_back(m);
  Searcher searcher;
  const SearchResult result = searcher.search(position, limits);
  CHECK(move_to_iccs(result.best_move) == only);
  return result.score;
}

TEST_CASE("repetition outcomes: the perpetual checker loses, an idle repetition draws") {
  // Red checks with every move (a9, a8, a9); Black's king steps e8, e9, e8.
  const auto checked = play_moves(kRookUpFen, {"a7a9", "e9e8", "a9a8", "e8e9", "a8a9"});
  CHECK(repetition_outcome(checked) == RuleOutcome::kWin);  // Black to move: Red checked perpetually
  const auto checked_more = play_moves(kRookUpFen, {"a7a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8"});
  CHECK(repetition_outcome(checked_more) == RuleOutcome::kLoss);  // Red to move, and Red is the checker
  const auto not_yet = play_moves(kRookUpFen, {"a7a9", "e9e8", "a9a8", "e8e9"});
  CHECK(repetition_outcome(not_yet) == RuleOutcome::kNone);

  const auto idle = play_moves(kRookUpFen, {"a7a6", "e9e8", "a6a7", "e8e9"});
  CHECK(repetition_outcome(idle) == RuleOutcome::kDraw);
  CHECK(rule_outcome(idle, kDefaultNaturalMoveLimit) == RuleOutcome::kDraw);
}

TEST_CASE("the search scores a perpetual check as a loss and an idle repetition as a draw") {
  const Position position = test::perpetual_check_position();
  CHECK(score_of_only(position, "a8a9", 4) == -(kRuleWinScore - 1));
  // Free to choose, Red keeps its extra rook instead.
  Searcher searcher;
  SearchLimits limits;
  limits.depth = 4;
  const SearchResult result = searcher.search(position, limits);
  CHECK(move_to_iccs(result.best_move) != "a8a9");
  CHECK(result.score > 100);

  // Black, a rook down, repeats with e8-e9: a draw.
  const auto idle = play_moves(kRookUpFen, {"a7a6", "e9e8", "a6a7"});
  CHECK(score_of_only(idle, "e8e9", 4) == kDrawScore);
}

TEST_CASE("the search: a perpetual chase loses, so the chaser deviates, and a forced chaser is held to it") {
  // Completing the chaser's cycle scores as a loss, and the search plays something else.
  const Position chaser = test::perpetual_chase_position();
  CHECK(score_of_only(chaser, "a5a6", 4) == -(kRuleWinScore - 1));
  Searcher searcher;
  SearchLimits limits;
  limits.depth = 5;
  const SearchResult deviates = searcher.search(chaser, limits);
  CHECK(move_to_iccs(deviates.best_move) != "a5a6");
  CHECK(deviates.score > -kRuleWinScore + kMaxPly);

  // The chased side's repetition is a win for it, found and played.
  const Position chased = test::chased_position();
  searcher.clear();
  const SearchResult holds = searcher.search(chased, limits);
  CHECK(move_to_iccs(holds.best_move) == "i2i3");
  CHECK(holds.score == kRuleWinScore - 1);
}

TEST_CASE("sixty moves each without a capture is a draw, when the setting is on") {
  const auto position = *parse_fen("4k4/9/R8/9/9/9/9/9/9/3K5 w - - 119 60").position;
  Searcher searcher;
  SearchLimits limits;
  limits.depth = 3;
  CHECK(searcher.search(position, limits).score == kDrawScore);
  searcher.options().natural_move_limit = 0;
  searcher.clear();
  CHECK(searcher.search(position, limits).score > 100);
}

TEST_CASE("no legal move loses: checkmate and stalemate alike") {
  Searcher searcher;
  SearchLimits limits;
  limits.depth = 3;
  // Red to move is stalemated (reference position P005).
  const SearchResult stalemated =
      searcher.search(*parse_fen("4k1b2/9/9/9/9/9/9/9/r8/3K5 w").position, limits);
  CHECK(stalemated.best_move == kNoMove);
  CHECK(stalemated.score == mated_in(0));
  // Black's only immediate win is to stalemate Red: f9-f1 takes d1, and e0 would face the black king.
  const auto position = *parse_fen("4krb2/9/9/9/9/9/9/9/9/3K5 b").position;
  const SearchResult result = searcher.search(position, limits);
  CHECK(result.score == mate_in(1));
  Position after = position;
  after.make_move(result.best_move);
  MoveList replies;
  generate_legal(after, replies);
  CHECK(replies.size == 0);
  CHECK_FALSE(after.in_check());
}

TEST_CASE("banned moves are never chosen at the root") {
  const auto position = *parse_fen(kStartFen).position;
  Searcher searcher;
  SearchLimits limits;
  limits.depth = 4;
  const Move first_choice = searcher.search(position, limits).best_move;
  limits.excluded_root_moves = {first_choice};
  const Move second_choice = searcher.search(position, limits).best_move;
  CHECK(second_choice != first_choice);
  CHECK(second_choice != kNoMove);
  // Banning every move leaves nothing to play.
  MoveList legal;
  Position copy = position;
  generate_legal(copy, legal);
  limits.excluded_root_moves.assign(legal.begin(), legal.end());
  CHECK(searcher.search(position, limits).best_move == kNoMove);
}

}  // namespace
}  // namespace shuai
