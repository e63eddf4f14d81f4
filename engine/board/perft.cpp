// Perft with bulk counting at the last ply.
#include "engine/board/perft.h"

#include "engine/board/movegen.h"

namespace shuai {

std::uint64_t perft(Position& position, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  generate_legal(position, moves);
  if (depth == 1) return moves.size;
  std::uint64_t nodes = 0;
  for (const Move m : moves) {
    position.make_move(m);
    nodes += perft(position, depth - 1);
    position.unmake_move();
  }
  return nodes;
}

std::uint64_t perft_by_full_test(Position& position, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  generate_legal_by_full_test(position, moves);
  std::uint64_t nodes = 0;
  for (const Move m : moves) {
    position.make_move(m);
    nodes += perft_by_full_test(position, depth - 1);
    position.unmake_move();
  }
  return nodes;
}

std::vector<PerftDivide> perft_divide(Position& position, int depth) {
  MoveList moves;
  generate_legal(position, moves);
  std::vector<PerftDivide> divide;
  for (const Move m : moves) {
    position.make_move(m);
    divide.push_back({m, perft(position, depth - 1)});
    position.unmake_move();
  }
  return divide;
}

}  // namespace shuai
