// A Xiangqi position: mailbox board with piece lists, side to move, incremental Zobrist key,
// minors signature, material and majors value, and the history of moves made for unmake and repetition.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/board/types.h"

namespace shuai {

// Material in centipawn-like units (a horse or a cannon is about 100).
inline constexpr int kMaterialValue[kPieceTypeCount] = {0, 20, 20, 100, 220, 100, 15};
// "Majors material value" of the MHT paper: rook 2, horse 1, cannon 1 (16 at the start, both sides).
inline constexpr int kMajorsValue[kPieceTypeCount] = {0, 0, 0, 1, 2, 1, 0};

// What make_move must remember so unmake_move can restore the position; one per move made.
struct UndoRecord {
  std::uint64_t key;                 // position key before the move (the repetition history)
  std::int32_t plies_since_capture;  // before the move
  Move move;                         // kNoMove for a null move
  Piece captured;
  bool was_in_check;  // the side that made the move was in check before it
};

class Position {
 public:
  Position();

  // Setting up (used by the FEN reader); keys and material follow each call.
  void clear();
  void put_piece(Piece piece, Square square);
  void set_side_to_move(Color c);
  void set_counters(int plies_since_capture, int fullmove_number);
  // The same for a whole board at once: clear(), each piece put on its square, `side` to move, with the
  // check looked at once rather than after every piece (the tablebase passes set up every position).
  void set_up(std::span<const Piece> pieces, std::span<const Square> squares, Color side);

  Piece piece_on(Square s) const { return board_[s]; }
  const std::array<Piece, kMailboxSize>& board() const { return board_; }
  Color side_to_move() const { return side_to_move_; }
  Square king_square(Color c) const { return piece_squares_[c * kPieceTypeCount + kKing][0]; }
  int count(Color c, PieceType t) const { return piece_counts_[c * kPieceTypeCount + t]; }
  std::span<const Square> squares(Color c, PieceType t) const {
    int index = c * kPieceTypeCount + t;
    return {piece_squares_[index].data(), static_cast<std::size_t>(piece_counts_[index])};
  }

  std::uint64_t key() const { return key_; }
  // The key after a (pseudo-legal) move, without making it: the search fetches the table entry early.
  std::uint64_t key_after(Move m) const;
  std::uint64_t minors_signature() const { return minors_signature_; }
  // The majors' counterpart of the minors signature: the XOR of the same Zobrist numbers over rooks, horses
  // and cannons (side to move excluded). Derived from the two incremental keys, so it costs three XORs.
  std::uint64_t majors_signature() const;
  int material(Color c) const { return material_[c]; }
  int majors_value() const { return majors_value_; }
  int plies_since_capture() const { return plies_since_capture_; }
  int fullmove_number() const {
    return fullmove_number_ + int(history_.size() + (side_at_setup_ == kBlack)) / 2;
  }

  // Moves made since the position was set up, oldest first.
  std::span<const UndoRecord> history() const { return history_; }
  // Room for this many more moves without allocating (a copy keeps the history but not its spare room).
  void reserve_history(std::size_t extra_plies) { history_.reserve(history_.size() + extra_plies); }

  // The side to move is in check (including facing the other king on an open file). Kept up to date by
  // make_move, so reading it costs nothing.
  bool in_check() const { return in_check_; }
  bool is_king_attacked(Color c) const { return is_attacked_as_king(king_square(c), c); }

  // The move must be pseudo-legal for the side to move.
  void make_move(Move m);
  void unmake_move();
  // Pass the turn (null-move pruning); the side to move must not be in check.
  void make_null_move();
  void unmake_null_move();
  // True if the pseudo-legal move would leave the mover's own king attacked. Touches only the board array.
  bool leaves_king_attacked(Move m);
  // The same answer for a move by a piece other than the king of a side not in check, found by looking only
  // at what the move changes (is_attacked_after_move_on).
  bool exposes_king(Move m);
  // Would the legal move give check? The answer make_move would leave in in_check(), found on the board array
  // alone, for a search that drops most non-checking moves unmade.
  bool gives_check(Move m);

  // From-scratch recomputation, for tests and assertions.
  std::uint64_t compute_key() const;
  std::uint64_t compute_minors_signature() const;
  std::uint64_t compute_majors_signature() const;

 private:
  // Would a king of colour c standing on `square` be attacked, judging by the board array alone?
  bool is_attacked_as_king(Square square, Color c) const;
  void refresh_in_check();
  void add_piece(Piece piece, Square square);
  void remove_piece(Square square);
  void relocate_piece(Square from, Square to);

  std::array<Piece, kMailboxSize> board_;
  std::array<std::array<Square, 5>, kPieceIndexCount> piece_squares_{};
  std::array<std::uint8_t, kPieceIndexCount> piece_counts_{};
  std::array<std::uint8_t, kMailboxSize> list_slot_{};  // where a square's piece sits in its list
  Color side_to_move_ = kRed;
  bool in_check_ = false;
  Color side_at_setup_ = kRed;
  std::uint64_t key_ = 0;
  std::uint64_t minors_signature_ = 0;
  std::array<int, kColorCount> material_{};
  int majors_value_ = 0;
  int plies_since_capture_ = 0;
  int fullmove_number_ = 1;
  std::vector<UndoRecord> history_;
};

}  // namespace shuai
