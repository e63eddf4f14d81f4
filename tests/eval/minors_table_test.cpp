// The Minors Hash Table: harmless (the same evaluation and the same search with it or without), lockless
// (a torn entry never hits, and would without the XOR encoding), phase-checked, resizable, counted.
#include <doctest/doctest.h>

#include <random>

#include "engine/board/board.h"
#include "eval/evaluator.h"
#include "eval/minors_evaluation.h"
#include "eval/minors_table.h"
#include "search/search.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

// Evaluates every node of a perft walk with and without the table and counts the positions compared.
void compare_walk(Position& position, int depth, Evaluator& cached, Evaluator& plain,
                  std::uint64_t& compared) {
  REQUIRE(cached.evaluate(position) == plain.evaluate(position));
  REQUIRE(cached.minors(position) == plain.minors(position));
  ++compared;
  if (depth == 0) return;
  MoveList moves;
  generate_legal(position, moves);
  for (const Move m : moves) {
    position.make_move(m);
    compare_walk(position, depth - 1, cached, plain, compared);
    position.unmake_move();
  }
}

MinorsInfo sample_record(int seed) {
  std::mt19937 random(seed);
  MinorsInfo info;
  info.score = int(random() % 4001) - 2000;
  info.phase = Phase(random() % kPhaseCount);
  for (const Color c : {kRed, kBlack}) {
    info.advisors[c] = std::uint8_t(random() % 3);
    info.elephants[c] = std::uint8_t(random() % 3);
    info.pawns[c] = std::uint8_t(random() % 6);
    info.crossed_pawns[c] = std::uint8_t(random() % 6);
    info.fatal_pawns[c] = std::uint8_t(random() % 6);
    info.king_door[c] = random() % 3 == 0 ? kNoSquare : square_from_index(int(random() % kSquareCount));
    info.pawn_files[c] = std::uint16_t(random() % 512);
    info.shape[c] = std::uint8_t(random() % 256);
    KingShelter& shelter = info.shelter[c];
    shelter.guarded = std::uint16_t(random() % 512);
    shelter.flights = std::uint16_t(random() % 512);
    shelter.free_legs = std::uint8_t(random() % 16);
    shelter.file_minors = std::uint16_t(random() % 1024);
    shelter.rank_minors = std::uint16_t(random() % 512);
    shelter.pinnable = std::uint8_t(random() % 3);
    shelter.pawn_hits = std::uint16_t(random() % 512);
    shelter.pawn_checks = std::uint8_t(random() % 4);
  }
  return info;
}

TEST_CASE("the evaluation is identical with and without the table along perft walks and random games") {
  MinorsTable table(1);  // small, so that replacement happens too
  Evaluator cached(&table), plain;
  std::uint64_t compared = 0;
  for (const auto& reference : test::all_perft_references()) {
    INFO(reference.id);
    auto position = *parse_fen(reference.fen).position;
    compare_walk(position, 3, cached, plain, compared);
  }
  const std::uint64_t walk_positions = compared;
  std::mt19937_64 random(4);
  for (const auto& reference : test::all_perft_references()) {
    auto position = *parse_fen(reference.fen).position;
    for (int ply = 0; ply < 200; ++ply) {
      MoveList moves;
      generate_legal(position, moves);
      if (moves.size == 0) break;
      position.make_move(moves[int(random() % moves.size)]);
      REQUIRE(cached.evaluate(position) == plain.evaluate(position));
      ++compared;
    }
  }
  MESSAGE("positions compared: ", walk_positions, " in perft walks, ", compared - walk_positions,
          " in random games");
  CHECK(walk_positions > 1'000'000);
  CHECK(cached.statistics().hits > cached.statistics().probes / 2);  // the table was really used
}

TEST_CASE("records survive packing exactly") {
  for (int seed = 0; seed < 2000; ++seed) {
    const MinorsInfo info = sample_record(seed);
    CHECK(unpack_minors_info(pack_minors_info(info)) == info);
  }
}

TEST_CASE("a torn entry never hits with the XOR encoding and would without it") {
  const std::uint64_t first_signature = 0x9e3779b97f4a7c15ULL;
  const std::uint64_t second_signature = first_signature + (1 << 10);  // the same slot of a 2^10-entry table
  MinorsInfo first = sample_record(1), second = sample_record(2);
  first.phase = second.phase = Phase::kOpening;
  for (const bool lockless : {true, false}) {
    MinorsTable table;
    table.resize_entries_log2(10);
    table.set_lockless_encoding(lockless);
    const auto a = table.encode(first_signature, first), b = table.encode(second_signature, second);
    for (int word = 0; word < MinorsTable::kDataWords; ++word) REQUIRE(a[word] != b[word]);
    int torn_hits = 0;
    // Every mixture of the two writers' words, as racing stores can leave them.
    constexpr int kMixtures = 1 << MinorsTable::kEntryWords;
    for (int mask = 1; mask < kMixtures - 1; ++mask) {
      MinorsTable::Words mixed{};
      for (int word = 0; word < MinorsTable::kEntryWords; ++word)
        mixed[word] = mask >> word & 1 ? b[word] : a[word];
      table.write_words(first_signature, mixed);
      MinorsInfo read;
      torn_hits += table.probe(first_signature, Phase::kOpening, read);
      torn_hits += table.probe(second_signature, Phase::kOpening, read);
    }
    if (lockless) {
      CHECK(torn_hits == 0);
    } else {
      CHECK(torn_hits > 0);  // the plain checksum accepts second's data under first's checksum, and so on
      // For instance the second writer's data with the first writer's checksum reads as first's record.
      MinorsTable::Words second_data_first_check = b;
      second_data_first_check[MinorsTable::kDataWords] = a[MinorsTable::kDataWords];
      table.write_words(first_signature, second_data_first_check);
      MinorsInfo read;
      REQUIRE(table.probe(first_signature, Phase::kOpening, read));
      CHECK(read == second);
    }
    // The untorn entries read back correctly in both schemes.
    table.store(first_signature, first);
    MinorsInfo read;
    REQUIRE(table.probe(first_signature, Phase::kOpening, read));
    CHECK(read == first);
    CHECK_FALSE(table.probe(second_signature, Phase::kOpening, read));
  }
}

TEST_CASE("a phase mismatch never hits") {
  MinorsTable table(1);
  for (int phase = 0; phase < kPhaseCount; ++phase) {
    MinorsInfo info = sample_record(phase);
    info.phase = Phase(phase);
    table.store(12345, info);
    for (int other = 0; other < kPhaseCount; ++other) {
      MinorsInfo read;
      CHECK(table.probe(12345, Phase(other), read) == (other == phase));
    }
  }
}

TEST_CASE("size zero disables the table, resizing and clearing work, statistics add up") {
  MinorsTable table(0);
  CHECK_FALSE(table.enabled());
  CHECK(table.entry_count() == 0);
  CHECK(table.occupancy() == 0);
  auto position = *parse_fen(kStartFen).position;
  Evaluator disabled(&table), plain;
  CHECK(disabled.evaluate(position) == plain.evaluate(position));
  CHECK(disabled.statistics().probes == 0);

  table.resize_megabytes(40);  // 40-byte entries
  CHECK(table.entry_count() == std::size_t(1) << 20);
  CHECK(table.megabytes() == 40);
  table.resize_megabytes(1);
  CHECK(table.entry_count() == std::size_t(1) << 14);  // 26,214 entries fit: the power of two below
  table.resize_entries_log2(12);
  CHECK(table.entry_count() == 4096);

  Evaluator cached(&table);
  std::mt19937_64 random(9);
  for (int ply = 0; ply < 300; ++ply) {
    MoveList moves;
    generate_legal(position, moves);
    if (moves.size == 0) break;
    position.make_move(moves[int(random() % moves.size)]);
    cached.evaluate(position);
    cached.evaluate(position);  // the second is always a hit
  }
  const MinorsStatistics& statistics = cached.statistics();
  CHECK(statistics.probes == 2 * position.history().size());
  CHECK(statistics.hits <= statistics.probes);
  CHECK(statistics.hits + statistics.stores == statistics.probes);
  CHECK(statistics.hits >= statistics.probes / 2);
  CHECK(table.occupancy() > 0);
  CHECK(table.occupancy() <= 1);
  CHECK(table.occupancy() * double(table.entry_count()) <= double(statistics.stores));
  table.clear();
  CHECK(table.occupancy() == 0);
}

TEST_CASE("the search is the same with and without the table and verification finds no disagreement") {
  const auto positions = {
      std::string(kStartFen),
      std::string("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1"),
      std::string("2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/2BAKAB2 w - - 0 1")};
  for (const std::string& fen : positions) {
    const auto position = *parse_fen(fen).position;
    SearchResult results[2];
    for (const bool table_on : {false, true}) {
      Searcher searcher;
      searcher.options().use_minors_table = table_on;
      searcher.options().evaluation.verify_minors_hits = true;
      SearchLimits limits;
      limits.depth = 6;
      results[table_on] = searcher.search(position, limits);
    }
    CHECK(results[0].nodes == results[1].nodes);
    CHECK(results[0].best_move == results[1].best_move);
    CHECK(results[0].score == results[1].score);
    CHECK(results[0].minors.probes == 0);
    CHECK(results[1].minors.verified_hits == results[1].minors.hits);
    CHECK(results[1].minors.hits > 0);
    CHECK(results[1].minors.disagreements == 0);
  }
}

}  // namespace
}  // namespace shuai

namespace shuai {
namespace {

// Entries in use in the searcher's Minors Hash Table.
std::size_t entries_in_use(Searcher& searcher) {
  return std::size_t(searcher.minors_table().occupancy() * double(searcher.minors_table().entry_count()) +
                     0.5);
}

TEST_CASE("the table is cleared when play enters the endgame and optionally before every move") {
  const auto opening = *parse_fen(kStartFen).position;
  const auto endgame =
      *parse_fen("3ak4/4a4/9/9/2p6/9/9/9/4A4/2BK1A3 w - - 0 1").position;  // no majors at all
  SearchLimits limits;
  limits.depth = 7;  // deep enough that the opening fills well over 100 entries
  Searcher searcher;
  searcher.search(opening, limits);
  const std::size_t after_opening = entries_in_use(searcher);
  CHECK(after_opening > 100);
  searcher.search(opening, limits);
  CHECK(entries_in_use(searcher) >= after_opening);  // kept from move to move
  const SearchResult in_endgame = searcher.search(endgame, limits);
  CHECK(entries_in_use(searcher) <= in_endgame.minors.stores);  // only this search's entries are left

  searcher.options().reset_minors_table_every_move = true;
  const SearchResult again = searcher.search(opening, limits);
  CHECK(entries_in_use(searcher) <= again.minors.stores);
  CHECK(again.minors.stores > 0);
}

// Counts the positions it is shown and checks each one's incremental keys.
struct CountingObserver : EvaluationObserver {
  std::uint64_t evaluations = 0;
  bool keys_consistent = true;
  void on_evaluation(const Position& position) override {
    ++evaluations;
    keys_consistent = keys_consistent && position.majors_signature() == position.compute_majors_signature() &&
                      position.minors_signature() == position.compute_minors_signature();
  }
};

TEST_CASE("the evaluation observer sees every evaluation of a search and changes nothing") {
  const Position position = *parse_fen(kStartFen).position;
  SearchLimits limits;
  limits.depth = 5;
  Searcher plain;
  const SearchResult expected = plain.search(position, limits);
  Searcher observed;
  CountingObserver observer;
  observed.options().evaluation.observer = &observer;
  const SearchResult result = observed.search(position, limits);
  CHECK(result.nodes == expected.nodes);
  CHECK(result.best_move == expected.best_move);
  CHECK(observer.evaluations == result.minors.probes);  // one probe per evaluation
  CHECK(observer.evaluations > 1000);
  CHECK(observer.keys_consistent);
}

}  // namespace
}  // namespace shuai
