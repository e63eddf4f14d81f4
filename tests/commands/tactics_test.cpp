// The tactics check (positions/tactics.epd and `shuai bench tactics`): every line parses into a legal
// position with legal, distinct bm and am moves, and the bench runs and counts.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>

#include "engine/board/board.h"
#include "engine/commands/bench.h"
#include "engine/commands/bench_positions.h"
#include "tests/support/program_run.h"

namespace shuai {
namespace {

std::string read_tactics_file() {
  std::ifstream file(std::string(SHUAI_POSITIONS_DIR) + "/tactics.epd");
  REQUIRE(file);
  return {std::istreambuf_iterator<char>(file), {}};
}

bool legal_in(const Position& root, const std::string& text) {
  const auto move = parse_iccs(text);
  if (!move) return false;
  Position position = root;
  return is_legal(position, *move);
}

TEST_CASE("every tactics position is legal and its bm and am are legal distinct moves") {
  const std::string text = read_tactics_file();
  CHECK(text == commands::tactics_positions_text());  // the compiled-in copy is the file's
  std::string error;
  const auto positions = commands::parse_tactics(text, error);
  REQUIRE_MESSAGE(error.empty(), error);
  CHECK(positions.size() >= 100);
  std::set<std::string> ids, fens;
  for (const commands::TacticsPosition& tactic : positions) {
    INFO(tactic.id, " ", tactic.fen);
    CHECK(ids.insert(tactic.id).second);
    CHECK(fens.insert(tactic.fen).second);
    CHECK(!tactic.source.empty());
    auto parsed = parse_fen(tactic.fen);
    REQUIRE_MESSAGE(parsed.position, parsed.error);
    REQUIRE(!tactic.best_moves.empty());
    REQUIRE(tactic.avoid_moves.size() == 1);
    CHECK(legal_in(*parsed.position, tactic.avoid_moves[0]));
    for (const std::string& best : tactic.best_moves) {
      CHECK(legal_in(*parsed.position, best));
      CHECK(best != tactic.avoid_moves[0]);
    }
  }
}

TEST_CASE("tactics EPD lines with quoted operands and several bm moves and malformed lines") {
  std::string error;
  const auto positions = commands::parse_tactics(
      "# a comment\n\n3k5/9/9/9/9/9/9/9/9/4K4 w - - bm e0d0 e0f0; am e0e1; id \"t-1\"; c0 \"a game; ply "
      "3\";\n",
      error);
  REQUIRE_MESSAGE(error.empty(), error);
  REQUIRE(positions.size() == 1);
  CHECK(positions[0].fen == "3k5/9/9/9/9/9/9/9/9/4K4 w");
  CHECK(positions[0].best_moves == std::vector<std::string>{"e0d0", "e0f0"});
  CHECK(positions[0].avoid_moves == std::vector<std::string>{"e0e1"});
  CHECK(positions[0].id == "t-1");
  CHECK(positions[0].source == "a game; ply 3");
  CHECK(commands::parse_tactics("3k5/9/9/9/9/9/9/9/9/4K4 w - - am e0e1;\n", error).empty());
  CHECK(error.find(":1: no bm") != std::string::npos);
  error.clear();
  CHECK(commands::parse_tactics("x\n3k5/9/9/9/9/9/9/9/9/4K4 w - - bm e0d0; id \"t\n", error).empty());
  CHECK(!error.empty());
}

TEST_CASE("bench tactics solves a count in range and the same count twice") {
  std::string error;
  const auto positions = commands::parse_tactics(commands::tactics_positions_text(), error);
  REQUIRE(positions.size() >= 3);
  commands::TacticsSettings settings;
  settings.nodes = 3000;
  settings.hash_megabytes = 1;
  const auto few = std::span(positions).first(3);
  const commands::TacticsTotals first = commands::run_tactics(few, settings, false);
  CHECK(first.total == 3);
  CHECK(first.solved >= 0);
  CHECK(first.solved <= 3);
  CHECK(first.nodes >= 3 * settings.nodes);
  const commands::TacticsTotals second = commands::run_tactics(few, settings, false);
  CHECK(second.solved == first.solved);  // one thread, cleared tables, a node budget: deterministic
  CHECK(second.nodes == first.nodes);
}

TEST_CASE("shuai bench tactics reports solved/total") {
  const std::string path = "tools_tactics_test.epd";
  {
    std::ofstream file(path);
    std::string error;
    const auto positions = commands::parse_tactics(read_tactics_file(), error);
    REQUIRE(positions.size() >= 2);
    for (int i = 0; i < 2; ++i)
      file << positions[i].fen << " - - bm " << positions[i].best_moves[0] << "; id \"" << positions[i].id
           << "\";\n";
  }
  const test::ProgramRun run =
      test::run_program(std::string(SHUAI_BINARY) + " bench tactics nodes 2000 hash 1 file " + path,
                        test::Capture::kOutputOnly);
  std::remove(path.c_str());
  INFO(run.output);
  CHECK(run.exit_code == 0);  // exited by itself, with code 0
  int solved = -1, total = -1;
  REQUIRE(std::sscanf(run.output.c_str(), "Tactics solved: %d/%d at 2000 nodes per position", &solved,
                      &total) == 2);
  CHECK(total == 2);
  CHECK(solved >= 0);
  CHECK(solved <= 2);
}

}  // namespace
}  // namespace shuai
