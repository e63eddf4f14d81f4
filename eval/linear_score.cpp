// Symbolic weights and the linear scores they add up to.
#include "eval/linear_score.h"

#include <algorithm>

#include <fmt/format.h>

namespace shuai {

namespace {

double linear_value(const std::vector<std::pair<int, double>>& terms, double constant,
                    const std::vector<double>& parameters) {
  double sum = constant;
  for (const auto& [index, coefficient] : terms) sum += coefficient * parameters[std::size_t(index)];
  return sum;
}

// Terms of one parameter added together, sorted by index, zero coefficients dropped.
void merge_terms(std::vector<std::pair<int, double>>& terms) {
  std::sort(terms.begin(), terms.end());
  std::vector<std::pair<int, double>> merged;
  for (const auto& term : terms) {
    if (!merged.empty() && merged.back().first == term.first)
      merged.back().second += term.second;
    else
      merged.push_back(term);
  }
  std::erase_if(merged, [](const auto& term) { return term.second == 0.0; });
  terms = std::move(merged);
}

}  // namespace

double HingeTerm::units(const std::vector<double>& parameters) const {
  return linear_value(terms, constant, parameters);
}

LinearScore& LinearScore::operator+=(const LinearScore& other) {
  terms_.insert(terms_.end(), other.terms_.begin(), other.terms_.end());
  constant_ += other.constant_;
  hinges_.insert(hinges_.end(), other.hinges_.begin(), other.hinges_.end());
  return *this;
}

LinearScore& LinearScore::operator-=(const LinearScore& other) {
  for (const auto& [index, coefficient] : other.terms_) terms_.emplace_back(index, -coefficient);
  constant_ -= other.constant_;
  for (HingeTerm hinge : other.hinges_) {
    hinge.square_coefficient = -hinge.square_coefficient;
    hinge.linear_coefficient = -hinge.linear_coefficient;
    hinges_.push_back(std::move(hinge));
  }
  return *this;
}

LinearScore& LinearScore::operator*=(double factor) {
  for (auto& term : terms_) term.second *= factor;
  constant_ *= factor;
  for (HingeTerm& hinge : hinges_) {
    hinge.square_coefficient *= factor;
    hinge.linear_coefficient *= factor;
  }
  return *this;
}

LinearScore LinearScore::hinge(const LinearScore& units, double square_coefficient,
                               double linear_coefficient) {
  LinearScore score;
  score.hinges_.push_back({units.terms_, units.constant_, square_coefficient, linear_coefficient});
  return score;
}

void LinearScore::simplify() {
  merge_terms(terms_);
  for (HingeTerm& hinge : hinges_) merge_terms(hinge.terms);
  std::erase_if(hinges_, [](const HingeTerm& hinge) {
    return hinge.square_coefficient == 0.0 && hinge.linear_coefficient == 0.0;
  });
}

double LinearScore::value(const std::vector<double>& parameters) const {
  double sum = linear_value(terms_, constant_, parameters);
  for (const HingeTerm& hinge : hinges_) {
    const double units = std::max(hinge.units(parameters), 0.0);
    sum += hinge.square_coefficient * units * units + hinge.linear_coefficient * units;
  }
  return sum;
}

LinearScore SymbolicTables::piece_value(int stage, Piece piece, Square square) const {
  const SymbolicParameters& p = parameters;
  const int rank = half_board_rank(color_of(piece), square), file = half_board_file(square);
  switch (type_of(piece)) {
    case kKing:
      return p.king_squares[stage][rank][file];
    case kAdvisor:
      return p.minors_material[stage][0] + p.advisor_squares[stage][rank][file];
    case kElephant:
      return p.minors_material[stage][1] + p.elephant_squares[stage][rank][file];
    case kHorse:
      return p.majors_material[stage][0] + p.horse_squares[stage][rank][file];
    case kRook:
      return p.majors_material[stage][1] + p.rook_squares[stage][rank][file];
    case kCannon:
      return p.majors_material[stage][2] + p.cannon_squares[stage][rank][file];
    case kPawn:
      return p.minors_material[stage][2] + p.pawn_squares[stage][rank][file];
  }
  return {};
}

SymbolicTables make_symbolic_tables(const EvaluationParameters& values) {
  SymbolicTables tables;
  int next = 0;
  visit_parameters(tables.parameters, [&](std::string_view, auto& member, bool fitted) {
    if (fitted)
      for_each_element(member, [&](auto& feature) {
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(feature)>, Feature>) feature.index = next++;
      });
  });
  // The parameters left alone are plain numbers in both tables.
  for (int i = 0; i < kAttackScaleCount; ++i) tables.parameters.attack_scale[i] = values.attack_scale[i];
  tables.parameters.danger_divisor = values.danger_divisor;
  tables.parameters.danger_endgame_divisor = values.danger_endgame_divisor;
  return tables;
}

int fitted_parameter_count() {
  return int(fitted_values(default_parameters()).size());
}

std::vector<double> fitted_values(const EvaluationParameters& parameters) {
  std::vector<double> values;
  visit_parameters(parameters, [&](std::string_view, const auto& member, bool fitted) {
    if (fitted) for_each_element(member, [&](int value) { values.push_back(value); });
  });
  return values;
}

void set_fitted_values(EvaluationParameters& parameters, const std::vector<double>& values) {
  std::size_t next = 0;
  visit_parameters(parameters, [&](std::string_view, auto& member, bool fitted) {
    if (fitted) for_each_element(member, [&](int& value) { value = int(std::lround(values[next++])); });
  });
}

std::string fitted_parameter_name(int index) {
  std::string name;
  int next = 0;
  visit_parameters(default_parameters(), [&](std::string_view member_name, const auto& member, bool fitted) {
    if (!fitted) return;
    int offset = 0;
    for_each_element(member, [&](int) {
      if (next++ == index) name = fmt::format("{}[{}]", member_name, offset);
      ++offset;
    });
  });
  return name;
}

}  // namespace shuai
