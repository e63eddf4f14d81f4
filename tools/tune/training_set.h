// The positions `shuai-tune fit` learns from: each one's evaluation as a linear form of the parameters
// (eval/linear_score.h), held compactly, with the game's result; split into a training and a validation part.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "eval/linear_score.h"

namespace shuai::tune {

// All positions' terms in flat arrays; position i owns terms [first_term[i], first_term[i + 1]) and hinges
// (the king-danger penalties) [first_hinge[i], first_hinge[i + 1]); hinge h's units are the hinge terms
// [hinge_first_term[h], hinge_first_term[h + 1]), in arrays of their own.
struct LinearPositions {
  std::vector<std::uint32_t> first_term{0};
  std::vector<std::uint16_t> parameter;  // the term's fitted-parameter index
  std::vector<float> coefficient;
  std::vector<float> constant;   // the part of the score no fitted parameter makes
  std::vector<float> red_score;  // the game's result from Red's side: 1, 0.5 or 0
  std::vector<std::uint32_t> first_hinge{0};
  std::vector<float> hinge_square, hinge_linear, hinge_constant;
  std::vector<std::uint32_t> hinge_first_term{0};
  std::vector<std::uint16_t> hinge_parameter;
  std::vector<float> hinge_coefficient;

  std::size_t size() const { return red_score.size(); }
  void add(const LinearScore& score, double result);
  double hinge_units(std::uint32_t h, const std::vector<double>& parameters) const {
    double units = hinge_constant[h];
    for (std::uint32_t t = hinge_first_term[h]; t < hinge_first_term[h + 1]; ++t)
      units += double(hinge_coefficient[t]) * parameters[hinge_parameter[t]];
    return units;
  }
  // The evaluation of position i at these parameter values (Red's view).
  double evaluate(std::size_t i, const std::vector<double>& parameters) const {
    double sum = constant[i];
    for (std::uint32_t t = first_term[i]; t < first_term[i + 1]; ++t)
      sum += double(coefficient[t]) * parameters[parameter[t]];
    for (std::uint32_t h = first_hinge[i]; h < first_hinge[i + 1]; ++h) {
      const double units = std::max(hinge_units(h, parameters), 0.0);
      sum += double(hinge_square[h]) * units * units + double(hinge_linear[h]) * units;
    }
    return sum;
  }
  // Adds factor * d(evaluation of position i)/d(parameter) to gradient[parameter], for every parameter.
  void add_gradient(std::size_t i, const std::vector<double>& parameters, double factor,
                    std::vector<double>& gradient) const {
    for (std::uint32_t t = first_term[i]; t < first_term[i + 1]; ++t)
      gradient[parameter[t]] += factor * double(coefficient[t]);
    for (std::uint32_t h = first_hinge[i]; h < first_hinge[i + 1]; ++h) {
      const double units = hinge_units(h, parameters);
      if (units <= 0) continue;
      const double slope = factor * (2.0 * double(hinge_square[h]) * units + double(hinge_linear[h]));
      for (std::uint32_t t = hinge_first_term[h]; t < hinge_first_term[h + 1]; ++t)
        gradient[hinge_parameter[t]] += slope * double(hinge_coefficient[t]);
    }
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
