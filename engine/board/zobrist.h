// Zobrist random numbers for the position key and the minors signature (MHT paper, formula 2).
// Generated at compile time from a fixed seed so keys are identical across builds and runs.
#pragma once

#include <array>
#include <cstdint>

#include "engine/board/types.h"

namespace shuai {

namespace zobrist_detail {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

struct Keys {
  std::array<std::array<std::uint64_t, kMailboxSize>, kPieceIndexCount> piece_square{};
  std::uint64_t black_to_move = 0;
};

constexpr Keys make_keys() {
  Keys keys;
  std::uint64_t state = 0x5348554149ULL;  // "SHUAI"
  for (auto& squares : keys.piece_square)
    for (int index = 0; index < kSquareCount; ++index) squares[square_from_index(index)] = splitmix64(state);
  keys.black_to_move = splitmix64(state);
  return keys;
}

}  // namespace zobrist_detail

inline constexpr zobrist_detail::Keys kZobrist = zobrist_detail::make_keys();

constexpr std::uint64_t zobrist_key(Piece p, Square s) {
  return kZobrist.piece_square[piece_index(p)][s];
}

}  // namespace shuai
