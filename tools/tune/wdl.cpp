// The wdl run: scored positions read from games, the win/draw/loss model fitted to them by maximum
// likelihood, and its calibration on the games held out.
#include "tools/tune/wdl.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include "engine/board/text.h"
#include "engine/book/pgn_reader.h"
#include "engine/command_line/arguments.h"
#include "engine/command_line/command_options.h"
#include "eval/score.h"
#include "tools/common/data_directory.h"
#include "tools/common/svg_plot.h"
#include "tools/tune/extract.h"

namespace shuai::tune {

namespace {

constexpr std::string_view kDataHeader = "# shuai-tune wdl data";
// A result the model calls impossible costs this much in the likelihood, not infinity.
constexpr double kSmallestChance = 1e-12;
constexpr int kBuckets = 10;
constexpr double kMarginFactor = 1.96;  // 95%

// The mover's score in a shuai-match move comment ("车五平三 +0.62/15 0.199s": the first word with a '/'),
// in the engine's units; nothing for a mate ("+M5/9") or a comment without a score.
std::optional<int> comment_score(std::string_view comment) {
  for (const std::string_view word : split_words(comment)) {
    const std::size_t slash = word.find('/');
    if (slash == std::string_view::npos) continue;
    std::string_view number = word.substr(0, slash);
    if (number.starts_with('+')) number.remove_prefix(1);  // the match runner signs every score
    const std::optional<double> pawns = parse_double(number);
    if (!pawns) return std::nullopt;
    return int(std::lround(*pawns * 100));
  }
  return std::nullopt;
}

double red_result(GameOutcome outcome) {
  return outcome == GameOutcome::kRedWins ? 1 : outcome == GameOutcome::kBlackWins ? 0 : 0.5;
}

bool usable(int score, int score_limit) {
  return !is_decisive_score(score) && std::abs(score) <= score_limit;
}

// The last game's samples weighed so that the game counts once, however many positions it has: a long game
// must not count for more than a short one, since how long a game lasts says something of its result (an
// edge that does not convert shows in many positions before the draw).
void weigh_game(OutcomeData& data) {
  if (data.samples.empty()) return;
  const int game = data.samples.back().game;
  std::size_t first = data.samples.size();
  while (first > 0 && data.samples[first - 1].game == game) --first;
  const double weight = 1.0 / double(data.samples.size() - first);
  for (std::size_t i = first; i < data.samples.size(); ++i) data.samples[i].weight = weight;
}

void read_pgn(std::istream& stream, int skipped_plies, int score_limit, OutcomeData& data) {
  PgnReader reader(stream, true);
  PgnGame game;
  std::string problem;
  for (PgnReader::Status status; (status = reader.next(game, problem)) != PgnReader::Status::kEnd;) {
    if (status == PgnReader::Status::kSkipped || ended_off_the_board(game)) {
      ++data.games_skipped;
      continue;
    }
    const int index = int(data.game_results.size());
    const double result = red_result(game.outcome);
    data.game_results.push_back(result);
    Position position = game.start;
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
      const std::optional<int> score = comment_score(game.comments[ply]);
      if (int(ply) >= skipped_plies && score && usable(*score, score_limit))
        data.samples.push_back(
            {index, outcome_material(position), position.side_to_move() == kRed ? *score : -*score, result});
      position.make_move(game.moves[ply]);
    }
    weigh_game(data);
  }
}

// A saved data file: "<game> <result>" then "material:score" pairs, one game a line.
bool read_saved(std::istream& stream, int score_limit, OutcomeData& data, std::string& error,
                const std::string& path) {
  std::string line;
  std::getline(stream, line);  // the header
  for (int number = 2; std::getline(stream, line); ++number) {
    const std::vector<std::string_view> words = split_words(line);
    if (words.empty() || words[0].starts_with('#')) continue;
    const std::optional<double> result = words.size() >= 2 ? parse_double(words[1]) : std::nullopt;
    if (!result || (*result != 0 && *result != 0.5 && *result != 1)) {
      error = fmt::format("{} line {}: no game result (1, 0.5 or 0) after the game's number", path, number);
      return false;
    }
    const int index = int(data.game_results.size());
    data.game_results.push_back(*result);
    for (std::size_t i = 2; i < words.size(); ++i) {
      const std::size_t colon = words[i].find(':');
      const auto material = colon == std::string_view::npos
                                ? std::nullopt
                                : parse_number<int>(words[i].substr(0, colon), 0, 1000);
      const auto score = colon == std::string_view::npos
                             ? std::nullopt
                             : parse_number<int>(words[i].substr(colon + 1), -kMateScore, kMateScore);
      if (!material || !score) {
        error = fmt::format("{} line {}: '{}' is not material:score", path, number, words[i]);
        return false;
      }
      if (usable(*score, score_limit)) data.samples.push_back({index, *material, *score, *result});
    }
    weigh_game(data);
  }
  return true;
}

// The model's parameters as the fit moves them: a0..a3, b0..b3, then the upset share through a logistic (so
// that it stays in (0, kUpsetShareLimit)) and the log of the upset spread.
constexpr int kParameterCount = 10;
constexpr double kUpsetShareLimit = 0.5;
using Parameters = std::array<double, kParameterCount>;
OutcomeModel to_model(const Parameters& p) {
  OutcomeModel model;
  std::copy(p.begin(), p.begin() + 4, model.a.begin());
  std::copy(p.begin() + 4, p.begin() + 8, model.b.begin());
  model.upset_share = kUpsetShareLimit / (1 + std::exp(-p[8]));
  model.upset_spread = std::exp(std::clamp(p[9], -20.0, 20.0));
  return model;
}

// The samples merged by (material, score, result), which the likelihood depends on alone.
struct WeightedSample {
  int material = 0, score = 0;
  double result = 0, count = 0;
};
std::vector<WeightedSample> merged(std::span<const OutcomeSample> samples) {
  std::unordered_map<std::uint64_t, std::size_t> index;
  std::vector<WeightedSample> result;
  for (const OutcomeSample& sample : samples) {
    const std::uint64_t key = (std::uint64_t(sample.material) << 40) |
                              (std::uint64_t(sample.score + (1 << 20)) << 4) |
                              std::uint64_t(sample.result * 2);
    const auto [at, inserted] = index.try_emplace(key, result.size());
    if (inserted) result.push_back({sample.material, sample.score, sample.result, 0});
    result[at->second].count += sample.weight;
  }
  return result;
}

// The mean negative log-likelihood of the samples' results.
double log_loss(const OutcomeModel& model, std::span<const WeightedSample> samples) {
  double loss = 0, total = 0;
  for (const WeightedSample& sample : samples) {
    const OutcomeChances chances = outcome_chances(model, sample.score, sample.material);
    const double chance = sample.result == 1 ? chances.win : sample.result == 0 ? chances.loss : chances.draw;
    loss -= sample.count * std::log(std::max(chance, kSmallestChance));
    total += sample.count;
  }
  return total == 0 ? 0 : loss / total;
}

// The loss and its gradient by central differences (the loss is smooth in every parameter).
double loss_and_gradient(const Parameters& p, std::span<const WeightedSample> samples, Parameters& gradient) {
  for (int i = 0; i < kParameterCount; ++i) {
    const double step = i < 8 ? 1e-3 : 1e-5;
    Parameters up = p, down = p;
    up[i] += step, down[i] -= step;
    gradient[i] = (log_loss(to_model(up), samples) - log_loss(to_model(down), samples)) / (2 * step);
  }
  return log_loss(to_model(p), samples);
}

}  // namespace

bool CalibrationBucket::agrees() const {
  return std::abs(observed_win - predicted_win) <= win_margin &&
         std::abs(observed_draw - predicted_draw) <= draw_margin &&
         std::abs(observed_loss - predicted_loss) <= loss_margin;
}

bool read_outcome_data(const std::vector<std::string>& paths, int skipped_plies, int score_limit,
                       OutcomeData& data, std::string& error) {
  for (const std::string& path : paths) {
    std::ifstream stream(path, std::ios::binary);
    if (!stream) {
      error = path + ": cannot open";
      return false;
    }
    std::string first;
    std::getline(stream, first);
    stream.clear();
    stream.seekg(0);
    if (first.starts_with(kDataHeader)) {
      if (!read_saved(stream, score_limit, data, error, path)) return false;
    } else {
      read_pgn(stream, skipped_plies, score_limit, data);
    }
  }
  return true;
}

std::string outcome_data_text(const OutcomeData& data) {
  std::string text = fmt::format(
      "{}: one game a line, its number and result for Red (1, 0.5, 0), then material:score for each scored "
      "position, the score from Red's side (search/win_draw_loss.h counts the material)\n",
      kDataHeader);
  std::size_t i = 0;
  for (std::size_t game = 0; game < data.game_results.size(); ++game) {
    text += fmt::format("{} {}", game, data.game_results[game]);
    for (; i < data.samples.size() && data.samples[i].game == int(game); ++i)
      text += fmt::format(" {}:{}", data.samples[i].material, data.samples[i].score);
    text += '\n';
  }
  return text;
}

void split_samples(const OutcomeData& data, int check_every, std::vector<OutcomeSample>& fit,
                   std::vector<OutcomeSample>& check) {
  for (const OutcomeSample& sample : data.samples)
    (sample.game % check_every == check_every - 1 ? check : fit).push_back(sample);
}

double outcome_log_loss(const OutcomeModel& model, std::span<const OutcomeSample> samples) {
  return log_loss(model, merged(samples));
}

OutcomeModel fit_outcome_model(std::span<const OutcomeSample> samples) {
  const std::vector<WeightedSample> weighted = merged(samples);
  // From a constant a and b and a small share of upsets with a wide spread.
  Parameters p = {100, 0, 0, 0, 60, 0, 0, 0, -std::log(kUpsetShareLimit / 0.02 - 1), std::log(300.0)};
  Parameters g{};
  double loss = loss_and_gradient(p, weighted, g);
  // BFGS on the inverse Hessian, from a diagonal of the size of a step per unit of gradient: score units for
  // the cubics' coefficients, small steps for the two upset parameters.
  using Matrix = std::array<Parameters, kParameterCount>;
  const auto start_matrix = [] {
    Matrix h{};
    for (int i = 0; i < kParameterCount; ++i) h[i][i] = i < 8 ? 1e5 : 10;
    return h;
  };
  Matrix h = start_matrix();
  for (int iteration = 0; iteration < 1000; ++iteration) {
    Parameters direction{};
    for (int i = 0; i < kParameterCount; ++i)
      for (int j = 0; j < kParameterCount; ++j) direction[i] -= h[i][j] * g[j];
    double slope = 0;
    for (int i = 0; i < kParameterCount; ++i) slope += direction[i] * g[i];
    if (slope >= 0) {  // not a descent direction: start over from the diagonal
      h = start_matrix();
      continue;
    }
    double step = 1;
    Parameters next{}, next_gradient{};
    double next_loss = loss;
    for (int tries = 0; tries < 60; ++tries, step /= 2) {
      for (int i = 0; i < kParameterCount; ++i) next[i] = p[i] + step * direction[i];
      next_loss = log_loss(to_model(next), weighted);
      if (next_loss <= loss + 1e-4 * step * slope) break;
    }
    if (!(next_loss < loss)) break;  // no step lowers the loss: at the optimum within rounding
    next_loss = loss_and_gradient(next, weighted, next_gradient);
    Parameters s{}, y{};
    double sy = 0;
    for (int i = 0; i < kParameterCount; ++i)
      s[i] = next[i] - p[i], y[i] = next_gradient[i] - g[i], sy += s[i] * y[i];
    const double improvement = loss - next_loss;
    p = next, g = next_gradient, loss = next_loss;
    if (improvement < 1e-12) break;
    if (sy <= 1e-18) continue;
    // H += (1 + y'Hy / s'y) ss' / s'y - (Hys' + sy'H) / s'y
    Parameters hy{};
    double yhy = 0;
    for (int i = 0; i < kParameterCount; ++i) {
      for (int j = 0; j < kParameterCount; ++j) hy[i] += h[i][j] * y[j];
      yhy += y[i] * hy[i];
    }
    for (int i = 0; i < kParameterCount; ++i)
      for (int j = 0; j < kParameterCount; ++j)
        h[i][j] += (1 + yhy / sy) * s[i] * s[j] / sy - (hy[i] * s[j] + s[i] * hy[j]) / sy;
  }
  return to_model(p);
}

std::vector<CalibrationBucket> calibrate(const OutcomeModel& model, std::span<const OutcomeSample> samples) {
  struct GameSums {
    double weight = 0;
    std::array<double, 3> predicted{};  // weighted
  };
  struct Sums {
    std::array<double, 3> predicted{}, observed{};  // weighted
    double weight = 0;
    int positions = 0;
    std::unordered_map<int, GameSums> games;
  };
  std::array<Sums, kBuckets> sums;
  for (const OutcomeSample& sample : samples) {
    const OutcomeChances chances = outcome_chances(model, sample.score, sample.material);
    const double expected = chances.win + chances.draw / 2;
    Sums& bucket = sums[std::min(kBuckets - 1, int(expected * kBuckets))];
    const std::array<double, 3> observed = {sample.result == 1 ? 1.0 : 0.0, sample.result == 0.5 ? 1.0 : 0.0,
                                            sample.result == 0 ? 1.0 : 0.0};
    const std::array<double, 3> predicted = {chances.win, chances.draw, chances.loss};
    GameSums& game = bucket.games[sample.game];
    game.weight += sample.weight;
    for (int k = 0; k < 3; ++k) {
      bucket.predicted[k] += sample.weight * predicted[k];
      bucket.observed[k] += sample.weight * observed[k];
      game.predicted[k] += sample.weight * predicted[k];
    }
    bucket.weight += sample.weight;
    ++bucket.positions;
  }
  std::vector<CalibrationBucket> buckets;
  for (int i = 0; i < kBuckets; ++i) {
    const Sums& bucket = sums[i];
    CalibrationBucket result;
    result.low = double(i) / kBuckets, result.high = double(i + 1) / kBuckets;
    result.positions = bucket.positions;
    result.games = int(bucket.games.size());
    if (bucket.weight > 0) {
      const double n = bucket.weight;
      std::array<double, 3> margin{};
      for (int k = 0; k < 3; ++k) {
        // The spread the model itself predicts for the share observed: the positions of one game share its
        // one result, so a game of weight w in the bucket, with mean chance p there, adds w^2 p (1 - p).
        double variance = 0;
        for (const auto& [number, game] : bucket.games) {
          const double chance = game.predicted[k] / game.weight;
          variance += game.weight * game.weight * chance * (1 - chance);
        }
        margin[k] = kMarginFactor * std::sqrt(variance) / n;
      }
      result.predicted_win = bucket.predicted[0] / n, result.observed_win = bucket.observed[0] / n;
      result.predicted_draw = bucket.predicted[1] / n, result.observed_draw = bucket.observed[1] / n;
      result.predicted_loss = bucket.predicted[2] / n, result.observed_loss = bucket.observed[2] / n;
      result.win_margin = margin[0], result.draw_margin = margin[1], result.loss_margin = margin[2];
    }
    buckets.push_back(result);
  }
  return buckets;
}

namespace {

constexpr std::string_view kDescription =
    R"(Fits the win/draw/loss model that UCI_ShowWDL reports (search/win_draw_loss.h) to games Shuai played,
and checks it on games the fit did not see. Inputs are shuai-match PGN records, whose move comments hold the
mover's score, or data files --save wrote. Every game counts once: its positions are weighed by one over their
number. Every --check-every-th game (by its number over all inputs) is held out; the model is fitted to the
rest by maximum likelihood, and the held-out positions are put in ten buckets by their predicted expected
result, each bucket's predicted chances against the results observed, with 95% margins of the spread the
model predicts, a game's positions sharing one result. The fitted parameters are printed as the source lines
of search/win_draw_loss.cpp.)";

constexpr CommandText kWdlCommand = {"shuai-tune wdl", "shuai-tune wdl [options] PGN-OR-DATA...",
                                     kDescription};

struct WdlOptions {
  std::vector<std::string> inputs;
  int check_every = kDefaultCheckEvery;
  int skipped_plies = 8;
  int score_limit = 1500;
  std::string save_path, plot_path;
};

std::vector<CommandOption> option_table(WdlOptions& options) {
  return {
      {"--check-every", "K", "hold out every K-th game for the check", &options.check_every, 2, 1000},
      {"--skip-plies", "N", "plies after each game's start not used (PGN input)", &options.skipped_plies, 0,
       1000},
      {"--score-limit", "S", "positions scored beyond +-S are left out", &options.score_limit, 100, 5000},
      {"--save", "FILE", "write the positions read as a data file", &options.save_path},
      {"--plot", "FILE", "write the calibration plot (SVG)", &options.plot_path},
  };
}

std::string coefficients(const std::array<double, 4>& values) {
  return fmt::format("{{{:.2f}, {:.2f}, {:.2f}, {:.2f}}}", values[0], values[1], values[2], values[3]);
}

tools::Plot calibration_plot(const std::vector<CalibrationBucket>& buckets) {
  tools::Plot plot;
  plot.title = "Win/draw/loss model on held-out games: predicted and observed";
  plot.x_label = "predicted expected result (win + draw / 2), Red's side";
  plot.y_label = "chance";
  plot.percent = true;
  plot.chances = true;
  const std::array<std::string_view, 3> names = {"win", "draw", "loss"};
  for (int k = 0; k < 3; ++k) {
    tools::Series predicted{fmt::format("predicted {}", names[k]), {}, {}};
    tools::Series observed{fmt::format("observed {}", names[k]), {}, {}};
    for (const CalibrationBucket& bucket : buckets) {
      const bool empty = bucket.positions == 0;
      const double nan = std::nan("");
      const std::array<double, 3> p = {bucket.predicted_win, bucket.predicted_draw, bucket.predicted_loss};
      const std::array<double, 3> o = {bucket.observed_win, bucket.observed_draw, bucket.observed_loss};
      const std::array<double, 3> m = {bucket.win_margin, bucket.draw_margin, bucket.loss_margin};
      predicted.values.push_back(empty ? nan : p[k]);
      observed.values.push_back(empty ? nan : o[k]);
      observed.errors.push_back(empty ? 0 : m[k]);
    }
    plot.series.push_back(std::move(predicted));
    plot.series.push_back(std::move(observed));
  }
  for (const CalibrationBucket& bucket : buckets)
    plot.categories.push_back(fmt::format("{:.1f}-{:.1f}", bucket.low, bucket.high));
  return plot;
}

}  // namespace

int run_wdl(std::span<const std::string_view> arguments, const std::string&, std::FILE* out,
            std::FILE* error) {
  WdlOptions options;
  if (const auto code =
          read_command_line(kWdlCommand, option_table(options), arguments, out, error, &options.inputs))
    return *code;
  if (options.inputs.empty()) {
    fmt::print(error, "shuai-tune wdl: no games given (PGN or data files)\n");
    return 2;
  }
  OutcomeData data;
  std::string problem;
  if (!read_outcome_data(options.inputs, options.skipped_plies, options.score_limit, data, problem)) {
    fmt::print(error, "shuai-tune wdl: {}\n", problem);
    return 2;
  }
  std::vector<OutcomeSample> fit_samples, check_samples;
  split_samples(data, options.check_every, fit_samples, check_samples);
  const int games = int(data.game_results.size());
  const int check_games = games / options.check_every;
  fmt::print(out,
             "wdl: {} games read ({} skipped), {} scored positions: fit {} of {} games, check {} of {}\n",
             games, data.games_skipped, data.samples.size(), fit_samples.size(), games - check_games,
             check_samples.size(), check_games);
  if (fit_samples.empty() || check_samples.empty()) {
    fmt::print(error, "shuai-tune wdl: too few scored positions to fit and check\n");
    return 2;
  }
  if (!options.save_path.empty() && !tools::write_text_file(options.save_path, outcome_data_text(data))) {
    fmt::print(error, "shuai-tune wdl: {}: cannot be written\n", options.save_path);
    return 2;
  }
  const OutcomeModel model = fit_outcome_model(fit_samples);
  fmt::print(out,
             "fitted model (search/win_draw_loss.cpp):\n      .a = {},\n      .b = {},\n"
             "      .upset_share = {:.4f},\n      .upset_spread = {:.1f},\n",
             coefficients(model.a), coefficients(model.b), model.upset_share, model.upset_spread);
  // a and b, and the chances (percent win / draw / loss) of a few scores, by material left.
  constexpr int kShownScores[] = {0, 50, 100, 200, 300};
  fmt::print(out, "material      a      b");
  for (const int score : kShownScores) fmt::print(out, "   score {:3}", score);
  fmt::print(out, "\n");
  for (const int material : {kFullOutcomeMaterial, 32, 24, 16, 8, 0}) {
    const auto [a, b] = outcome_shape(model, material);
    fmt::print(out, "{:8} {:6.1f} {:6.1f}", material, a, b);
    for (const int score : kShownScores) {
      const OutcomeChances chances = outcome_chances(model, score, material);
      fmt::print(out, "  {:2.0f}/{:2.0f}/{:2.0f}", 100 * chances.win, 100 * chances.draw, 100 * chances.loss);
    }
    fmt::print(out, "\n");
  }
  fmt::print(out, "check log loss: fitted {:.4f}, built in {:.4f}\n", outcome_log_loss(model, check_samples),
             outcome_log_loss(fitted_outcome_model(), check_samples));
  const std::vector<CalibrationBucket> buckets = calibrate(model, check_samples);
  fmt::print(
      out,
      "calibration on the held-out games (percent; 95% margins, a game's positions share its result):\n");
  fmt::print(out, "expected  positions  games   predicted W / D / L    observed W / D / L (margins)\n");
  int agreeing = 0, filled = 0;
  for (const CalibrationBucket& bucket : buckets) {
    if (bucket.positions == 0) continue;
    ++filled;
    agreeing += bucket.agrees();
    fmt::print(out,
               "{:.1f}-{:.1f}  {:9}  {:5}   {:5.1f} {:5.1f} {:5.1f}     {:5.1f} {:5.1f} {:5.1f} ({:.1f} "
               "{:.1f} {:.1f}){}\n",
               bucket.low, bucket.high, bucket.positions, bucket.games, 100 * bucket.predicted_win,
               100 * bucket.predicted_draw, 100 * bucket.predicted_loss, 100 * bucket.observed_win,
               100 * bucket.observed_draw, 100 * bucket.observed_loss, 100 * bucket.win_margin,
               100 * bucket.draw_margin, 100 * bucket.loss_margin, bucket.agrees() ? "" : "  outside");
  }
  fmt::print(out, "buckets within their margins: {} of {}\n", agreeing, filled);
  if (!options.plot_path.empty() &&
      !tools::write_text_file(options.plot_path, tools::to_svg(calibration_plot(buckets)))) {
    fmt::print(error, "shuai-tune wdl: {}: cannot be written\n", options.plot_path);
    return 2;
  }
  return 0;
}

}  // namespace shuai::tune
