// Piece rules and king attacks read from a bare board array, for code that looks at boards other than the
// position's own (the repetition judge replays a cycle on copies) as well as for Position itself.
#pragma once

#include <array>
#include <cstdlib>

#include "engine/board/geometry.h"
#include "engine/board/types.h"

namespace shuai {

using BoardArray = std::array<Piece, kMailboxSize>;

// The step from `origin` toward `square` along their shared file or rank (0 if they share none or are one).
constexpr int step_toward(Square origin, Square square) {
  if (square == origin) return 0;
  if (((square ^ origin) & (kBoardStride - 1)) == 0) return square > origin ? kBoardStride : -kBoardStride;
  if (square / kBoardStride == origin / kBoardStride) return square > origin ? 1 : -1;
  return 0;
}

// Pieces strictly between two different squares on one rank or file, walking by `step` (the callers that
// already know it pass step_toward(from, to)).
inline int pieces_between(const BoardArray& board, Square from, Square to, int step) {
  int count = 0;
  for (int square = from + step; square != to; square += step) count += board[square] != kEmpty;
  return count;
}

// Pieces strictly between two different squares on one rank or file.
inline int pieces_between(const BoardArray& board, Square from, Square to) {
  return pieces_between(board, from, to, step_toward(from, to));
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
  return a == b || step_toward(a, b) != 0;
}

// Whether a move from `from` to `to` can change which lines and horse legs reach a king on `king`: only a
// move from or onto the king's file or rank (a line opened or closed, a cannon screen made or taken away)
// or from a horse-leg point beside it (the points diagonally next to the king).
constexpr bool may_change_king_lines(Square from, Square to, Square king) {
  const int offset = std::abs(int(from) - int(king));
  return same_line(from, king) || same_line(to, king) || offset == kBoardStride - 1 ||
         offset == kBoardStride + 1;
}

// Whether the line from `king` in the direction `step` brings an attack by colour `them`: a rook or the king
// as the first piece met (kings can only share a file), a cannon as the second.
inline bool line_attacks_king(const BoardArray& board, Square king, int step, Color them) {
  int square = king + step;
  while (board[square] == kEmpty) square += step;
  const Piece first = board[square];
  if (first == make_piece(them, kRook) || first == make_piece(them, kKing)) return true;
  if (first == kOffBoard) return false;
  square += step;
  while (board[square] == kEmpty) square += step;
  return board[square] == make_piece(them, kCannon);
}

// Would a king of colour c standing on `king` be attacked (facing the other king included)?
inline bool is_attacked_as_king_on(const BoardArray& board, Square king, Color c) {
  const Color them = opposite(c);
  for (const int step : kOrthogonalSteps)
    if (line_attacks_king(board, king, step, them)) return true;
  // An enemy pawn next to a king inside its palace has crossed the river, so it attacks sideways too.
  const Piece their_pawn = make_piece(them, kPawn), their_horse = make_piece(them, kHorse);
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

// The same question after a move from `from` to `to` (the board shows it made), asked of a king of colour c
// that was not attacked before it and did not move. Only what the move changed can attack it now: the
// lines through the move's two points (a line opened, a cannon screen made, a rook or cannon arrived) and
// the horse leg the move may have left; and the moved piece itself, if a horse or pawn, from where it landed.
inline bool is_attacked_after_move_on(const BoardArray& board, Square king, Color c, Square from, Square to) {
  const Color them = opposite(c);
  const int from_step = step_toward(king, from), to_step = step_toward(king, to);
  if (from_step != 0 && line_attacks_king(board, king, from_step, them)) return true;
  if (to_step != 0 && to_step != from_step && line_attacks_king(board, king, to_step, them)) return true;
  const Piece moved = board[to], their_horse = make_piece(them, kHorse);
  for (const HorseAttack& attack : kHorseAttacks) {
    if (attack.leg == from - king &&
        (board[king + attack.horses[0]] == their_horse || board[king + attack.horses[1]] == their_horse))
      return true;
    if (moved == their_horse && board[king + attack.leg] == kEmpty &&
        (king + attack.horses[0] == to || king + attack.horses[1] == to))
      return true;
  }
  return moved == make_piece(them, kPawn) && (to == king + forward(c) || to == king - 1 || to == king + 1);
}

}  // namespace shuai
