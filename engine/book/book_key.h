// The key a position has in the opening book: a position and its left-right mirror image (file a <-> i)
// share their records, filed under the smaller of the two Zobrist keys, with the moves turned to match.
#pragma once

#include <cstdint>

#include "engine/board/position.h"

namespace shuai {

constexpr Square mirror_square(Square square) {
  return make_square(kFileCount - 1 - file_of(square), rank_of(square));
}
constexpr Move mirror_move(Move move) {
  return move == kNoMove ? kNoMove
                         : make_move(mirror_square(from_square(move)), mirror_square(to_square(move)));
}

// The same pieces with every file turned a <-> i, and the same side to move (the move history is not kept).
Position mirror_position(const Position& position);
// The key of the mirror image, without building it.
std::uint64_t mirrored_key(const Position& position);

// Which orientation a book key belongs to, and so how a position's moves are stored under it.
enum class BookOrientation : std::uint8_t {
  kAsIs,      // the position's own key is the smaller: moves are stored as played
  kMirrored,  // the mirror image's key is the smaller: moves are stored mirrored
  kSymmetric  // the position is its own mirror image: a move and its mirror are one choice, stored once
};

struct BookKey {
  std::uint64_t key = 0;  // min(key(position), key(mirror image))
  BookOrientation orientation = BookOrientation::kAsIs;
};

BookKey book_key(const Position& position);

// A move of the position as the book stores it. In a symmetric position the two mirror-image moves are
// stored as the one with the larger (from, to) encoding (for Red's first moves the right wing: 炮二平五 for
// 炮八平五), so that a game and its mirror image count on the same record at every ply.
Move to_book_move(const BookKey& key, Move move);
// A stored move turned back to the position's orientation (legal there if it was legal when stored).
Move from_book_move(const BookKey& key, Move stored);

}  // namespace shuai
