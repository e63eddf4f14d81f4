// One engine as a player: its settings from the command line, and the UCCI, UCI or CECP (XBoard) conversation
// that starts it, sets it up for a game and asks it for moves on a clock.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tools/common/child_process.h"

namespace shuai::match {

// The match runs on the child-process runner's clock: its deadlines are the ones the engines are read with.
using tools::Clock;

enum class Protocol { kUcci, kUci, kCecp };

struct EngineConfig {
  std::string name;
  std::string command;
  std::string directory;  // where to run it; empty: the runner's directory
  Protocol protocol = Protocol::kUcci;
  std::optional<int> rank_base;  // 0 (ICCS) or 1 (Fairy-Stockfish's xiangqi); unset: decided at start
  // Sent with setoption (UCCI, UCI) or as `option NAME=VALUE` (CECP).
  std::vector<std::pair<std::string, std::string>> options;
  // tc=BASE+INC: this engine's own clock, for time odds (e.g. one thread at twice the time of two); unset:
  // the match's limits.
  std::int64_t clock_base_ms = 0, clock_increment_ms = 0;
};

// "name=...,cmd=...,proto=ucci|uci|cecp[,dir=...][,ranks=0|1][,tc=BASE+INC][,option=value...]"; false with a
// message on error.
bool parse_engine_config(const std::string& text, EngineConfig& config, std::string& error);

// How a move is asked for: a clock, a fixed depth or a fixed node count.
struct Limits {
  std::int64_t base_ms = 0, increment_ms = 0;  // a clock when base_ms > 0
  int depth = 0;
  std::int64_t nodes = 0;
};

// "10+0.1" (seconds, the increment optional) -> milliseconds; false when it is not a clock from 1 ms to a day
// with an increment of at most an hour.
bool parse_time_control(const std::string& text, std::int64_t& base_ms, std::int64_t& increment_ms);

// Both sides' clocks as the mover sees them, increments included (they differ under time odds).
struct Clocks {
  std::int64_t own_ms = 0, opponent_ms = 0;
  bool own_is_red = true;
  std::int64_t own_increment_ms = 0, opponent_increment_ms = 0;
};

struct Reply {
  enum class Kind { kMove, kNoMove, kResign, kTimeout, kCrash };
  Kind kind = Kind::kCrash;
  std::string move;             // in ICCS, for kMove and kResign (when one was given)
  std::int64_t elapsed_ms = 0;  // from sending go to reading the answer
  std::string score;  // the last reported score, from the engine's point of view ("+0.35", "#5", "-#3")
  int depth = 0;      // the last reported depth
};

class EnginePlayer {
 public:
  explicit EnginePlayer(EngineConfig config) : config_(std::move(config)) {}
  ~EnginePlayer() { quit(); }

  const EngineConfig& config() const { return config_; }
  bool running() const { return process_.running(); }

  // Starts the program and completes the handshake; false with a message when it fails.
  bool start(std::string& error);
  // Before each game: starts the engine if it is not running (after a crash), tells it a new game begins and
  // waits until it is ready. False with a message when it cannot be readied.
  bool prepare_game(std::string& error);
  // Asks for a move in the position reached from `start_fen` by `moves` (ICCS). The answer must come by
  // `deadline`; a late engine is stopped (killed if it will not stop) and the reply is a timeout.
  Reply think(const std::string& start_fen, const std::vector<std::string>& moves, const Limits& limits,
              const Clocks& clocks, Clock::time_point deadline);
  // Asks the engine to quit, kills it if it has not gone within a second.
  void quit();

 private:
  bool wait_for(const std::string& prefix, Clock::time_point deadline, std::string& line);
  std::string to_engine_move(const std::string& iccs) const;
  std::string from_engine_move(const std::string& text) const;
  void set_option(const std::string& name, const std::string& value);
  bool start_cecp(std::string& error);
  bool ping_cecp(std::string& error);
  Reply think_cecp(const std::string& start_fen, const std::vector<std::string>& moves, const Limits& limits,
                   const Clocks& clocks, Clock::time_point deadline);

  EngineConfig config_;
  tools::ChildProcess process_;
  int rank_base_ = 0;
  bool milliseconds_ = true;  // UCCI times in milliseconds (the engine listed usemillisec)
  bool lists_newgame_ = false;
  // CECP: what the engine offered, and the game it holds (the start and the moves it has been told or has
  // played), so that a move asked for sends only the moves since the last one.
  bool cecp_setboard_ = false, cecp_ping_ = false;
  int cecp_pings_ = 0;
  bool cecp_in_game_ = false;
  std::string cecp_start_fen_;
  std::vector<std::string> cecp_moves_;
};

}  // namespace shuai::match
