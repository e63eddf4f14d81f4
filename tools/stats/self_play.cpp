// The self-play game loop.
#include "tools/stats/self_play.h"

#include <chrono>
#include <stdexcept>

#include "engine/board/notation.h"
#include "engine/game/referee.h"

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
  while (true) {
    if (const auto verdict = referee.judge()) {
      game.ending = std::string(termination_name(verdict->termination));
      break;
    }
    const int engine = referee.side_to_move() == kRed ? 0 : 1;
    const auto start = std::chrono::steady_clock::now();
    const SearchResult result = engines[std::size_t(engine)]->search(referee.position(), limits);
    game.search_seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (after_search) after_search(engine, ++searches[engine]);
    if (result.best_move == kNoMove || !referee.play(move_to_iccs(result.best_move))) {
      game.ending = "no move";  // cannot happen: the referee ends the game when no legal move is left
      break;
    }
    game.moves.push_back(result.best_move);
  }
  return game;
}

}  // namespace shuai::stats
