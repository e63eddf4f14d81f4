// The training game on the tools' self-play loop: after each search, the quiet leaf of the position searched.
#include "tools/tune/training_game.h"

#include <cstdlib>

#include "engine/board/fen.h"
#include "tools/common/self_play.h"

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
  game.verdict =
      tools::play_self_play(referee, {&player, &player}, limits, [&](const tools::SelfPlayTurn& turn) {
        if (game.plies >= settings.skipped_plies && !turn.position.in_check() &&
            !decisive(turn.result.score)) {
          leaf_finder.table().clear();
          const Position leaf = leaf_finder.quiet_leaf(turn.position);
          // A leaf in check ends a line of captures in mate: no quiet position.
          if (!leaf.in_check()) game.positions.push_back({to_fen(leaf), leaf.key()});
        }
        ++game.plies;
      });
  return game;
}

}  // namespace shuai::tune
