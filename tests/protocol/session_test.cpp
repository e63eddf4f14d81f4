// The engine as GUIs see it: the real binary driven through pipes in UCCI and in UCI.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <thread>

#include "engine/board/board.h"
#include "tests/protocol/protocol_checks.h"
#include "tests/support/engine_process.h"

namespace shuai {
namespace {

using test::check_one_line_answer;
using test::EngineProcess;
using test::is_legal_answer;

void boot_ucci(EngineProcess& engine) {
  engine.send("ucci");
  REQUIRE(engine.wait_for("ucciok"));
}

TEST_SUITE("threads") {
  TEST_CASE("UCCI boot lists the options and searches to a depth") {
    EngineProcess engine;
    engine.send("ucci");
    REQUIRE(engine.wait_for("ucciok"));
    const auto& lines = engine.lines();
    CHECK(lines.front().starts_with("id name Shuai"));
    CHECK(std::count(lines.begin(), lines.end(), "option usemillisec type check default false") == 1);
    engine.send("setoption debug true");
    engine.send("position startpos moves h2e2");
    engine.send("go depth 5");
    CHECK(engine.wait_for("info depth 5 currmove "));
    const auto info = engine.wait_for("info depth 5 seldepth");
    REQUIRE(info);
    CHECK(info->find(" pv ") != std::string::npos);
    CHECK(is_legal_answer(engine.wait_for("bestmove"), kStartFen, {"h2e2"}));
  }

  TEST_CASE("UCCI pondering: ponderhit and the miss case") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send("setoption usemillisec true");
    engine.send("position startpos moves h2e2 h9g7");
    engine.send("go ponder time 60000 increment 0");
    CHECK_FALSE(engine.wait_for("bestmove", 300));  // pondering never answers on its own
    engine.send("ponderhit");
    CHECK(is_legal_answer(engine.wait_for("bestmove", 10'000), kStartFen, {"h2e2", "h9g7"}));
    // The opponent played another move: the GUI stops the ponder search and starts afresh.
    engine.send("position startpos moves h2e2 b9c7");
    engine.send("go ponder time 60000");
    CHECK_FALSE(engine.wait_for("bestmove", 300));
    engine.send("stop");
    REQUIRE(engine.wait_for("bestmove", 2'000));
    engine.send("position startpos moves h2e2 h9g7 b0c2");
    engine.send("go time 2000");
    CHECK(is_legal_answer(engine.wait_for("bestmove", 3'000), kStartFen, {"h2e2", "h9g7", "b0c2"}));
  }

  TEST_CASE("UCCI batch mode runs each search before reading on") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send("setoption batch true");
    engine.send("position startpos");
    engine.send("go depth 4");
    engine.send("position startpos moves h2e2");
    engine.send("go depth 4");
    CHECK(is_legal_answer(engine.wait_for("bestmove")));
    CHECK(is_legal_answer(engine.wait_for("bestmove"), kStartFen, {"h2e2"}));
  }

  TEST_CASE("stop while idle answers nobestmove and quit while thinking ends at once") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send("stop");
    CHECK(engine.wait_for("nobestmove", 2'000));
    engine.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    check_quit_ends_at_once(engine);
  }

  TEST_CASE("stop answers within 100 ms") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto start = EngineProcess::Clock::now();
    engine.send("stop");
    REQUIRE(is_legal_answer(engine.wait_for("bestmove", 2'000)));
    const auto latency =
        std::chrono::duration_cast<std::chrono::milliseconds>(EngineProcess::Clock::now() - start);
    MESSAGE("stop latency ", latency.count(), " ms");
    CHECK(latency.count() < 100);
    // A stop sent right behind its go (found by the fuzzer: it once hung the engine).
    engine.send("go infinite");
    engine.send("stop");
    CHECK(is_legal_answer(engine.wait_for("bestmove", 2'000)));
  }

  TEST_CASE("probe after a search returns the stored move and bounds") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send("position startpos");
    engine.send("go depth 6");
    const auto best = engine.wait_for("bestmove");
    REQUIRE(is_legal_answer(best));
    engine.send("probe startpos");
    const auto answer = engine.wait_for("pophash");
    REQUIRE(answer);
    CHECK(answer->find("bestmove " + best->substr(9, 4)) != std::string::npos);
    CHECK(answer->find("depth") != std::string::npos);
    engine.send("probe fen 4k4/9/9/9/9/9/9/9/9/3K5 w");  // never searched
    CHECK(engine.wait_for("pophash") == "pophash");
  }

  TEST_CASE("draws are offered in dead-drawn positions and accepted when worse") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send("position fen 2bak4/4a4/4b4/9/9/9/9/4B4/4A4/2BAK4 w - - 0 1");  // only guards are left
    engine.send("go depth 3");
    CHECK(engine.wait_for("bestmove")->ends_with(" draw"));
    engine.send("position startpos");
    engine.send("go depth 3");
    CHECK_FALSE(engine.wait_for("bestmove")->ends_with(" draw"));
    // A rook down, Black accepts an offered draw; a rook up, Red declines it.
    engine.send("position fen rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    engine.send("go draw depth 3");
    CHECK(engine.wait_for("bestmove")->ends_with(" draw"));
    engine.send("position fen rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    engine.send("go draw depth 3");
    CHECK_FALSE(engine.wait_for("bestmove")->ends_with(" draw"));
    // The offer may also come with the ponderhit.
    engine.send("position fen rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    engine.send("go ponder depth 3");
    engine.send("ponderhit draw");
    CHECK(engine.wait_for("bestmove")->ends_with(" draw"));
  }

  TEST_CASE("repetitions: a ruled third occurrence is reported, and a drawing one is claimed with the move") {
    EngineProcess engine;
    boot_ucci(engine);
    // Red's rook has chased the black cannon up and down the i file until the third occurrence.
    engine.send(
        "position fen 3k5/9/9/R8/8c/9/9/9/9/4K4 w - - 0 1 moves a6a5 i5i6 a5a6 i6i5 a6a5 i5i6 a5a6 i6i5");
    const auto ruling = engine.wait_for("info message the position has occurred three times");
    REQUIRE(ruling);
    CHECK(ruling->find("red loses (red: perpetual chase, black: allowed)") != std::string::npos);
    // Black, a rook down, steps its king back to e9 for the third time: an idle repetition, claimed.
    engine.send("position fen 4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1 moves a7a6 e9e8 a6a7 e8e9 a7a6 e9e8 a6a7");
    engine.send("go depth 6");
    CHECK(engine.wait_for("bestmove") == "bestmove e8e9 draw");
  }

  TEST_CASE("banned moves are not played") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send("position startpos");
    engine.send("go depth 4");
    const auto first = engine.wait_for("bestmove");
    REQUIRE(is_legal_answer(first));
    const std::string banned = first->substr(9, 4);
    engine.send("banmoves " + banned);
    engine.send("go depth 4");
    const auto second = engine.wait_for("bestmove");
    REQUIRE(is_legal_answer(second));
    CHECK(second->substr(9, 4) != banned);
  }

  TEST_CASE("a UCI session as a Stockfish-family GUI sends it") {
    EngineProcess engine;
    engine.send("uci");
    REQUIRE(engine.wait_for("uciok"));
    CHECK(std::count(engine.lines().begin(), engine.lines().end(),
                     "option name Hash type spin default 64 min 0 max 65536") == 1);
    engine.send("setoption name UCI_Variant value xiangqi");
    engine.send("setoption name Hash value 32");
    engine.send("setoption name Clear Hash");
    engine.send("isready");
    REQUIRE(engine.wait_for("readyok"));
    engine.send("ucinewgame");
    engine.send("position startpos moves h2e2 h9g7");
    engine.send("go wtime 20000 btime 20000 winc 100 binc 100");
    const auto info = engine.wait_for("info depth 3");
    REQUIRE(info);
    CHECK(info->find("score cp ") != std::string::npos);
    CHECK(is_legal_answer(engine.wait_for("bestmove", 5'000), kStartFen, {"h2e2", "h9g7"}));
    // A mate in one is announced as "score mate 1".
    engine.send("position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    engine.send("go depth 3");
    CHECK(engine.wait_for("info depth 3")->find("score mate") != std::string::npos);
    CHECK(engine.wait_for("bestmove"));
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos");
    engine.send("go depth 4");
    for (const std::string line : {"1", "2", "3"})
      CHECK(engine.wait_for("info depth 4")->find("multipv " + line + " ") != std::string::npos);
    CHECK(engine.wait_for("bestmove"));
    engine.send("setoption name MultiPV value 1");
    engine.send("position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    engine.send("go perft 2");
    CHECK(engine.wait_for("Nodes searched:") == "Nodes searched: 15");  // as `shuai perft 2` counts it
  }

  TEST_CASE("bad input gets one line and leaves the state as it was") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send("position startpos moves h2e2");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w",
         "info message bad FEN"},
        {"position fen", "info message position needs"},
        {"position startpos moves h2e2 z9z9", "info message bad move 'z9z9'"},
        {"position startpos moves h2e2 h2e2", "info message illegal move 'h2e2'"},
        {"banmoves a0a5", "info message illegal move 'a0a5'"},
        {"frobnicate", "info message unknown command 'frobnicate'"},
        {"setoption hashsize abc", "info message option hashsize takes a whole number"},
        {"setoption hashsize 99999999", "info message option hashsize takes a whole number"},
        {"setoption hashsize 65536", "info message hashsize 65536 MB is more than this machine can give"},
        {"setoption threads -1", "info message option threads takes a whole number"},
        {"setoption promotion true", "info message promotion of advisors and elephants is not supported"},
        {"setoption nosuchoption 3", "info message unknown option 'nosuchoption' ignored"},
        {"setoption knowledge enormous", "info message option knowledge does not take 'enormous'"},
        {"go depth", "info message go: 'depth' needs a number"},
        {"go time abc", "info message go: 'time' needs a number"},
        {"go sideways 3", "info message go: unknown word 'sideways'"},
    };
    for (const auto& bad_input : cases) check_one_line_answer(engine, bad_input.first, bad_input.second);
    // The position is still the one before the bad commands: Black to move after h2e2.
    engine.send("go depth 3");
    CHECK(is_legal_answer(engine.wait_for("bestmove"), kStartFen, {"h2e2"}));
    engine.close_input();  // end of input counts as quit
    CHECK(engine.wait_for("bye", 2'000));
    CHECK(engine.exits_within(2'000));
  }

  TEST_CASE("a parameter file changes the evaluation, and a bad one changes nothing") {
    const std::string good = "/tmp/shuai_parameters_test_" + std::to_string(::getpid()) + ".txt";
    const std::string bad = good + ".bad";
    std::ofstream(good) << "# the side to move is worth far more\ntempo 300\n";
    std::ofstream(bad) << "tempo 300\nrook_speed 3\n";
    EngineProcess engine;
    boot_ucci(engine);
    const auto depth_one_score = [&] {
      engine.send("position startpos moves h2e2");
      engine.send("go depth 1");
      const auto info = engine.wait_for("info depth 1 ");
      REQUIRE(info);
      REQUIRE(engine.wait_for("bestmove"));
      const auto at = info->find(" score ");
      REQUIRE(at != std::string::npos);
      return std::stoi(info->substr(at + 7));
    };
    const int defaults = depth_one_score();
    engine.send("setoption parameterfile " + bad);
    CHECK(engine.wait_for("info message parameter file: unknown parameter 'rook_speed'"));
    CHECK(depth_one_score() == defaults);
    engine.send("setoption parameterfile " + good);
    const int changed = depth_one_score();
    CHECK(changed != defaults);
    engine.send("setoption parameterfile /nonexistent/parameters.txt");
    CHECK(engine.wait_for("info message parameter file: cannot read"));
    CHECK(depth_one_score() == changed);
    engine.send("setoption parameterfile <empty>");
    CHECK(depth_one_score() == defaults);
    std::remove(good.c_str());
    std::remove(bad.c_str());
  }

  TEST_CASE("a search parameter file changes the search, and a bad one changes nothing") {
    const std::string good = "/tmp/shuai_search_parameters_test_" + std::to_string(::getpid()) + ".txt";
    const std::string bad = good + ".bad";
    std::ofstream(good) << "# prune quiet moves much earlier\nlate_move_percent 15\nlate_move_max_depth 20\n";
    std::ofstream(bad) << "late_move_percent 15\nreduction_cut_node 9\n";  // out of range
    EngineProcess engine;
    boot_ucci(engine);
    // One thread and cleared tables: the node count is the search's fingerprint.
    const auto depth_six_nodes = [&] {
      engine.send("setoption newgame");
      engine.send("position startpos moves h2e2");
      engine.send("go depth 6");
      const auto info = engine.wait_for("info depth 6 ");
      REQUIRE(info);
      REQUIRE(engine.wait_for("bestmove"));
      const auto at = info->find(" nodes ");
      REQUIRE(at != std::string::npos);
      return std::stoll(info->substr(at + 7));
    };
    const auto defaults = depth_six_nodes();
    engine.send("setoption searchparameterfile " + bad);
    CHECK(engine.wait_for("info message search parameter file: reduction_cut_node takes 0 to 4, not 9"));
    CHECK(depth_six_nodes() == defaults);
    engine.send("setoption searchparameterfile " + good);
    const auto changed = depth_six_nodes();
    CHECK(changed != defaults);
    engine.send("setoption searchparameterfile /nonexistent/parameters.txt");
    CHECK(engine.wait_for("info message search parameter file: cannot read"));
    CHECK(depth_six_nodes() == changed);
    engine.send("setoption searchparameterfile <empty>");
    CHECK(depth_six_nodes() == defaults);
    std::remove(good.c_str());
    std::remove(bad.c_str());
  }

  TEST_CASE("before a protocol is chosen the engine hints and waits") {
    EngineProcess engine;
    engine.send("hello");
    const auto hint =
        engine.read_line(10'000);  // generous: a sanitizer build on a loaded machine starts slowly
    REQUIRE(hint);
    CHECK(hint->find("send 'ucci' or 'uci' first") != std::string::npos);
    engine.send("uci");
    CHECK(engine.wait_for("uciok"));
    engine.send("setoption name UCI_Variant value chess");
    CHECK(engine.wait_for("info string variant 'chess' is not supported"));
  }
}

}  // namespace
}  // namespace shuai
