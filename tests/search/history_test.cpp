// The move-ordering statistics: gravity keeps histories bounded, the shared tables behave as the per-thread
// history does, and the move picker puts a counter move and a well-rewarded quiet move early.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>

#include "engine/board/board.h"
#include "search/history.h"
#include "search/move_picker.h"

namespace shuai {
namespace {

TEST_CASE("history updates stay within bounds and move toward the bonus's sign") {
  int entry = 0;
  for (int i = 0; i < 1000; ++i) update_history(entry, history_bonus(20));
  CHECK(entry <= kHistoryMax);
  CHECK(entry > kHistoryMax * 9 / 10);
  for (int i = 0; i < 1000; ++i) update_history(entry, -history_bonus(20));
  CHECK(entry >= -kHistoryMax);
  CHECK(entry < -kHistoryMax * 9 / 10);
  // The bonus grows with depth, up to a cap.
  CHECK(history_bonus(2) < history_bonus(6));
  CHECK(history_bonus(30) == history_bonus(60));
}

TEST_CASE("a shared statistic updates as a thread's own history entry does") {
  auto shared = std::make_unique<SharedHistory>();
  SharedStatistic& statistic =
      shared->capture_entry(make_piece(kRed, kRook), make_square(4, 6), make_piece(kBlack, kHorse));
  int plain = 0;
  for (const int bonus : {300, 900, -200, 1500, 1500, -700}) {
    statistic.update(bonus);
    update_history(plain, bonus);
    CHECK(statistic.load() == plain);
  }
  CHECK(shared->capture_score(make_piece(kRed, kRook), make_square(4, 6), make_piece(kBlack, kHorse)) ==
        plain);
  const Move counter = make_move(make_square(1, 2), make_square(4, 2));
  shared->set_counter_move(make_piece(kBlack, kCannon), make_square(4, 7), counter);
  CHECK(shared->counter_move(make_piece(kBlack, kCannon), make_square(4, 7)) == counter);
  shared->clear();
  CHECK(statistic.load() == 0);
  CHECK(shared->counter_move(make_piece(kBlack, kCannon), make_square(4, 7)) == kNoMove);
}

TEST_CASE("a correction entry moves toward the error by its weight, within the limit, and clears") {
  auto shared = std::make_unique<SharedHistory>();
  SharedStatistic& entry = shared->minors_correction_entry(kBlack, 0x123456789abcdefULL);
  update_correction(entry, 8 * 40, 64);  // a quarter of the way to an error of 40 units
  CHECK(entry.load() == 8 * 10);
  update_correction(entry, 8 * 40, 256);  // the whole way
  CHECK(entry.load() == 8 * 40);
  for (int i = 0; i < 200; ++i) update_correction(entry, -8 * 1000, 16);
  // An error beyond the limit counts as the limit.
  CHECK(entry.load() >= -kCorrectionLimit);
  CHECK(entry.load() < -kCorrectionLimit * 99 / 100);
  // Each side and signature has its own entry; the same signature bits share one.
  CHECK(shared->minors_correction_entry(kRed, 0x123456789abcdefULL).load() == 0);
  CHECK(&shared->minors_correction_entry(kBlack, 0x123456789abcdefULL + kCorrectionEntries) == &entry);
  CHECK(shared->majors_correction_entry(kBlack, 0x123456789abcdefULL).load() == 0);
  shared->clear();
  CHECK(entry.load() == 0);
}

// The start position with empty statistics, and an ordering that reads them.
struct StartOrdering {
  const Position position = *parse_fen(kStartFen).position;
  std::unique_ptr<SharedHistory> shared = std::make_unique<SharedHistory>();
  HistoryTable history{};
  MoveOrdering ordering;
  StartOrdering() {
    ordering.history = &history;
    ordering.shared = shared.get();
  }
};

TEST_CASE("the move picker gives the counter move right after the killers, then quiets by history") {
  StartOrdering start;
  const Position& position = start.position;
  SharedHistory* const shared = start.shared.get();
  MoveOrdering& ordering = start.ordering;
  const Move counter = make_move(make_square(7, 2), make_square(4, 2));    // h2e2, the central cannon
  const Move favourite = make_move(make_square(1, 0), make_square(2, 2));  // b0c2
  ordering.counter_move = counter;
  // The continuation row of the opponent's last move rates b0c2 highly.
  PieceToStatistics& row = shared->continuation_after(make_piece(kBlack, kHorse), make_square(6, 7));
  statistic_of(row, make_piece(kRed, kHorse), make_square(2, 2)).update(5000);
  ordering.earlier[0] = &row;

  MovePicker picker(position, kNoMove, ordering, true);
  std::vector<Move> order;
  for (Move m = picker.next(); m != kNoMove; m = picker.next()) order.push_back(m);
  // After the captures that do not lose (the cannons' b2b9 and h2h9), the counter move, then b0c2.
  const auto first_quiet = std::find_if(order.begin(), order.end(),
                                        [&](Move m) { return position.piece_on(to_square(m)) == kEmpty; });
  REQUIRE(order.end() - first_quiet >= 2);
  CHECK(*first_quiet == counter);
  CHECK(*(first_quiet + 1) == favourite);
  CHECK(std::count(order.begin(), order.end(), counter) == 1);  // once, not again among the quiets
  MoveList legal;
  generate_pseudo_legal(position, legal);
  CHECK(int(order.size()) == legal.size);
}

}  // namespace
}  // namespace shuai
