// Static exchange evaluation: what a capture wins or loses once both sides have recaptured on the target
// square with their least valuable pieces, each free to stop when going on would lose.
#pragma once

#include "engine/board/position.h"

namespace shuai {

// Material balance for the side making the move (pins are ignored, as usual for SEE).
int static_exchange(const Position& position, Move m);

}  // namespace shuai
