// Game rules in the search: perpetual check loses, idle repetition draws, the natural move limit, stalemate,
// banned root moves.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/board/board.h"
#include "engine/board/game_rules.h"
#include "search/search.h"
#include "tests/support/played_position.h"

namespace shuai {
namespace {

// Red is a rook up; its rook can check the black king from a9 and a8 in turn.
constexpr std::string_view kRookUp = "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1";

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
  const auto checked = play_moves(kRookUp, {"a7a9", "e9e8", "a9a8", "e8e9", "a8a9"});
  CHECK(repetition_outcome(checked) == RuleOutcome::kWin);  // Black to move: Red checked perpetually
  const auto checked_more = play_moves(kRookUp, {"a7a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8"});
  CHECK(repetition_outcome(checked_more) == RuleOutcome::kLoss);  // Red to move, and Red is the checker
  const auto not_yet = play_moves(kRookUp, {"a7a9", "e9e8", "a9a8", "e8e9"});
  CHECK(repetition_outcome(not_yet) == RuleOutcome::kNone);

  const auto idle = play_moves(kRookUp, {"a7a6", "e9e8", "a6a7", "e8e9"});
  CHECK(repetition_outcome(idle) == RuleOutcome::kDraw);
  CHECK(rule_outcome(idle, kDefaultNaturalMoveLimit) == RuleOutcome::kDraw);
}

TEST_CASE("the search scores a perpetual check as a loss and an idle repetition as a draw") {
  // Red to move after a9+ Ke8 a8+ Ke9: a8-a9+ again completes the perpetual check.
  const auto position = play_moves(kRookUp, {"a7a9", "e9e8", "a9a8", "e8e9"});
  CHECK(score_of_only(position, "a8a9", 4) == -(kRuleWinScore - 1));
  // Free to choose, Red keeps its extra rook instead.
  Searcher searcher;
  SearchLimits limits;
  limits.depth = 4;
  const SearchResult result = searcher.search(position, limits);
  CHECK(move_to_iccs(result.best_move) != "a8a9");
  CHECK(result.score > 100);

  // Black, a rook down, repeats with e8-e9: a draw.
  const auto idle = play_moves(kRookUp, {"a7a6", "e9e8", "a6a7"});
  CHECK(score_of_only(idle, "e8e9", 4) == kDrawScore);
}

TEST_CASE("the search: a perpetual chase loses, so the chaser deviates, and a forced chaser is held to it") {
  // Red, a rook down, chases the unprotected black cannon along the i file with its rook. A draw by
  // repetition would suit Red, but a perpetual chase loses: completing the cycle scores as a loss, and the
  // search plays something else.
  const auto chaser =
      play_moves("1r1k5/9/9/R8/8c/9/9/9/9/4K4 w - - 0 1", {"a6a5", "i5i6", "a5a6", "i6i5", "a6a5", "i5i6"});
  CHECK(score_of_only(chaser, "a5a6", 4) == -(kRuleWinScore - 1));
  Searcher searcher;
  SearchLimits limits;
  limits.depth = 5;
  const SearchResult deviates = searcher.search(chaser, limits);
  CHECK(move_to_iccs(deviates.best_move) != "a5a6");
  CHECK(deviates.score > -kRuleWinScore + kMaxPly);

  // Black's rook chases Red's unprotected cannon along the i file; Red, a rook down, keeps fleeing between
  // i3 and i4: the repetition is a win for Red, found and played.
  const auto chased = play_moves("3k1r3/9/9/9/9/9/8C/r8/9/4K4 b - - 0 1",
                                 {"a2a3", "i3i2", "a3a2", "i2i3", "a2a3", "i3i2", "a3a2"});
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
