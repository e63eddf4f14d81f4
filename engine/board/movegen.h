// Move generation: pseudo-legal captures, quiets or all moves; legal moves; validation of a move
// from elsewhere (a hash table, a GUI) against the position.
#pragma once

#include <array>

#include "engine/board/position.h"
#include "engine/board/types.h"

namespace shuai {

struct MoveList {
  std::array<Move, kMaxMoves> moves;
  int size = 0;

  void push(Move m) { moves[size++] = m; }
  Move* begin() { return moves.data(); }
  Move* end() { return moves.data() + size; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
  Move operator[](int i) const { return moves[i]; }
  bool contains(Move m) const;
};

// Pseudo-legal: obeys every piece rule but may leave the mover's king attacked. Appends to `list`.
void generate_captures(const Position& position, MoveList& list);
void generate_quiets(const Position& position, MoveList& list);
void generate_pseudo_legal(const Position& position, MoveList& list);

// Legal moves of the side to move (replaces the contents of `list`).
void generate_legal(Position& position, MoveList& list);
// The same set, found by testing every move's king safety in full: the slow reference for tests and
// benchmarks.
void generate_legal_by_full_test(Position& position, MoveList& list);

// Any 16-bit value may be passed; true when it is a move the side to move's pieces can make by their rules.
bool is_pseudo_legal(const Position& position, Move m);
// Pseudo-legal and does not leave the mover's king attacked.
bool is_legal(Position& position, Move m);
// For a move already known to be pseudo-legal: does it leave the mover's king safe? Runs the full test only
// on the moves that can expose the king (all of them when in check).
bool keeps_king_safe(Position& position, Move m);

// Whether a move could give check to the king on `enemy_king`: a cheap test, true for every checking move
// (and for many others), that lets most moves skip Position::gives_check. A checking piece lands on the
// king's file or rank (rook, cannon, pawn, or a cannon's new screen) or a horse's move from it, or the move
// leaves the king's file or rank (uncovering a rook, or taking a cannon's second screen away) or a horse's
// leg, which stands diagonally next to the king.
bool may_give_check(Move m, Square enemy_king);

}  // namespace shuai
