// What real Windows Xiangqi GUIs send, through pipes to the real program: the Cyclone engine's "UCI"
// (position lines without the word "position", no UCI_Variant), CR LF line ends in every protocol, and a GUI
// that tries "uci" and then "ucci" (or the reverse) to learn which one the engine speaks.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <thread>

#include "engine/board/board.h"
#include "tests/protocol/protocol_checks.h"
#include "tests/support/engine_process.h"
#include "tests/support/session_lines.h"

namespace shuai {
namespace {

using test::check_one_line_answer;
using test::EngineProcess;
using test::is_legal_answer;

// Red mates with e1d1 and nothing else (the black king cannot leave the d file: e9 faces the red king); the
// move is illegal from the start, so answering it shows the position was taken.
constexpr std::string_view kMateInOneFen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";

// The info lines and the answer of one search.
struct SearchLines {
  std::vector<std::string> infos;
  std::string answer;
};

SearchLines read_search(EngineProcess& engine) {
  SearchLines lines;
  while (true) {
    const auto line = engine.read_line(30'000);
    REQUIRE(line);
    if (line->starts_with("bestmove") || line->starts_with("nobestmove")) {
      lines.answer = *line;
      return lines;
    }
    if (line->starts_with("info depth")) lines.infos.push_back(*line);
  }
}

TEST_SUITE("threads") {
  TEST_CASE("the Cyclone dialect: fen and startpos lines without the word position in UCI and UCCI") {
    for (const std::string protocol : {"uci", "ucci"}) {
      INFO(protocol);
      const std::string message = protocol == "uci" ? "info string " : "info message ";
      EngineProcess engine;
      engine.send(protocol);  // and no UCI_Variant: Chinese GUIs never send it
      REQUIRE(engine.wait_for(protocol + "ok"));
      engine.send("isready");
      REQUIRE(engine.wait_for("readyok"));
      engine.send(fmt::format("fen {}", kMateInOneFen));
      engine.send("go depth 3");
      CHECK(engine.wait_for("bestmove") == "bestmove e1d1");
      engine.send("startpos moves h2e2 h9g7");
      engine.send("go depth 4");
      CHECK(is_legal_answer(engine.wait_for("bestmove"), kStartFen, {"h2e2", "h9g7"}));
      engine.send(fmt::format("fen {} moves h2e2 h9g7 b0c2", kStartFen));
      engine.send("go depth 4");
      CHECK(is_legal_answer(engine.wait_for("bestmove"), kStartFen, {"h2e2", "h9g7", "b0c2"}));
      engine.send(fmt::format("fen {}", kMateInOneFen));
      // Bad forms: one line each, and the position stays the mate in one.
      check_one_line_answer(engine, "fen", message + "position needs");
      check_one_line_answer(engine, "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w",
                            message + "bad FEN");
      check_one_line_answer(engine, "startpos moves h2e2 z9z9", message + "bad move 'z9z9'");
      check_one_line_answer(engine, fmt::format("fen {} moves h2e2 h2e2", kStartFen),
                            message + "illegal move 'h2e2'");
      engine.send("go depth 3");
      CHECK(engine.wait_for("bestmove") == "bestmove e1d1");
      // Like "position", refused while a search runs.
      engine.send("go infinite");
      engine.send("startpos");
      CHECK(engine.wait_for(message + "'startpos' ignored while thinking"));
      engine.send("stop");
      CHECK(engine.wait_for("bestmove") == "bestmove e1d1");
    }
  }

  TEST_CASE("CR LF line ends are ignored in UCCI and in UCI and in CECP") {
    constexpr std::string_view kCr = "\r";
    {
      EngineProcess engine;
      engine.send("ucci\r");
      REQUIRE(engine.wait_for("ucciok"));
      engine.send("setoption usemillisec true\r");
      engine.send("setoption multipv 2\r");
      engine.send("position startpos moves h2e2\r");
      engine.send("go time 60000 increment 0 opptime 60000\r");
      const SearchLines search = read_search(engine);
      CHECK(is_legal_answer(search.answer, kStartFen, {"h2e2"}));
      // The clock may stop an iteration after its first line, so the second line is looked for in them all.
      CHECK(std::any_of(search.infos.begin(), search.infos.end(), [](const std::string& info) {
        return info.find(" multipv 2 ") != std::string::npos;
      }));
      check_one_line_answer(engine, "frobnicate", "info message unknown command 'frobnicate'", "\r");
      check_one_line_answer(engine, "setoption knowledge enormous",
                            "info message option knowledge does not take 'enormous'", "\r");
      engine.send("quit\r");
      CHECK(engine.wait_for("bye", 2'000));
      CHECK(engine.exits_within(2'000));
    }
    {
      EngineProcess engine;
      engine.send("uci\r");
      REQUIRE(engine.wait_for("uciok"));
      engine.send("setoption name Hash value 16\r");
      engine.send("setoption name Clear Hash\r");
      engine.send("isready\r");
      REQUIRE(engine.read_line(5'000) == "readyok");  // nothing before it: both options were taken
      engine.send("ucinewgame\r");
      engine.send("position startpos moves h2e2 h9g7\r");
      engine.send("go wtime 10000 btime 10000 winc 100 binc 100\r");
      const SearchLines search = read_search(engine);
      CHECK(is_legal_answer(search.answer, kStartFen, {"h2e2", "h9g7"}));
      CHECK(search.infos.back().find(" score cp ") != std::string::npos);
      check_one_line_answer(engine, "go sideways 3", "info string go: unknown word 'sideways'", "\r");
      engine.send("quit\r");
      CHECK(engine.exits_within(2'000));
    }
    {
      EngineProcess engine;
      for (const std::string command : {"xboard", "protover 2"}) engine.send(command + std::string(kCr));
      REQUIRE(engine.wait_for("feature done=1"));
      for (const std::string command : {"new", "variant xiangqi", "sd 4", "post", "usermove h2e2"})
        engine.send(command + std::string(kCr));
      const auto move = engine.wait_for("move ");
      REQUIRE(move);
      auto position = *parse_fen(kStartFen).position;
      position.make_move(parse_legal_move(position, "h2e2").move);
      CHECK(parse_legal_move(position, move->substr(5)).move != kNoMove);
      engine.send("frobnicate\r");
      CHECK(engine.wait_for("Error") == "Error (unknown command): frobnicate");
      engine.send("ping 7\r");
      CHECK(engine.wait_for("pong") == "pong 7");
      engine.send("quit\r");
      CHECK(engine.exits_within(2'000));
    }
    // A pipe's reader drops the CR at a line's end, so what the engine writes is checked in process: an
    // error quotes the command back without the CR it came with.
    test::SessionLines session;
    session.send("xboard\r");
    session.send("frobnicate\r");
    CHECK(session.wait_for("Error") == "Error (unknown command): frobnicate");
  }

  TEST_CASE("a GUI that tries uci then ucci gets one UCCI session and the reverse order one UCI session") {
    for (const bool ucci_last : {true, false}) {
      const std::string first = ucci_last ? "uci" : "ucci", last = ucci_last ? "ucci" : "uci";
      INFO(first, " then ", last);
      EngineProcess engine;
      engine.send(first);
      REQUIRE(engine.wait_for(first + "ok"));
      // Options set in the first protocol stay set.
      engine.send(ucci_last ? "setoption name MultiPV value 2" : "setoption multipv 2");
      std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the GUI waits for an answer it knows
      const std::size_t first_listing = engine.lines().size();
      engine.send(last);
      REQUIRE(engine.wait_for(last + "ok"));
      // The second boot command gets the full listing of its protocol.
      const std::vector<std::string> listing(engine.lines().begin() + std::ptrdiff_t(first_listing),
                                             engine.lines().end());
      CHECK(listing.front().starts_with("id name Shuai"));
      if (ucci_last) {
        CHECK(std::count(listing.begin(), listing.end(), "option usemillisec type check default false") == 1);
        CHECK(std::find_if(listing.begin(), listing.end(), [](const std::string& line) {
                return line.starts_with("id version ");
              }) != listing.end());
      } else {
        CHECK(std::count(listing.begin(), listing.end(),
                         "option name Hash type spin default 64 min 0 max 65536") == 1);
      }
      CHECK(std::count(engine.lines().begin(), engine.lines().end(), "uciok") == 1);
      CHECK(std::count(engine.lines().begin(), engine.lines().end(), "ucciok") == 1);
      // Searches and answers in the last protocol's form, with the options kept.
      engine.send("position startpos moves h2e2");
      engine.send("go depth 5");
      const SearchLines search = read_search(engine);
      REQUIRE_FALSE(search.infos.empty());
      const std::string& deepest = search.infos.back();
      CHECK(deepest.starts_with("info depth 5 "));
      CHECK(deepest.find(" multipv 2 ") != std::string::npos);
      CHECK((deepest.find(" score cp ") != std::string::npos) == !ucci_last);
      CHECK(is_legal_answer(search.answer, kStartFen, {"h2e2"}));
      // The clock is read in the last protocol's unit: UCCI seconds, UCI milliseconds (an answer in about a
      // second either way; read in the other unit it would take minutes, or come at once).
      const auto start = EngineProcess::Clock::now();
      engine.send(ucci_last ? "go time 30 opptime 30" : "go wtime 30000 btime 30000");
      CHECK(is_legal_answer(engine.wait_for("bestmove", 10'000), kStartFen, {"h2e2"}));
      CHECK(EngineProcess::Clock::now() - start > std::chrono::milliseconds(200));
      const std::string message = ucci_last ? "info message " : "info string ";
      check_one_line_answer(engine, "frobnicate", message + "unknown command 'frobnicate'");
      // A boot command while thinking is refused with one line and the session stays as it is.
      engine.send("go infinite");
      engine.send(first);
      CHECK(engine.wait_for(message + fmt::format("'{}' ignored while thinking", first)));
      engine.send("stop");
      CHECK(is_legal_answer(engine.wait_for("bestmove"), kStartFen, {"h2e2"}));
      check_one_line_answer(engine, "frobnicate", message + "unknown command 'frobnicate'");
      engine.send("quit");
      if (ucci_last) CHECK(engine.wait_for("bye", 2'000));
      CHECK(engine.exits_within(2'000));
    }
  }
}

}  // namespace
}  // namespace shuai
