// The training game on the tools' self-play loop: after each search, the quiet leaf of the position searched.
#include "tools/tune/training_game.h"

#include "engine/board/fen.h"
#include "tools/common/self_play.h"

namespace shuai::tune {

std::optional<TrainingPosition> training_position(Searcher& leaf_finder, const Position& position) {
  if (position.in_check()) return std::nullopt;
  leaf_finder.table().clear();
  const Position leaf = leaf_finder.quiet_leaf(position);
  // A leaf in check ends a line of captures in mate: no quiet position.
  if (leaf.in_check()) return std::nullopt;
  return TrainingPosition{to_fen(leaf), leaf.key()};
}

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
        // A mate, or a win by the repetition rules: the score says nothing about the evaluation.
        if (game.plies >= settings.skipped_plies && !is_decisive_score(turn.result.score))
          if (auto position = training_position(leaf_finder, turn.position))
            game.positions.push_back(std::move(*position));
        ++game.plies;
      });
  return game;
}

}  // namespace shuai::tune
