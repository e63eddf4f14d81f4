// UCCI 3.0's own commands as /work/shared/ucci.md gives them, through pipes to the real program: banmoves
// (until the next position), a draw offered with go or ponderhit, probe (any position, even while thinking)
// and setoption threads; every malformed form gets one line and changes nothing.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <string>
#include <thread>

#include "engine/board/board.h"
#include "tests/protocol/protocol_checks.h"
#include "tests/support/engine_process.h"

namespace shuai {
namespace {

using test::check_one_line_answer;
using test::EngineProcess;

// Red mates with e1d1 and nothing else (the black king cannot leave the d file: e9 faces the red king).
constexpr std::string_view kMateInOneFen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
// Black, a rook down, to move: it accepts a draw when one is offered.
constexpr std::string_view kRookDownFen =
    "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";

void boot_ucci(EngineProcess& engine) {
  engine.send("ucci");
  REQUIRE(engine.wait_for("ucciok"));
}

std::string best_move_of(const std::optional<std::string>& line) {
  REQUIRE(line);
  REQUIRE(line->starts_with("bestmove "));
  return line->substr(9, 4);
}

TEST_SUITE("threads") {
  TEST_CASE("UCCI banmoves hold until the next position and a bad list changes nothing") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send(fmt::format("position fen {}", kMateInOneFen));
    engine.send("banmoves e1d1");
    engine.send("go depth 3");
    CHECK(best_move_of(engine.wait_for("bestmove")) != "e1d1");
    engine.send("go depth 3");  // still banned: only a position clears the list
    CHECK(best_move_of(engine.wait_for("bestmove")) != "e1d1");
    // A bad list leaves the one before: the mate stays banned.
    check_one_line_answer(engine, "banmoves e0f0 z0z0", "info message bad move 'z0z0'");
    check_one_line_answer(engine, "banmoves e1e5 e0d0", "info message illegal move 'e0d0'");  // kings facing
    engine.send("go depth 3");
    CHECK(best_move_of(engine.wait_for("bestmove")) != "e1d1");
    engine.send(fmt::format("position fen {}", kMateInOneFen));
    engine.send("go depth 3");
    CHECK(best_move_of(engine.wait_for("bestmove")) == "e1d1");
    // The position line without "position" clears them too.
    engine.send("banmoves e1d1");
    engine.send(fmt::format("fen {}", kMateInOneFen));
    engine.send("go depth 3");
    CHECK(best_move_of(engine.wait_for("bestmove")) == "e1d1");
  }

  TEST_CASE("UCCI draw offers with go and with ponderhit and malformed ones") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send(fmt::format("position fen {}", kRookDownFen));
    engine.send("go depth 3");
    CHECK_FALSE(engine.wait_for("bestmove")->ends_with(" draw"));  // nobody offered
    engine.send("go draw depth 3");
    CHECK(engine.wait_for("bestmove")->ends_with(" draw"));
    check_one_line_answer(engine, "go draw depth", "info message go: 'depth' needs a number");
    engine.send("go ponder depth 3");
    REQUIRE(engine.wait_for("info depth 3 "));  // searched: it waits for the ponderhit, silent
    check_one_line_answer(engine, "ponderhit sideways", "info message ponderhit takes only 'draw'");
    check_one_line_answer(engine, "ponderhit draw now", "info message ponderhit takes only 'draw'");
    CHECK_FALSE(engine.wait_for("bestmove", 300));  // still pondering: the bad ponderhits were not taken
    engine.send("ponderhit draw");
    CHECK(engine.wait_for("bestmove")->ends_with(" draw"));
    engine.send("go ponder depth 3");
    engine.send("ponderhit");
    CHECK_FALSE(engine.wait_for("bestmove")->ends_with(" draw"));
  }

  TEST_CASE("UCCI probe answers pophash for any position even while thinking and refuses bad ones") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send("position startpos moves h2e2 h9g7");
    engine.send("go depth 6");
    const std::string best = best_move_of(engine.wait_for("bestmove"));
    engine.send("probe startpos moves h2e2 h9g7");
    const auto stored = engine.wait_for("pophash");
    REQUIRE(stored);
    CHECK(stored->starts_with("pophash bestmove " + best));
    CHECK(stored->find(" depth ") != std::string::npos);
    engine.send(fmt::format("probe fen {} moves h2e2 h9g7", kStartFen));  // the same position
    CHECK(engine.wait_for("pophash") == stored);
    engine.send("probe");  // no position: the session's
    CHECK(engine.wait_for("pophash") == stored);
    engine.send("probe fen 4k4/9/9/9/9/9/9/9/9/3K5 w");  // never searched
    CHECK(engine.wait_for("pophash") == "pophash");
    check_one_line_answer(engine, "probe fen", "info message position needs");
    check_one_line_answer(engine, "probe fen 4k4/9/9/9/9/9/9/9/9/3K5 x", "info message bad FEN");
    check_one_line_answer(engine, "probe startpos moves h2e2 h2e2", "info message illegal move 'h2e2'");
    // While thinking: answered at once from the table the search fills.
    engine.send("position startpos");
    engine.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto start = EngineProcess::Clock::now();
    engine.send("probe startpos");
    const auto root = engine.wait_for("pophash", 2'000);
    REQUIRE(root);
    CHECK(root->starts_with("pophash bestmove "));
    CHECK(EngineProcess::Clock::now() - start < std::chrono::seconds(1));  // not at the search's end
    engine.send("stop");
    REQUIRE(engine.wait_for("bestmove"));
    // The session's position is still the one searched.
    engine.send("probe");
    CHECK(engine.wait_for("pophash")->starts_with("pophash bestmove "));
  }

  TEST_CASE("UCCI setoption threads N searches on N threads and a bad count changes nothing") {
    EngineProcess engine;
    boot_ucci(engine);
    engine.send("setoption debug true");  // each search's note names its threads and split points
    const auto search_note = [&] {
      engine.send("position startpos moves h2e2 h9g7");
      engine.send("go depth 8");
      const auto note = engine.wait_for("info message MHT probes ");
      REQUIRE(engine.wait_for("bestmove"));
      REQUIRE(note);
      return note->substr(note->find(", threads ") + 2);
    };
    CHECK(search_note() == "threads 1 splits 0");
    engine.send("setoption threads 2");
    const std::string two = search_note();
    CHECK(two.starts_with("threads 2 splits "));
    CHECK(two != "threads 2 splits 0");  // the helper worked
    check_one_line_answer(engine, "setoption threads 513",
                          "info message option threads takes a whole number");
    check_one_line_answer(engine, "setoption threads two",
                          "info message option threads takes a whole number");
    CHECK(search_note().starts_with("threads 2 "));
    engine.send("setoption threads 0");  // one per processor
    CHECK(search_note().starts_with(
        fmt::format("threads {} ", std::max(1u, std::thread::hardware_concurrency()))));
    engine.send("setoption threads 1");
    CHECK(search_note() == "threads 1 splits 0");
  }
}

}  // namespace
}  // namespace shuai
