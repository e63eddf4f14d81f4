// Static exchange evaluation on a scratch copy of the board, so cannon screens change as pieces come off.
#include "search/static_exchange.h"

#include <algorithm>

#include "engine/board/geometry.h"

namespace shuai {

namespace {

using Board = std::array<Piece, kMailboxSize>;

// The least valuable piece of `side` that can capture on `target` on this board, or kNoSquare.
Square least_valuable_attacker(const Board& board, Square target, Color side) {
  const Piece pawn = make_piece(side, kPawn);
  if (board[target - forward(side)] == pawn) return Square(target - forward(side));
  if (!kInHalf[side][target]) {  // pawns beside a square across the river have crossed: they capture sideways
    if (board[target - 1] == pawn) return Square(target - 1);
    if (board[target + 1] == pawn) return Square(target + 1);
  }
  if (kInPalace[side][target])
    for (const int diagonal : kDiagonalSteps)
      if (board[target + diagonal] == make_piece(side, kAdvisor)) return Square(target + diagonal);
  if (kInHalf[side][target])
    for (const int diagonal : kDiagonalSteps)
      if (board[target + diagonal] == kEmpty && board[target + 2 * diagonal] == make_piece(side, kElephant))
        return Square(target + 2 * diagonal);
  const Piece horse = make_piece(side, kHorse);
  for (const HorseAttack& attack : kHorseAttacks) {
    if (board[target + attack.leg] != kEmpty) continue;
    if (board[target + attack.horses[0]] == horse) return Square(target + attack.horses[0]);
    if (board[target + attack.horses[1]] == horse) return Square(target + attack.horses[1]);
  }
  Square rook = kNoSquare;
  for (const int step : kOrthogonalSteps) {
    int square = target + step;
    while (board[square] == kEmpty) square += step;
    if (board[square] == kOffBoard) continue;
    if (board[square] == make_piece(side, kRook) && rook == kNoSquare) rook = Square(square);
    square += step;
    while (board[square] == kEmpty) square += step;
    if (board[square] == make_piece(side, kCannon)) return Square(square);
  }
  if (rook != kNoSquare) return rook;
  if (kInPalace[side][target])
    for (const int step : kOrthogonalSteps)
      if (board[target + step] == make_piece(side, kKing)) return Square(target + step);
  return kNoSquare;
}

}  // namespace

int static_exchange(const Position& position, Move m) {
  Board board = position.board();
  const Square from = from_square(m), to = to_square(m);
  int gain[48];
  int depth = 0;
  gain[0] = board[to] == kEmpty ? 0 : kExchangeValue[type_of(board[to])];
  int value_on_square = kExchangeValue[type_of(board[from])];
  Color side = opposite(color_of(board[from]));
  board[to] = board[from];
  board[from] = kEmpty;
  while (depth < 46) {
    const Square attacker = least_valuable_attacker(board, to, side);
    if (attacker == kNoSquare) break;
    ++depth;
    gain[depth] = value_on_square - gain[depth - 1];
    if (std::max(-gain[depth - 1], gain[depth]) < 0) break;  // neither side would go on
    value_on_square = kExchangeValue[type_of(board[attacker])];
    board[to] = board[attacker];
    board[attacker] = kEmpty;
    side = opposite(side);
  }
  // Each side either stops or captures: fold the choices back from the last capture.
  for (; depth > 0; --depth) gain[depth - 1] = -std::max(-gain[depth - 1], gain[depth]);
  return gain[0];
}

bool exchange_below(const Position& position, Move m, int threshold) {
  const Piece victim = position.piece_on(to_square(m));
  const int victim_value = victim == kEmpty ? 0 : kExchangeValue[type_of(victim)];
  if (victim_value < threshold) return true;
  if (victim_value - kExchangeValue[type_of(position.piece_on(from_square(m)))] >= threshold) return false;
  return static_exchange(position, m) < threshold;
}

}  // namespace shuai
