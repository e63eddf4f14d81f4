// One engine session over a text protocol: UCCI 3.0, UCI (Stockfish-family Xiangqi dialect) or CECP (XBoard),
// chosen by the first command (ucci, uci, xboard). The caller feeds lines; searches run on a worker thread so
// commands are read while thinking.
#pragma once

#include <memory>
#include <string_view>

#include "engine/protocol/dialect.h"
#include "engine/protocol/engine_core.h"

namespace shuai {

enum class Protocol { kUndecided, kUcci, kUci, kCecp };

class Session {
 public:
  // The transposition table starts at `hash_megabytes` (the hashsize/Hash option changes it later).
  explicit Session(LineWriter& writer, std::size_t hash_megabytes = TranspositionTable::kDefaultMegabytes);
  ~Session();

  // Handles one command line; false once the session has ended (quit).
  bool handle(std::string_view line);
  // End of input: as quit.
  void finish();

 private:
  void choose(Protocol protocol);

  EngineCore core_;
  Protocol protocol_ = Protocol::kUndecided;
  std::unique_ptr<Dialect> dialect_;
  bool ended_ = false;
};

}  // namespace shuai
