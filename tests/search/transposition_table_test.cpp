// The lockless transposition table: round trips, mate-score adjustment, replacement, torn entries,
// transactions.
#include <doctest/doctest.h>

#include "eval/score.h"
#include "search/transposition_table.h"

namespace shuai {
namespace {

constexpr std::uint64_t kKeyA = 0x0123456789abcdefULL, kKeyB = 0xfedcba9876543210ULL;

TEST_CASE("store then probe returns what was stored") {
  TranspositionTable table(1);
  CHECK_FALSE(table.probe(kKeyA));
  table.store(kKeyA, Move(0x3456), -1234, 17, Bound::kLower);
  const auto entry = table.probe(kKeyA);
  REQUIRE(entry);
  CHECK(entry->move == Move(0x3456));
  CHECK(entry->score == -1234);
  CHECK(entry->depth == 17);
  CHECK(entry->bound == Bound::kLower);
  CHECK_FALSE(table.probe(kKeyB));
  // Overwriting the same position keeps the old move when the new result has none.
  table.store(kKeyA, kNoMove, 55, 18, Bound::kUpper);
  CHECK(table.probe(kKeyA)->move == Move(0x3456));
  CHECK(table.probe(kKeyA)->score == 55);
  table.clear();
  CHECK_FALSE(table.probe(kKeyA));
}

TEST_CASE("with same-key keeping, a much shallower bound of the same search leaves a deep entry standing") {
  TranspositionTable table(1);
  table.store(kKeyA, Move(9), 100, 12, Bound::kLower);
  table.store(kKeyA, Move(5), 7, 3, Bound::kUpper);  // off by default: the newest replaces
  CHECK(table.probe(kKeyA)->depth == 3);
  table.set_same_key_keep_plies(4);
  table.store(kKeyA, Move(9), 100, 12, Bound::kLower);
  table.store(kKeyA, Move(5), 7, 7, Bound::kUpper);  // 7 + 4 < 12: kept
  CHECK(table.probe(kKeyA)->depth == 12);
  CHECK(table.probe(kKeyA)->move == Move(9));
  table.store(kKeyA, Move(5), 7, 8, Bound::kUpper);  // 8 + 4 is not below 12: replaced
  CHECK(table.probe(kKeyA)->depth == 8);
  table.store(kKeyA, Move(9), 100, 12, Bound::kLower);
  table.store(kKeyA, Move(5), 7, 2, Bound::kExact);  // an exact score always replaces
  CHECK(table.probe(kKeyA)->depth == 2);
  table.store(kKeyA, Move(9), 100, 12, Bound::kLower);
  table.new_search();
  table.store(kKeyA, Move(5), 7, 2, Bound::kUpper);  // an earlier search's entry gives way
  CHECK(table.probe(kKeyA)->depth == 2);
}

TEST_CASE("keeping earlier searches' entries too, a shallow bound of the next search leaves them standing") {
  TranspositionTable table(1);
  table.set_same_key_keep_plies(4);
  table.set_same_key_keep_older(true);
  table.store(kKeyA, Move(9), 100, 12, Bound::kLower);
  table.new_search();
  table.store(kKeyA, Move(5), 7, 2, Bound::kUpper);  // 2 + 4 < 12, though the entry is of the search before
  CHECK(table.probe(kKeyA)->depth == 12);
  CHECK(table.probe(kKeyA)->move == Move(9));
  table.store(kKeyA, Move(5), 7, 8, Bound::kUpper);  // within the keep rule's plies: replaced
  CHECK(table.probe(kKeyA)->depth == 8);
  table.new_search();
  table.store(kKeyA, Move(5), 3, 1, Bound::kExact);  // an exact score still replaces
  CHECK(table.probe(kKeyA)->depth == 1);
}

TEST_CASE("the static evaluation is stored beside the key and kept when a later store has none") {
  TranspositionTable table(1);
  table.store(kKeyA, Move(7), 40, 6, Bound::kExact, -321);
  REQUIRE(table.probe(kKeyA));
  CHECK(table.probe(kKeyA)->static_evaluation == -321);
  CHECK(table.probe(kKeyA)->score == 40);
  table.store(kKeyA, Move(8), 45, 7, Bound::kLower);  // e.g. a node in check, which has no evaluation
  CHECK(table.probe(kKeyA)->static_evaluation == -321);
  CHECK(table.probe(kKeyA)->move == Move(8));
  table.store(kKeyB, Move(9), 0, 1, Bound::kUpper);
  CHECK(table.probe(kKeyB)->static_evaluation == kNoStaticEvaluation);
  // The evaluation shares the key word, but a key that differs only in its compared bits is still told apart.
  CHECK_FALSE(table.probe(kKeyA ^ 1));
}

TEST_CASE("the principal-variation mark is stored with the entry, and the deepest depth fits") {
  TranspositionTable table(1);
  table.store(kKeyA, Move(7), 40, kMaxPly - 1, Bound::kExact, 12, true);
  REQUIRE(table.probe(kKeyA));
  CHECK(table.probe(kKeyA)->was_pv);
  CHECK(table.probe(kKeyA)->depth == kMaxPly - 1);
  CHECK(table.probe(kKeyA)->bound == Bound::kExact);
  CHECK(table.probe(kKeyA)->static_evaluation == 12);
  // The mark belongs to the latest store: a later search of the node off the principal variation clears it.
  table.store(kKeyA, Move(7), 41, 3, Bound::kUpper);
  CHECK_FALSE(table.probe(kKeyA)->was_pv);
  CHECK(table.probe(kKeyA)->depth == 3);
  CHECK(table.probe(kKeyA)->bound == Bound::kUpper);
}

TEST_CASE("mate scores are stored relative to the node") {
  // A mate found 5 plies below a node at ply 7 is "mate in 12" from the root but "mate in 5" from the node.
  const int from_root = mate_in(12);
  const int stored = score_to_table(from_root, 7);
  CHECK(stored == mate_in(5));
  CHECK(score_from_table(stored, 3) == mate_in(8));  // met again at ply 3
  CHECK(score_from_table(score_to_table(mated_in(10), 4), 4) == mated_in(10));
  CHECK(score_to_table(250, 9) == 250);
}

TEST_CASE("a full bucket replaces its shallowest entry, older searches first") {
  TranspositionTable table(0);  // one bucket: every key lands in it
  for (int i = 0; i < TranspositionTable::kEntriesPerBucket; ++i)
    table.store(std::uint64_t(i + 1), Move(i + 1), 0, 10 + i, Bound::kExact);
  table.store(100, Move(100), 0, 20, Bound::kExact);
  CHECK_FALSE(table.probe(1));  // depth 10 went
  for (int i = 1; i < TranspositionTable::kEntriesPerBucket; ++i) CHECK(table.probe(std::uint64_t(i + 1)));
  table.new_search();
  table.new_search();
  table.store(200, Move(200), 0, 1, Bound::kExact);  // a deep entry two searches old goes before a fresh one
  CHECK(table.probe(200));
  CHECK(table.probe(100));
  CHECK(table.hashfull() == 250);  // of the 4 entries sampled, 1 was written by the current search
}

TEST_CASE("a torn entry is rejected by the XOR check, and accepted without it") {
  for (const bool lockless : {true, false}) {
    TranspositionTable table(0);
    table.set_lockless_encoding(lockless);
    const auto [a_first, a_second] = table.encode_for_test(kKeyA, Move(0x1111), 100, 5, Bound::kExact);
    const auto [b_first, b_second] =
        table.encode_for_test(kKeyA ^ 0x10, Move(0x2222), -300, 9, Bound::kLower);
    // Writer A's first word with writer B's second word, as two racing stores can leave a slot.
    table.write_words_for_test(kKeyA, 0, a_first, b_second);
    const auto entry = table.probe(kKeyA);
    if (lockless) {
      CHECK_FALSE(entry);
    } else {
      REQUIRE(entry);  // the plain encoding hands B's move and score to position A
      CHECK(entry->move == Move(0x2222));
    }
    (void)a_second;
    (void)b_first;
  }
}

TEST_CASE("entries written inside a rolled-back transaction are discarded") {
  TranspositionTable table(1);
  table.set_transactions_enabled(true);
  table.begin_transaction();
  table.store(kKeyA, Move(1), 10, 3, Bound::kExact);
  table.begin_transaction();
  table.store(kKeyB, Move(2), 20, 3, Bound::kExact);
  table.roll_back_transaction();
  CHECK(table.probe(kKeyA));
  CHECK_FALSE(table.probe(kKeyB));
  table.set_transactions_enabled(false);
  CHECK(table.probe(kKeyB));  // with the option off, nothing is discarded
}

}  // namespace
}  // namespace shuai
