// What a tablebase knows of one position, in one byte: win, draw or loss for the side to move, and the
// distance to conversion, in plies: to mate, or to the next capture, after which the smaller endgame's table
// takes over (and the natural move limit counts again from zero).
#pragma once

#include <cstdint>

namespace shuai::tablebase {

using TableValue = std::uint8_t;

// Code 0: a draw (while generating: not decided yet). 1..125: the side to move wins in that many plies.
// 128..253: it loses in (code - 128) plies, 0 meaning it is mated or stalemated now. 255: no position (two
// pieces on one square, or the side not to move in check). 126, 127 and 254 are kept for later use.
inline constexpr TableValue kDrawValue = 0;
inline constexpr TableValue kNoPositionValue = 255;
inline constexpr int kLongestDistance = 125;
inline constexpr TableValue kLossBase = 128;

constexpr TableValue win_in(int plies) {
  return TableValue(plies);
}
constexpr TableValue loss_in(int plies) {
  return TableValue(kLossBase + plies);
}
constexpr bool is_win(TableValue value) {
  return value >= 1 && value <= kLongestDistance;
}
constexpr bool is_loss(TableValue value) {
  return value >= kLossBase && value <= kLossBase + kLongestDistance;
}
constexpr bool is_position(TableValue value) {
  return value != kNoPositionValue;
}
// Plies to conversion of a win or a loss (0 for a draw).
constexpr int distance_of(TableValue value) {
  return is_win(value) ? value : is_loss(value) ? value - kLossBase : 0;
}

}  // namespace shuai::tablebase
