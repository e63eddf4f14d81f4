// The win/draw/loss fit: it recovers a model from results drawn from that model, its calibration agrees on
// fresh draws and catches a wrong model, and it reads scores from shuai-match's records and its own data
// files.
#include "tools/tune/wdl.h"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace shuai::tune {
namespace {

// Results drawn from `model` for positions of random score (in steps of 10, so that the fit merges them into
// few distinct samples) and material, in games of 50 positions (whose positions share nothing but their
// game's number here).
std::vector<OutcomeSample> drawn_from(const OutcomeModel& model, int count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int> score(-80, 80), material(0, kFullOutcomeMaterial);
  std::uniform_real_distribution<double> uniform(0, 1);
  std::vector<OutcomeSample> samples;
  for (int i = 0; i < count; ++i) {
    OutcomeSample sample{i / 50, material(random), 10 * score(random), 0.5};
    const OutcomeChances chances = outcome_chances(model, sample.score, sample.material);
    const double draw = uniform(random);
    sample.result = draw < chances.win ? 1 : draw < chances.win + chances.draw ? 0.5 : 0;
    samples.push_back(sample);
  }
  return samples;
}

std::string temporary_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / fmt::format("shuai-wdl-{}-{}", ::getpid(), name)).string();
}

TEST_CASE("the win/draw/loss fit recovers the model its results were drawn from") {
  const OutcomeModel truth{.a = {60, 120, 0, 0}, .b = {40, 50, 0, 0}};
  const std::vector<OutcomeSample> samples = drawn_from(truth, 100'000, 1);
  const OutcomeModel fitted = fit_outcome_model(samples);
  for (const int material : {0, 14, 28, kFullOutcomeMaterial}) {
    CAPTURE(material);
    CHECK(outcome_shape(fitted, material).a ==
          doctest::Approx(outcome_shape(truth, material).a).epsilon(0.1));
    CHECK(outcome_shape(fitted, material).b ==
          doctest::Approx(outcome_shape(truth, material).b).epsilon(0.1));
  }
  CHECK(outcome_log_loss(fitted, samples) <= outcome_log_loss(truth, samples));

  // On results drawn afresh, the fitted model's buckets agree within their 95% margins (a bucket checks three
  // chances, so about one in ten misses by chance: at most two of the filled ones may), and a model with
  // twice the spread does not.
  const std::vector<OutcomeSample> fresh = drawn_from(truth, 50'000, 2);
  int filled = 0, agreeing = 0;
  for (const CalibrationBucket& bucket : calibrate(fitted, fresh)) {
    if (bucket.positions == 0) continue;
    ++filled;
    agreeing += bucket.agrees();
    CHECK(bucket.predicted_win + bucket.predicted_draw + bucket.predicted_loss == doctest::Approx(1));
  }
  CHECK(filled >= 8);
  CHECK(agreeing >= filled - 2);
  OutcomeModel flat = truth;
  for (double& value : flat.b) value *= 2;
  int flat_agreeing = 0;
  for (const CalibrationBucket& bucket : calibrate(flat, fresh))
    flat_agreeing += bucket.positions > 0 && bucket.agrees();
  CHECK(flat_agreeing < filled / 2);
}

TEST_CASE(
    "the win/draw/loss fit reads the movers' scores from match records and keeps them in its data file") {
  const std::string pgn = temporary_path("games.pgn");
  {
    std::ofstream out(pgn);
    // Red's score +0.62 at material 4 + 4 + 2 = 10 (two rooks and a cannon); Black's -0.40 is Red's +0.40;
    // Black's mate score and Red's last, unscored move are left out. A game lost on time is skipped.
    out << "[Event \"x\"]\n[FEN \"3k5/9/9/9/9/9/9/2C6/R7R/4K4 w - - 0 1\"]\n[Result \"1-0\"]\n\n"
           "1. A1-A2 {车九进一 +0.62/15 0.199s} D9-D8 {将４进１ -0.40/12 0.1s}\n"
           "2. A2-A3 {+0.70/14 0.1s} D8-D9 {-M3/9 0.1s} 3. A3-A4 1-0\n\n"
           "[Event \"x\"]\n[Result \"0-1\"]\n[Termination \"time forfeit\"]\n\n1. h2e2 {+0.10/3 0.1s} 0-1\n";
  }
  OutcomeData data;
  std::string error;
  REQUIRE(read_outcome_data({pgn}, 0, 1500, data, error));
  REQUIRE(data.samples.size() == 3);
  CHECK(data.games_skipped == 1);
  CHECK(data.samples[0].score == 62);
  CHECK(data.samples[0].material == 10);
  CHECK(data.samples[1].score == 40);
  CHECK(data.samples[2].score == 70);
  CHECK(data.samples[2].result == 1);
  for (const OutcomeSample& sample : data.samples) CHECK(sample.weight == doctest::Approx(1.0 / 3));

  // Skipped plies and the score limit leave positions out.
  OutcomeData later;
  REQUIRE(read_outcome_data({pgn}, 1, 65, later, error));
  REQUIRE(later.samples.size() == 1);
  CHECK(later.samples[0].score == 40);

  const std::string saved = temporary_path("data.txt");
  { std::ofstream(saved) << outcome_data_text(data); }
  OutcomeData again;
  REQUIRE(read_outcome_data({saved}, 0, 1500, again, error));
  REQUIRE(again.samples.size() == data.samples.size());
  for (std::size_t i = 0; i < data.samples.size(); ++i) {
    CHECK(again.samples[i].score == data.samples[i].score);
    CHECK(again.samples[i].material == data.samples[i].material);
    CHECK(again.samples[i].result == data.samples[i].result);
    CHECK(again.samples[i].game == data.samples[i].game);
  }

  { std::ofstream(saved) << outcome_data_text(data) << "1 0.5 12:x\n"; }
  OutcomeData bad;
  CHECK_FALSE(read_outcome_data({saved}, 0, 1500, bad, error));
  CHECK(error.find("'12:x' is not material:score") != std::string::npos);
  CHECK_FALSE(read_outcome_data({temporary_path("missing.pgn")}, 0, 1500, bad, error));
  CHECK(error.ends_with(": cannot open"));
  std::filesystem::remove(pgn);
  std::filesystem::remove(saved);
}

TEST_CASE("the engine's win/draw/loss model is the fit of the games kept in positions/") {
  OutcomeData data;
  std::string error;
  REQUIRE(read_outcome_data({std::string(SHUAI_POSITIONS_DIR) + "/wdl-games.txt"}, 0, 1500, data, error));
  CHECK(data.game_results.size() >= 500);
  std::vector<OutcomeSample> fit, check;
  split_samples(data, kDefaultCheckEvery, fit, check);
  const OutcomeModel refitted = fit_outcome_model(fit);
  // Compared by the chances they give (the cubics' coefficients trade off against each other, and the
  // source keeps them rounded).
  for (const int material : {0, 6, 12, 20, 30, kFullOutcomeMaterial})
    for (int score = -1500; score <= 1500; score += 25) {
      const OutcomeChances built_in = outcome_chances(fitted_outcome_model(), score, material);
      const OutcomeChances again = outcome_chances(refitted, score, material);
      CAPTURE(material);
      CAPTURE(score);
      CHECK(std::abs(built_in.win - again.win) < 0.003);
      CHECK(std::abs(built_in.loss - again.loss) < 0.003);
    }
}

}  // namespace
}  // namespace shuai::tune
