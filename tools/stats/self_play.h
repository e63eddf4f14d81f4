// Fixed-depth self-play for the paper's Tables 7 to 9: two engines (each its own Searcher and tables) play
// a game from an opening on the tools' self-play loop (tools/common/self_play.h), with every search timed and
// a hook after each search for measurements that must not be timed (the MHT's occupancy).
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "search/search.h"

namespace shuai::stats {

struct SelfPlayGame {
  std::vector<Move> moves;
  std::vector<double> search_seconds;  // one per move
  std::string ending;                  // "checkmate", "repetition", "max plies", ...

  double total_seconds() const;
};

// Red's engine is engines[0], Black's engines[1]; the caller clears their tables for a new game. After each
// search, before the move is played, `after_search(engine, move_number)` runs (move_number counts that
// engine's searches in this game from 1). The game ends by the rules or after `max_plies` plies.
SelfPlayGame play_self_play_game(const std::string& start_fen, const std::array<Searcher*, 2>& engines,
                                 const SearchLimits& limits, int max_plies,
                                 const std::function<void(int engine, int move_number)>& after_search = {});

}  // namespace shuai::stats
