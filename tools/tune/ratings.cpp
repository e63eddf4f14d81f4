// Elo ratings from game results, and the playing levels' calibration table (ratings.h).
#include "tools/tune/ratings.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "engine/board/text.h"
#include "engine/book/pgn_reader.h"
#include "engine/command_line/arguments.h"
#include "engine/command_line/command_options.h"
#include "search/playing_level.h"
#include "tools/common/data_directory.h"
#include "tools/common/svg_plot.h"

namespace shuai::tune {
namespace {

constexpr std::string_view kResultsHeader = "# shuai-tune ratings results: red<TAB>black<TAB>red's score";
// ln(10) / 400: the logistic curve's slope per Elo point, and the 95% normal quantile.
const double kSlope = std::log(10.0) / 400;
constexpr double kMarginFactor = 1.96;

int player_index(RatingData& data, std::map<std::string, int>& indexes, const std::string& name) {
  const auto [at, added] = indexes.try_emplace(name, int(data.players.size()));
  if (added) data.players.push_back(name);
  return at->second;
}

std::optional<double> red_score_of(std::string_view result) {
  if (result == "1-0") return 1.0;
  if (result == "0-1") return 0.0;
  if (result == "1/2-1/2") return 0.5;
  return std::nullopt;
}

bool read_results_file(std::istream& input, const std::string& path, RatingData& data,
                       std::map<std::string, int>& indexes, std::string& error) {
  std::string line;
  int number = 0;
  while (std::getline(input, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string red, black, score;
    if (!std::getline(fields, red, '\t') || !std::getline(fields, black, '\t') ||
        !std::getline(fields, score) || red.empty() || black.empty() || red == black ||
        (score != "1" && score != "0.5" && score != "0")) {
      error = fmt::format("{}:{}: not 'red<TAB>black<TAB>1|0.5|0'", path, number);
      return false;
    }
    data.games.push_back({player_index(data, indexes, red), player_index(data, indexes, black),
                          score == "1"   ? 1.0
                          : score == "0" ? 0.0
                                         : 0.5});
  }
  return true;
}

// Solves matrix * x = vector in place (Gaussian elimination with partial pivoting); false when singular.
bool solve(std::vector<std::vector<double>>& matrix, std::vector<double>& vector) {
  const std::size_t n = vector.size();
  for (std::size_t column = 0; column < n; ++column) {
    std::size_t pivot = column;
    for (std::size_t row = column + 1; row < n; ++row)
      if (std::abs(matrix[row][column]) > std::abs(matrix[pivot][column])) pivot = row;
    if (std::abs(matrix[pivot][column]) < 1e-12) return false;
    std::swap(matrix[pivot], matrix[column]);
    std::swap(vector[pivot], vector[column]);
    for (std::size_t row = column + 1; row < n; ++row) {
      const double factor = matrix[row][column] / matrix[column][column];
      for (std::size_t k = column; k < n; ++k) matrix[row][k] -= factor * matrix[column][k];
      vector[row] -= factor * vector[column];
    }
  }
  for (std::size_t row = n; row-- > 0;) {
    for (std::size_t k = row + 1; k < n; ++k) vector[row] -= matrix[row][k] * vector[k];
    vector[row] /= matrix[row][row];
  }
  return true;
}

}  // namespace

bool read_rating_games(const std::vector<std::string>& paths, RatingData& data, std::string& error) {
  std::map<std::string, int> indexes;
  for (std::size_t i = 0; i < data.players.size(); ++i) indexes.emplace(data.players[i], int(i));
  for (const std::string& path : paths) {
    std::ifstream input(path, std::ios::binary);
    if (!input) {
      error = fmt::format("{}: cannot be read", path);
      return false;
    }
    if (const int first = input.peek(); first == '#') {
      if (!read_results_file(input, path, data, indexes, error)) return false;
      continue;
    }
    PgnReader reader(input);
    PgnGame game;
    std::string problem;
    while (true) {
      const PgnReader::Status status = reader.next(game, problem);
      if (status == PgnReader::Status::kEnd) break;
      const std::string red(game.tag("Red")), black(game.tag("Black"));
      const std::optional<double> score = red_score_of(game.tag("Result"));
      if (status == PgnReader::Status::kSkipped || !score || red.empty() || black.empty() || red == black) {
        ++data.games_skipped;
        continue;
      }
      data.games.push_back({player_index(data, indexes, red), player_index(data, indexes, black), *score});
    }
  }
  return true;
}

std::string rating_data_text(const RatingData& data) {
  std::string text = fmt::format("{}\n", kResultsHeader);
  for (const RatedGame& game : data.games)
    text += fmt::format("{}\t{}\t{}\n", data.players[game.red], data.players[game.black],
                        game.red_score == 1   ? "1"
                        : game.red_score == 0 ? "0"
                                              : "0.5");
  return text;
}

std::vector<PlayerRating> fit_ratings(const RatingData& data, int anchor, double anchor_elo,
                                      double prior_draws) {
  const int count = int(data.players.size());
  if (anchor < 0 || anchor >= count) return {};
  // The games pair by pair: how many, and the first player's points (the prior's draws included).
  struct Pairing {
    int first, second;
    double games, points;
  };
  std::map<std::pair<int, int>, Pairing> by_pair;
  std::vector<PlayerRating> ratings(static_cast<std::size_t>(count));
  for (const RatedGame& game : data.games) {
    const int first = std::min(game.red, game.black), second = std::max(game.red, game.black);
    const double first_points = game.red == first ? game.red_score : 1 - game.red_score;
    auto [at, added] =
        by_pair.try_emplace({first, second}, Pairing{first, second, prior_draws, prior_draws / 2});
    at->second.games += 1;
    at->second.points += first_points;
    ratings[std::size_t(game.red)].games += 1, ratings[std::size_t(game.red)].points += game.red_score;
    ratings[std::size_t(game.black)].games += 1,
        ratings[std::size_t(game.black)].points += 1 - game.red_score;
  }
  // Unknowns: every player but the anchor, numbered in order.
  std::vector<int> unknown(std::size_t(count), -1);
  int unknowns = 0;
  for (int player = 0; player < count; ++player)
    if (player != anchor) unknown[std::size_t(player)] = unknowns++;
  std::vector<double> elo(std::size_t(count), anchor_elo);
  const auto expected = [&](int first, int second) {
    return 1 / (1 + std::pow(10.0, (elo[std::size_t(second)] - elo[std::size_t(first)]) / 400));
  };
  // Newton's method on the log-likelihood: its gradient and curvature in the unknowns.
  std::vector<std::vector<double>> curvature;
  const auto linearize = [&](std::vector<double>& gradient) {
    curvature.assign(std::size_t(unknowns), std::vector<double>(std::size_t(unknowns), 0.0));
    gradient.assign(std::size_t(unknowns), 0.0);
    for (const auto& [key, pairing] : by_pair) {
      const double p = expected(pairing.first, pairing.second);
      const double slope = kSlope * (pairing.points - pairing.games * p);
      const double bend = kSlope * kSlope * pairing.games * p * (1 - p);
      const int a = unknown[std::size_t(pairing.first)], b = unknown[std::size_t(pairing.second)];
      if (a >= 0) gradient[std::size_t(a)] += slope, curvature[std::size_t(a)][std::size_t(a)] += bend;
      if (b >= 0) gradient[std::size_t(b)] -= slope, curvature[std::size_t(b)][std::size_t(b)] += bend;
      if (a >= 0 && b >= 0) {
        curvature[std::size_t(a)][std::size_t(b)] -= bend;
        curvature[std::size_t(b)][std::size_t(a)] -= bend;
      }
    }
  };
  std::vector<double> step;
  for (int iteration = 0; iteration < 200; ++iteration) {
    linearize(step);
    if (!solve(curvature, step)) return {};  // a player with no games, or a group apart from the anchor
    double largest = 0;
    for (int player = 0; player < count; ++player) {
      if (player == anchor) continue;
      // Steps capped at 400 keep the first iterations, far from the optimum, from overshooting.
      const double change = std::clamp(step[std::size_t(unknown[std::size_t(player)])], -400.0, 400.0);
      elo[std::size_t(player)] += change;
      largest = std::max(largest, std::abs(change));
    }
    if (largest < 1e-7) break;
  }
  // The margins: the inverse curvature's diagonal, scaled by the dispersion of the real games (the squared
  // deviations of their scores from the expected ones, against a coin-flip's variance at that expectation).
  double squared_deviations = 0, binomial_variance = 0;
  for (const RatedGame& game : data.games) {
    const double p = expected(game.red, game.black);
    squared_deviations += (game.red_score - p) * (game.red_score - p);
    binomial_variance += p * (1 - p);
  }
  const double dispersion = binomial_variance > 0 ? squared_deviations / binomial_variance : 1;
  std::vector<double> unused;
  linearize(unused);
  for (int player = 0; player < count; ++player) {
    ratings[std::size_t(player)].elo = elo[std::size_t(player)];
    if (player == anchor) continue;
    std::vector<std::vector<double>> matrix = curvature;
    std::vector<double> unit(std::size_t(unknowns), 0.0);
    unit[std::size_t(unknown[std::size_t(player)])] = 1;
    if (!solve(matrix, unit)) return {};
    const double variance = unit[std::size_t(unknown[std::size_t(player)])] * dispersion;
    ratings[std::size_t(player)].margin = kMarginFactor * std::sqrt(std::max(0.0, variance));
  }
  return ratings;
}

namespace {

constexpr std::string_view kDescription =
    R"(Fits Elo ratings to game results: every game at once, by maximum likelihood under the logistic model,
one player (the anchor, a name as the games give it) held at a stated rating. Inputs are PGN files (their Red,
Black and Result tags) or results files --save wrote. Prints every player's rating with its 95% margin
against the anchor, then the playing levels' table: the players named PREFIX followed by a level number
(0-20) are the levels, each shown with the rating the engine gives it (search/playing_level.h), its measured
rating, the difference, its games and the players it met; and whether the measured ratings rise strictly
with the level. --table writes that table as Markdown, --plot as an SVG chart.)";

constexpr CommandText kRatingsCommand = {
    "shuai-tune ratings", "shuai-tune ratings [--anchor NAME=ELO] [options] PGN-OR-RESULTS...", kDescription};

struct RatingsOptions {
  std::vector<std::string> inputs;
  std::string anchor = "MaxQi=1500";
  std::string level_prefix = "Shuai-level-";
  double prior_draws = 1;
  std::string save_path, table_path, plot_path;
};

std::vector<CommandOption> option_table(RatingsOptions& options) {
  return {
      {"--anchor", "NAME=ELO", "the player whose rating fixes the scale (default MaxQi=1500)",
       &options.anchor},
      {"--levels", "PREFIX", "the levels' names: PREFIX and the level (default Shuai-level-)",
       &options.level_prefix},
      {"--prior", "DRAWS", "virtual draws added to every pair of players who met (default 1)",
       &options.prior_draws, 0.0, 100.0},
      {"--save", "FILE", "write the games read as a results file", &options.save_path},
      {"--table", "FILE", "write the levels' table (Markdown)", &options.table_path},
      {"--plot", "FILE", "write the levels' ratings as a chart (SVG)", &options.plot_path},
  };
}

struct LevelRow {
  int level = 0;
  int player = 0;
  std::optional<double> nominal;  // none for full strength, which has no rating of its own to meet
};

std::string opponents_text(const RatingData& data, int player) {
  std::map<std::string, std::array<int, 3>> tallies;  // wins, draws, losses
  for (const RatedGame& game : data.games) {
    if (game.red != player && game.black != player) continue;
    const int opponent = game.red == player ? game.black : game.red;
    const double score = game.red == player ? game.red_score : 1 - game.red_score;
    auto& tally = tallies[data.players[std::size_t(opponent)]];
    ++tally[score == 1 ? 0 : score == 0.5 ? 1 : 2];
  }
  std::string text;
  for (const auto& [name, tally] : tallies)
    text += fmt::format("{}{} +{}={}-{}", text.empty() ? "" : ", ", name, tally[0], tally[1], tally[2]);
  return text;
}

}  // namespace

int run_ratings(std::span<const std::string_view> arguments, const std::string&, std::FILE* out,
                std::FILE* error) {
  RatingsOptions options;
  if (const auto code =
          read_command_line(kRatingsCommand, option_table(options), arguments, out, error, &options.inputs))
    return *code;
  const auto fail = [&](const std::string& message) {
    fmt::print(error, "shuai-tune ratings: {}\n", message);
    return 2;
  };
  if (options.inputs.empty()) return fail("no games given (PGN or results files)");
  const auto equals = options.anchor.rfind('=');
  const std::optional<int> anchor_elo =
      equals == std::string::npos
          ? std::nullopt
          : parse_int(std::string_view(options.anchor).substr(equals + 1), -10000, 10000);
  if (!anchor_elo || equals == 0)
    return fail(fmt::format("--anchor wants NAME=ELO, not '{}'", options.anchor));
  const std::string anchor_name = options.anchor.substr(0, equals);
  RatingData data;
  std::string problem;
  if (!read_rating_games(options.inputs, data, problem)) return fail(problem);
  const auto anchor = std::find(data.players.begin(), data.players.end(), anchor_name);
  if (anchor == data.players.end()) return fail(fmt::format("the anchor '{}' played no game", anchor_name));
  if (!options.save_path.empty() && !tools::write_text_file(options.save_path, rating_data_text(data)))
    return fail(fmt::format("{}: cannot be written", options.save_path));
  const std::vector<PlayerRating> ratings =
      fit_ratings(data, int(anchor - data.players.begin()), *anchor_elo, options.prior_draws);
  if (ratings.empty()) return fail("some players are not linked to the anchor by games");
  fmt::print(out, "ratings: {} games ({} skipped), {} players, {} = {}, {} virtual draws a pairing\n",
             data.games.size(), data.games_skipped, data.players.size(), anchor_name, *anchor_elo,
             options.prior_draws);
  std::vector<int> order(data.players.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = int(i);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return ratings[std::size_t(a)].elo > ratings[std::size_t(b)].elo; });
  fmt::print(out, "player                     Elo   margin  games  score\n");
  for (const int player : order) {
    const PlayerRating& rating = ratings[std::size_t(player)];
    fmt::print(out, "{:24} {:6.0f}  {:>6}  {:5}  {:4.1f}%\n", data.players[std::size_t(player)], rating.elo,
               player == anchor - data.players.begin() ? "anchor" : fmt::format("{:.0f}", rating.margin),
               rating.games, 100 * rating.points / std::max(1, rating.games));
  }

  // The levels, in order.
  std::vector<LevelRow> levels;
  for (std::size_t player = 0; player < data.players.size(); ++player) {
    const std::string& name = data.players[player];
    if (!name.starts_with(options.level_prefix)) continue;
    const auto level =
        parse_int(std::string_view(name).substr(options.level_prefix.size()), 0, kFullStrengthLevel);
    if (!level) continue;
    LevelRow row{*level, int(player), std::nullopt};
    if (*level < kFullStrengthLevel) row.nominal = elo_for_level(*level);
    levels.push_back(row);
  }
  std::sort(levels.begin(), levels.end(),
            [](const LevelRow& a, const LevelRow& b) { return a.level < b.level; });
  if (levels.empty()) return 0;
  std::string table =
      "| level | nominal `UCI_Elo` | measured | margin (95%) | measured − nominal | games | opponents (+won "
      "=drawn "
      "−lost) |\n|---|---|---|---|---|---|---|\n";
  fmt::print(out, "\nlevel  nominal  measured  margin  difference  games\n");
  int within = 0, nominal_levels = 0, out_of_order = 0;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const LevelRow& row = levels[i];
    const PlayerRating& rating = ratings[std::size_t(row.player)];
    if (i > 0 && rating.elo <= ratings[std::size_t(levels[i - 1].player)].elo) ++out_of_order;
    const std::string nominal = row.nominal ? fmt::format("{:.0f}", *row.nominal) : "full strength";
    const std::string difference = row.nominal ? fmt::format("{:+.0f}", rating.elo - *row.nominal) : "";
    if (row.nominal) {
      ++nominal_levels;
      within += std::abs(rating.elo - *row.nominal) <= 50;
    }
    fmt::print(out, "{:5}  {:>7}  {:8.0f}  {:6.0f}  {:>10}  {:5}\n", row.level, nominal, rating.elo,
               rating.margin, difference, rating.games);
    table += fmt::format("| {} | {} | {:.0f} | ±{:.0f} | {} | {} | {} |\n", row.level, nominal, rating.elo,
                         rating.margin, difference, rating.games, opponents_text(data, row.player));
  }
  const std::string summary = fmt::format(
      "levels rated: {}; measured within 50 of nominal: {} of {}; measured ratings rise strictly with the "
      "level: {}",
      levels.size(), within, nominal_levels,
      out_of_order == 0 ? "yes" : fmt::format("no ({} out of order)", out_of_order));
  fmt::print(out, "{}\n", summary);
  // Then the other players, strongest first: the engines whose games put the levels on the scale.
  table += "\n| engine (clock) | Elo | margin (95%) | games | score |\n|---|---|---|---|---|\n";
  for (const int player : order) {
    const std::string& name = data.players[std::size_t(player)];
    if (name.starts_with(options.level_prefix)) continue;
    const PlayerRating& rating = ratings[std::size_t(player)];
    table += fmt::format("| {} | {:.0f} | {} | {} | {:.1f}% |\n", name, rating.elo,
                         name == anchor_name ? "the anchor" : fmt::format("±{:.0f}", rating.margin),
                         rating.games, 100 * rating.points / std::max(1, rating.games));
  }
  if (!options.table_path.empty() && !tools::write_text_file(options.table_path, table))
    return fail(fmt::format("{}: cannot be written", options.table_path));
  if (!options.plot_path.empty()) {
    tools::Plot plot;
    plot.title = "Playing levels: nominal UCI_Elo and the rating measured in games";
    plot.x_label = "Skill Level";
    plot.y_label = fmt::format("Elo ({} = {})", anchor_name, *anchor_elo);
    tools::Series nominal{"nominal UCI_Elo", {}, {}}, measured{"measured (95% margin)", {}, {}};
    for (const LevelRow& row : levels) {
      plot.categories.push_back(std::to_string(row.level));
      nominal.values.push_back(row.nominal.value_or(std::nan("")));
      measured.values.push_back(ratings[std::size_t(row.player)].elo);
      measured.errors.push_back(ratings[std::size_t(row.player)].margin);
    }
    plot.series = {nominal, measured};
    if (!tools::write_text_file(options.plot_path, tools::to_svg(plot)))
      return fail(fmt::format("{}: cannot be written", options.plot_path));
  }
  return 0;
}

}  // namespace shuai::tune
