// The evaluation as a function of its parameters, for the tuner: evaluated with symbolic weights, each term
// records which parameter it used and how many times, which gives the gradient of the score exactly. The
// king-danger penalty is the one non-linear part: a hinge, a * max(u, 0)^2 + b * max(u, 0), of a linear form
// u of the parameters, kept as such so that its gradient is exact too.
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/board/position.h"
#include "eval/parameters.h"

namespace shuai {

// A symbolic weight: the index of a fitted parameter element (in visit_parameters order).
struct Feature {
  int index = -1;
};

// a * max(u, 0)^2 + b * max(u, 0) for u = sum of coefficient * parameter + constant.
struct HingeTerm {
  std::vector<std::pair<int, double>> terms;
  double constant = 0.0;
  double square_coefficient = 0.0, linear_coefficient = 0.0;

  double units(const std::vector<double>& parameters) const;
};

// sum of coefficient * parameter, plus a constant (the parts the tuner does not fit), plus hinge terms.
class LinearScore {
 public:
  LinearScore() = default;
  LinearScore(Feature feature) : terms_{{feature.index, 1.0}} {}  // NOLINT: a weight is a score
  static LinearScore constant(double value) {
    LinearScore score;
    score.constant_ = value;
    return score;
  }

  LinearScore& operator+=(const LinearScore& other);
  LinearScore& operator-=(const LinearScore& other);
  LinearScore& operator*=(double factor);

  // a * max(units, 0)^2 + b * max(units, 0); `units` must be linear (no hinge terms of its own).
  static LinearScore hinge(const LinearScore& units, double square_coefficient, double linear_coefficient);

  // Terms of one parameter added together, sorted by index, zero coefficients dropped (hinges' too).
  void simplify();
  const std::vector<std::pair<int, double>>& terms() const { return terms_; }
  double constant() const { return constant_; }
  const std::vector<HingeTerm>& hinges() const { return hinges_; }
  // The value at the given parameter values (indexed like Feature::index).
  double value(const std::vector<double>& parameters) const;

 private:
  std::vector<std::pair<int, double>> terms_;
  double constant_ = 0.0;
  std::vector<HingeTerm> hinges_;
};

// Free functions, not hidden friends, so that two Features (found through their namespace) combine too.
inline LinearScore operator+(LinearScore a, const LinearScore& b) {
  return a += b;
}
inline LinearScore operator-(LinearScore a, const LinearScore& b) {
  return a -= b;
}
inline LinearScore operator-(LinearScore a) {
  return a *= -1.0;
}
inline LinearScore operator*(LinearScore a, int factor) {
  return a *= factor;
}
inline LinearScore operator*(int factor, LinearScore a) {
  return a *= factor;
}
inline LinearScore operator/(LinearScore a, int divisor) {
  return a *= 1.0 / divisor;
}

using SymbolicParameters = BasicParameters<Feature>;

// The evaluators' view of symbolic weights, as EvaluationTables is for numbers.
struct SymbolicTables {
  SymbolicParameters parameters{};
  bool king_danger = true;  // as EvaluationTables': the tuner always sees the danger terms
  LinearScore piece_value(int stage, Piece piece, Square square) const;  // as EvaluationTables'
};

// The score type of an evaluation over these tables: int in play, LinearScore for the tuner.
template <class Tables>
using ScoreOf = std::conditional_t<std::is_same_v<Tables, SymbolicTables>, LinearScore, int>;
template <class Score>
Score constant_score(int value) {
  if constexpr (std::is_same_v<Score, LinearScore>)
    return LinearScore::constant(value);
  else
    return value;
}

// Features numbered in visit order; the parameters the tuner leaves alone keep the values given.
SymbolicTables make_symbolic_tables(const EvaluationParameters& values);

// The fitted parameters as a flat vector, and back (rounded to integers).
int fitted_parameter_count();
std::vector<double> fitted_values(const EvaluationParameters& parameters);
void set_fitted_values(EvaluationParameters& parameters, const std::vector<double>& values);
// The name of the fitted element with this index, e.g. "rook_mobility[3]".
std::string fitted_parameter_name(int index);

// Evaluations with symbolic weights, Red's point of view, the tempo included (no clamp). Defined beside their
// numeric twins.
LinearScore linear_evaluation(const Position& position, const SymbolicTables& tables);

}  // namespace shuai
