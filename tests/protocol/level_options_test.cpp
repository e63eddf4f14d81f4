// The playing level from the one option table in every protocol: set, it plays a legal move at once; out of
// range, it gets the protocol's one line and the level stays as it was.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "engine/board/board.h"
#include "search/playing_level.h"
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
      // UCI_Elo: its range is the levels' ratings; without UCI_LimitStrength it is kept, said so in one line,
      // and play is as before (the same search, node for node); with it, the level of that rating plays.
      SessionLines session;
      session.send("uci");
      REQUIRE(session.wait_for("option name UCI_LimitStrength type check default false"));
      const std::string range = fmt::format("min {} max {}", kLevelRatings.front(), kLevelRatings.back());
      REQUIRE(session.wait_for("option name UCI_Elo type spin default " +
                               std::to_string(kLevelRatings.back()) + " " + range));
      const auto searched = [&] {
        session.send("setoption name Clear Hash");
        session.send("position startpos moves h2e2");
        session.send("go depth 6");
        const std::string last_info = session.wait_for("info depth 6").value_or("");
        // The nodes and the line, not the speed.
        const std::size_t nodes = std::min(last_info.size(), last_info.find(" nodes "));
        const std::size_t speed = std::min(last_info.size(), last_info.find(" nps "));
        const std::size_t line = std::min(last_info.size(), last_info.find(" pv "));
        return last_info.substr(nodes, speed - std::min(nodes, speed)) + last_info.substr(line) + " " +
               session.wait_for("bestmove").value_or("");
      };
      const std::string full_strength = searched();
      session.send("setoption name UCI_Elo value 99999");
      CHECK(session.wait_for("info string") == "info string option UCI_Elo takes a whole number from " +
                                                   std::to_string(kLevelRatings.front()) + " to " +
                                                   std::to_string(kLevelRatings.back()) + ", not '99999'");
      session.send("setoption name UCI_Elo value " + std::to_string(kLevelRatings[2]));
      CHECK(
          session.wait_for("info string") ==
          fmt::format("info string UCI_Elo {} takes effect only with UCI_LimitStrength on: play is unchanged",
                      kLevelRatings[2]));
      CHECK(searched() == full_strength);
      session.send("setoption name UCI_LimitStrength value true");
      session.send("position startpos moves h2e2");
      session.send("go wtime 60000 btime 60000");
      CHECK(is_legal_answer(session.wait_for("bestmove"), kStartFen, {"h2e2"}));
    }
    {
      // UCCI spells them limitstrength and elo.
      SessionLines session;
      session.send("ucci");
      REQUIRE(session.wait_for("option limitstrength type check default false"));
      session.send("setoption limitstrength true");
      session.send("setoption elo " + std::to_string(kLevelRatings[10]));
      session.send("position startpos");
      session.send("go time 60000");
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
      session.send(fmt::format("option UCI_Elo={}", kLevelRatings[4]));
      CHECK(session.wait_for("#") ==
            fmt::format("# UCI_Elo {} takes effect only with UCI_LimitStrength on: play is unchanged",
                        kLevelRatings[4]));
      session.send("option Skill Level=2");
      session.send("usermove h2e2");
      CHECK(is_legal_answer(session.wait_for("move "), kStartFen, {"h2e2"}, "move "));
    }
  }
}

}  // namespace
}  // namespace shuai
