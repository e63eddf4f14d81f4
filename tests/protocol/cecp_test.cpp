// CECP (XBoard) in process, through the session's line interface: the features, a game played by usermove,
// go and move, ping ordering, setboard in both letter sets, the clocks, analyze mode, undo and remove, and
// one Error or Illegal move line for bad input.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <regex>

#include "engine/board/board.h"
#include "engine/protocol/engine_options.h"
#include "tests/support/session_lines.h"

namespace shuai {
namespace {

using test::SessionLines;

// Red to move mates with e1d1 (the black king cannot leave the d file: e9 faces the red king).
constexpr std::string_view kMateInOneFen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";

void boot(SessionLines& session) {
  session.send("xboard");
  session.send("protover 2");
  REQUIRE(session.wait_for("feature done=1"));
  session.send("new");
  session.send("variant xiangqi");
}

// The move of a "move" line, checked legal in `position`, and played there.
bool plays_legal_move(const std::optional<std::string>& line, Position& position) {
  if (!line || !line->starts_with("move ")) return false;
  const auto move = parse_legal_move(position, line->substr(5));
  if (move.move == kNoMove) return false;
  position.make_move(move.move);
  return true;
}

// The line right after a ping: the ping is answered and nothing else came before the answer.
std::optional<std::string> line_then_pong(SessionLines& session, int number) {
  session.send("ping " + std::to_string(number));
  const auto line = session.read_line(5'000);
  if (line == "pong " + std::to_string(number)) return "";
  CHECK(session.read_line(5'000) == "pong " + std::to_string(number));
  return line;
}

TEST_SUITE("threads") {
  TEST_CASE("CECP: protover lists the features and every engine option of the one table") {
    SessionLines session;
    session.send("xboard");
    session.send("protover 2");
    REQUIRE(session.wait_for("feature done=1", 5'000));
    std::string features;
    int options = 0;
    for (const std::string& line : session.read_lines()) {
      features += line + '\n';
      options += line.starts_with("feature option=\"");
    }
    for (const std::string_view feature :
         {"myname=\"Shuai ", "variants=\"xiangqi\"", "setboard=1", "usermove=1", "ping=1", "time=1",
          "memory=1", "smp=1", "analyze=1", "colors=0", "sigint=0", "sigterm=0", "reuse=1", "san=0", "draw=1",
          "done=1"})
      CHECK_MESSAGE(features.find(feature) != std::string::npos, feature);
    CHECK(options ==
          std::count_if(engine_options().begin(), engine_options().end(),
                        [](const EngineOption& option) { return option.in_cecp && option.listed; }));
    CHECK(features.find("feature option=\"MultiPV -spin 1 1 128\"") != std::string::npos);
    CHECK(features.find("feature option=\"Pruning -combo none /// small /// medium /// *large\"") !=
          std::string::npos);
    CHECK(features.find("feature option=\"Clear Hash -button\"") != std::string::npos);
  }

  TEST_CASE("CECP: a game by usermove, go and move: the mate on the board ends it and new starts another") {
    SessionLines session;
    boot(session);
    session.send("level 0 0:10 0.1");
    Position position = *parse_fen(kStartFen).position;
    // The engine plays Black: each move of Red's is answered.
    for (const std::string_view red : {"h2e2", "b0c2", "i0h0"}) {
      INFO(red);
      session.send("time 1000");
      session.send("otim 1000");
      const auto move = parse_legal_move(position, red).move;
      if (move == kNoMove) break;  // the engine's answers made this one illegal: the game so far is enough
      position.make_move(move);
      session.send(fmt::format("usermove {}", red));
      REQUIRE(plays_legal_move(session.wait_for("move "), position));
    }
    // "go" hands the engine the side to move: Red now.
    session.send("go");
    REQUIRE(plays_legal_move(session.wait_for("move "), position));
    CHECK(position.side_to_move() == kBlack);
    // A mate on the board: the engine (Red) mates and says so.
    session.send("force");
    session.send(fmt::format("setboard {}", kMateInOneFen));
    session.send("go");
    CHECK(session.wait_for("move ") == "move e1d1");
    CHECK(session.read_line() == "1-0 {Red mates}");
    session.send("result 1-0 {Red mates}");
    // A second game in the same process (-xreuse): the start position, the engine Black.
    session.send("new");
    session.send("variant xiangqi");
    session.send("usermove h2e2");
    Position second = *parse_fen(kStartFen).position;
    second.make_move(parse_legal_move(second, "h2e2").move);
    CHECK(plays_legal_move(session.wait_for("move "), second));
    // The user mates the engine: the result goes out and the engine does not move.
    session.send("force");
    session.send("setboard 3k5/9/9/9/9/9/9/9/4R4/4K4 w");
    session.send("playother");
    session.send("usermove e1d1");
    CHECK(session.read_line(5'000) == "1-0 {Red mates}");
    CHECK(line_then_pong(session, 1) == "");
  }

  TEST_CASE(
      "CECP: results on the board: stalemate loses, and a perpetual check loses at the third occurrence") {
    SessionLines session;
    boot(session);
    session.send("force");
    session.send("setboard 4k1b2/9/9/9/9/9/9/9/r8/3K5 w");  // Red to move has no move and is not in check
    session.send("go");
    CHECK(line_then_pong(session, 1) == "0-1 {Red is stalemated}");
    session.send("new");
    session.send("force");
    session.send("setboard 4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1");
    for (const std::string_view move : {"a7a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9"})
      session.send(fmt::format("usermove {}", move));
    CHECK(line_then_pong(session, 2) == "");  // twice is not yet a repetition
    session.send("usermove a8a9");
    CHECK(line_then_pong(session, 3) == "0-1 {Red checks perpetually}");
  }

  TEST_CASE("CECP: ping is answered after the engine's move when it came while the engine thought") {
    SessionLines session;
    boot(session);
    session.send("st 1");
    session.send("usermove h2e2");
    session.send("ping 7");
    const auto move = session.read_line(5'000);
    REQUIRE(move);
    CHECK(move->starts_with("move "));
    CHECK(session.read_line(5'000) == "pong 7");
    // "?" moves at once, and the ping behind it waits for the move.
    session.send("force");
    session.send("st 100");
    session.send("go");
    session.send("?");
    session.send("ping 8");
    CHECK(session.read_line(5'000)->starts_with("move "));
    CHECK(session.read_line(5'000) == "pong 8");
    // While the engine thinks: a move of the opponent's is out of turn, and an option has it move at once.
    session.send("new");
    session.send("st 100");
    session.send("usermove h2e2");
    session.send("usermove h9g7");
    session.send("option MultiPV=1");
    session.send("ping 9");
    CHECK(session.read_line(5'000) == "Error (command not legal now): usermove h9g7");
    CHECK(session.read_line(5'000)->starts_with("move "));
    CHECK(session.read_line(5'000) == "pong 9");
  }

  TEST_CASE("CECP: pondering (hard) on the expected move: a hit and a miss both end in a legal move") {
    SessionLines session;
    boot(session);
    session.send("hard");
    session.send("post");
    session.send("st 0.3");
    Position position = *parse_fen(kStartFen).position;
    const auto play = [&](std::string_view red) {
      position.make_move(parse_legal_move(position, red).move);
      session.send(fmt::format("usermove {}", red));
      // The last thinking line before the move names the reply the engine expects, and ponders on.
      std::string expected;
      while (true) {
        const auto line = session.read_line(10'000);
        REQUIRE(line);
        if (plays_legal_move(line, position)) break;
        const auto tab = line->find('\t');
        if (tab != std::string::npos && line->size() >= tab + 10) expected = line->substr(tab + 6, 4);
      }
      return expected;
    };
    const std::string expected = play("h2e2");
    REQUIRE(expected.size() == 4);
    session.send("ping 1");
    CHECK(session.wait_for("pong 1", 1'000));  // pondering does not hold a ping back
    // The hit: the ponder search becomes the move.
    const std::string next = play(expected);
    // The miss: another move than the expected one is searched afresh.
    MoveList moves;
    generate_legal(position, moves);
    const auto other =
        std::find_if(moves.begin(), moves.end(), [&](Move m) { return move_to_iccs(m) != next; });
    REQUIRE(other != moves.end());
    play(move_to_iccs(*other));
    session.send("force");
    session.send("ping 2");
    CHECK(session.wait_for("pong 2", 5'000));
  }

  TEST_CASE("CECP: setboard takes XBoard's letters (H, E, no castling field) and the FEN's") {
    for (const std::string_view fen :
         {"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RHEAKAEHR b 0 1",
          "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1",
          "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"}) {
      INFO(fen);
      SessionLines session;
      boot(session);
      session.send("force");
      session.send(fmt::format("setboard {}", fen));
      session.send("sd 3");
      session.send("go");
      Position position = *parse_fen(fen).position;
      CHECK(plays_legal_move(session.wait_for("move "), position));
    }
  }

  TEST_CASE("CECP: bad input gets one line and changes nothing") {
    SessionLines session;
    boot(session);
    session.send("force");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"usermove a0a5", "Illegal move: a0a5"},
        {"usermove z9z9", "Illegal move: z9z9"},
        {"frobnicate", "Error (unknown command): frobnicate"},
        {"setboard rnbakabnr/9/9/9/9/9/9/9/9/RNBAKQBNR w", "Error (bad FEN"},
        {"level 40 5", "Error (level needs MPS BASE INC): level 40 5"},
        {"level 40 x 0", "Error (level needs MPS BASE INC"},
        {"time soon", "Error (time needs centiseconds): time soon"},
        {"st -1", "Error (st needs seconds): st -1"},
        {"sd 0", "Error (sd needs a depth from 1): sd 0"},
        {"variant chess", "Error (unsupported variant"},
        {"undo", "Error (command not legal now): undo"},
        {"exit", "Error (command not legal now): exit"},
        {"option MultiPV=500", "Error (option MultiPV takes a whole number from 1 to 128, not '500')"},
        {"option Nonsense=1", "Error (unknown option 'Nonsense'): option Nonsense=1"},
        {"memory lots", "Error (memory needs a whole number): memory lots"},
    };
    int ping = 0;
    for (const auto& test_case : cases) {
      // Named copies, not structured bindings: INFO captures in a lambda, which clang 14 refuses for
      // bindings.
      const auto& command = test_case.first;
      const auto& expected = test_case.second;
      INFO(command);
      session.send(command);
      const auto reply = line_then_pong(session, ++ping);
      REQUIRE(reply);
      CHECK(reply->starts_with(expected));
    }
    // Still the start position, Red to move.
    session.send("usermove h2e2");
    session.send("usermove h9g7");
    CHECK(line_then_pong(session, ++ping) == "");
  }

  TEST_CASE("CECP: the clocks: time and level, st and sd bound the engine's thinking") {
    SessionLines session;
    boot(session);
    session.send("post");
    // Fixed depth: no thinking line deeper than sd.
    session.send("sd 4");
    session.send("usermove h2e2");
    REQUIRE(session.wait_for("move "));
    int deepest = 0;
    for (const std::string& line : session.read_lines())
      if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0])))
        deepest = std::max(deepest, std::stoi(line));
    CHECK(deepest == 4);
    // Two seconds left on a 0:02 + 0 clock: a quick move. Moves per session and a fractional increment parse.
    session.send("new");
    session.send("level 40 0:02 0.5");
    session.send("level 0 0:02 0");
    session.send("time 200");
    session.send("otim 200");
    const auto start = SessionLines::Clock::now();
    session.send("usermove h2e2");
    REQUIRE(session.wait_for("move "));
    CHECK(SessionLines::Clock::now() - start < std::chrono::milliseconds(1500));
    // st: a fixed time per move.
    session.send("new");
    session.send("st 0.3");
    const auto st_start = SessionLines::Clock::now();
    session.send("usermove h2e2");
    REQUIRE(session.wait_for("move "));
    CHECK(SessionLines::Clock::now() - st_start < std::chrono::milliseconds(1000));
  }

  TEST_CASE("CECP: analyze mode prints thinking, follows moves, undo and setboard, and exits") {
    SessionLines session;
    boot(session);
    session.send("post");
    session.send("analyze");
    const std::regex thinking(
        R"(^(\d+) (-?\d+) (\d+) (\d+)\t([a-i][0-9][a-i][0-9])( [a-i][0-9][a-i][0-9])*$)");
    const auto first_move_of = [&](int depth) {
      while (true) {
        const auto line = session.read_line(10'000);
        REQUIRE(line);
        std::smatch match;
        if (std::regex_match(*line, match, thinking) && std::stoi(match[1]) >= depth) return match[5].str();
      }
    };
    // The lines of an analysis given up may still be on their way: those after a ping's answer are the new
    // one's.
    int ping = 0;
    const auto skip_earlier_lines = [&] {
      session.send(fmt::format("ping {}", ++ping));
      REQUIRE(session.wait_for(fmt::format("pong {}", ping), 5'000));
    };
    Position position = *parse_fen(kStartFen).position;
    CHECK(parse_legal_move(position, first_move_of(3)).move != kNoMove);
    session.send(".");
    CHECK(session.wait_for("stat01: ", 5'000));
    session.send("usermove h2e2");  // the analysis goes on from Black's side
    skip_earlier_lines();
    position.make_move(parse_legal_move(position, "h2e2").move);
    CHECK(parse_legal_move(position, first_move_of(3)).move != kNoMove);
    session.send("undo");
    skip_earlier_lines();
    position.unmake_move();
    CHECK(parse_legal_move(position, first_move_of(3)).move != kNoMove);
    session.send("setboard 3k5/9/9/9/9/9/9/9/4R4/4K4 w");
    skip_earlier_lines();
    const auto mate = session.wait_for("3 100001 ", 10'000);  // a mate in one, in CECP's form
    REQUIRE(mate);
    CHECK(mate->ends_with("\te1d1"));
    session.send("exit");
    skip_earlier_lines();
    CHECK(line_then_pong(session, ping + 1) == "");  // no analysis after exit
  }

  TEST_CASE("CECP: undo and remove take moves back") {
    SessionLines session;
    boot(session);
    session.send("force");
    session.send("usermove h2e2");
    session.send("usermove h9g7");
    session.send("remove");  // both back: Red to move at the start
    session.send("usermove h2e2");
    session.send("undo");  // Red's back
    session.send("usermove b2e2");
    session.send("usermove h9g7");
    CHECK(line_then_pong(session, 1) == "");
    session.send("undo");
    session.send("undo");
    session.send("undo");
    CHECK(line_then_pong(session, 2) == "Error (command not legal now): undo");
  }

  TEST_CASE("CECP: a draw offer is accepted only where the engine's policy accepts it") {
    SessionLines session;
    boot(session);
    session.send("force");
    session.send("draw");  // the start position: declined in silence
    CHECK(line_then_pong(session, 1) == "");
    session.send("setboard 2bak4/4a4/4b4/9/9/9/9/4B4/4A4/2BAK4 w - - 0 1");  // only guards are left
    session.send("draw");
    CHECK(line_then_pong(session, 2) == "offer draw");
  }
}

}  // namespace
}  // namespace shuai
