// Incremental state (key, minors, majors and pawns signatures, material, majors value, piece lists) against
// recomputation, along long random games and along perft walks (and the key a move leads to, predicted before
// it is made); make/unmake restoring the position exactly.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "engine/board/board.h"
#include "engine/board/zobrist.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

// Every incremental quantity equals its from-scratch value.
void check_consistency(const Position& position) {
  REQUIRE(position.key() == position.compute_key());
  REQUIRE(position.minors_signature() == position.compute_minors_signature());
  REQUIRE(position.majors_signature() == position.compute_majors_signature());
  REQUIRE(position.in_check() == position.is_king_attacked(position.side_to_move()));
  int material[kColorCount] = {}, majors = 0;
  int counts[kColorCount][kPieceTypeCount] = {};
  for (int index = 0; index < kSquareCount; ++index) {
    const Square square = square_from_index(index);
    const Piece piece = position.piece_on(square);
    if (piece == kEmpty) continue;
    const auto listed = position.squares(color_of(piece), type_of(piece));
    REQUIRE(std::find(listed.begin(), listed.end(), square) != listed.end());
    material[color_of(piece)] += kMaterialValue[type_of(piece)];
    majors += kMajorsValue[type_of(piece)];
    ++counts[color_of(piece)][type_of(piece)];
  }
  for (const Color color : {kRed, kBlack}) {
    REQUIRE(position.material(color) == material[color]);
    for (int type = 0; type < kPieceTypeCount; ++type)
      REQUIRE(position.count(color, PieceType(type)) == counts[color][type]);
  }
  REQUIRE(position.majors_value() == majors);
  REQUIRE(position.piece_on(position.king_square(kRed)) == make_piece(kRed, kKing));
  REQUIRE(position.piece_on(position.king_square(kBlack)) == make_piece(kBlack, kKing));
}

void walk(Position& position, int depth, int& nodes) {
  check_consistency(position);
  ++nodes;
  if (depth == 0) return;
  MoveList moves;
  generate_legal(position, moves);
  for (const Move m : moves) {
    const std::uint64_t predicted = position.key_after(m);  // what the search prefetches the table with
    position.make_move(m);
    REQUIRE(position.key() == predicted);
    walk(position, depth - 1, nodes);
    position.unmake_move();
  }
}

TEST_CASE("setting up a whole board at once gives the position the FEN reader builds piece by piece") {
  for (const auto& reference : test::all_perft_references()) {
    const Position expected = *parse_fen(reference.fen).position;
    std::vector<Piece> pieces;
    std::vector<Square> squares;
    for (int index = 0; index < kSquareCount; ++index)
      if (const Square square = square_from_index(index); expected.piece_on(square) != kEmpty) {
        pieces.push_back(expected.piece_on(square));
        squares.push_back(square);
      }
    Position position;
    position.set_up(pieces, squares, expected.side_to_move());
    INFO(reference.fen);
    check_consistency(position);
    CHECK(position.key() == expected.key());
    CHECK(position.in_check() == expected.in_check());
    CHECK(position.board() == expected.board());
  }
}

TEST_CASE("start position bookkeeping") {
  const auto position = *parse_fen(kStartFen).position;
  check_consistency(position);
  CHECK(position.majors_value() == 16);
  CHECK(position.material(kRed) == position.material(kBlack));
  CHECK(position.side_to_move() == kRed);
  CHECK_FALSE(position.in_check());
  CHECK(position.king_square(kRed) == make_square(4, 0));
  CHECK(position.king_square(kBlack) == make_square(4, 9));
}

TEST_CASE("keys stay consistent along perft walks of every reference position") {
  int nodes = 0;
  for (const auto& reference : test::all_perft_references()) {
    INFO(reference.id);
    auto position = *parse_fen(reference.fen).position;
    const std::string fen_before = to_fen(position);
    walk(position, 2, nodes);
    CHECK(to_fen(position) == fen_before);
  }
  CHECK(nodes > 10'000);
}

TEST_CASE("keys stay consistent along long random games, and unmaking all moves restores the start") {
  std::mt19937_64 random(20261121);
  int moves_played = 0;
  for (const auto& reference : test::all_perft_references()) {
    INFO(reference.id);
    auto position = *parse_fen(reference.fen).position;
    const std::string fen_before = to_fen(position);
    const std::uint64_t key_before = position.key(), signature_before = position.minors_signature();
    for (int ply = 0; ply < 300; ++ply) {
      MoveList moves;
      generate_legal(position, moves);
      if (moves.size == 0) break;
      position.make_move(moves[int(random() % moves.size)]);
      check_consistency(position);
      ++moves_played;
    }
    while (!position.history().empty()) position.unmake_move();
    check_consistency(position);
    CHECK(to_fen(position) == fen_before);
    CHECK(position.key() == key_before);
    CHECK(position.minors_signature() == signature_before);
  }
  CHECK(moves_played > 5'000);
}

TEST_CASE("the minors signature ignores majors and the side to move, the key does not") {
  auto position = *parse_fen(kStartFen).position;
  const std::uint64_t signature = position.minors_signature(), key = position.key();
  position.make_move(*parse_iccs("h2e2"));  // a cannon: a major
  CHECK(position.minors_signature() == signature);
  CHECK(position.key() != key);
  position.make_move(*parse_iccs("h9g7"));  // a horse: a major
  CHECK(position.minors_signature() == signature);
  position.make_move(*parse_iccs("c3c4"));  // a pawn: a minor
  CHECK(position.minors_signature() != signature);

  // Same minors with the other side to move: same signature, different key.
  auto red = *parse_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1").position;
  auto black = *parse_fen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1").position;
  CHECK(red.minors_signature() == black.minors_signature());
  CHECK(red.key() != black.key());
  CHECK((red.key() ^ black.key()) == kZobrist.black_to_move);
}

TEST_CASE("the majors signature ignores minors and the side to move and is zero without majors") {
  auto position = *parse_fen(kStartFen).position;
  const std::uint64_t signature = position.majors_signature();
  position.make_move(*parse_iccs("c3c4"));  // a pawn: a minor
  CHECK(position.majors_signature() == signature);
  position.make_move(*parse_iccs("h9g7"));  // a horse: a major
  CHECK(position.majors_signature() != signature);
  CHECK(position.majors_signature() == position.compute_majors_signature());
  position.make_null_move();
  CHECK(position.majors_signature() == position.compute_majors_signature());
  position.unmake_null_move();

  // Kings, advisors, elephants and pawns only: no majors, whichever side is to move.
  CHECK(parse_fen("3ak4/4a4/4b4/9/9/9/4P4/9/9/3K5 w - - 0 1").position->majors_signature() == 0);
  CHECK(parse_fen("3ak4/4a4/4b4/9/9/9/4P4/9/9/3K5 b - - 0 1").position->majors_signature() == 0);
}

TEST_CASE("captures update material, majors value and the capture counter") {
  auto position = *parse_fen(kStartFen).position;
  const int black_material = position.material(kBlack);
  position.make_move(*parse_iccs("h2h9"));  // cannon takes horse over the h7 cannon
  CHECK(position.material(kBlack) == black_material - kMaterialValue[kHorse]);
  CHECK(position.majors_value() == 15);
  CHECK(position.plies_since_capture() == 0);
  position.make_move(*parse_iccs("i9h9"));  // rook takes cannon
  CHECK(position.majors_value() == 14);
  position.make_move(*parse_iccs("b0c2"));
  CHECK(position.plies_since_capture() == 1);
  CHECK(position.fullmove_number() == 2);
  CHECK(position.history().size() == 3);
  CHECK(position.history()[0].captured == make_piece(kBlack, kHorse));
  position.unmake_move();
  position.unmake_move();
  position.unmake_move();
  CHECK(to_fen(position) == kStartFen);
}

TEST_CASE("flying general: kings facing on an open file is check") {
  // The e-file is empty: the red king may not step from d0 onto it.
  auto position = *parse_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1").position;
  CHECK_FALSE(position.in_check());
  MoveList moves;
  generate_legal(position, moves);
  CHECK_FALSE(moves.contains(*parse_iccs("d0e0")));  // would face the black king
  CHECK(moves.contains(*parse_iccs("d0d1")));
  CHECK_FALSE(parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").position);  // Black, not to move, faces Red
}

}  // namespace
}  // namespace shuai
