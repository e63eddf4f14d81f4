// Perft: count the leaf nodes of the legal move tree, the standard check of a move generator.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/board/position.h"

namespace shuai {

// Counts legal move sequences of exactly `depth` plies; the last ply is counted without being made.
std::uint64_t perft(Position& position, int depth);
// The same count by the slow road: every move made, every king-safety test done in full. For benchmarks.
std::uint64_t perft_by_full_test(Position& position, int depth);

struct PerftDivide {
  Move move;
  std::uint64_t nodes;
};
// perft(depth - 1) below each legal root move, in generation order (depth >= 1). With `stop`, the walk
// gives up once it is set (a protocol's stop or quit) and returns the root moves counted in full before it.
std::vector<PerftDivide> perft_divide(Position& position, int depth, const std::atomic<bool>* stop = nullptr);

}  // namespace shuai
