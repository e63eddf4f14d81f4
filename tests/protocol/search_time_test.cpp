// How the search spends the time a GUI gives, through pipes to the real program: "go movetime N" searches for
// N milliseconds (not stopping early on a prediction, as a game clock does), UCCI's idle option leaves part
// of the processor to other programs, and style, which could change nothing, is accepted but not offered.
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <string>
#include <thread>

#include "engine/board/board.h"
#include "engine/board/text.h"
#include "search/time_manager.h"
#include "tests/protocol/protocol_checks.h"
#include "tests/support/engine_process.h"

namespace shuai {
namespace {

using test::check_one_line_answer;
using test::EngineProcess;

constexpr std::string_view kMiddlegame =
    "2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/2BAKAB2 w - - 0 1";

// The number after `word` in a line, or -1.
std::int64_t number_after(const std::string& line, std::string_view word) {
  const auto words = split_words(line);
  for (std::size_t i = 0; i + 1 < words.size(); ++i)
    if (words[i] == word) return std::stoll(std::string(words[i + 1]));
  return -1;
}

// One search: its lines up to the answer, and how long the answer took from the go.
struct TimedAnswer {
  std::vector<std::string> lines;
  std::string answer;
  std::int64_t elapsed_ms = 0;
  // The deepest iteration reported finished ("info depth D seldepth ..."), or begun, as the debug mode's
  // currmove lines show it (`marker` " seldepth " or " currmove ").
  int deepest(std::string_view marker) const {
    int depth = 0;
    for (const std::string& line : lines)
      if (line.find(marker) != std::string::npos) depth = std::max(depth, int(number_after(line, "depth")));
    return depth;
  }
  int finished_depth() const { return deepest(" seldepth "); }
  int started_depth() const { return deepest(" currmove "); }
  const std::string& last_info() const {
    return *std::find_if(lines.rbegin(), lines.rend(), [](const std::string& line) {
      return line.find(" seldepth ") != std::string::npos;
    });
  }
};

TimedAnswer timed_go(EngineProcess& engine, const std::string& go) {
  TimedAnswer timed;
  const auto start = EngineProcess::Clock::now();
  engine.send(go);
  while (true) {
    const auto line = engine.read_line(30'000);
    REQUIRE(line);
    if (line->starts_with("bestmove") || line->starts_with("nobestmove")) {
      timed.answer = *line;
      break;
    }
    timed.lines.push_back(*line);
  }
  timed.elapsed_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(EngineProcess::Clock::now() - start).count();
  return timed;
}

// One engine's search of the middlegame for 1.5 s at an idle level: its processor time (from the start of
// the program to its exit) against the wall time, and the speed its last report gives.
struct IdleRun {
  double processor_seconds = 0, wall_seconds = 0;
  std::int64_t nodes = 0, milliseconds = 0;
  double processor_share() const { return processor_seconds / wall_seconds; }
  double speed() const { return double(nodes) / double(std::max<std::int64_t>(milliseconds, 1)); }
};

double children_processor_seconds() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);  // the children that have ended and been collected
  const auto seconds = [](const timeval& time) { return double(time.tv_sec) + double(time.tv_usec) / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

IdleRun run_with_idle(const std::string& level, bool search = true) {
  IdleRun run;
  const double processor_before = children_processor_seconds();
  const auto start = EngineProcess::Clock::now();
  {
    EngineProcess engine;
    engine.send("ucci");
    REQUIRE(engine.wait_for("ucciok"));
    engine.send("setoption idle " + level);
    engine.send(fmt::format("position fen {}", kMiddlegame));
    if (search) {
      const TimedAnswer timed = timed_go(engine, "go movetime 1500");
      REQUIRE(timed.answer.starts_with("bestmove "));
      run.nodes = number_after(timed.last_info(), "nodes");
      run.milliseconds = number_after(timed.last_info(), "time");
    }
    engine.send("quit");
    REQUIRE(engine.exits_within(5'000));  // collected: its processor time is counted now
  }
  run.wall_seconds = std::chrono::duration<double>(EngineProcess::Clock::now() - start).count();
  run.processor_seconds = children_processor_seconds() - processor_before;
  return run;
}

TEST_CASE("a fixed move time starts iterations until its end and keeps the overhead back") {
  TimeManager time;
  time.start({.move_time_ms = 1'000}, 50);
  CHECK(time.maximum_ms() == 950);
  time.start({.move_time_ms = 1'000}, 0);
  CHECK(time.maximum_ms() == 990);  // a small margin at least, for the answer to reach the GUI
  // Past the share of the target where a clock stops (10% here), a move time still starts the next
  // iteration: only its end stops it.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  CHECK(time.should_start_iteration(1.0, 10));
  time.start({.remaining_ms = 60'000}, 50);
  const std::int64_t clock_stop_ms = time.optimum_ms() / 10;
  std::this_thread::sleep_for(std::chrono::milliseconds(clock_stop_ms + 50));
  CHECK_FALSE(time.should_start_iteration(1.0, 10));  // a clock stops early: the next would not finish
}

TEST_SUITE("threads") {
  TEST_CASE("go movetime searches for the time asked and deepens until it is spent in UCI and UCCI") {
    for (const bool uci : {true, false}) {
      INFO(std::string(uci ? "UCI" : "UCCI"));
      EngineProcess engine;
      engine.send(uci ? "uci" : "ucci");
      REQUIRE(engine.wait_for(uci ? "uciok" : "ucciok"));
      // UCCI has no movetime of its own; the UCI word is read there too, in milliseconds either way.
      if (!uci) engine.send("setoption debug true");  // currmove lines show each iteration begun
      engine.send(fmt::format("position fen {}", kMiddlegame));
      const TimedAnswer timed = timed_go(engine, "go movetime 1500");
      MESSAGE(std::string(uci ? "UCI" : "UCCI"), " movetime 1500 answered after ", timed.elapsed_ms,
              " ms at depth ", timed.finished_depth());
      CHECK(timed.answer.starts_with("bestmove "));
      // At least 80% of the time (the move overhead, 50 ms by default, is kept back), and no
      // more than a loaded machine could add.
      CHECK(timed.elapsed_ms >= 1'200);
      CHECK(timed.elapsed_ms <= 1'500 + 2'000);
      REQUIRE_FALSE(timed.lines.empty());
      CHECK(timed.last_info().starts_with("info depth "));
      // Deepening to the end: the iteration after the last one finished had begun when the time ran out (or,
      // rarely, the last one finished just as it ran out, before the next check of the clock).
      if (!uci)
        CHECK((timed.started_depth() > timed.finished_depth() ||
               number_after(timed.last_info(), "time") >= 1'200));
      // Bad forms get one line and start nothing.
      const std::string message = uci ? "info string " : "info message ";
      check_one_line_answer(engine, "go movetime", message + "go: 'movetime' needs a number");
      check_one_line_answer(engine, "go movetime -5", message + "go: 'movetime' needs a number");
      check_one_line_answer(engine, "go movetime soon", message + "go: 'movetime' needs a number");
    }
  }

  TEST_CASE("UCCI idle large leaves most of the processor free and searches more slowly than idle none") {
    {
      EngineProcess engine;
      engine.send("ucci");
      const auto listing = engine.wait_for("option idle ");
      REQUIRE(listing);
      CHECK(*listing == "option idle type combo var none var small var medium var large default none");
      REQUIRE(engine.wait_for("ucciok"));
      check_one_line_answer(engine, "setoption idle enormous",
                            "info message option idle does not take 'enormous'");
      check_one_line_answer(engine, "setoption idle", "info message option idle does not take ''");
    }
    const IdleRun none = run_with_idle("none"), large = run_with_idle("large");
    // The program's start and end alone (its table cleared, under a sanitizer slowly): taken off the large
    // run, so that what is measured is the search's own share.
    const IdleRun start_only = run_with_idle("large", false);
    const double large_search_share = (large.processor_seconds - start_only.processor_seconds) /
                                      (large.wall_seconds - start_only.wall_seconds);
    MESSAGE("processor share: idle none ", none.processor_share(), ", idle large ", large.processor_share(),
            " (searching alone ", large_search_share, "); nodes per ms: idle none ", none.speed(),
            ", idle large ", large.speed());
    // Large leaves three quarters of a core: the search's own time stays well under half of the wall time,
    // however loaded the machine (a load only lowers it).
    CHECK(large_search_share < 0.5);
    // About a quarter of the speed, on a machine that gave the search with none most of a core; a machine
    // too loaded for that gives large as little, and the comparison says nothing.
    if (none.processor_share() > 0.7)
      CHECK(large.speed() < 0.6 * none.speed());
    else
      MESSAGE("the machine is too loaded to compare the speeds");
  }

  TEST_CASE(
      "UCCI style is accepted without a word but not offered since the search has no draw score to move") {
    EngineProcess engine;
    engine.send("ucci");
    REQUIRE(engine.wait_for("ucciok"));
    CHECK(std::none_of(engine.lines().begin(), engine.lines().end(),
                       [](const std::string& line) { return line.starts_with("option style "); }));
    for (const std::string style : {"solid", "normal", "risky", "RISKY"}) {
      engine.send("setoption style " + style);
      engine.send("isready");
      CHECK(engine.read_line(5'000) == "readyok");  // nothing before it
    }
    check_one_line_answer(engine, "setoption style wild", "info message option style does not take 'wild'");
    engine.send("position startpos");
    engine.send("go depth 3");
    CHECK(engine.wait_for("bestmove"));
  }
}

}  // namespace
}  // namespace shuai
