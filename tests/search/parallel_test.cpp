// The parallel search: several threads share the lockless tables and split nodes; it must find the same kind
// of answers as one thread, stop promptly, report every thread's nodes, and race on nothing but atomics.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include "engine/board/board.h"
#include "engine/commands/commands.h"
#include "search/search.h"
#include "tests/support/reference_positions.h"
#include "tests/support/repetition_positions.h"

namespace shuai {
namespace {

// Middlegame positions with many moves, where splits happen.
const std::vector<std::string> kBusyPositions = {
    std::string(kStartFen),
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
    "2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/2BAKAB2 w - - 0 1",
    "r2akab2/9/2n1b1n2/p3p1p1p/2p6/6P2/P1P1c3P/2N1C1N2/4A4/1RBAK1B1R w - - 0 1",
};

bool is_legal_in(const std::string& fen, Move move) {
  auto position = *parse_fen(fen).position;
  return is_legal(position, move);
}

TEST_SUITE("threads") {
  TEST_CASE("two and three threads search to a depth with legal moves and every thread's nodes") {
    for (const int threads : {2, 3}) {
      Searcher searcher(16);
      searcher.set_threads(threads);
      REQUIRE(searcher.thread_count() == threads);
      searcher.options().evaluation.verify_minors_hits = true;
      for (const std::string& fen : kBusyPositions) {
        SearchLimits limits;
        limits.depth = 7;
        const SearchResult result = searcher.search(*parse_fen(fen).position, limits);
        INFO(fen);
        CHECK(result.depth == 7);
        CHECK(is_legal_in(fen, result.best_move));
        CHECK(result.nodes > 0);
        // The lockless MHT under several threads: every hit recomputed, none disagrees.
        CHECK(result.minors.hits > 0);
        CHECK(result.minors.verified_hits == result.minors.hits);
        CHECK(result.minors.disagreements == 0);
      }
    }
  }

  TEST_CASE("the parallel search counts its split points and its threads' idle time") {
    const Position position = *parse_fen(kBusyPositions[1]).position;
    SearchLimits limits;
    limits.depth = 9;
    Searcher serial(16);
    const SearchResult alone = serial.search(position, limits);
    CHECK(alone.splits == 0);
    CHECK(alone.idle_seconds == 0);
    CHECK(alone.split_cutoffs + alone.thrown_away_nodes + alone.stale_alpha_nodes == 0);
    Searcher parallel(16);
    parallel.set_threads(2);
    // A split needs the helper looking for work: on a loaded machine it may not be scheduled before the main
    // thread has searched the whole tree alone, so the search is tried a few times, each from a cleared
    // table.
    SearchResult result;
    double seconds = 0;
    for (int attempt = 0; attempt < 8 && result.splits == 0; ++attempt) {
      parallel.clear();
      const auto start = std::chrono::steady_clock::now();
      result = parallel.search(position, limits);
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    CHECK(result.splits > 0);
    CHECK(result.idle_seconds >= 0);
    CHECK(result.idle_seconds <= 2 * seconds);  // two threads cannot wait longer than the search lasted
    CHECK(result.split_cutoffs <= result.splits);
    CHECK(result.thrown_away_nodes + result.stale_alpha_nodes <= result.nodes);
    // A new search starts counting afresh.
    limits.depth = 1;
    const SearchResult shallow = parallel.search(position, limits);  // depth 1 is below the split depth
    CHECK(shallow.splits + shallow.split_cutoffs + shallow.thrown_away_nodes + shallow.stale_alpha_nodes ==
          0);
  }

  TEST_CASE("the parallel search counts the work its split points' cutoffs throw away") {
    // When a split point fails high, the moves its other thread is searching are stopped: their nodes are
    // the parallel search's loss. Over enough searches some split points fail high while both threads work;
    // on a loaded machine (or under a sanitizer) the other thread may have finished or not yet begun at each
    // cutoff of a few searches, so the searches go on until one cutoff has thrown work away.
    Searcher parallel(16);
    parallel.set_threads(2);
    SearchLimits limits;
    limits.depth = 10;
    std::uint64_t cutoffs = 0, splits = 0, thrown_away = 0, nodes = 0;
    for (int attempt = 0; attempt < 96 && (cutoffs < 8 || thrown_away == 0); ++attempt) {
      parallel.clear();
      const SearchResult result = parallel.search(
          *parse_fen(kBusyPositions[std::size_t(attempt) % kBusyPositions.size()]).position, limits);
      cutoffs += result.split_cutoffs;
      splits += result.splits;
      thrown_away += result.thrown_away_nodes;
      nodes += result.nodes;
    }
    INFO("split points ", splits, ", failed high ", cutoffs, ", nodes ", nodes, ", thrown away ",
         thrown_away);
    REQUIRE(cutoffs >= 8);
    CHECK(cutoffs <= splits);
    CHECK(thrown_away > 0);
    CHECK(thrown_away < nodes);
  }

  TEST_CASE("the parallel search finds the mates one thread finds") {
    // The score must be the exact mate.
    const std::vector<std::pair<std::string, int>> mates = {
        {"4k4/3P5/R8/9/5R3/9/9/9/9/3K5 w - - 0 1", 1},  // a7a9 mates
    };
    for (const auto& [fen, moves] : mates) {
      Searcher searcher(16);
      searcher.set_threads(2);
      SearchLimits limits;
      limits.depth = 6;
      const SearchResult result = searcher.search(*parse_fen(fen).position, limits);
      CHECK(result.score == mate_in(2 * moves - 1));
      // a7a9 and a7e7 both mate: the move played must leave Black without a legal move.
      auto position = *parse_fen(fen).position;
      REQUIRE(is_legal(position, result.best_move));
      position.make_move(result.best_move);
      MoveList replies;
      generate_legal(position, replies);
      CHECK(replies.size == 0);
    }
  }

  TEST_CASE("stop ends a parallel infinite search at once") {
    Searcher searcher(16);
    searcher.set_threads(2);
    SearchLimits limits;
    limits.infinite = true;
    SearchResult result;
    const auto position = *parse_fen(kBusyPositions[1]).position;
    searcher.arm(limits);
    std::thread worker([&] { result = searcher.run(position, limits); });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto stopped = std::chrono::steady_clock::now();
    searcher.stop();
    worker.join();
    CHECK(std::chrono::steady_clock::now() - stopped < std::chrono::milliseconds(500));
    CHECK(is_legal_in(kBusyPositions[1], result.best_move));
  }

  TEST_CASE("a node limit counts every thread's nodes") {
    Searcher searcher(16);
    searcher.set_threads(2);
    SearchLimits limits;
    limits.nodes = 200'000;
    const SearchResult result = searcher.search(*parse_fen(kStartFen).position, limits);
    CHECK(result.nodes >= 200'000);
    CHECK(result.nodes < 400'000);
  }

  TEST_CASE("stress: many threads on small tables over many positions race on nothing") {
    // Tiny tables mean constant collisions and overwrites between threads; ThreadSanitizer runs this in CI.
    Searcher searcher(1);
    searcher.minors_table().resize_entries_log2(6);
    searcher.set_threads(4);
    const auto fens = test::reference_fens();
    const auto started = std::chrono::steady_clock::now();
    int searched = 0;
    for (std::size_t i = 0;
         i < fens.size() && std::chrono::steady_clock::now() - started < std::chrono::seconds(4); i += 3) {
      SearchLimits limits;
      limits.depth = 6;
      limits.nodes = 60'000;
      const SearchResult result = searcher.search(*parse_fen(fens[i]).position, limits);
      auto position = *parse_fen(fens[i]).position;
      MoveList legal;
      generate_legal(position, legal);
      if (legal.size > 0) CHECK(is_legal(position, result.best_move));
      ++searched;
    }
    CHECK(searched >= 3);
  }

  TEST_CASE(
      "eight threads on small tables reach the depth with sane results and the count goes 8 then 1 then 8") {
    // Many threads on few cores, a 1 MB transposition table and a small MHT: the split points, the per-thread
    // state and the shared tables under more threads than the machine has (ThreadSanitizer runs this in CI).
    constexpr int kDepth = 11;
    Searcher searcher(1);
    searcher.minors_table().resize_entries_log2(8);
    searcher.options().evaluation.verify_minors_hits = true;
    std::uint64_t splits = 0;
    for (const int threads : {8, 1, 8}) {
      searcher.set_threads(threads);
      REQUIRE(searcher.thread_count() == threads);
      for (const std::string& fen : {kBusyPositions[0], kBusyPositions[2], kBusyPositions[3]}) {
        SearchLimits limits;
        limits.depth = kDepth;
        const SearchResult result = searcher.search(*parse_fen(fen).position, limits);
        INFO(fen, " with ", threads, " threads");
        CHECK(result.depth == kDepth);
        CHECK(is_legal_in(fen, result.best_move));
        CHECK(result.nodes > 0);
        CHECK(std::abs(result.score) < kMaxEvaluation);  // balanced middlegames: no mate, no wild score
        CHECK(result.minors.disagreements == 0);
        CHECK(result.idle_seconds >= 0);
        if (threads == 1) CHECK(result.splits == 0);
        splits += result.splits;
      }
    }
    CHECK(splits > 0);
  }

  TEST_CASE("a parallel search stopped at any moment leaves no split point open: the next one splits") {
    // A stop reaches threads anywhere: working at a split point, helping below one, waiting for helpers, or
    // between iterations. Whatever it interrupts, the search must answer a legal move at once and leave the
    // split points closed and the idle count balanced, or the next search could not split (or would hang).
    Searcher searcher(16);
    searcher.set_threads(2);
    const std::string& fen = kBusyPositions[2];
    const Position position = *parse_fen(fen).position;
    for (const int delay_ms : {1, 4, 9, 20, 45, 100}) {
      SearchLimits limits;
      limits.infinite = true;
      SearchResult result;
      searcher.arm(limits);
      std::thread worker([&] { result = searcher.run(position, limits); });
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      const auto stopped = std::chrono::steady_clock::now();
      searcher.stop();
      worker.join();
      INFO("stopped after ", delay_ms, " ms");
      CHECK(std::chrono::steady_clock::now() - stopped < std::chrono::milliseconds(500));
      CHECK(is_legal_in(fen, result.best_move));
    }
    // A node limit stops the threads wherever the count runs out, split points included.
    for (const std::uint64_t nodes : {3'000u, 30'000u, 150'000u}) {
      SearchLimits limits;
      limits.nodes = nodes;
      const SearchResult result = searcher.search(position, limits);
      INFO("node limit ", nodes);
      CHECK(is_legal_in(fen, result.best_move));
      CHECK(result.nodes >= nodes);
    }
    SearchLimits deep;
    deep.depth = 9;
    SearchResult result;
    for (int attempt = 0; attempt < 8 && result.splits == 0; ++attempt) {
      searcher.clear();
      result = searcher.search(position, deep);
      CHECK(result.depth == 9);
      CHECK(is_legal_in(fen, result.best_move));
    }
    CHECK(result.splits > 0);
  }

  TEST_CASE("a move time and a game clock end a parallel search in time") {
    Searcher searcher(16);
    searcher.set_threads(2);
    const std::string& fen = kBusyPositions[1];
    const Position position = *parse_fen(fen).position;
    SearchLimits fixed;
    fixed.time.move_time_ms = 300;
    auto start = std::chrono::steady_clock::now();
    SearchResult result = searcher.search(position, fixed);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(300 + 500));
    CHECK(is_legal_in(fen, result.best_move));
    CHECK(result.depth >= 4);
    // Two seconds left and no increment: a game's move takes a small share of the clock, never all of it.
    SearchLimits clock;
    clock.time.remaining_ms = 2000;
    start = std::chrono::steady_clock::now();
    result = searcher.search(position, clock);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(1000));
    CHECK(is_legal_in(fen, result.best_move));
  }

  TEST_CASE("the parallel search never plays a banned root move") {
    // The root's split point takes the root's moves: the banned ones must stay out of it.
    Searcher serial(16);
    SearchLimits limits;
    limits.depth = 9;
    const Position position = *parse_fen(kStartFen).position;
    for (int ban = 0; ban < 3; ++ban)
      limits.excluded_root_moves.push_back(serial.search(position, limits).best_move);
    Searcher parallel(16);
    parallel.set_threads(2);
    const SearchResult result = parallel.search(position, limits);
    CHECK(is_legal_in(std::string(kStartFen), result.best_move));
    for (const Move banned : limits.excluded_root_moves) CHECK(result.best_move != banned);
  }

  TEST_CASE("the parallel search keeps the Asian rules: perpetual check and chase lose at split points too") {
    // The rules' outcomes depend on the path, so a split point must not let them leak into the tables as if
    // they were the position's: the perpetual checker and the chaser deviate, the chased side holds.
    struct RuleCase {
      Position position;
      std::string_view forbidden;  // the move completing the perpetual, a loss for the side playing it
      std::string_view required;   // the move completing a repetition the opponent's chase loses
    };
    const std::vector<RuleCase> cases = {{test::perpetual_check_position(), "a8a9", ""},
                                         {test::perpetual_chase_position(), "a5a6", ""},
                                         {test::chased_position(), "", "i2i3"}};
    Searcher searcher(16);
    searcher.set_threads(2);
    SearchLimits limits;
    limits.depth = 10;
    std::uint64_t splits = 0;
    for (const RuleCase& each : cases) {
      for (int attempt = 0; attempt < 4; ++attempt) {
        searcher.clear();
        const SearchResult result = searcher.search(each.position, limits);
        INFO(to_fen(each.position), ", attempt ", attempt);
        CHECK(result.depth == 10);
        if (!each.forbidden.empty()) {
          CHECK(move_to_iccs(result.best_move) != each.forbidden);
          CHECK(result.score > -kRuleWinScore + kMaxPly);  // not the rule's loss
        } else {
          CHECK(move_to_iccs(result.best_move) == each.required);
          CHECK(result.score == kRuleWinScore - 1);
        }
        splits += result.splits;
        if (result.splits > 0) break;
      }
    }
    CHECK(splits > 0);
  }

  TEST_CASE("changing the thread count between searches keeps the search working") {
    Searcher searcher(16);
    for (const int threads : {2, 1, 4, 2}) {
      searcher.set_threads(threads);
      SearchLimits limits;
      limits.depth = 5;
      CHECK(is_legal_in(std::string(kStartFen),
                        searcher.search(*parse_fen(kStartFen).position, limits).best_move));
    }
  }

  TEST_CASE("bench smp runs with repeated parallel searches and refuses bad arguments") {
    using namespace std::string_view_literals;
    const std::vector<std::string_view> good = {"depth"sv, "3"sv, "runs"sv, "2"sv, "hash"sv, "4"sv};
    CHECK(commands::run_bench_smp(good) == 0);
    // A sample of a FEN file's positions (the openings, which the bench never saw).
    const std::string openings = std::string(SHUAI_POSITIONS_DIR) + "/openings.fen";
    const std::vector<std::string_view> sampled = {"depth"sv, "3"sv, "file"sv, openings, "sample"sv, "3"sv};
    CHECK(commands::run_bench_smp(sampled) == 0);
    const std::string not_fen = std::string(SHUAI_POSITIONS_DIR) +
                                "/earlier-builds/hand-set-parameters.txt";  // parameters, not positions
    for (const auto& bad :
         std::vector<std::vector<std::string_view>>{{"runs"sv, "0"sv},
                                                    {"runs"sv},
                                                    {"threads"sv, "1"sv},
                                                    {"depth"sv, "x"sv},
                                                    {"speed"sv, "2"sv},
                                                    {"file"sv, "/nonexistent/openings.fen"sv},
                                                    {"file"sv, not_fen},
                                                    {"file"sv, openings, "sample"sv, "0"sv}})
      CHECK(commands::run_bench_smp(bad) == 2);
  }
}

}  // namespace
}  // namespace shuai
