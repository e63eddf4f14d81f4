// `shuai-tune wdl`: fits the win/draw/loss model (search/win_draw_loss.h) to Shuai's own games, the scores
// its moves were played with and the results the games ended in, and checks it on games the fit did not
// see: the predicted and observed chances bucket by bucket, with margins, as a table and a calibration plot.
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "search/win_draw_loss.h"

namespace shuai::tune {

// One scored position of a game, from Red's side (the model is symmetric, so either side's view gives the
// same fit): the material left, the score the mover reported, negated when Black moved, and the result.
struct OutcomeSample {
  int game = 0;  // the game's index over all the inputs, from 0: the fit and the check split by it
  int material = 0;
  int score = 0;
  double result = 0.5;  // 1 Red won, 0.5 a draw, 0 Red lost
  double weight = 1;    // 1 / the game's scored positions, as read: every game counts once
};

struct OutcomeData {
  std::vector<OutcomeSample> samples;  // in game order
  std::vector<double> game_results;    // each game's, from Red's side, indexed by OutcomeSample::game
  int games_skipped = 0;
};

// Reads games from PGN files (shuai-match's records: each move's comment holds the mover's score, "+0.62/15
// 0.199s") or from data files this command saved. Positions in a game's first `skipped_plies` plies, with a
// mate score or a score beyond `score_limit` are left out; so are games a player lost by time, an illegal
// move or a crash. False with a one-line `error` when a file cannot be read.
bool read_outcome_data(const std::vector<std::string>& paths, int skipped_plies, int score_limit,
                       OutcomeData& data, std::string& error);
// The samples as a data file's text: a header line, then one line per game.
std::string outcome_data_text(const OutcomeData& data);

// Every `check_every`-th game (by its number) held out for the check, the rest for the fit.
inline constexpr int kDefaultCheckEvery = 4;
void split_samples(const OutcomeData& data, int check_every, std::vector<OutcomeSample>& fit,
                   std::vector<OutcomeSample>& check);

// The maximum-likelihood model over `samples`, each counted with its weight (BFGS from a constant a and b).
OutcomeModel fit_outcome_model(std::span<const OutcomeSample> samples);
// The mean negative log-likelihood of the samples' results under `model`: lower is better.
double outcome_log_loss(const OutcomeModel& model, std::span<const OutcomeSample> samples);

// The predicted against the observed chances of the positions whose predicted expected result (win + draw
// / 2) falls in one tenth of [0, 1], each weighed as the fit weighs it. Margins are 95%, of the spread the
// model predicts for the observed share, the positions of one game counted as one draw of their game's
// result, which they share.
struct CalibrationBucket {
  double low = 0, high = 0;
  int positions = 0, games = 0;
  double predicted_win = 0, predicted_draw = 0, predicted_loss = 0;
  double observed_win = 0, observed_draw = 0, observed_loss = 0;
  double win_margin = 0, draw_margin = 0, loss_margin = 0;
  // Every observed chance within its margin of the predicted one.
  bool agrees() const;
};
std::vector<CalibrationBucket> calibrate(const OutcomeModel& model, std::span<const OutcomeSample> samples);

// The subcommand: the arguments after `wdl`, the report to `out`, messages to `error`. Exit code 0; 2 on bad
// arguments or input (one line on `error`).
int run_wdl(std::span<const std::string_view> arguments, const std::string& positions_directory,
            std::FILE* out, std::FILE* error);

}  // namespace shuai::tune
