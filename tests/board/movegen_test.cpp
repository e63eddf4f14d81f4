// Move generation: the split generators, the legality filter, move validation, and each piece's rules.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>

#include "engine/board/board.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

std::set<Move> as_set(const MoveList& list) {
  return {list.begin(), list.end()};
}

std::set<std::string> legal_iccs(std::string_view fen) {
  auto position = *parse_fen(fen).position;
  MoveList moves;
  generate_legal(position, moves);
  std::set<std::string> names;
  for (const Move m : moves) names.insert(move_to_iccs(m));
  return names;
}

std::set<std::string> legal_from(std::string_view fen, std::string_view square) {
  std::set<std::string> names;
  for (const auto& name : legal_iccs(fen))
    if (name.starts_with(square)) names.insert(name);
  return names;
}

// Reference positions and positions reached by random play from them.
std::vector<Position> sample_positions() {
  std::vector<Position> positions;
  std::mt19937_64 random(7);
  for (const auto& reference : test::all_perft_references()) {
    auto position = *parse_fen(reference.fen).position;
    positions.push_back(position);
    for (int ply = 0; ply < 60; ++ply) {
      MoveList moves;
      generate_legal(position, moves);
      if (moves.size == 0) break;
      position.make_move(moves[int(random() % moves.size)]);
      if (ply % 10 == 9) positions.push_back(position);
    }
  }
  return positions;
}

TEST_CASE("captures and quiets split the pseudo-legal moves, and the filter equals the full test") {
  for (auto& position : sample_positions()) {
    INFO(to_fen(position));
    MoveList captures, quiets, all, legal, reference;
    generate_captures(position, captures);
    generate_quiets(position, quiets);
    generate_pseudo_legal(position, all);
    CHECK(captures.size + quiets.size == all.size);
    auto joined = as_set(captures);
    joined.merge(as_set(quiets));
    CHECK(joined == as_set(all));
    for (const Move m : captures) CHECK(is_piece(position.piece_on(to_square(m))));
    for (const Move m : quiets) CHECK(position.piece_on(to_square(m)) == kEmpty);
    generate_legal(position, legal);
    generate_legal_by_full_test(position, reference);
    CHECK(as_set(legal) == as_set(reference));
  }
}

TEST_CASE("out of check, the quick test of a non-king move (what the move changes) equals the full test") {
  int moves_tested = 0, exposing = 0;
  for (auto& position : sample_positions()) {
    if (position.in_check()) continue;
    INFO(to_fen(position));
    MoveList all;
    generate_pseudo_legal(position, all);
    for (const Move m : all) {
      if (type_of(position.piece_on(from_square(m))) == kKing) continue;
      INFO(move_to_iccs(m));
      const bool exposes = position.leaves_king_attacked(m);
      CHECK(position.exposes_king(m) == exposes);
      ++moves_tested;
      exposing += exposes;
    }
  }
  CHECK(moves_tested > 1000);
  CHECK(exposing > 0);
}

TEST_CASE("gives_check, asked before the move, answers what make_move leaves in in_check") {
  int moves_tested = 0, checks = 0, ruled_out = 0;
  for (auto& position : sample_positions()) {
    INFO(to_fen(position));
    const std::uint64_t key = position.key();
    MoveList legal;
    generate_legal(position, legal);
    for (const Move m : legal) {
      INFO(move_to_iccs(m));
      const bool predicted = position.gives_check(m);
      CHECK(position.key() == key);  // the board is put back
      // The cheap test never rules out a check, and rules out some of the other moves.
      const bool may_check = may_give_check(m, position.king_square(opposite(position.side_to_move())));
      if (predicted) CHECK(may_check);
      ruled_out += !may_check;
      position.make_move(m);
      CHECK(predicted == position.in_check());
      CHECK(predicted == position.is_king_attacked(position.side_to_move()));
      position.unmake_move();
      ++moves_tested;
      checks += predicted;
    }
  }
  CHECK(moves_tested > 1000);
  CHECK(checks > 20);
  CHECK(ruled_out > moves_tested / 4);
}

TEST_CASE("is_pseudo_legal and is_legal accept exactly the generated moves among all 65536 values") {
  for (auto& position : sample_positions()) {
    INFO(to_fen(position));
    MoveList pseudo, legal;
    generate_pseudo_legal(position, pseudo);
    generate_legal(position, legal);
    const auto pseudo_set = as_set(pseudo), legal_set = as_set(legal);
    int pseudo_mismatches = 0, legal_mismatches = 0;
    for (int value = 0; value < 65536; ++value) {
      const Move m = Move(value);
      pseudo_mismatches += is_pseudo_legal(position, m) != pseudo_set.contains(m);
      legal_mismatches += is_legal(position, m) != legal_set.contains(m);
    }
    CHECK(pseudo_mismatches == 0);
    CHECK(legal_mismatches == 0);
  }
}

TEST_CASE("piece rules from the start position") {
  const std::string_view start = kStartFen;
  CHECK(legal_iccs(start).size() == 44);
  CHECK(legal_from(start, "b0") == std::set<std::string>{"b0a2", "b0c2"});  // horse, legs free
  CHECK(legal_from(start, "c0") == std::set<std::string>{"c0a2", "c0e2"});  // elephant
  CHECK(legal_from(start, "d0") == std::set<std::string>{"d0e1"});          // advisor
  CHECK(legal_from(start, "e0") == std::set<std::string>{"e0e1"});          // king
  CHECK(legal_from(start, "e3") == std::set<std::string>{"e3e4"});          // pawn before the river
  CHECK(legal_from(start, "a0") == std::set<std::string>{"a0a1", "a0a2"});  // rook
  CHECK(legal_from(start, "h2").contains("h2h9"));                          // cannon over a screen
  CHECK_FALSE(legal_from(start, "h2").contains("h2h7"));                    // not without one
  CHECK(legal_from(start, "h2").size() == 12);
}

TEST_CASE("blocked legs and eyes, river crossing, palace edges") {
  // The b1 rook blocks the b0 horse's leg toward a2/c2 and the c0 elephant's eye toward a2; the c0 elephant
  // blocks the horse's leg toward d1. The elephant's eye toward e2 (d1) is free.
  const std::string_view blocked = "5k3/9/9/9/9/9/9/9/1R7/1NB1K4 w - - 0 1";
  CHECK(legal_from(blocked, "b0").empty());
  CHECK(legal_from(blocked, "c0") == std::set<std::string>{"c0e2"});
  // Elephants never cross the river: from c4 only back to a2 and e2.
  CHECK(legal_from("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4") == std::set<std::string>{"c4a2", "c4e2"});
  // A crossed pawn also moves sideways; an uncrossed one only forward; a pawn on the last rank only sideways.
  CHECK(legal_from("3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", "e5") ==
        std::set<std::string>{"e5d5", "e5e6", "e5f5"});
  CHECK(legal_from("3k5/9/9/9/9/4P4/9/9/9/4K4 w - - 0 1", "e4") == std::set<std::string>{"e4e5"});
  CHECK(legal_from("P2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "a9") == std::set<std::string>{"a9b9"});
  // The king stays in its palace.
  CHECK(legal_from("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1", "f0") == std::set<std::string>{"f0e0", "f0f1"});
}

TEST_CASE("a move that makes a cannon screen, or removes the only blocker of the kings, is illegal") {
  // The black cannon on e9 faces the red king over an empty file: a rook moved to e4 would be its screen.
  const auto screen = legal_iccs("3kc4/9/9/9/9/R8/9/9/9/4K4 w - - 0 1");
  CHECK_FALSE(screen.contains("a4e4"));
  CHECK(screen.contains("a4d4"));
  // The e4 cannon is the only piece between the kings: it may move along the file but not leave it.
  const auto pinned = legal_iccs("4k4/9/9/9/9/4C4/9/9/9/4K4 w - - 0 1");
  CHECK(pinned.contains("e4e8"));
  CHECK_FALSE(pinned.contains("e4d4"));
}

}  // namespace
}  // namespace shuai
