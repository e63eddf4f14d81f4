// Fixed-depth self-play on the tools' self-play loop: each search's time and move kept.
#include "tools/stats/self_play.h"

#include <stdexcept>

#include "tools/common/self_play.h"

namespace shuai::stats {

double SelfPlayGame::total_seconds() const {
  double total = 0;
  for (const double seconds : search_seconds) total += seconds;
  return total;
}

SelfPlayGame play_self_play_game(const std::string& start_fen, const std::array<Searcher*, 2>& engines,
                                 const SearchLimits& limits, int max_plies,
                                 const std::function<void(int engine, int move_number)>& after_search) {
  Referee referee;
  Referee::Rules rules;
  rules.max_plies = max_plies;
  referee.set_rules(rules);
  std::string error;
  if (!referee.set_position(start_fen, error)) throw std::invalid_argument(start_fen + ": " + error);
  SelfPlayGame game;
  int searches[2] = {0, 0};
  const Verdict verdict =
      tools::play_self_play(referee, engines, limits, [&](const tools::SelfPlayTurn& turn) {
        game.search_seconds.push_back(turn.seconds);
        if (after_search) after_search(turn.engine, ++searches[turn.engine]);
        game.moves.push_back(turn.result.best_move);
      });
  game.ending = std::string(termination_name(verdict.termination));
  return game;
}

}  // namespace shuai::stats
