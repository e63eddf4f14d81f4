// Static evaluation of a position with full knowledge and no Minors Hash Table, from the side to move's
// point of view. The search uses an Evaluator (eval/evaluator.h) per thread instead.
#pragma once

#include "engine/board/position.h"
#include "eval/score.h"

namespace shuai {

// Positive when the side to move stands better; |score| < kMaxEvaluation.
int evaluate(const Position& position);

}  // namespace shuai
