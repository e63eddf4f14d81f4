// The tools' one self-play game loop: judge, search, play, until the referee ends the game. The statistics
// runs (tools/stats/self_play.h: timed searches, a hook after each) and the tuner
// (tools/tune/training_game.h: quiet leaves of the positions played) are this loop with what each records
// after a search.
#pragma once

#include <array>
#include <functional>

#include "engine/game/referee.h"
#include "search/search.h"

namespace shuai::tools {

// One search of a self-play game, seen before its move is played.
struct SelfPlayTurn {
  const Position& position;  // the position searched
  const SearchResult& result;
  int engine;      // 0: Red's engine, 1: Black's
  double seconds;  // the search's own time
};

// Plays the referee's game from its position to the end under the rules the caller set: while the referee
// gives no verdict, the side to move's engine (engines[0] plays Red, engines[1] Black; one engine may play
// both) searches within `limits`, `after_search` sees the turn, and the best move is played. Returns the
// referee's verdict. Throws std::logic_error if a search returns no legal move (the referee ends the game
// when none is left, so that is a bug).
Verdict play_self_play(Referee& referee, const std::array<Searcher*, 2>& engines, const SearchLimits& limits,
                       const std::function<void(const SelfPlayTurn&)>& after_search = {});

}  // namespace shuai::tools
