// The quiet leaf of a position (the evaluation tuner's training positions): where the search's quiescence
// ends, the position itself when standing pat is best.
#include <doctest/doctest.h>

#include <string_view>
#include <vector>

#include "engine/board/board.h"
#include "search/search.h"

namespace shuai {
namespace {

Position position_of(std::string_view fen) {
  const FenResult parsed = parse_fen(fen);
  REQUIRE_MESSAGE(parsed.position, parsed.error);
  return *parsed.position;
}

Position after(Position position, const std::vector<std::string_view>& moves) {
  for (const std::string_view iccs : moves) {
    const Move m = parse_legal_move(position, iccs).move;
    REQUIRE(m != kNoMove);
    position.make_move(m);
  }
  return position;
}

TEST_CASE("the quiet leaf of a position with a hanging piece has the capture made") {
  Searcher searcher(1);
  // Red's rook takes the unprotected cannon; Black has nothing left to take.
  const Position hanging = position_of("3k5/9/9/9/9/R3c4/9/9/9/4K4 w - - 0 1");
  const Position leaf = searcher.quiet_leaf(hanging);
  CHECK(leaf.key() == after(hanging, {"a4e4"}).key());
  CHECK(to_fen(leaf) == "3k5/9/9/9/9/4R4/9/9/9/4K4 b - - 0 1");

  // Two captures: Red's rook takes a rook, then Black's other rook takes the unprotected horse.
  const Position exchange = position_of("3k5/9/8r/9/9/R4r3/9/8N/9/4K4 w - - 0 1");
  CHECK(searcher.quiet_leaf(exchange).key() == after(exchange, {"a4f4", "i7i2"}).key());
}

TEST_CASE("a quiet position is its own quiet leaf") {
  Searcher searcher(1);
  const Position quiet = position_of("3k5/9/9/9/9/R8/9/9/9/4K4 w - - 0 1");
  CHECK(searcher.quiet_leaf(quiet).key() == quiet.key());
  // The only capture loses the rook for a pawn: standing pat is best.
  const Position losing_capture = position_of("3k5/9/9/9/9/R3p3r/9/9/9/4K4 w - - 0 1");
  CHECK(searcher.quiet_leaf(losing_capture).key() == losing_capture.key());
  // Quiet checks in quiescence do not take the leaf past a quiet position: Ra5-d5 mates here (the black king
  // cannot leave the d-file, e9 and e8 face the red king), which the game's quiescence, with quiet checks on,
  // would play; the tuner's leaf stays where the captures end.
  Searcher checking(1);
  checking.options().parameters.quiescence_checks = 64;
  CHECK(checking.quiet_leaf(quiet).key() == quiet.key());
}

}  // namespace
}  // namespace shuai
