// The positions `shuai-tune fit` learns from: each one's evaluation as a linear form of the parameters
// (eval/linear_score.h), held compactly, with the game's result; split into a training and a validation part.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "eval/linear_score.h"

namespace shuai::tune {

// All positions' terms in two flat arrays; position i owns terms [first_term[i], first_term[i + 1]).
struct LinearPositions {
  std::vector<std::uint32_t> first_term{0};
  std::vector<std::uint16_t> parameter;  // the term's fitted-parameter index
  std::vector<float> coefficient;
  std::vector<float> constant;   // the part of the score no fitted parameter makes
  std::vector<float> red_score;  // the game's result from Red's side: 1, 0.5 or 0

  std::size_t size() const { return red_score.size(); }
  void add(const LinearScore& score, double result);
  // The evaluation of position i at these parameter values (Red's view).
  double evaluate(std::size_t i, const std::vector<double>& parameters) const {
    double sum = constant[i];
    for (std::uint32_t t = first_term[i]; t < first_term[i + 1]; ++t)
      sum += double(coefficient[t]) * parameters[parameter[t]];
    return sum;
  }
};

struct TrainingSet {
  LinearPositions training, validation;
  std::uint64_t lines = 0, duplicates = 0, in_check = 0;  // what reading found
};

// Reads training files (concatenated shards are fine: a position met again is skipped). A position goes to
// the validation part when its key says so (about `validation_share` of them, the same ones on every run).
// A message naming the file and line on bad input.
std::variant<TrainingSet, std::string> read_training_set(const std::vector<std::string>& paths,
                                                         const SymbolicTables& tables,
                                                         double validation_share);

}  // namespace shuai::tune
