// The cheaper pieces' attacks that order quiet moves: checked square by square against the piece rules on
// positions of random games, and the ordering they give on hand-built boards.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <vector>

#include "engine/board/attacks.h"
#include "engine/board/board.h"
#include "search/history.h"
#include "search/move_picker.h"

namespace shuai {
namespace {

// Whether one of `attacker`'s pieces of the given types could take an enemy piece standing on `target`:
// the board is given such a piece there and each attacker's rules are asked.
bool rules_say_attacked(const Position& position, Color attacker, Square target,
                        std::initializer_list<PieceType> types) {
  BoardArray board = position.board();
  board[target] = make_piece(opposite(attacker), kHorse);
  for (const PieceType type : types)
    for (const Square from : position.squares(attacker, type))
      if (from != target && follows_piece_rules(board, from, target)) return true;
  return false;
}

TEST_CASE("the cheaper pieces' attacks agree with the piece rules on every square of random games") {
  std::mt19937 random(20261127);
  int squares_checked = 0, attacked_small = 0, attacked_large = 0;
  for (int game = 0; game < 60; ++game) {
    Position position = *parse_fen(kStartFen).position;
    for (int ply = 0; ply < 80; ++ply) {
      for (const Color attacker : {kRed, kBlack}) {
        const CheapAttacks attacks = cheap_attacks(position, attacker);
        for (int index = 0; index < kSquareCount; ++index) {
          const Square square = square_from_index(index);
          const bool small = rules_say_attacked(position, attacker, square, {kPawn, kAdvisor, kElephant});
          const bool large = rules_say_attacked(position, attacker, square, {kHorse, kCannon});
          CHECK(attacks.by_pawns_advisors_elephants.contains(square) == small);
          CHECK(attacks.by_horses_cannons.contains(square) == large);
          attacked_small += small;
          attacked_large += large;
          ++squares_checked;
        }
      }
      MoveList legal;
      generate_legal(position, legal);
      if (legal.size == 0) break;
      position.make_move(legal[int(random() % unsigned(legal.size))]);
    }
  }
  // The check means something only if both kinds of attack were common.
  CHECK(squares_checked > 500000);
  CHECK(attacked_small > squares_checked / 20);
  CHECK(attacked_large > squares_checked / 10);
}

// The quiet moves in the order the picker gives them.
std::vector<Move> quiets_in_order(const Position& position, int rook_bonus, int horse_cannon_bonus) {
  auto shared = std::make_unique<SharedHistory>();
  HistoryTable history{};
  MoveOrdering ordering;
  ordering.history = &history;
  ordering.shared = shared.get();
  ordering.threat_bonus_rook = rook_bonus;
  ordering.threat_bonus_horse_cannon = horse_cannon_bonus;
  MovePicker picker(position, kNoMove, ordering, true);
  std::vector<Move> quiets;
  for (Move m = picker.next(); m != kNoMove; m = picker.next())
    if (position.piece_on(to_square(m)) == kEmpty) quiets.push_back(m);
  return quiets;
}

TEST_CASE("a rook a pawn attacks moves first, and a cannon stepping into a pawn's reach last") {
  // Red's rook on d4 and cannon on f2; Black's pawn on e4 has crossed the river and attacks d4, f4 and e3.
  const auto parsed = parse_fen("5k3/9/9/9/9/3Rp4/9/5C3/9/4K4 w - - 0 1");
  REQUIRE(parsed.position.has_value());
  const Position& position = *parsed.position;
  const Square rook = make_square(3, 4), cannon = make_square(5, 2);
  const Move cannon_into_reach = make_move(cannon, make_square(5, 4));

  const std::vector<Move> ordered = quiets_in_order(position, 20000, 10000);
  const auto rook_moves =
      std::count_if(ordered.begin(), ordered.end(), [&](Move m) { return from_square(m) == rook; });
  REQUIRE(rook_moves > 0);
  // Every rook move leaves the attacked square for one the pawn does not reach: they all come first.
  CHECK(std::all_of(ordered.begin(), ordered.begin() + rook_moves,
                    [&](Move m) { return from_square(m) == rook; }));
  CHECK(ordered.back() == cannon_into_reach);

  // Off, the histories alone (all zero here) decide, in generation order: not so.
  const std::vector<Move> plain = quiets_in_order(position, 0, 0);
  CHECK(plain.size() == ordered.size());
  CHECK(plain.back() != cannon_into_reach);
}

}  // namespace
}  // namespace shuai
