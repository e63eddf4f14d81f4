// The rating fit: it recovers ratings from results drawn from them, its margins cover the truth about as
// often as they claim and shrink with more games, it refuses players the anchor cannot reach, and it reads
// PGN and its own results files; the levels' table says whether they are ordered; and the engine's nominal
// ratings are those its stored calibration games measure.
#include "tools/tune/ratings.h"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "search/playing_level.h"

namespace shuai::tune {
namespace {

// `games` games between every two neighbours of `true_ratings` (and between the first and the last), each
// result drawn from the logistic model with a fifth of the games drawn.
RatingData drawn_from(const std::vector<double>& true_ratings, int games, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> uniform(0, 1);
  RatingData data;
  for (std::size_t i = 0; i < true_ratings.size(); ++i) data.players.push_back(fmt::format("P{}", i));
  const auto play = [&](int a, int b) {
    const double expected = 1 / (1 + std::pow(10.0, (true_ratings[b] - true_ratings[a]) / 400));
    for (int game = 0; game < games; ++game) {
      // A draw a fifth of the time when the players are level, the rest decided so that the mean is right.
      const double draw = 0.2 * 4 * expected * (1 - expected), win = expected - draw / 2;
      const double roll = uniform(random);
      const double score = roll < win ? 1 : roll < win + draw ? 0.5 : 0;
      if (game % 2 == 0)
        data.games.push_back({a, b, score});
      else
        data.games.push_back({b, a, 1 - score});
    }
  };
  for (int i = 0; i + 1 < int(true_ratings.size()); ++i) play(i, i + 1);
  play(0, int(true_ratings.size()) - 1);
  return data;
}

std::string temporary_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / fmt::format("shuai-ratings-{}-{}", ::getpid(), name))
      .string();
}

}  // namespace

TEST_CASE("the rating fit recovers the ratings the results were drawn from, within its margins") {
  const std::vector<double> truth = {1500, 1700, 1400, 1900, 1150, 1600};
  int covered = 0, checked = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const RatingData data = drawn_from(truth, 200, seed);
    const std::vector<PlayerRating> ratings = fit_ratings(data, 0, 1500, 0);
    REQUIRE(ratings.size() == truth.size());
    CHECK(ratings[0].elo == 1500);
    CHECK(ratings[0].margin == 0);
    for (std::size_t i = 1; i < truth.size(); ++i) {
      ++checked;
      covered += std::abs(ratings[i].elo - truth[i]) <= ratings[i].margin;
      CHECK(std::abs(ratings[i].elo - truth[i]) < 2.5 * ratings[i].margin);
      CHECK(ratings[i].margin > 10);
      CHECK(ratings[i].margin < 200);
    }
  }
  // 95% margins: of 50, about 47 cover; a fit whose margins were half as wide would cover about 34.
  CHECK(covered >= 42);
  CHECK(checked == 50);
}

TEST_CASE("more games narrow the margins, and virtual draws pull a clean sweep in to a finite rating") {
  const std::vector<double> truth = {1500, 1650, 1350};
  const std::vector<PlayerRating> few = fit_ratings(drawn_from(truth, 50, 7), 0, 1500, 0);
  const std::vector<PlayerRating> many = fit_ratings(drawn_from(truth, 800, 7), 0, 1500, 0);
  REQUIRE(few.size() == 3);
  REQUIRE(many.size() == 3);
  CHECK(many[1].margin < few[1].margin / 3);
  // B won every game against A: without a prior no rating is finite; one virtual draw gives one.
  RatingData sweep;
  sweep.players = {"A", "B"};
  for (int i = 0; i < 10; ++i) sweep.games.push_back({i % 2, 1 - i % 2, i % 2 == 0 ? 0.0 : 1.0});
  const std::vector<PlayerRating> ratings = fit_ratings(sweep, 0, 1000, 1);
  REQUIRE(ratings.size() == 2);
  // 10.5 of 11: 10^(d/400) = 21, d = 529.
  CHECK(ratings[1].elo == doctest::Approx(1000 + 400 * std::log10(21.0)).epsilon(1e-6));
  CHECK(ratings[1].games == 10);
  CHECK(ratings[1].points == 10);
}

TEST_CASE("players the anchor cannot reach by games get no ratings") {
  RatingData data;
  data.players = {"A", "B", "C", "D"};
  data.games = {{0, 1, 1}, {1, 0, 0.5}, {2, 3, 1}, {3, 2, 0}};  // A-B and C-D never meet
  CHECK(fit_ratings(data, 0, 1500, 1).empty());
  data.games.push_back({1, 2, 0.5});
  CHECK(fit_ratings(data, 0, 1500, 1).size() == 4);
  CHECK(fit_ratings(data, 7, 1500, 1).empty());
}

TEST_CASE("results are read from PGN and from results files, and a bad line is named") {
  const std::string pgn_path = temporary_path("games.pgn"), results_path = temporary_path("results.txt");
  std::ofstream(pgn_path) << "[Red \"Alpha\"]\n[Black \"Beta\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n\n"
                             "[Red \"Beta\"]\n[Black \"Alpha\"]\n[Result \"1/2-1/2\"]\n\n1. h2e2 1/2-1/2\n\n"
                             "[Red \"Beta\"]\n[Black \"Alpha\"]\n[Result \"*\"]\n\n1. h2e2 *\n\n";
  RatingData data;
  std::string error;
  REQUIRE(read_rating_games({pgn_path}, data, error));
  REQUIRE(data.players == std::vector<std::string>{"Alpha", "Beta"});
  REQUIRE(data.games.size() == 2);
  CHECK(data.games_skipped == 1);
  CHECK(data.games[0].red == 0);
  CHECK(data.games[0].red_score == 1);
  CHECK(data.games[1].red == 1);
  CHECK(data.games[1].red_score == 0.5);
  // Saved and read back: the same games, and the same players by name.
  std::ofstream(results_path) << rating_data_text(data);
  RatingData again;
  REQUIRE(read_rating_games({results_path}, again, error));
  CHECK(again.players == data.players);
  REQUIRE(again.games.size() == 2);
  CHECK(again.games[1].black == 0);
  CHECK(again.games[1].red_score == 0.5);
  std::ofstream(results_path) << "# results\nAlpha\tBeta\t2\n";
  CHECK_FALSE(read_rating_games({results_path}, again, error));
  CHECK(error == results_path + ":2: not 'red<TAB>black<TAB>1|0.5|0'");
  CHECK_FALSE(read_rating_games({temporary_path("missing")}, again, error));
  std::remove(pgn_path.c_str());
  std::remove(results_path.c_str());
}

TEST_CASE("shuai-tune ratings: the levels' table, and whether the levels are ordered") {
  const auto run = [](const std::vector<double>& level_ratings) {
    // Levels 0, 1 and 2 of the given strengths, each against an anchor and a second engine.
    std::vector<double> truth = {1500, 1600};
    truth.insert(truth.end(), level_ratings.begin(), level_ratings.end());
    RatingData data;
    data.players = {"Anchor", "Other", "Shuai-level-0", "Shuai-level-1", "Shuai-level-2"};
    std::mt19937_64 random(5);
    std::uniform_real_distribution<double> uniform(0, 1);
    for (int level = 2; level < 5; ++level)
      for (int opponent = 0; opponent < 2; ++opponent)
        for (int game = 0; game < 400; ++game) {
          const double expected = 1 / (1 + std::pow(10.0, (truth[opponent] - truth[level]) / 400));
          data.games.push_back({level, opponent, uniform(random) < expected ? 1.0 : 0.0});
        }
    data.games.push_back({0, 1, 0.5});
    const std::string path = temporary_path("levels.txt");
    std::ofstream(path) << rating_data_text(data);
    std::vector<std::string> words = {"--anchor", "Anchor=1500", path};
    std::vector<std::string_view> arguments(words.begin(), words.end());
    char buffer[16384] = {};
    std::FILE* out = fmemopen(buffer, sizeof buffer - 1, "w");
    const int code = run_ratings(arguments, "", out, out);
    std::fclose(out);
    std::remove(path.c_str());
    CHECK(code == 0);
    return std::string(buffer);
  };
  const std::string ordered = run({1200, 1500, 1800});
  INFO(ordered);
  CHECK(ordered.find("levels rated: 3;") != std::string::npos);
  CHECK(ordered.find("rise strictly with the level: yes") != std::string::npos);
  const std::string inverted = run({1200, 1800, 1500});
  INFO(inverted);
  CHECK(inverted.find("rise strictly with the level: no (1 out of order)") != std::string::npos);
}

}  // namespace shuai::tune

namespace shuai::tune {

TEST_CASE("the levels' nominal ratings are the ones their stored calibration games measure") {
  // positions/level-games.txt: the results of tools/level_calibration.sh's games (docs/levels.md).
  RatingData data;
  std::string error;
  REQUIRE(read_rating_games({std::string(SHUAI_POSITIONS_DIR) + "/level-games.txt"}, data, error));
  const auto anchor = std::find(data.players.begin(), data.players.end(), "MaxQi");
  REQUIRE(anchor != data.players.end());
  const std::vector<PlayerRating> ratings = fit_ratings(data, int(anchor - data.players.begin()), 1500, 1);
  REQUIRE(ratings.size() == data.players.size());
  for (int level = 0; level <= kFullStrengthLevel; ++level) {
    const auto player =
        std::find(data.players.begin(), data.players.end(), fmt::format("Shuai-level-{}", level));
    REQUIRE(player != data.players.end());
    const int index = int(player - data.players.begin());
    // The engines it met, by family: the name before any '-' (FS and FS-8s are one engine, Fairy-Stockfish).
    std::set<std::string> engines;
    for (const RatedGame& game : data.games) {
      if (game.red != index && game.black != index) continue;
      const std::string& opponent = data.players[std::size_t(game.red == index ? game.black : game.red)];
      engines.insert(opponent.substr(0, opponent.find('-')));
    }
    INFO("level ", level, ": measured ", ratings[std::size_t(index)].elo);
    CHECK(engines.size() >= 3);
    CHECK(engines.count("Shuai") == 0);
    if (level < kFullStrengthLevel)
      CHECK(std::abs(ratings[std::size_t(index)].elo - kLevelRatings[std::size_t(level)]) <= 50);
  }
}

}  // namespace shuai::tune
