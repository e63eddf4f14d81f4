// One self-play game for the evaluation tuner: the engine plays itself at a fixed node count from a start,
// refereed by engine/game's referee, and the game's positions become training positions (their quiet
// leaves) labelled with its result.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/game/referee.h"
#include "search/search.h"

namespace shuai::tune {

struct TrainingGameSettings {
  std::uint64_t nodes = 5000;  // per move
  int max_plies = 300;         // after the start: then a draw
  // The first plies after the start are not recorded: they are still close to the opening book and its
  // random moves, and many games share them.
  int skipped_plies = 8;
};

struct TrainingPosition {
  std::string fen;  // the quiet leaf's
  std::uint64_t key = 0;
};

// The training position a game's position gives: its quiet leaf, found by `leaf_finder` with its table
// cleared first; nothing when the position or its leaf is in check (no quiet position to learn from).
std::optional<TrainingPosition> training_position(Searcher& leaf_finder, const Position& position);

struct TrainingGame {
  Verdict verdict{};
  int plies = 0;                            // played after the start
  std::vector<TrainingPosition> positions;  // in the order played; a leaf may repeat
  double red_score() const;                 // 1, 0.5 or 0
};

// Plays from the referee's position (its moves so far are the start). `player` searches both sides and is
// cleared first; `leaf_finder` finds the quiet leaves, its table cleared before each (a small table is
// enough: it only holds one quiescence search).
TrainingGame play_training_game(Referee referee, const TrainingGameSettings& settings, Searcher& player,
                                Searcher& leaf_finder);

}  // namespace shuai::tune
