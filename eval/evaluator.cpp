// Evaluation with the Minors Hash Table (Algorithm 1 of the MHT paper).
#include "eval/evaluator.h"

#include <algorithm>

#include "eval/evaluate.h"
#include "eval/global_evaluation.h"
#include "eval/minors_evaluation.h"
#include "eval/score.h"
#include "eval/winning_chances.h"

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
  int red_score = info.score + evaluate_global(position, info, settings_.knowledge, tables);
  if (settings_.knowledge == Knowledge::kLarge) red_score = scale_by_winning_chances(position, red_score);
  // Having the move is worth a little; both colours get it alike, so mirrored positions score the same.
  const int score = (position.side_to_move() == kRed ? red_score : -red_score) + tables.parameters.tempo;
  return std::clamp(score, -kMaxEvaluation + 1, kMaxEvaluation - 1);
}

int evaluate(const Position& position) {
  return Evaluator().evaluate(position);
}

LinearScore linear_evaluation(const Position& position, const SymbolicTables& tables) {
  const Phase phase = minors_phase_of(position.majors_value());
  const MinorsInfo info = evaluate_minors(position, phase, Knowledge::kLarge);  // the facts, and a score
  LinearScore score =
      linear_minors_score(position, phase, tables) + linear_global_score(position, info, tables);
  // Which side a drawn balance scales down is read from the evaluation at the built-in values.
  const int red_score = info.score + evaluate_global(position, info, Knowledge::kLarge);
  if (red_score != 0)
    if (const int share = winning_chances(position, red_score > 0 ? kRed : kBlack); share < 16)
      score *= share / 16.0;
  score += position.side_to_move() == kRed ? LinearScore(tables.parameters.tempo)
                                           : -LinearScore(tables.parameters.tempo);
  score.simplify();
  return score;
}

}  // namespace shuai
