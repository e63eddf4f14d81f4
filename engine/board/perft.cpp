// Perft with bulk counting at the last ply.
#include "engine/board/perft.h"

#include "engine/board/movegen.h"

namespace shuai {

namespace {

// The walk, with a stop flag read at every node above the last ply only when kStoppable: the plain perft
// of the tests and the benchmark pays nothing for it. A stopped walk's count is wrong and is not used.
template <bool kStoppable>
std::uint64_t perft_walk(Position& position, int depth, const std::atomic<bool>* stop) {
  if (depth == 0) return 1;
  if constexpr (kStoppable)
    if (stop->load(std::memory_order_relaxed)) return 0;
  MoveList moves;
  generate_legal(position, moves);
  if (depth == 1) return moves.size;
  std::uint64_t nodes = 0;
  for (const Move m : moves) {
    position.make_move(m);
    nodes += perft_walk<kStoppable>(position, depth - 1, stop);
    position.unmake_move();
  }
  return nodes;
}

}  // namespace

std::uint64_t perft(Position& position, int depth) {
  return perft_walk<false>(position, depth, nullptr);
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

std::vector<PerftDivide> perft_divide(Position& position, int depth, const std::atomic<bool>* stop) {
  MoveList moves;
  generate_legal(position, moves);
  std::vector<PerftDivide> divide;
  for (const Move m : moves) {
    position.make_move(m);
    const std::uint64_t nodes =
        stop ? perft_walk<true>(position, depth - 1, stop) : perft_walk<false>(position, depth - 1, nullptr);
    position.unmake_move();
    if (stop && stop->load(std::memory_order_relaxed)) break;
    divide.push_back({m, nodes});
  }
  return divide;
}

}  // namespace shuai
