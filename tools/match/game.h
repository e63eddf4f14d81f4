// One game between two engine players, refereed, on real clocks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tools/match/engine_player.h"
#include "tools/match/referee.h"

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
};

struct GameRecord {
  std::string red, black;  // engine names
  std::string start_fen;
  std::vector<PlayedMove> moves;
  Verdict verdict{GameResult::kDraw, Termination::kMaxPlies};
  std::string detail;  // a sentence on how it ended, e.g. "Black's move h9h5 is illegal"
};

// Plays from `start_fen`; `red` moves first if Red is to move there. Never blocks longer than the clocks (or
// the move timeout) allow. The players are started or restarted as needed.
GameRecord play_game(EnginePlayer& red, EnginePlayer& black, const std::string& start_fen,
                     const GameSettings& settings);

}  // namespace shuai::match
