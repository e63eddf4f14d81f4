// Mirroring positions and moves for the book key.
#include "engine/book/book_key.h"

#include <algorithm>

#include "engine/board/zobrist.h"

namespace shuai {

Position mirror_position(const Position& position) {
  Position mirror;
  for (int index = 0; index < kSquareCount; ++index) {
    const Square square = square_from_index(index);
    const Piece piece = position.piece_on(square);
    if (piece != kEmpty) mirror.put_piece(piece, mirror_square(square));
  }
  mirror.set_side_to_move(position.side_to_move());
  mirror.set_counters(position.plies_since_capture(), position.fullmove_number());
  return mirror;
}

std::uint64_t mirrored_key(const Position& position) {
  std::uint64_t key = position.side_to_move() == kBlack ? kZobrist.black_to_move : 0;
  for (int index = 0; index < kSquareCount; ++index) {
    const Square square = square_from_index(index);
    const Piece piece = position.piece_on(square);
    if (piece != kEmpty) key ^= zobrist_key(piece, mirror_square(square));
  }
  return key;
}

BookKey book_key(const Position& position) {
  const std::uint64_t own = position.key(), mirror = mirrored_key(position);
  if (own == mirror) return {own, BookOrientation::kSymmetric};
  if (mirror < own) return {mirror, BookOrientation::kMirrored};
  return {own, BookOrientation::kAsIs};
}

Move to_book_move(const BookKey& key, Move move) {
  switch (key.orientation) {
    case BookOrientation::kAsIs:
      return move;
    case BookOrientation::kMirrored:
      return mirror_move(move);
    case BookOrientation::kSymmetric:
      return std::max(move, mirror_move(move));
  }
  return move;
}

Move from_book_move(const BookKey& key, Move stored) {
  // Mirroring is its own inverse; a symmetric position's stored move is legal as it is.
  return key.orientation == BookOrientation::kMirrored ? mirror_move(stored) : stored;
}

}  // namespace shuai
