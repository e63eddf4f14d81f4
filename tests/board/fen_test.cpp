// FEN reading and writing: round trips, accepted spellings, and every kind of rejected position.
#include <doctest/doctest.h>

#include "engine/board/board.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

std::string error_of(std::string_view fen) {
  const auto parsed = parse_fen(fen);
  REQUIRE_FALSE(parsed.position);
  CHECK(parsed.error.starts_with("bad FEN: "));
  CHECK(parsed.error.find('\n') == std::string::npos);
  return parsed.error;
}

bool rejected_with(std::string_view fen, std::string_view expected) {
  const std::string error = error_of(fen);
  const bool found = error.find(expected) != std::string::npos;
  if (!found) MESSAGE("the message was: ", error);
  return found;
}

TEST_CASE("every reference FEN reads and writes back unchanged") {
  for (const auto& reference : test::all_perft_references()) {
    const auto parsed = parse_fen(reference.fen);
    REQUIRE_MESSAGE(parsed.position, reference.id, ": ", parsed.error);
    CHECK(to_fen(*parsed.position) == reference.fen);
  }
}

TEST_CASE("alternative letters and short FENs") {
  const auto standard = parse_fen(kStartFen);
  const auto spelled = parse_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1");
  REQUIRE(spelled.position);
  CHECK(spelled.position->key() == standard.position->key());
  const auto board_only = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR");
  REQUIRE(board_only.position);
  CHECK(to_fen(*board_only.position) == kStartFen);
  const auto black = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 17");
  REQUIRE(black.position);
  CHECK(black.position->side_to_move() == kBlack);
  CHECK(black.position->plies_since_capture() == 3);
  CHECK(black.position->fullmove_number() == 17);
  CHECK(to_fen(*black.position) == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 17");
}

const std::string kStartBoard = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

TEST_CASE("malformed FENs are rejected with a clear message") {
  CHECK(error_of("") == "bad FEN: empty");
  CHECK(rejected_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", "9 ranks"));
  CHECK(rejected_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w", "11 ranks"));
  CHECK(rejected_with("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "spans 8 files"));
  CHECK(rejected_with("rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "spans 10 files"));
  CHECK(rejected_with("rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "more than 9 files"));
  CHECK(rejected_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w", "letter 'Q'"));
  CHECK(rejected_with(kStartBoard + " x - - 0 1", "side to move 'x'"));
  CHECK(rejected_with(kStartBoard + " w - - z 1", "halfmove clock"));
  CHECK(rejected_with(kStartBoard + " w - - 0 0", "fullmove"));
  CHECK(rejected_with(std::string(kStartFen) + " extra", "7 fields"));
}

TEST_CASE("impossible positions are rejected") {
  CHECK(rejected_with("9/9/9/9/9/9/9/9/9/4K4 w", "no Black king"));
  CHECK(rejected_with("3k5/9/9/9/9/9/9/9/9/9 w", "no Red king"));
  CHECK(rejected_with("3k1k3/9/9/9/9/9/9/9/9/4K4 w", "more than 1 Black king"));
  CHECK(rejected_with("3k5/9/9/9/9/9/9/9/9/RRR1K4 w", "more than 2 Red rooks"));
  CHECK(rejected_with("3k5/9/9/9/P1P1P1P1P/P8/9/9/9/4K4 w", "more than 5 Red pawns"));
  CHECK(rejected_with("3k5/9/9/9/9/9/9/9/9/K8 w", "Red king on a0 is outside its palace"));
  CHECK(rejected_with("9/9/9/3k5/9/9/9/9/9/4K4 w", "Black king on d6 is outside its palace"));
  CHECK(rejected_with("3k5/9/9/9/9/9/9/9/3A5/4K4 w", "Red advisor on d1 is not on one of its five"));
  CHECK(rejected_with("3k5/9/9/9/9/4B4/9/9/9/4K4 w", "Red elephant on e4 is not on one of its seven"));
  CHECK(rejected_with("3k5/9/9/9/9/9/9/9/P8/4K4 w", "Red pawn on a1 is where no pawn can stand"));
  CHECK(rejected_with("3k5/9/9/9/9/1P7/9/9/9/4K4 w", "Red pawn on b4 is where no pawn can stand"));
  CHECK(rejected_with("3k5/9/9/1p7/9/9/9/9/9/4K4 w", "Black pawn on b6 is where no pawn can stand"));
  CHECK(rejected_with("3k5/p8/9/9/9/9/9/9/9/4K4 w", "Black pawn on a8 is where no pawn can stand"));
  CHECK(rejected_with("4k4/9/9/9/9/9/9/9/9/4K4 w", "Black is not to move but is in check"));
  CHECK(rejected_with("3k5/9/9/9/9/9/9/9/9/3RK4 w", "Black is not to move but is in check"));
}

TEST_CASE("positions that look odd but can arise are accepted") {
  CHECK(parse_fen("3k5/9/9/9/1P7/9/9/9/9/4K4 w").position);  // crossed pawn off a pawn file
  CHECK(parse_fen("9/9/3k5/9/9/9/9/9/9/4K4 w").position);    // king on a palace corner
  CHECK(parse_fen("3k5/9/9/9/9/9/9/9/4A4/4K4 w").position);  // advisor in the palace centre
  CHECK(parse_fen("3k5/9/9/9/2b6/9/9/9/9/4K4 w").position);  // black elephant on its river point c5
  CHECK(parse_fen("3k5/9/9/9/9/9/9/9/9/3RK4 b").position);   // Black to move, in check
  CHECK(parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 b").position == std::nullopt);  // kings facing: both in check
}

}  // namespace
}  // namespace shuai
