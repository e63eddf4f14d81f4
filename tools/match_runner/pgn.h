// PGN for Xiangqi games: the tags Xiangqi programs read (Game, Format "ICCS", FEN), ICCS moves, and per move
// a comment with the Chinese notation, the mover's score and depth, and the time used.
#pragma once

#include <string>

#include "tools/match_runner/game.h"

namespace shuai::match {

struct PgnTags {
  std::string event = "Shuai match";
  std::string site;
  std::string date;  // YYYY.MM.DD
  int round = 1;
  std::string time_control;  // "10+0.1", "depth 8", ...
};

std::string to_pgn(const GameRecord& game, const PgnTags& tags);

}  // namespace shuai::match
