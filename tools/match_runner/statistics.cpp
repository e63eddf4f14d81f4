// Elo, error margins and SPRT for match results.
#include "tools/match_runner/statistics.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <limits>

namespace shuai::match {
namespace {

constexpr double kZ95 = 1.959964;

// Mean and variance of a discrete score distribution given as counts of each score.
template <std::size_t N>
void mean_and_variance(const std::array<double, N>& scores, const std::array<int, N>& counts, double& mean,
                       double& variance, int& total) {
  total = 0;
  double sum = 0;
  for (std::size_t i = 0; i < N; ++i) {
    total += counts[i];
    sum += counts[i] * scores[i];
  }
  mean = total ? sum / total : 0.5;
  variance = 0;
  for (std::size_t i = 0; i < N; ++i) variance += counts[i] * (scores[i] - mean) * (scores[i] - mean);
  variance = total ? variance / total : 0;
}

EloEstimate estimate(double mean, double variance, int units) {
  EloEstimate result;
  result.elo = elo_from_score(mean);
  if (units == 0) {
    result.margin = std::numeric_limits<double>::infinity();
    return result;
  }
  const double half_width = kZ95 * std::sqrt(variance / units);
  result.margin = (elo_from_score(mean + half_width) - elo_from_score(mean - half_width)) / 2;
  return result;
}

}  // namespace

double elo_from_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400 * std::log10(1 / score - 1);
}

double score_from_elo(double elo) {
  return 1 / (1 + std::pow(10.0, -elo / 400));
}

EloEstimate trinomial_elo(const Tally& tally) {
  double mean = 0, variance = 0;
  int total = 0;
  mean_and_variance<3>({0.0, 0.5, 1.0}, {tally.losses, tally.draws, tally.wins}, mean, variance, total);
  return estimate(mean, variance, total);
}

EloEstimate pentanomial_elo(const Tally& tally) {
  double mean = 0, variance = 0;
  int total = 0;
  mean_and_variance<5>({0.0, 0.25, 0.5, 0.75, 1.0}, tally.pairs, mean, variance, total);
  return estimate(mean, variance, total);
}

bool parse_sprt(const std::string& text, SprtSettings& settings, std::string& error) {
  settings = SprtSettings{};
  settings.enabled = true;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string field = text.substr(start, comma - start);
    start = comma + 1;
    const auto equals = field.find('=');
    const std::string key = field.substr(0, equals);
    char* end = nullptr;
    const std::string value = equals == std::string::npos ? "" : field.substr(equals + 1);
    const double number = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0' || !std::isfinite(number)) {
      error = fmt::format("SPRT field '{}' is not key=number", field);
      return false;
    }
    if (key == "elo0")
      settings.elo0 = number;
    else if (key == "elo1")
      settings.elo1 = number;
    else if (key == "alpha")
      settings.alpha = number;
    else if (key == "beta")
      settings.beta = number;
    else {
      error = fmt::format("unknown SPRT field '{}' (elo0, elo1, alpha, beta)", key);
      return false;
    }
  }
  if (!(settings.alpha > 0 && settings.alpha < 0.5 && settings.beta > 0 && settings.beta < 0.5)) {
    error = "SPRT alpha and beta must lie between 0 and 0.5";
    return false;
  }
  if (!(settings.elo1 > settings.elo0)) {
    error = "SPRT elo1 must be greater than elo0";
    return false;
  }
  return true;
}

SprtState sprt(const Tally& tally, const SprtSettings& settings) {
  SprtState state;
  state.lower = std::log(settings.beta / (1 - settings.alpha));
  state.upper = std::log((1 - settings.beta) / settings.alpha);
  double mean = 0, variance = 0;
  int units = 0;
  if (tally.pair_count() > 0)
    mean_and_variance<5>({0.0, 0.25, 0.5, 0.75, 1.0}, tally.pairs, mean, variance, units);
  else
    mean_and_variance<3>({0.0, 0.5, 1.0}, {tally.losses, tally.draws, tally.wins}, mean, variance, units);
  if (units == 0 || variance <= 0) return state;
  const double s0 = score_from_elo(settings.elo0), s1 = score_from_elo(settings.elo1);
  state.llr = units * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
  return state;
}

std::string format_elo(const EloEstimate& estimate) {
  const auto number = [](double value) {
    return std::isfinite(value) ? fmt::format("{:+.1f}", value) : std::string(value > 0 ? "+inf" : "-inf");
  };
  const std::string margin =
      std::isfinite(estimate.margin) ? fmt::format("{:.1f}", estimate.margin) : std::string("inf");
  return fmt::format("{} +- {}", number(estimate.elo), margin);
}

}  // namespace shuai::match
