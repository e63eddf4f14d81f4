// `shuai-tune ratings`: Elo ratings from game results, by maximum likelihood over every game at once, on a
// scale one player (an anchor, a named engine at a stated clock) fixes. It is how the playing levels are
// calibrated (docs/levels.md): each level's measured rating against the engines it played, beside the rating
// the engine gives the level (search/playing_level.h), with margins.
#pragma once

#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace shuai::tune {

struct RatedGame {
  int red = 0, black = 0;  // indexes into RatingData::players
  double red_score = 0.5;  // 1 Red won, 0.5 a draw, 0 Red lost
};

struct RatingData {
  std::vector<std::string> players;  // as the games name them (PGN's Red and Black tags)
  std::vector<RatedGame> games;
  int games_skipped = 0;  // unreadable, or without a result
};

// Reads games from PGN files (their Red, Black and Result tags) or from results files this command saved
// (`rating_data_text`). False with a one-line `error` when a file cannot be read.
bool read_rating_games(const std::vector<std::string>& paths, RatingData& data, std::string& error);
// The games as a results file: a '#' header, then "red<TAB>black<TAB>score" a line, score 1, 0.5 or 0.
std::string rating_data_text(const RatingData& data);

struct PlayerRating {
  double elo = 0;
  double margin = 0;  // 95%, against the anchor (whose margin is 0)
  int games = 0;
  double points = 0;
};

// The ratings that make the games most likely under the logistic (Elo) model, an expected score of
// 1 / (1 + 10^(-difference / 400)), with `prior_draws` virtual draws added to every pair of players who met
// (so that a player who won or lost every game still has a finite rating), the anchor held at `anchor_elo`.
// The margins come from the curvature of the likelihood, widened or narrowed by the games' spread around
// their expected scores (draws make it narrower than a coin's). Empty when some player is not linked to the
// anchor by games.
std::vector<PlayerRating> fit_ratings(const RatingData& data, int anchor, double anchor_elo,
                                      double prior_draws);

// The shuai-tune subcommand (its --help).
int run_ratings(std::span<const std::string_view> arguments, const std::string& positions_directory,
                std::FILE* out, std::FILE* error);

}  // namespace shuai::tune
