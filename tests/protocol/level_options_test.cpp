// The playing level from the one option table in every protocol: set, it plays a legal move at once; out of
// range, it gets the protocol's one line and the level stays as it was.
#include <doctest/doctest.h>

#include <string>

#include "engine/board/board.h"
#include "tests/protocol/protocol_checks.h"
#include "tests/support/session_lines.h"

namespace shuai {
namespace {

using test::is_legal_answer;
using test::SessionLines;

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
        CHECK(is_legal_answer(session.wait_for("bestmove"), kStartFen, {"h2e2"}));
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
      CHECK(is_legal_answer(session.wait_for("bestmove")));
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
      CHECK(is_legal_answer(session.wait_for("move "), kStartFen, {"h2e2"}, "move "));
    }
  }
}

}  // namespace
}  // namespace shuai
