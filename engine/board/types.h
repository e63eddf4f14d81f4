// Basic vocabulary of the board: colours, pieces, squares and moves.
// Squares index a 16-wide padded mailbox so that horse and elephant steps never need bounds checks.
#pragma once

#include <cstdint>

namespace shuai {

enum Color : std::uint8_t { kRed = 0, kBlack = 1 };
constexpr int kColorCount = 2;
constexpr Color opposite(Color c) {
  return Color(c ^ 1);
}

// Majors (rook, horse, cannon) roam the whole board; minors (king, advisor, elephant, pawn) are confined.
enum PieceType : std::uint8_t { kKing, kAdvisor, kElephant, kHorse, kRook, kCannon, kPawn };
constexpr int kPieceTypeCount = 7;
constexpr bool is_minor(PieceType t) {
  return t == kKing || t == kAdvisor || t == kElephant || t == kPawn;
}

// How many of each type one side's set holds.
constexpr int kPiecesInSet[kPieceTypeCount] = {1, 2, 2, 2, 2, 2, 5};

// A board cell: 0 is empty; a piece is a side tag (8 for Red, 16 for Black) plus its type; padding is 32.
using Piece = std::uint8_t;
constexpr Piece kEmpty = 0;
constexpr Piece kOffBoard = 32;
constexpr Piece side_tag(Color c) {
  return Piece(8 << c);
}
constexpr Piece make_piece(Color c, PieceType t) {
  return Piece(side_tag(c) + t);
}
constexpr PieceType type_of(Piece p) {
  return PieceType(p & 7);
}
constexpr Color color_of(Piece p) {
  return Color(p >> 4);
}
constexpr bool is_piece(Piece p) {
  return p != kEmpty && p != kOffBoard;
}
// Dense index 0..13 for tables indexed by piece.
constexpr int piece_index(Piece p) {
  return color_of(p) * kPieceTypeCount + type_of(p);
}
constexpr int kPieceIndexCount = kColorCount * kPieceTypeCount;

// Files 0..8 (a..i from Red's left), ranks 0..9 (from Red's back rank).
constexpr int kFileCount = 9;
constexpr int kRankCount = 10;
constexpr int kSquareCount = 90;
constexpr int kBoardStride = 16;
constexpr int kMailboxSize = 256;

using Square = std::uint8_t;
constexpr Square kNoSquare = 0;
constexpr Square make_square(int file, int rank) {
  return Square((rank + 2) * kBoardStride + file + 2);
}
constexpr int file_of(Square s) {
  return (s & 15) - 2;
}
constexpr int rank_of(Square s) {
  return (s >> 4) - 2;
}
// Dense index 0..89, rank-major from Red's back rank.
constexpr int square_index(Square s) {
  return rank_of(s) * kFileCount + file_of(s);
}
constexpr Square square_from_index(int index) {
  return make_square(index % kFileCount, index / kFileCount);
}

// Step toward the enemy side: Red moves up the ranks, Black down.
constexpr int forward(Color c) {
  return c == kRed ? kBoardStride : -kBoardStride;
}

// A move packs its origin and destination squares; 0 means "no move" (square 0 is padding).
using Move = std::uint16_t;
constexpr Move kNoMove = 0;
constexpr Move make_move(Square from, Square to) {
  return Move(from << 8 | to);
}
constexpr Square from_square(Move m) {
  return Square(m >> 8);
}
constexpr Square to_square(Move m) {
  return Square(m & 0xff);
}

// Maximum legal moves in any reachable position is below 128 (rooks and cannons 17 each, horses 8, ...).
constexpr int kMaxMoves = 128;

}  // namespace shuai
