// Match statistics: Elo from a score with a 95% margin (trinomial per game, pentanomial per game pair) and
// the log-likelihood ratio of a sequential probability ratio test.
#pragma once

#include <array>
#include <string>

namespace shuai::match {

// Games from the first engine's side. A pair is the two games of one opening with colours swapped; its
// score 0, 0.5, 1, 1.5 or 2 indexes `pairs`.
struct Tally {
  int wins = 0, draws = 0, losses = 0;
  std::array<int, 5> pairs{};

  int games() const { return wins + draws + losses; }
  int pair_count() const { return pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4]; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
};

struct EloEstimate {
  double elo = 0;
  double margin = 0;  // half the width of the 95% interval; infinite when a side scored nothing
};

double elo_from_score(double score);  // the logistic model; +-infinity at 1 and 0
double score_from_elo(double elo);

EloEstimate trinomial_elo(const Tally& tally);
EloEstimate pentanomial_elo(const Tally& tally);

struct SprtSettings {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  bool enabled = false;
};
// "elo0=0,elo1=5,alpha=0.05,beta=0.05" (any subset); false with a message on error.
bool parse_sprt(const std::string& text, SprtSettings& settings, std::string& error);

struct SprtState {
  double llr = 0, lower = 0, upper = 0;
  bool accepted_h0() const { return llr <= lower; }
  bool accepted_h1() const { return llr >= upper; }
};
// Normal approximation of the generalised SPRT on the pentanomial pairs (on single games before any pair is
// complete), with logistic Elo bounds.
SprtState sprt(const Tally& tally, const SprtSettings& settings);

// "+35.2 +- 20.1" style, "inf" when infinite.
std::string format_elo(const EloEstimate& estimate);

}  // namespace shuai::match
