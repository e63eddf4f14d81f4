// Static exchange evaluation on small hand-made exchanges.
#include <doctest/doctest.h>

#include "engine/board/board.h"
#include "engine/board/movegen.h"
#include "search/static_exchange.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

int exchange(std::string_view fen, std::string_view move) {
  auto position = *parse_fen(fen).position;
  const auto parsed = parse_legal_move(position, move);
  REQUIRE_MESSAGE(parsed.move != kNoMove, parsed.error);
  return static_exchange(position, parsed.move);
}

TEST_CASE("static exchange") {
  // An undefended horse: the rook wins it.
  CHECK(exchange("5k3/9/9/9/4n4/9/9/9/4R4/3K5 w", "e1e5") == 100);
  // A horse defended by a pawn: the rook takes it and is lost.
  CHECK(exchange("5k3/9/9/4p4/4n4/9/9/9/4R4/3K5 w", "e1e5") == 100 - 220);
  // A cannon captures over its screen.
  CHECK(exchange("5k3/9/9/9/4r4/9/4P4/9/4C4/3K5 w", "e1e5") == 220);
  // Quiet moves exchange nothing, unless the piece lands en prise.
  CHECK(exchange("5k3/9/9/9/9/9/9/9/4R4/3K5 w", "e1e2") == 0);
  CHECK(exchange("5k3/9/9/9/4r4/9/9/9/R8/3K5 w", "a1e1") == -220);
  // Pawn takes a defended rook: still a fine trade.
  CHECK(exchange("5k3/9/9/4r4/4P4/9/9/9/9/3K5 w", "e5e6") == 220);
}

TEST_CASE("the threshold test answers as the exchange itself") {
  // Its shortcuts (the victim's value bounds the exchange from above, the victim less the mover from below)
  // must never change an answer: the search's pruning reads it.
  int tests = 0, decided_without_exchange = 0;
  for (const std::string& fen : test::reference_fens()) {
    auto position = *parse_fen(fen).position;
    MoveList moves;
    generate_legal(position, moves);
    for (const Move m : moves) {
      const int exchange_value = static_exchange(position, m);
      const Piece victim = position.piece_on(to_square(m));
      for (const int threshold : {-400, -221, -220, -100, -45, -21, -1, 0, 1, 20, 62, 100, 221}) {
        CHECK(exchange_below(position, m, threshold) == (exchange_value < threshold));
        ++tests;
        const int victim_value = victim == kEmpty ? 0 : kExchangeValue[type_of(victim)];
        if (victim_value < threshold ||
            victim_value - kExchangeValue[type_of(position.piece_on(from_square(m)))] >= threshold)
          ++decided_without_exchange;
      }
    }
  }
  CHECK(tests > 1000);
  // The shortcut is taken often, and not always: both paths were exercised.
  CHECK(decided_without_exchange > tests / 4);
  CHECK(decided_without_exchange < tests);
}

}  // namespace
}  // namespace shuai
