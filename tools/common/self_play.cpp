// The self-play game loop.
#include "tools/common/self_play.h"

#include <chrono>
#include <stdexcept>

#include "engine/board/fen.h"
#include "engine/board/notation.h"

namespace shuai::tools {

Verdict play_self_play(Referee& referee, const std::array<Searcher*, 2>& engines, const SearchLimits& limits,
                       const std::function<void(const SelfPlayTurn&)>& after_search) {
  while (true) {
    if (const auto verdict = referee.judge()) return *verdict;
    const Position& position = referee.position();
    const int engine = referee.side_to_move() == kRed ? 0 : 1;
    const auto start = std::chrono::steady_clock::now();
    const SearchResult result = engines[std::size_t(engine)]->search(position, limits);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (after_search) after_search({position, result, engine, seconds});
    if (result.best_move == kNoMove || !referee.play(move_to_iccs(result.best_move)))
      throw std::logic_error("the search returned no legal move in " + to_fen(position));
  }
}

}  // namespace shuai::tools
