// The move classes of the Asian (AXF) rules that decide repetitions: a move is a check, a chase (it makes a
// new real threat to capture an enemy piece), or neither. Read from bare board arrays, so the repetition
// judge can replay a cycle without touching the position.
#pragma once

#include <cstdint>

#include "engine/board/attacks.h"
#include "engine/board/types.h"

namespace shuai {

// A set of board squares (by dense index), small and copyable.
class SquareSet {
 public:
  bool empty() const { return (words_[0] | words_[1]) == 0; }
  bool contains(Square s) const { return words_[square_index(s) >> 6] >> (square_index(s) & 63) & 1; }
  void insert(Square s) { words_[square_index(s) >> 6] |= std::uint64_t{1} << (square_index(s) & 63); }
  void erase(Square s) { words_[square_index(s) >> 6] &= ~(std::uint64_t{1} << (square_index(s) & 63)); }
  // The piece standing on `from` went to `to`: its membership goes with it.
  void follow(Square from, Square to) {
    if (!contains(from)) return;
    erase(from);
    insert(to);
  }
  void intersect(const SquareSet& other) {
    words_[0] &= other.words_[0];
    words_[1] &= other.words_[1];
  }
  int size() const;

 private:
  std::uint64_t words_[2] = {0, 0};
};

// Whether the piece on `attacker` really threatens the enemy piece on `victim`, in the rules' sense of a
// chase: the capture is legal; the attacker is not a king or a pawn (their attacks are free); the victim is
// not a king, nor a pawn still on its own side of the river; the victim cannot take the attacker back as a
// piece of the same kind (that is an offer to exchange); and the victim is unprotected (no legal
// recapture), unless it is a rook attacked by a horse or a cannon, which counts even when protected.
bool is_real_threat(const BoardArray& board, Square attacker, Square victim);

// The enemy pieces the move `move` chases: those it newly really threatens. `before` and `after` are the
// board before and after the move; a threat counts only if the same attacker did not already make it from
// where it stood before the move (a victim that stays in an attack has not been chased again), except that
// the moved piece chases a victim with no legal move whenever it threatens it (the victim cannot flee).
SquareSet chased_pieces(const BoardArray& before, const BoardArray& after, Move move);

}  // namespace shuai
