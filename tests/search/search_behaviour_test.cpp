// Search behaviour: determinism, limits (depth, nodes, time, stop, ponder), principal variations, bench
// signature.
#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <thread>
#include <utility>

#include "engine/board/board.h"
#include "engine/commands/bench.h"
#include "search/search.h"

namespace shuai {
namespace {

constexpr std::string_view kMiddlegame =
    "2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/2BAKAB2 w - - 0 1";
// Red, checked by the rook on d4, has one legal move, d6d4, and mates in 3
// (tests/protocol/analysis_test.cpp).
constexpr std::string_view kForcedMateFen = "9/4k4/9/3R5/9/3r5/9/9/3K5/9 w - - 0 1";

SearchResult search_depth(Searcher& searcher, std::string_view fen, int depth) {
  SearchLimits limits;
  limits.depth = depth;
  return searcher.search(*parse_fen(fen).position, limits);
}

// For a technique behind a parameter: `changed`, with it on, searches `fen` to `depth` over another tree than
// the defaults do, and after clear() repeats that tree and move exactly. Returns the repeated search's
// result.
SearchResult check_changes_and_repeats(Searcher& changed, std::string_view fen, int depth) {
  Searcher plain;
  const SearchResult reference = search_depth(plain, fen, depth);
  const SearchResult first = search_depth(changed, fen, depth);
  CHECK(first.depth == depth);
  CHECK(first.nodes != reference.nodes);
  changed.clear();
  const SearchResult again = search_depth(changed, fen, depth);
  CHECK(again.nodes == first.nodes);
  CHECK(again.best_move == first.best_move);
  return again;
}

TEST_CASE("the same position and depth give the same nodes and move, whatever ran before") {
  Searcher first;
  const SearchResult reference = search_depth(first, kMiddlegame, 7);
  CHECK(reference.depth == 7);
  search_depth(first, kStartFen, 6);  // unrelated work in between
  first.clear();
  const SearchResult again = search_depth(first, kMiddlegame, 7);
  Searcher fresh;
  const SearchResult other = search_depth(fresh, kMiddlegame, 7);
  CHECK(again.nodes == reference.nodes);
  CHECK(again.best_move == reference.best_move);
  CHECK(other.nodes == reference.nodes);
  CHECK(other.score == reference.score);
}

TEST_CASE("principal variations are legal move sequences and start with the best move") {
  Searcher searcher;
  std::vector<SearchInfo> reports;
  searcher.set_info_callback([&](const SearchInfo& info) { reports.push_back(info); });
  const SearchResult result = search_depth(searcher, kMiddlegame, 6);
  REQUIRE(reports.size() == 6);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    CHECK(reports[i].depth == int(i) + 1);
    auto position = *parse_fen(kMiddlegame).position;
    REQUIRE_FALSE(reports[i].principal_variation.empty());
    for (const Move m : reports[i].principal_variation) {
      REQUIRE(is_legal(position, m));
      position.make_move(m);
    }
  }
  CHECK(reports.back().principal_variation[0] == result.best_move);
  CHECK(reports.back().nodes == result.nodes);
  if (reports.back().principal_variation.size() > 1)
    CHECK(result.ponder_move == reports.back().principal_variation[1]);
}

TEST_CASE("MultiPV reports distinct lines best first and plays the first") {
  Searcher searcher;
  searcher.options().multi_pv = 3;
  std::vector<SearchInfo> reports;
  searcher.set_info_callback([&](const SearchInfo& info) { reports.push_back(info); });
  const SearchResult result = search_depth(searcher, kMiddlegame, 5);
  REQUIRE(reports.size() == 15);  // three lines for each of five iterations
  const SearchInfo* last[3] = {&reports[12], &reports[13], &reports[14]};
  for (int line = 0; line < 3; ++line) {
    CHECK(last[line]->line == line + 1);
    CHECK(last[line]->depth == 5);
  }
  CHECK(last[0]->principal_variation[0] == result.best_move);
  CHECK(last[0]->principal_variation[0] != last[1]->principal_variation[0]);
  CHECK(last[1]->principal_variation[0] != last[2]->principal_variation[0]);
  CHECK(last[0]->score >= last[1]->score);
  CHECK(last[1]->score >= last[2]->score);
}

TEST_CASE("a node limit stops the search close to the limit") {
  Searcher searcher;
  SearchLimits limits;
  limits.nodes = 20'000;
  const SearchResult result = searcher.search(*parse_fen(kMiddlegame).position, limits);
  CHECK(result.nodes >= 20'000);
  CHECK(result.nodes <= 20'001);
  CHECK(result.best_move != kNoMove);
}

TEST_CASE("a search stopped before its first iteration finished reports an estimate, never a mate") {
  Searcher searcher;
  std::vector<SearchInfo> reports;
  searcher.set_info_callback([&](const SearchInfo& info) { reports.push_back(info); });
  SearchLimits limits;
  limits.nodes = 1;  // the first node stops it
  auto position = *parse_fen(kMiddlegame).position;
  const SearchResult result = searcher.search(position, limits);
  CHECK(result.depth == 0);
  CHECK(is_legal(position, result.best_move));
  CHECK_FALSE(is_mate_score(result.score));
  REQUIRE(reports.size() == 1);
  CHECK(reports[0].depth == 0);
  CHECK(reports[0].score == result.score);
  CHECK(reports[0].principal_variation == std::vector<Move>{result.best_move});

  // With nothing searched, the move is the best one ply deep by the static evaluation: here the free rook.
  Searcher fresh;
  auto hanging = *parse_fen("3k5/9/9/9/9/9/r8/9/9/R3K4 w - - 0 1").position;
  const SearchResult capture = fresh.search(hanging, limits);
  CHECK(capture.depth == 0);
  CHECK(move_to_iccs(capture.best_move) == "a0a3");
}

TEST_CASE("one legal move: played after depth 1 under a game clock, searched as asked otherwise") {
  const auto position = *parse_fen(kForcedMateFen).position;
  Searcher searcher;
  SearchLimits clock;
  clock.time.remaining_ms = 60'000;
  CHECK(searcher.search(position, clock).depth == 1);
  SearchLimits depth = clock;
  depth.depth = 9;
  CHECK(searcher.search(position, depth).score == mate_in(5));
  SearchLimits mate = clock;
  mate.mate = 3;
  const SearchResult mated = searcher.search(position, mate);
  CHECK(mated.depth > 1);
  CHECK(mated.score == mate_in(5));
  SearchLimits move_time;
  move_time.depth = 9;
  move_time.time.move_time_ms = 5'000;
  CHECK(searcher.search(position, move_time).score == mate_in(5));
}

TEST_CASE("a mate limit stops at a mate in that many moves or fewer, not at a longer one") {
  // positions/mates.epd "mate-3-01": Red mates in 3.
  const auto position = *parse_fen("2bk5/C3a4/9/1NP6/9/9/3C5/9/9/3AK4 w").position;
  Searcher searcher;
  SearchLimits limits;
  limits.depth = 13;
  limits.mate = 3;
  const SearchResult found = searcher.search(position, limits);
  CHECK(found.score == mate_in(5));
  CHECK(found.depth < 13);
  limits.mate = 2;
  const SearchResult longer = searcher.search(position, limits);
  CHECK(longer.score == mate_in(5));
  CHECK(longer.depth == 13);
}

TEST_CASE("time allocation stays inside the clock") {
  TimeManager time;
  time.start({.remaining_ms = 60'000, .increment_ms = 0, .moves_to_go = 0, .move_time_ms = -1}, 50);
  CHECK(time.limited());
  CHECK(time.optimum_ms() > 0);
  CHECK(time.optimum_ms() <= time.maximum_ms());
  CHECK(time.maximum_ms() <= 60'000 * 4 / 10);
  time.start({.remaining_ms = 1'000, .increment_ms = 0, .moves_to_go = 1, .move_time_ms = -1}, 50);
  CHECK(time.maximum_ms() <= 950);
  time.start({.remaining_ms = 30, .increment_ms = 0, .moves_to_go = 0, .move_time_ms = -1}, 50);
  CHECK(time.maximum_ms() == 1);  // less than the overhead left: answer at once
  time.start({.remaining_ms = -1, .increment_ms = 0, .moves_to_go = 0, .move_time_ms = 500}, 50);
  CHECK(time.maximum_ms() == 450);
  time.start({}, 50);
  CHECK_FALSE(time.limited());
}

TEST_CASE("a timed search returns a legal move within its hard limit") {
  Searcher searcher;
  SearchLimits limits;
  limits.time.remaining_ms = 3'000;
  auto position = *parse_fen(kMiddlegame).position;
  const auto start = std::chrono::steady_clock::now();
  const SearchResult result = searcher.search(position, limits);
  const auto elapsed =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  CHECK(is_legal(position, result.best_move));
  CHECK(elapsed.count() < 3'000);
}

TEST_SUITE("threads") {
  TEST_CASE("stop ends an infinite search and ponderhit turns pondering into a timed search") {
    Searcher searcher;
    auto position = *parse_fen(kMiddlegame).position;
    SearchResult result;
    SearchLimits infinite;
    infinite.infinite = true;
    std::thread worker([&] { result = searcher.search(position, infinite); });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    searcher.stop();
    worker.join();
    CHECK(is_legal(position, result.best_move));

    SearchLimits ponder;
    ponder.ponder = true;
    ponder.time.move_time_ms = 200;
    ponder.depth = 3;  // finishes long before ponderhit, and must wait for it
    std::atomic<bool> finished{false};
    worker = std::thread([&] {
      result = searcher.search(position, ponder);
      finished = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    CHECK_FALSE(finished.load());  // a ponder search never answers on its own
    searcher.ponderhit();
    worker.join();
    CHECK(is_legal(position, result.best_move));
    CHECK(result.depth == 3);
  }
  TEST_CASE("null-move verification on two threads: the helpers keep the bar on passing") {
    // Under ThreadSanitizer this runs verification searches at split points and helpers inside them.
    Searcher searcher(16);
    searcher.set_threads(2);
    searcher.options().parameters.null_move_verification_depth = 4;
    SearchLimits limits;
    limits.depth = 10;
    Position position = *parse_fen(kMiddlegame).position;
    const SearchResult result = searcher.search(position, limits);
    CHECK(result.depth == 10);
    CHECK(is_legal(position, result.best_move));
  }
}  // TEST_SUITE("threads")

TEST_CASE("the root is marked as on the principal variation, and the marks' reduction changes the search") {
  Searcher plain;
  const SearchResult reference = search_depth(plain, kMiddlegame, 9);
  const auto root = plain.table().probe(parse_fen(kMiddlegame).position->key());
  REQUIRE(root);
  CHECK(root->was_pv);
  CHECK(root->move == reference.best_move);
  // reduction_table_pv reads the marks: with it on, nodes once on the principal variation are reduced less,
  // so the same search visits a different number of nodes.
  Searcher marked;
  marked.options().parameters.reduction_table_pv = 1;
  const SearchResult with_marks = search_depth(marked, kMiddlegame, 9);
  CHECK(with_marks.depth == 9);
  CHECK(with_marks.nodes != reference.nodes);
}

TEST_CASE(
    "the correction history changes the search, repeats it exactly, and leaves the table's evaluations "
    "uncorrected") {
  Searcher corrected;
  corrected.options().parameters.correction_minors_percent = 100;
  corrected.options().parameters.correction_majors_percent = 100;
  // clear() clears the corrections with the histories, so the search repeats.
  const SearchResult result = check_changes_and_repeats(corrected, kMiddlegame, 9);
  // The table keeps each node's evaluation as the evaluator gives it, whatever the correction was.
  Position child = *parse_fen(kMiddlegame).position;
  child.make_move(result.best_move);
  const auto entry = corrected.table().probe(child.key());
  REQUIRE(entry);
  REQUIRE(entry->static_evaluation != kNoStaticEvaluation);
  CHECK(entry->static_evaluation == Evaluator().evaluate(child));
}

TEST_CASE("the low-ply history changes the search near the root and repeats it exactly") {
  Searcher low_ply;
  low_ply.options().parameters.low_ply_history_plies = 4;
  const SearchResult result = check_changes_and_repeats(low_ply, kStartFen, 9);
  // A fresh searcher finds the same tree and move too.
  Searcher fresh;
  fresh.options().parameters.low_ply_history_plies = 4;
  const SearchResult from_fresh = search_depth(fresh, kStartFen, 9);
  CHECK(from_fresh.nodes == result.nodes);
  CHECK(from_fresh.best_move == result.best_move);
}

TEST_CASE("the full-depth re-search of a reduced quiet move teaches its histories, the same way every time") {
  // reduction_research_history set the other way from its default: the continuation histories the
  // re-searches teach (or no longer teach) order and reduce later moves, so the tree changes, and clear()
  // forgets them with the other histories, so it repeats.
  Searcher toggled;
  toggled.options().parameters.reduction_research_history =
      1 - default_search_parameters().reduction_research_history;
  const SearchResult result = check_changes_and_repeats(toggled, kMiddlegame, 10);
  Position position = *parse_fen(kMiddlegame).position;
  CHECK(is_legal(position, result.best_move));
}

TEST_CASE("null-move verification searches again the nodes whose pass failed high, and repeats exactly") {
  // Verified from depth 4, low enough that a depth-10 search meets many such nodes: each verification is a
  // search of its node, so the tree grows, the same way every time.
  Searcher verified;
  verified.options().parameters.null_move_verification_depth = 4;
  const SearchResult result = check_changes_and_repeats(verified, kMiddlegame, 10);
  Position position = *parse_fen(kMiddlegame).position;
  CHECK(is_legal(position, result.best_move));
}

TEST_CASE("a cap on the plies the root's fail highs take off lets a climbing score reach its mate") {
  // mate-5-01 of positions/mates.epd: the score climbs through several windows before the mate in 5 shows.
  // With late move reductions over 1.60 (the default, pinned here so the test keeps its case), a ply off for
  // every fail high leaves depth 13 too shallow to see it (a score of 443); two plies off at most leave it
  // deep enough.
  constexpr std::string_view kClimbingMate = "9/2rNak3/9/7C1/9/9/8C/9/4A4/4K4 w - - 0 1";
  auto search_with_cap = [&](int max_reduction) {
    Searcher searcher;
    searcher.table().resize(16);
    SearchParameters& parameters = searcher.options().parameters;
    parameters.reduction_divisor_percent = 160;
    parameters.aspiration_fail_high_reduction = 1;
    parameters.aspiration_fail_high_max_reduction = max_reduction;
    return search_depth(searcher, kClimbingMate, 13);
  };
  const SearchResult uncapped = search_with_cap(0);
  const SearchResult capped = search_with_cap(2);
  INFO("uncapped score ", uncapped.score);
  CHECK(capped.score == mate_in(9));
  CHECK(capped.nodes != uncapped.nodes);
}

TEST_CASE("quiet checks in quiescence see a mate one move past the horizon") {
  // Black's horse can take the red rook on c5, but then Nh6-g8 mates: the king on e9 is boxed in by its
  // advisors, e8 is the red pawn's, and nothing reaches g8 or the horse's leg on f8. Searched one ply deep,
  // Black's move is followed by quiescence alone, which sees the quiet mating check only when quiet checks
  // are searched; otherwise it scores the rook won.
  const std::string fen = "3aka3/3P5/1n7/7N1/2R6/9/9/9/9/3K5 b - - 0 1";
  const Move rook_capture = *parse_iccs("b7c5");
  Searcher plain;
  plain.options().parameters.quiescence_checks = 0;
  const SearchResult blind = search_depth(plain, fen, 1);
  CHECK(blind.best_move == rook_capture);
  Searcher checking;
  checking.options().parameters.quiescence_checks = 64;
  const SearchResult seeing = search_depth(checking, fen, 1);
  CHECK(seeing.best_move != rook_capture);
  CHECK_FALSE(is_mate_score(seeing.score));
  CHECK(seeing.score < blind.score);
  // A search three plies deep sees the mate without quiet checks in quiescence, and also declines the rook.
  Searcher deeper;
  deeper.options().parameters.quiescence_checks = 0;
  CHECK(search_depth(deeper, fen, 3).best_move != rook_capture);
}

TEST_CASE("move-limit damping shrinks a lead as the plies since the last capture grow, and only then") {
  // Red has a horse and a pawn more (little against a bare king, but a lead), and nothing can be captured
  // within the search. Without damping (on by default, here turned off) the count of plies since the last
  // capture does not change the score (the move limit, 120 plies, is beyond this search's horizon); with it,
  // the lead shrinks as it grows.
  const std::string fresh = "4k4/9/9/9/9/2P6/9/9/4N4/4K4 w - - 0 1";
  const std::string stale = "4k4/9/9/9/9/2P6/9/9/4N4/4K4 w - - 100 1";
  // The scores of the fresh and the stale position, each searched from a cleared searcher.
  const auto fresh_and_stale_scores = [&](int damping_plies) {
    Searcher searcher;
    searcher.options().parameters.move_limit_damping_plies = damping_plies;
    const int fresh_score = search_depth(searcher, fresh, 4).score;
    searcher.clear();
    return std::pair{fresh_score, search_depth(searcher, stale, 4).score};
  };
  const auto [plain_fresh, plain_stale] = fresh_and_stale_scores(0);
  CHECK(plain_fresh > 100);
  CHECK(plain_stale == plain_fresh);
  const auto [damped_fresh, damped_stale] = fresh_and_stale_scores(240);
  CHECK(damped_fresh > 100);
  CHECK(damped_stale > 0);
  // At 100 plies the evaluation keeps (240 - 100) / 240 of itself, a little less at the leaves.
  CHECK(damped_stale * 100 < damped_fresh * 62);
  CHECK(damped_stale * 100 > damped_fresh * 45);
}

TEST_CASE("table cutoffs can be turned off from a count of plies since the last capture, and only there") {
  // A second search of the same position finds the first one's entries; with cutoffs turned off at its
  // count it searches a different tree (larger or smaller: without the cutoffs, the table's moves still
  // order the search, and what they save depends on the depth). Below that count nothing changes.
  const std::string fresh(kMiddlegame);
  const std::string stale = fresh.substr(0, fresh.size() - 4) + " 100 1";
  const auto second_search_nodes = [](std::string_view fen, int capture_plies_max) {
    Searcher searcher;
    searcher.options().parameters.table_cutoff_capture_plies_max = capture_plies_max;
    search_depth(searcher, fen, 7);
    return search_depth(searcher, fen, 7).nodes;
  };
  CHECK(second_search_nodes(stale, 100) != second_search_nodes(stale, 0));
  CHECK(second_search_nodes(fresh, 100) == second_search_nodes(fresh, 0));
}

TEST_CASE("a fail low a ply shallower cuts a node only with its switch on, and the tree repeats") {
  // Entries of the first search cut nodes of the second; with the switch on, upper bounds one ply shallower
  // than the node cut too, so the second search visits another tree, the same one every time it is run.
  const auto second_search_nodes = [](int upper_shallower) {
    Searcher searcher;
    searcher.options().parameters.table_cutoff_upper_shallower = upper_shallower;
    search_depth(searcher, kMiddlegame, 7);
    return search_depth(searcher, kMiddlegame, 8).nodes;
  };
  const std::uint64_t plain = second_search_nodes(0), shallower = second_search_nodes(1);
  CHECK(shallower != plain);
  CHECK(second_search_nodes(1) == shallower);
}

TEST_CASE("pruned nodes are stored, and earlier searches' entries kept, only with their switches on") {
  // The second search finds entries where the first pruned (reverse futility at 1, null move too at 2), or
  // keeps the first's deep entries against its own shallow iterations: another tree, the same every run.
  const auto second_search_nodes = [](int store_pruned, int keep_older) {
    Searcher searcher;
    searcher.options().parameters.table_store_pruned = store_pruned;
    searcher.options().parameters.table_keep_older = keep_older;
    search_depth(searcher, kMiddlegame, 7);
    return search_depth(searcher, kMiddlegame, 8).nodes;
  };
  const std::uint64_t plain = second_search_nodes(0, 0);
  const std::uint64_t futility = second_search_nodes(1, 0), null_move = second_search_nodes(2, 0);
  const std::uint64_t older = second_search_nodes(0, 1);
  CHECK(futility != plain);
  CHECK(null_move != plain);
  CHECK(null_move != futility);
  CHECK(older != plain);
  CHECK(second_search_nodes(2, 0) == null_move);
  CHECK(second_search_nodes(0, 1) == older);
}

TEST_CASE("the bench signature") {
  // The node count of `shuai bench depth 6`. It changes whenever the search or evaluation changes behaviour:
  // update it deliberately, with the new figure from `build/bin/shuai bench depth 6`.
  commands::BenchSettings settings;
  settings.depth = 6;
  const commands::BenchTotals totals = commands::run_bench(settings, false);
  CHECK(totals.nodes == 58304);
  // Every position is searched, each to the depth asked (the mean depth `bench time` prints comes from
  // these).
  CHECK(totals.positions == 31);
  CHECK(totals.depth_sum == 31 * 6);
}

TEST_CASE("two-ply singular extensions change the tree, repeat it, and stop at their cap on a line") {
  auto searcher_with = [](int margin, int max_per_line) {
    auto searcher = std::make_unique<Searcher>();
    searcher->options().parameters.singular_double_margin = margin;
    searcher->options().parameters.singular_double_max = max_per_line;
    return searcher;
  };
  // They are on by default (a margin of 8, ten per line): turned off, the tree changes.
  const auto single = searcher_with(0, 10);
  const SearchResult result = check_changes_and_repeats(*single, kMiddlegame, 10);
  Position position = *parse_fen(kMiddlegame).position;
  CHECK(is_legal(position, result.best_move));
  // One two-ply extension per line at most: a line's count is kept, so the cap prunes the tree that ten
  // allow.
  const auto capped = searcher_with(8, 1);
  const SearchResult once = search_depth(*capped, kMiddlegame, 10);
  CHECK(once.nodes != result.nodes);
  CHECK(once.nodes != search_depth(*searcher_with(8, 10), kMiddlegame, 10).nodes);
}

}  // namespace
}  // namespace shuai
