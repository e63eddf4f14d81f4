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
  switch (verdict.result) {
    case match::GameResult::kRedWins:
      return 1;
    case match::GameResult::kBlackWins:
      return 0;
    case match::GameResult::kDraw:
      break;
  }
  return 0.5;
}

TrainingGame play_training_game(match::Referee referee, const TrainingGameSettings& settings,
                                Searcher& player, Searcher& leaf_finder) {
  const int start_plies = int(referee.moves().size());
  match::Referee::Rules rules;
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
