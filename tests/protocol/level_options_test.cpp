// The playing level from the one option table in every protocol: set, it plays a legal move at once; out of
// range, it gets the protocol's one line and the level stays as it was.
#include <doctest/doctest.h>

#include <string>

#include "engine/board/board.h"
#include "tests/support/session_lines.h"

namespace shuai {
namespace {

using test::SessionLines;

// A move line's move (after `prefix`), legal from the start position after `moves`.
bool legal_from_start(const std::optional<std::string>& line, std::string_view prefix,
                      std::initializer_list<std::string_view> moves = {}) {
  if (!line || !line->starts_with(prefix)) return false;
  Position position = *parse_fen(kStartFen).position;
  for (const auto move : moves) position.make_move(parse_legal_move(position, move).move);
  return parse_legal_move(position, line->substr(prefix.size(), 4)).move != kNoMove;
}

TEST_SUITE("threads") {
  TEST_CASE("a playing level in UCCI, UCI and CECP: a legal move at every level, bad values refused") {
    {
      SessionLines session;
      session.send("ucci");
      REQUIRE(session.wait_for("option skilllevel type spin min 0 max 20 default 20"));
      session.send("setoption skilllevel 21");
      CHECK(session.wait_for("info message") ==
            "info message option skilllevel takes a whole number from 0 to 20, not '21'");
      for (const int level : {0, 7, 19}) {
        session.send("setoption skilllevel " + std::to_string(level));
        session.send("position startpos moves h2e2");
        session.send("go time 60000");
        CHECK(legal_from_start(session.wait_for("bestmove"), "bestmove ", {"h2e2"}));
      }
    }
    {
      SessionLines session;
      session.send("uci");
      REQUIRE(session.wait_for("option name Skill Level type spin default 20 min 0 max 20"));
      session.send("setoption name Skill Level value -1");
      CHECK(session.wait_for("info string") ==
            "info string option Skill Level takes a whole number from 0 to 20, not '-1'");
      session.send("setoption name Skill Level value 3");
      session.send("position startpos");
      session.send("go wtime 60000 btime 60000");
      CHECK(legal_from_start(session.wait_for("bestmove"), "bestmove "));
    }
    {
      SessionLines session;
      session.send("xboard");
      session.send("protover 2");
      REQUIRE(session.wait_for("feature option=\"Skill Level -spin 20 0 20\""));
      session.send("new");
      session.send("option Skill Level=25");
      CHECK(session.wait_for("Error") ==
            "Error (option Skill Level takes a whole number from 0 to 20, not '25'): option Skill Level=25");
      session.send("option Skill Level=2");
      session.send("usermove h2e2");
      CHECK(legal_from_start(session.wait_for("move "), "move ", {"h2e2"}));
    }
  }
}

}  // namespace
}  // namespace shuai
