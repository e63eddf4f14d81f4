// WXF notation: the spellings of the rule books' diagrams, written and read back.
#include <doctest/doctest.h>

#include "engine/board/board.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

Move wxf(Position& position, std::string_view text) {
  return parse_wxf_move(position, text).move;
}

TEST_CASE("WXF notation: the common opening moves of both sides") {
  Position position = *parse_fen(kStartFen).position;
  CHECK(move_to_wxf(position, *parse_iccs("h2e2")) == "C2=5");
  CHECK(move_to_wxf(position, *parse_iccs("b0c2")) == "H8+7");
  CHECK(move_to_wxf(position, *parse_iccs("c3c4")) == "P7+1");
  CHECK(move_to_wxf(position, *parse_iccs("g0e2")) == "E3+5");
  CHECK(move_to_wxf(position, *parse_iccs("f0e1")) == "A4+5");
  CHECK(wxf(position, "C2=5") == *parse_iccs("h2e2"));
  CHECK(wxf(position, "c2.5") == *parse_iccs("h2e2"));  // lower case and '.' are accepted
  CHECK(wxf(position, "N8+7") == *parse_iccs("b0c2"));
  CHECK(wxf(position, "B3+5") == *parse_iccs("g0e2"));
  CHECK(wxf(position, "M3+5") == *parse_iccs("g0e2"));
  CHECK(wxf(position, "G4+5") == *parse_iccs("f0e1"));
  position.make_move(*parse_iccs("h2e2"));
  // Black counts files from its own right: file a is 1.
  CHECK(move_to_wxf(position, *parse_iccs("h9g7")) == "h8+7");
  CHECK(move_to_wxf(position, *parse_iccs("b7e7")) == "c2=5");
  CHECK(move_to_wxf(position, *parse_iccs("a9a8")) == "r1+1");
  CHECK(wxf(position, "h8+7") == *parse_iccs("h9g7"));
}

TEST_CASE("WXF notation: front and rear of two like pieces on a file") {
  // Red rooks on b3 and b6: the front one is b6.
  auto parsed = parse_fen("4k4/9/9/1R7/9/9/1R7/9/9/3K5 w - - 0 1");
  REQUIRE(parsed.position);
  Position position = *parsed.position;
  CHECK(move_to_wxf(position, *parse_iccs("b6b8")) == "R++2");
  CHECK(move_to_wxf(position, *parse_iccs("b3b1")) == "R--2");
  CHECK(wxf(position, "R++2") == *parse_iccs("b6b8"));
  CHECK(wxf(position, "+R+2") == *parse_iccs("b6b8"));
  CHECK(wxf(position, "R-=5") == *parse_iccs("b3e3"));
  CHECK(wxf(position, "R8=5") == kNoMove);  // either rook could: ambiguous
  CHECK(parse_wxf_move(position, "R8=5").error.find("ambiguous") != std::string::npos);
}

TEST_CASE("WXF notation: every legal move of many positions reads back as itself") {
  int moves = 0;
  for (const auto& reference : test::load_perft_references("perft-public.tsv")) {
    auto parsed = parse_fen(reference.fen);
    REQUIRE(parsed.position);
    Position position = *parsed.position;
    MoveList legal;
    generate_legal(position, legal);
    for (const Move move : legal) {
      CHECK(parse_wxf_move(position, move_to_wxf(position, move)).move == move);
      ++moves;
    }
  }
  CHECK(moves > 500);
}

TEST_CASE("WXF notation: bad input gets a message and no move") {
  Position position = *parse_fen(kStartFen).position;
  for (const std::string_view bad : {"", "R", "R2+", "X2+1", "R2*1", "R0+1", "C2=5x", "R1+9"}) {
    CAPTURE(bad);
    const MoveResult result = parse_wxf_move(position, bad);
    CHECK(result.move == kNoMove);
    CHECK_FALSE(result.error.empty());
  }
}

}  // namespace
}  // namespace shuai
