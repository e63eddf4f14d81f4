// What the protocol tests check again and again of the real program's answers: that a bestmove is legal in
// the position sent, and that a malformed line gets one line and nothing else.
#pragma once

#include <doctest/doctest.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "engine/board/board.h"
#include "tests/support/engine_process.h"

namespace shuai::test {

// The move of a "bestmove" line (or of a line starting with `prefix`: CECP's "move "), checked legal after
// `moves` from the FEN.
inline bool is_legal_answer(const std::optional<std::string>& line, std::string_view fen = kStartFen,
                            std::initializer_list<std::string_view> moves = {},
                            std::string_view prefix = "bestmove ") {
  if (!line || !line->starts_with(prefix)) return false;
  auto position = *parse_fen(fen).position;
  for (const auto move : moves) position.make_move(parse_legal_move(position, move).move);
  return parse_legal_move(position, line->substr(prefix.size(), 4)).move != kNoMove;
}

// A malformed line gets exactly one line, starting with `expected`, and no search starts (the isready sent
// behind it is answered next). `line_end` ends both lines sent (a Windows GUI's "\r").
inline void check_one_line_answer(EngineProcess& engine, const std::string& command,
                                  const std::string& expected, const std::string& line_end = "") {
  INFO(command);
  engine.send(command + line_end);
  engine.send("isready" + line_end);
  const auto reply = engine.read_line(5'000);
  REQUIRE(reply);
  CHECK(reply->starts_with(expected));
  CHECK(engine.read_line(5'000) == "readyok");
}

}  // namespace shuai::test
