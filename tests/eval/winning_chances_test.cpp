// Drawn material balances: the side that cannot win keeps only a little of its score.
#include <doctest/doctest.h>

#include "engine/board/board.h"
#include "eval/evaluate.h"
#include "eval/winning_chances.h"

namespace shuai {
namespace {

int red_chances(const char* fen) {
  const FenResult parsed = parse_fen(fen);
  REQUIRE_MESSAGE(parsed.position, fen, ": ", parsed.error);
  return winning_chances(*parsed.position, kRed);
}

TEST_CASE("balances that cannot be won are recognised, and those that can are left alone") {
  // A lone rook against the full set of guards, and against a rook (the attacker's own guards do not
  // count); with a pawn, or against one advisor, it plays on.
  CHECK(red_chances("2bakab2/9/9/9/9/9/9/9/R3A4/4K4 w - - 0 1") == 2);
  CHECK(red_chances("3ak4/9/9/9/9/9/9/9/r3A3R/4K4 w - - 0 1") == 2);
  CHECK(red_chances("2bakab2/9/9/9/9/4P4/9/9/R3A4/4K4 w - - 0 1") == 16);
  CHECK(red_chances("3ak4/9/9/9/9/9/9/9/R3A4/4K4 w - - 0 1") == 16);
  // A lone horse: held by two advisors, not by one.
  CHECK(red_chances("3aka3/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1") == 2);
  CHECK(red_chances("3ak4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1") == 16);
  // A lone cannon: no mate without a screen of its own, none against any guard.
  CHECK(red_chances("4k4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1") == 0);
  CHECK(red_chances("4k4/9/9/9/9/9/9/9/4C4/3AK4 w - - 0 1") == 16);
  CHECK(red_chances("2b1k4/9/9/9/9/9/9/9/4C4/3AK4 w - - 0 1") == 2);
  // Pawns: an old pawn alone never mates; a pawn cannot break two advisors.
  CHECK(red_chances("3k1P3/9/9/9/9/9/9/9/9/4K4 w - - 0 1") == 0);
  CHECK(red_chances("3aka3/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1") == 2);
  CHECK(red_chances("4k4/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1") == 16);
  // Nothing to mate with at all.
  CHECK(red_chances("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1") == 0);
}

TEST_CASE("the evaluation of a drawn balance stays near zero") {
  const FenResult rook_against_guards = parse_fen("2bakab2/9/9/9/9/9/9/9/R3A4/4K4 w - - 0 1");
  const FenResult rook_and_pawn = parse_fen("2bakab2/9/9/9/9/4P4/9/9/R3A4/4K4 w - - 0 1");
  REQUIRE(rook_against_guards.position);
  REQUIRE(rook_and_pawn.position);
  const int drawn = evaluate(*rook_against_guards.position), winning = evaluate(*rook_and_pawn.position);
  CHECK(drawn > 0);
  CHECK(drawn < 40);
  CHECK(winning > 100);
}

}  // namespace
}  // namespace shuai
