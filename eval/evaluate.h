// Static evaluation of a position, from the side to move's point of view.
#pragma once

#include "engine/board/position.h"
#include "eval/score.h"

namespace shuai {

// Positive when the side to move stands better; |score| < kMaxEvaluation.
int evaluate(const Position& position);

}  // namespace shuai
