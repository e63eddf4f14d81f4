// The minors evaluator: looks only at kings, advisors, elephants and pawns (and the phase) and fills the
// MinorsInfo record. Its result depends on nothing else, which is what lets the Minors Hash Table cache it.
#pragma once

#include "engine/board/position.h"
#include "eval/evaluation_tables.h"
#include "eval/linear_score.h"
#include "eval/minors_info.h"

namespace shuai {

MinorsInfo evaluate_minors(const Position& position, Phase phase, Knowledge knowledge,
                           const EvaluationTables& tables = default_evaluation_tables());
// The same score with symbolic weights (full knowledge), for the tuner.
LinearScore linear_minors_score(const Position& position, Phase phase, const SymbolicTables& tables);

}  // namespace shuai
