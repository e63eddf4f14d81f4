// One game between two engine players, refereed, on real clocks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game/referee.h"
#include "tools/match_runner/engine_player.h"

namespace shuai::match {

struct GameSettings {
  Limits limits;
  Referee::Rules rules;
  std::int64_t time_margin_ms = 0;  // a reply may overrun the clock by this much before the flag falls
  std::int64_t move_timeout_ms =
      60'000;  // without a clock (depth or node limits): the longest wait for a move
};

struct PlayedMove {
  std::string iccs;
  std::string chinese;  // the move in Chinese notation
  std::string score;    // the mover's last reported score ("" when none)
  int depth = 0;
  std::int64_t elapsed_ms = 0;
  bool from_opening = false;  // played by the runner to reach the opening, not by an engine
};

struct GameRecord {
  std::string red, black;  // engine names
  std::string start_fen;
  std::vector<PlayedMove> moves;
  Verdict verdict{GameResult::kDraw, Termination::kMaxPlies};
  std::string detail;  // a sentence on how it ended, e.g. "Black's move h9h5 is illegal"
};

// Where a game starts: a position, and when known the moves that reach it from `start_fen` (the standard
// start position for the lines of positions/openings.fen). The runner plays those moves itself, so the
// engines see the real history and the game's record begins at the start position, whole (an opening book can
// be built from it).
struct Opening {
  std::string start_fen;
  std::vector<std::string> moves;  // ICCS, played from start_fen before the engines move; may be empty
};

// Plays from `start_fen`; `red` moves first if Red is to move there. Never blocks longer than the clocks (or
// the move timeout) allow. The players are started or restarted as needed.
GameRecord play_game(EnginePlayer& red, EnginePlayer& black, const std::string& start_fen,
                     const GameSettings& settings);
// Plays from the opening's start position: its moves first, then the engines (the side to move after them
// first).
GameRecord play_game(EnginePlayer& red, EnginePlayer& black, const Opening& opening,
                     const GameSettings& settings);

}  // namespace shuai::match
