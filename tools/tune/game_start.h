// Where a training game starts: an opening line and a few random moves, all chosen by the game's own seed,
// so that any game of a run can be replayed (or played on another machine) from the run's seed and its index.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game/referee.h"

namespace shuai::tune {

// The seed of game `game_index` of a run seeded with `run_seed`: well mixed, so neighbouring games and
// neighbouring run seeds share nothing.
std::uint64_t game_seed(std::uint64_t run_seed, int game_index);

// A referee at the game's start: one of `opening_fens` followed by `random_plies` uniformly random legal
// moves, both drawn from `seed`. A start where the game is already over (no legal move, a ruled repetition)
// is drawn again. Throws std::runtime_error if a thousand draws find no start (openings that are all over).
Referee game_start(const std::vector<std::string>& opening_fens, std::uint64_t seed, int random_plies);

}  // namespace shuai::tune
