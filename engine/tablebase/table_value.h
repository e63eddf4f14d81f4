// What a tablebase knows of one position, in one byte: win, draw or loss for the side to move, and the
// distance to conversion, in plies: to mate, or to the next capture, after which the smaller endgame's table
// takes over (and the natural move limit counts again from zero).
#pragma once

#include <cstdint>

namespace shuai::tablebase {

using TableValue = std::uint8_t;

// Code 0: a draw (while generating: not decided yet). 1..125: the side to move wins in that many plies.
// 128..253: it loses in (code - 128) plies, 0 meaning it is mated or stalemated now. 126 and 254: it wins or
// loses by the ruling on perpetual check (the loser can keep the game going only by checking forever), with
// no distance. 255: no position (two pieces on one square, or the side not to move in check). 127 is unused.
inline constexpr TableValue kDrawValue = 0;
inline constexpr TableValue kNoPositionValue = 255;
inline constexpr int kLongestDistance = 125;
inline constexpr TableValue kLossBase = 128;
inline constexpr TableValue kRulingWinValue = 126;
inline constexpr TableValue kRulingLossValue = 254;
// What distance_of gives a win or loss by the ruling: longer than any counted one.
inline constexpr int kRulingDistance = kLongestDistance + 1;

constexpr TableValue win_in(int plies) {
  return TableValue(plies);
}
constexpr TableValue loss_in(int plies) {
  return TableValue(kLossBase + plies);
}
constexpr bool is_ruling(TableValue value) {
  return value == kRulingWinValue || value == kRulingLossValue;
}
constexpr bool is_win(TableValue value) {
  return value >= 1 && value <= kRulingWinValue;
}
constexpr bool is_loss(TableValue value) {
  return value >= kLossBase && value <= kRulingLossValue;
}
constexpr bool is_position(TableValue value) {
  return value != kNoPositionValue;
}
// Plies to conversion of a win or a loss (kRulingDistance for one by the ruling, 0 for a draw).
constexpr int distance_of(TableValue value) {
  return is_win(value) ? value : is_loss(value) ? value - kLossBase : 0;
}

}  // namespace shuai::tablebase
