// The global evaluation: majors' material and placement, mobility, threats on the palaces, and the interplay
// of the majors with the minors' shape read from the MinorsInfo record.
#pragma once

#include "engine/board/position.h"
#include "eval/evaluation_tables.h"
#include "eval/linear_score.h"
#include "eval/minors_info.h"

namespace shuai {

// From Red's point of view; does not include info.score.
int evaluate_global(const Position& position, const MinorsInfo& info, Knowledge knowledge,
                    const EvaluationTables& tables = default_evaluation_tables());
// The same score with symbolic weights (full knowledge), for the tuner.
LinearScore linear_global_score(const Position& position, const MinorsInfo& info,
                                const SymbolicTables& tables);

}  // namespace shuai
