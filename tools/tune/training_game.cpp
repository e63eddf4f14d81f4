// The training game loop: search, record the quiet leaf, play, until the referee ends the game.
#include "tools/tune/training_game.h"

#include <cstdlib>
#include <stdexcept>

#include "engine/board/fen.h"
#include "engine/board/notation.h"

namespace shuai::tune {

namespace {

// A mate, or a win by the repetition rules: the score says nothing about the evaluation.
bool decisive(int score) {
  return std::abs(score) >= kRuleWinScore - kMaxPly;
}

}  // namespace

double TrainingGame::red_score() const {
  return score_for(verdict.result, kRed);
}

TrainingGame play_training_game(Referee referee, const TrainingGameSettings& settings, Searcher& player,
                                Searcher& leaf_finder) {
  const int start_plies = int(referee.moves().size());
  Referee::Rules rules;
  rules.max_plies = start_plies + settings.max_plies;
  referee.set_rules(rules);
  player.clear();
  SearchLimits limits;
  limits.nodes = settings.nodes;

  TrainingGame game;
  while (true) {
    if (const auto verdict = referee.judge()) {
      game.verdict = *verdict;
      break;
    }
    const Position& position = referee.position();
    const SearchResult result = player.search(position, limits);
    if (game.plies >= settings.skipped_plies && !position.in_check() && !decisive(result.score)) {
      leaf_finder.table().clear();
      const Position leaf = leaf_finder.quiet_leaf(position);
      // A leaf in check ends a line of captures in mate: no quiet position.
      if (!leaf.in_check()) game.positions.push_back({to_fen(leaf), leaf.key()});
    }
    // The referee ends the game while a legal move is left, and the search always returns one then.
    if (result.best_move == kNoMove || !referee.play(move_to_iccs(result.best_move)))
      throw std::logic_error("the search returned no legal move in " + to_fen(position));
    ++game.plies;
  }
  return game;
}

}  // namespace shuai::tune
