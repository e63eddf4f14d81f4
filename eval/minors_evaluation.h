// The minors evaluator: looks only at kings, advisors, elephants and pawns (and the phase) and fills the
// MinorsInfo record. Its result depends on nothing else, which is what lets the Minors Hash Table cache it.
#pragma once

#include "engine/board/position.h"
#include "eval/minors_info.h"

namespace shuai {

MinorsInfo evaluate_minors(const Position& position, Phase phase, Knowledge knowledge);

}  // namespace shuai
