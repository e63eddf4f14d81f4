// Long commands run on the worker: a `go perft 99` (counted to depth 12) answers stop, isready and quit at
// once, in UCCI and in UCI, as a search does.
#include <doctest/doctest.h>

#include "tests/support/engine_process.h"

namespace shuai {
namespace {

using test::EngineProcess;

TEST_SUITE("threads") {
  TEST_CASE("go perft 99 answers isready and stops at once, with the root moves it counted") {
    for (const std::string protocol : {"ucci", "uci"}) {
      INFO(protocol);
      EngineProcess engine;
      engine.send(protocol);
      REQUIRE(engine.wait_for(protocol + "ok"));
      engine.send("position startpos");
      engine.send("go perft 99");
      engine.send("isready");
      CHECK(engine.wait_for("readyok", 2'000));
      engine.send("position startpos moves h2e2");  // refused while counting: the count is of the start
      const auto start = EngineProcess::Clock::now();
      engine.send("stop");
      const auto stopped = engine.wait_for(
          protocol == "ucci" ? "info message perft 12 stopped: " : "info string perft 12 stopped: ", 2'000);
      REQUIRE(stopped);
      CHECK(stopped->find("of 44 root moves counted") != std::string::npos);
      CHECK(EngineProcess::Clock::now() - start < std::chrono::seconds(1));
      // The engine is idle again: a perft now runs to its end.
      engine.send("go perft 2");
      CHECK(engine.wait_for("Nodes searched:", 5'000) == "Nodes searched: 1920");
    }
  }

  TEST_CASE("quit during go perft 99 ends the engine at once") {
    EngineProcess engine;
    engine.send("ucci");
    REQUIRE(engine.wait_for("ucciok"));
    engine.send("go perft 99");
    check_quit_ends_at_once(engine);
  }
}

}  // namespace
}  // namespace shuai
