// Material balances that are draws however the pieces stand (a lone rook against two advisors and two
// elephants, a lone horse or cannon against two guards, nothing left that can give mate): the score in favour
// of a side that cannot win is scaled down, so that the search neither trades into them when ahead nor
// fears them when behind.
#pragma once

#include "engine/board/position.h"

namespace shuai {

// The share, out of 16, of a score in favour of side c that c keeps: 16 when it may win, less when its
// material cannot force mate against the defenders the other side has left.
int winning_chances(const Position& position, Color c);

// A score from Red's point of view with both sides' winning chances applied.
inline int scale_by_winning_chances(const Position& position, int red_score) {
  if (red_score == 0) return 0;
  const int share = winning_chances(position, red_score > 0 ? kRed : kBlack);
  return share == 16 ? red_score : red_score * share / 16;
}

}  // namespace shuai
