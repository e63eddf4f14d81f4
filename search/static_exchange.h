// Static exchange evaluation: what a capture wins or loses once both sides have recaptured on the target
// square with their least valuable pieces, each free to stop when going on would lose.
#pragma once

#include "engine/board/position.h"

namespace shuai {

// Piece values for exchanges (a horse is 100); the king is worth more than any sequence, so it recaptures
// only last.
inline constexpr int kExchangeValue[kPieceTypeCount] = {10000, 20, 20, 100, 220, 100, 15};
constexpr int exchange_value(PieceType type) {
  return kExchangeValue[type];
}

// Material balance for the side making the move (pins are ignored, as usual for SEE).
int static_exchange(const Position& position, Move m);

// Whether static_exchange(position, m) < threshold. The exchange lies between the victim's value less the
// mover's (the opponent's best reply takes at most the mover) and the victim's value, so most tests are
// answered without playing it out.
bool exchange_below(const Position& position, Move m, int threshold);

}  // namespace shuai
