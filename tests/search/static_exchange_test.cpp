// Static exchange evaluation on small hand-made exchanges.
#include <doctest/doctest.h>

#include "engine/board/board.h"
#include "search/static_exchange.h"

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

}  // namespace
}  // namespace shuai
