// ICCS notation: printing, parsing, and legality checking of moves read from text.
#include <doctest/doctest.h>

#include "engine/board/board.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

TEST_CASE("ICCS prints and parses every legal move of every reference position") {
  for (const auto& reference : test::all_perft_references()) {
    auto position = *parse_fen(reference.fen).position;
    MoveList moves;
    generate_legal(position, moves);
    for (const Move m : moves) {
      const std::string text = move_to_iccs(m);
      CHECK(text.size() == 4);
      CHECK(parse_iccs(text) == m);
      const auto result = parse_legal_move(position, text);
      CHECK(result.move == m);
      CHECK(result.error.empty());
    }
  }
}

TEST_CASE("ICCS coordinates") {
  CHECK(move_to_iccs(make_move(make_square(7, 2), make_square(4, 2))) == "h2e2");
  CHECK(move_to_iccs(kNoMove) == "0000");
  CHECK(parse_iccs("H2E2") == make_move(make_square(7, 2), make_square(4, 2)));
  CHECK(parse_iccs("a0i9") == make_move(make_square(0, 0), make_square(8, 9)));
  for (const std::string_view bad : {"", "h2e", "h2e22", "j2e2", "h2e:", "0000", "h-e2"})
    CHECK_FALSE(parse_iccs(bad));
}

TEST_CASE("moves read from text are checked against the position") {
  auto position = *parse_fen(kStartFen).position;
  CHECK(parse_legal_move(position, "h2e2").move == *parse_iccs("h2e2"));
  CHECK(parse_legal_move(position, "x9").error ==
        "bad move 'x9': expected ICCS like h2e2 (files a-i, ranks 0-9)");
  CHECK(parse_legal_move(position, "h2h7").error ==
        "illegal move 'h2h7' in this position");  // capture with no screen
  CHECK(parse_legal_move(position, "h9g7").error == "illegal move 'h9g7' in this position");  // Black's piece
  CHECK(parse_legal_move(position, "e0e1").move != kNoMove);
  CHECK(to_fen(position) == kStartFen);  // checking changed nothing
}

}  // namespace
}  // namespace shuai
