// Evaluation with the Minors Hash Table (Algorithm 1 of the MHT paper).
#include "eval/evaluator.h"

#include <algorithm>

#include "eval/evaluate.h"
#include "eval/global_evaluation.h"
#include "eval/minors_evaluation.h"
#include "eval/score.h"

namespace shuai {

MinorsStatistics& MinorsStatistics::operator+=(const MinorsStatistics& other) {
  probes += other.probes;
  hits += other.hits;
  stores += other.stores;
  verified_hits += other.verified_hits;
  disagreements += other.disagreements;
  return *this;
}

MinorsInfo Evaluator::minors(const Position& position) {
  const Phase phase = minors_phase_of(position.majors_value());
  if (!table_ || !table_->enabled())
    return evaluate_minors(position, phase, settings_.knowledge, *settings_.tables);
  MinorsInfo info;
  ++statistics_.probes;
  if (table_->probe(position.minors_signature(), phase, info)) {
    ++statistics_.hits;
    if (settings_.verify_minors_hits) {
      ++statistics_.verified_hits;
      if (!(evaluate_minors(position, phase, settings_.knowledge, *settings_.tables) == info))
        ++statistics_.disagreements;
    }
    return info;
  }
  info = evaluate_minors(position, phase, settings_.knowledge, *settings_.tables);
  table_->store(position.minors_signature(), info);
  ++statistics_.stores;
  return info;
}

int Evaluator::evaluate(const Position& position) {
  if (settings_.observer) [[unlikely]]
    settings_.observer->on_evaluation(position);
  const MinorsInfo info = minors(position);
  const EvaluationTables& tables = *settings_.tables;
  const int red_score = info.score + evaluate_global(position, info, settings_.knowledge, tables);
  // Having the move is worth a little; both colours get it alike, so mirrored positions score the same.
  const int score = (position.side_to_move() == kRed ? red_score : -red_score) + tables.parameters.tempo;
  return std::clamp(score, -kMaxEvaluation + 1, kMaxEvaluation - 1);
}

int evaluate(const Position& position) {
  return Evaluator().evaluate(position);
}

LinearScore linear_evaluation(const Position& position, const SymbolicTables& tables) {
  const Phase phase = minors_phase_of(position.majors_value());
  MinorsInfo info = evaluate_minors(position, phase, Knowledge::kLarge);  // the facts; its score is not used
  LinearScore score =
      linear_minors_score(position, phase, tables) + linear_global_score(position, info, tables);
  score += position.side_to_move() == kRed ? LinearScore(tables.parameters.tempo)
                                           : -LinearScore(tables.parameters.tempo);
  score.simplify();
  return score;
}

}  // namespace shuai
