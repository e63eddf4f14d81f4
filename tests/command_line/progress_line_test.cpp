// The tools' progress display: its texts, and what each log policy writes into a log (not a terminal).
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/command_line/progress.h"
#include "tests/support/temporary_file.h"

namespace shuai {
namespace {

std::string contents(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST_CASE("progress texts: clock, bar and time left") {
  CHECK(clock_text(0) == "0:00");
  CHECK(clock_text(59.6) == "1:00");
  CHECK(clock_text(3599) == "59:59");
  CHECK(clock_text(3600 + 62) == "1:01:02");
  CHECK(progress_bar(0, 10, 10) == "[..........]");
  CHECK(progress_bar(3, 10, 10) == "[###.......]");
  CHECK(progress_bar(12, 10, 4) == "[####]");  // past the end: full, never wider
  CHECK(progress_bar(5, 0, 4) == "[####]");    // no total: done
  CHECK(time_left_text(0, 10, 5) == "");
  CHECK(time_left_text(10, 10, 5) == "");
  CHECK(time_left_text(1, 4, 20) == "  ~1:00 left");  // 20 s a unit, 3 to go
}

TEST_CASE("into a log, each drawn state is a line and nothing is redrawn in place") {
  test::TemporaryFile log("progress.log");
  {
    std::FILE* stream = std::fopen(log.path.c_str(), "w");
    REQUIRE(stream != nullptr);
    ProgressLine line(stream);
    CHECK_FALSE(line.terminal());
    CHECK_FALSE(line.redraw_due());  // a log is drawn when its caller says, never on a timer
    line.draw("first");
    line.draw("second");
    line.end();
    std::fclose(stream);
  }
  CHECK(contents(log.path) == "first\nsecond\n");
}

TEST_CASE("into a log, every tenth writes a line per tenth, and the final state writes only that, once") {
  test::TemporaryFile log("progress-users.log");
  std::FILE* stream = std::fopen(log.path.c_str(), "w");
  REQUIRE(stream != nullptr);
  {
    Progress progress(stream);
    progress.start("searches", 20);
    for (int i = 0; i < 20; ++i) progress.advance();
    CHECK(progress.done() == 20);
  }
  {
    std::uint64_t positions = 0;
    Progress progress(stream, LogPolicy::kFinalState, [&](const ProgressState& state) {
      return fmt::format("{} [{}/{} games  {} positions", state.label, state.done, state.total, positions);
    });
    progress.start("generate", 4);
    for (int games = 1; games <= 4; ++games) {
      positions = 10 * std::uint64_t(games);
      progress.update(std::uint64_t(games));
    }
  }
  std::fclose(stream);
  std::istringstream text(contents(log.path));
  std::string line;
  int bar_lines = 0, generate_lines = 0;
  std::string last_bar, generate_line;
  while (std::getline(text, line)) {
    if (line.rfind("searches [", 0) == 0) ++bar_lines, last_bar = line;
    if (line.rfind("generate [", 0) == 0) ++generate_lines, generate_line = line;
  }
  CHECK(bar_lines == 11);  // the start and every tenth
  CHECK(last_bar.find("100% 20/20") != std::string::npos);
  CHECK(generate_lines == 1);
  CHECK(generate_line.find("4/4 games  40 positions") != std::string::npos);
}

TEST_CASE("a null stream draws nothing") {
  ProgressLine line(nullptr);
  CHECK_FALSE(line.terminal());
  line.draw("nowhere");
  line.end();
  Progress progress(nullptr);
  progress.start("quiet", 3);
  progress.advance(3);
  CHECK(progress.done() == 3);
  progress.note("nowhere either");
}

TEST_CASE("a note is a line of its own beside the stage's lines, and the units done stop at the total") {
  test::TemporaryFile log("progress-notes.log");
  std::FILE* stream = std::fopen(log.path.c_str(), "w");
  REQUIRE(stream != nullptr);
  {
    Progress progress(stream, LogPolicy::kFinalState, [](const ProgressState& state) {
      return fmt::format("{} {}", state.label, state.done);
    });
    progress.note("[1/2] before any stage");
    progress.start("games", 2);
    progress.advance(5);
    CHECK(progress.done() == 2);
    progress.note("[2/2] during a stage");
  }
  std::fclose(stream);
  CHECK(contents(log.path) == "[1/2] before any stage\n[2/2] during a stage\ngames 2\n");
}

}  // namespace
}  // namespace shuai
