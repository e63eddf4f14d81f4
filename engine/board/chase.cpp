// Real threats and chases under the Asian rules, judged on board arrays (the judge runs only when a
// position repeats, so clarity comes before speed here).
#include "engine/board/chase.h"

#include <bit>

namespace shuai {

namespace {

Square find_king(const BoardArray& board, Color c) {
  const Piece king = make_piece(c, kKing);
  const int low_rank = c == kRed ? 0 : 7;
  for (int rank = low_rank; rank < low_rank + 3; ++rank)
    for (int file = 3; file <= 5; ++file)
      if (board[make_square(file, rank)] == king) return make_square(file, rank);
  return kNoSquare;
}

// The move from `from` to `to` (a capture or not), allowed by the piece rules, does not leave the mover's
// king attacked.
bool move_keeps_king_safe(const BoardArray& board, Square from, Square to) {
  BoardArray after = board;
  const Color us = color_of(board[from]);
  after[to] = after[from];
  after[from] = kEmpty;
  const Square king = type_of(board[from]) == kKing ? to : find_king(after, us);
  return king != kNoSquare && !is_attacked_as_king_on(after, king, us);
}

bool can_capture(const BoardArray& board, Square from, Square to) {
  return follows_piece_rules(board, from, to) && move_keeps_king_safe(board, from, to);
}

// Whether any piece of colour c could legally capture on `square`.
bool defends(const BoardArray& board, Square square, Color c) {
  const Piece tag = side_tag(c);
  for (int index = 0; index < kSquareCount; ++index) {
    const Square from = square_from_index(index);
    if ((board[from] & tag) && can_capture(board, from, square)) return true;
  }
  return false;
}

// Whether the piece on `square` has any legal move.
bool can_move(const BoardArray& board, Square square) {
  for (int index = 0; index < kSquareCount; ++index) {
    const Square to = square_from_index(index);
    if (to != square && follows_piece_rules(board, square, to) && move_keeps_king_safe(board, square, to))
      return true;
  }
  return false;
}

bool can_chase(PieceType attacker) {
  return attacker != kKing && attacker != kPawn;
}

}  // namespace

int SquareSet::size() const {
  return std::popcount(words_[0]) + std::popcount(words_[1]);
}

bool is_real_threat(const BoardArray& board, Square attacker, Square victim) {
  const Piece piece = board[attacker], target = board[victim];
  if (!is_piece(piece) || !is_piece(target) || color_of(piece) == color_of(target)) return false;
  const PieceType attacker_type = type_of(piece), victim_type = type_of(target);
  if (!can_chase(attacker_type) || victim_type == kKing) return false;
  if (victim_type == kPawn && kInHalf[color_of(target)][victim]) return false;
  if (!can_capture(board, attacker, victim)) return false;
  // A piece of the same kind that can take the attacker first is offered an exchange, not chased.
  if (victim_type == attacker_type && can_capture(board, victim, attacker)) return false;
  if (victim_type == kRook && (attacker_type == kHorse || attacker_type == kCannon)) return true;
  BoardArray after = board;
  after[victim] = piece;
  after[attacker] = kEmpty;
  return !defends(after, victim, color_of(target));
}

SquareSet chased_pieces(const BoardArray& before, const BoardArray& after, Move move) {
  SquareSet chased;
  const Square from = from_square(move), to = to_square(move);
  const Color us = color_of(after[to]);
  Square ours[16], theirs[16];
  int our_count = 0, their_count = 0;
  for (int index = 0; index < kSquareCount; ++index) {
    const Square square = square_from_index(index);
    const Piece piece = after[square];
    if (!is_piece(piece)) continue;
    if (color_of(piece) == us) {
      if (can_chase(type_of(piece))) ours[our_count++] = square;
    } else if (type_of(piece) != kKing) {
      theirs[their_count++] = square;
    }
  }
  for (int v = 0; v < their_count; ++v) {
    const Square victim = theirs[v];
    for (int a = 0; a < our_count; ++a) {
      const Square attacker = ours[a];
      if (!is_real_threat(after, attacker, victim)) continue;
      // A threat the same piece already made before the move is no new chase, unless the moved piece makes
      // it again against a victim that cannot move at all: a piece that cannot flee is chased by every move
      // that renews the attack on it (a rook stuck on a horse's leg, article 19).
      const bool renewed = attacker == to && !can_move(after, victim);
      if (!renewed && is_real_threat(before, attacker == to ? from : attacker, victim)) continue;
      chased.insert(victim);
      break;
    }
  }
  return chased;
}

}  // namespace shuai
