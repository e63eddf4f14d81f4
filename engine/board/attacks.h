// Piece rules and king attacks read from a bare board array, for code that looks at boards other than the
// position's own (the repetition judge replays a cycle on copies) as well as for Position itself.
#pragma once

#include <array>
#include <cstdlib>

#include "engine/board/geometry.h"
#include "engine/board/types.h"

namespace shuai {

using BoardArray = std::array<Piece, kMailboxSize>;

// Pieces strictly between two squares on one rank or file.
inline int pieces_between(const BoardArray& board, Square from, Square to) {
  const int direction =
      ((from ^ to) & 15) == 0 ? (to > from ? kBoardStride : -kBoardStride) : (to > from ? 1 : -1);
  int count = 0;
  for (int square = from + direction; square != to; square += direction) count += board[square] != kEmpty;
  return count;
}

// Whether the piece on `from` may go to `to` by its own rules (its colour is the piece's, not the side to
// move's): the target is empty or an enemy piece, and the piece moves or captures that way. King safety
// is not judged. `from` must hold a piece and both squares must be on the board.
inline bool follows_piece_rules(const BoardArray& board, Square from, Square to) {
  const Piece piece = board[from], target = board[to];
  const Color us = color_of(piece);
  if (target & side_tag(us)) return false;
  const int file_delta = file_of(to) - file_of(from), rank_delta = rank_of(to) - rank_of(from);
  const int distance_file = std::abs(file_delta), distance_rank = std::abs(rank_delta);
  switch (type_of(piece)) {
    case kKing:
      return kInPalace[us][to] && distance_file + distance_rank == 1;
    case kAdvisor:
      return kInPalace[us][to] && distance_file == 1 && distance_rank == 1;
    case kElephant:
      return kInHalf[us][to] && distance_file == 2 && distance_rank == 2 && board[(from + to) / 2] == kEmpty;
    case kHorse: {
      int leg;
      if (distance_rank == 2 && distance_file == 1)
        leg = from + rank_delta / 2 * kBoardStride;
      else if (distance_file == 2 && distance_rank == 1)
        leg = from + file_delta / 2;
      else
        return false;
      return board[leg] == kEmpty;
    }
    case kRook:
      return (file_delta == 0 || rank_delta == 0) && pieces_between(board, from, to) == 0;
    case kCannon:
      return (file_delta == 0 || rank_delta == 0) &&
             pieces_between(board, from, to) == (target == kEmpty ? 0 : 1);
    case kPawn:
      if (to == from + forward(us)) return true;
      return !kInHalf[us][from] && rank_delta == 0 && distance_file == 1;
  }
  return false;
}

// Whether two squares share a file or a rank.
constexpr bool same_line(Square a, Square b) {
  return ((a ^ b) & (kBoardStride - 1)) == 0 || (a / kBoardStride) == (b / kBoardStride);
}

// Whether a move from `from` to `to` can change which lines and horse legs reach a king on `king`: only a
// move from or onto the king's file or rank (a line opened or closed, a cannon screen made or taken away)
// or from a horse-leg point beside it (the points diagonally next to the king). The moved piece's own new
// attack is the caller's to add where it is a horse's.
constexpr bool may_change_king_lines(Square from, Square to, Square king) {
  const int offset = std::abs(int(from) - int(king));
  return same_line(from, king) || same_line(to, king) || offset == kBoardStride - 1 ||
         offset == kBoardStride + 1;
}

// Whether a horse on `horse` stands a horse's move from `king`, its leg not looked at.
constexpr bool at_horse_distance(Square horse, Square king) {
  const int offset = std::abs(int(horse) - int(king));
  return offset == 2 * kBoardStride - 1 || offset == 2 * kBoardStride + 1 || offset == kBoardStride - 2 ||
         offset == kBoardStride + 2;
}

// Would a king of colour c standing on `king` be attacked (facing the other king included)?
inline bool is_attacked_as_king_on(const BoardArray& board, Square king, Color c) {
  const Color them = opposite(c);
  const Piece their_rook = make_piece(them, kRook), their_cannon = make_piece(them, kCannon);
  const Piece their_king = make_piece(them, kKing), their_horse = make_piece(them, kHorse);
  const Piece their_pawn = make_piece(them, kPawn);

  // Lines: the first piece met may be a rook or the other king (kings can only share a file); the second, a
  // cannon.
  for (const int step : kOrthogonalSteps) {
    int square = king + step;
    while (board[square] == kEmpty) square += step;
    const Piece first = board[square];
    if (first == their_rook || first == their_king) return true;
    if (first == kOffBoard) continue;
    square += step;
    while (board[square] == kEmpty) square += step;
    if (board[square] == their_cannon) return true;
  }
  // An enemy pawn next to a king inside its palace has crossed the river, so it attacks sideways too.
  if (board[king + forward(c)] == their_pawn || board[king - 1] == their_pawn ||
      board[king + 1] == their_pawn)
    return true;
  for (const HorseAttack& attack : kHorseAttacks) {
    if (board[king + attack.leg] != kEmpty) continue;
    if (board[king + attack.horses[0]] == their_horse || board[king + attack.horses[1]] == their_horse)
      return true;
  }
  return false;
}

}  // namespace shuai
