// The tools' position-file reader (FEN, EPD and TSV lines, comments, errors by line) and its even sampler.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "engine/board/board.h"
#include "engine/board/position_file.h"
#include "tests/support/temporary_file.h"

namespace shuai {
namespace {

constexpr std::string_view kOneKing = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";

std::vector<PositionLine> positions_of(const std::string& text) {
  std::istringstream input(text);
  auto read = read_positions(input, "test.fen");
  if (const auto* error = std::get_if<std::string>(&read)) FAIL(*error);
  return std::get<std::vector<PositionLine>>(read);
}

std::string error_of(const std::string& text) {
  std::istringstream input(text);
  const auto read = read_positions(input, "test.fen");
  REQUIRE(std::holds_alternative<std::string>(read));
  return std::get<std::string>(read);
}

TEST_CASE("position files: comments and blank lines are skipped, and each position keeps its line number") {
  const auto positions = positions_of(
      fmt::format("# a comment\n\n   \n  # an indented comment\n{}\r\n\n{} ; start\n", kOneKing, kStartFen));
  REQUIRE(positions.size() == 2);
  CHECK(positions[0].number == 5);
  CHECK(positions[0].fen == kOneKing);
  CHECK(positions[0].rest.empty());
  CHECK(positions[1].number == 7);
  CHECK(positions[1].fen == kStartFen);
  CHECK(positions[1].rest == "; start");
  CHECK(positions[1].position.key() == parse_fen(kStartFen).position->key());
}

TEST_CASE("position files: an EPD line's four fields, then its operations") {
  const auto positions = positions_of("4k4/9/9/9/9/9/9/9/9/3K5 w - - bm d0e0; id \"x\";\n");
  REQUIRE(positions.size() == 1);
  CHECK(positions[0].fen == "4k4/9/9/9/9/9/9/9/9/3K5 w - -");
  CHECK(positions[0].rest == "bm d0e0; id \"x\";");
}

TEST_CASE("position files: a TSV's fen column, found by its header row") {
  const auto positions = positions_of(
      fmt::format("# made by hand\nid\tfen\tnote\na\t{}\tone king\nb\t{}\t\n", kOneKing, kStartFen));
  REQUIRE(positions.size() == 2);
  CHECK(positions[0].fen == kOneKing);
  CHECK(positions[0].number == 3);
  CHECK(positions[1].fen == kStartFen);
  CHECK(error_of(fmt::format("id\tfen\na\t{}\nb\n", kOneKing)) == "test.fen:3: no fen column in this row");
}

TEST_CASE(
    "position files: a bad FEN is reported with its file and line, and no position or no file is an error") {
  // Kings facing each other: not a legal position.
  const std::string error =
      error_of(fmt::format("# header\n{}\n\n4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n", kOneKing));
  CHECK(error.starts_with("test.fen:4: "));
  CHECK(error_of("x y z\n").starts_with("test.fen:1: "));
  CHECK(error_of("# only a comment\n\n") == "test.fen: no positions");
  test::TemporaryFile missing("missing.fen");
  const auto read = read_position_file(missing.path);
  REQUIRE(std::holds_alternative<std::string>(read));
  CHECK(std::get<std::string>(read) == missing.path + ": cannot be read");
  {
    std::ofstream file(missing.path);
    file << kStartFen << "\n";
  }
  const auto found = read_position_file(missing.path);
  REQUIRE(std::holds_alternative<std::vector<PositionLine>>(found));
  CHECK(std::get<std::vector<PositionLine>>(found).size() == 1);
}

TEST_CASE("spreading evenly: the count asked for, every part of the list, all when asked for more") {
  std::vector<int> items(10);
  std::iota(items.begin(), items.end(), 0);
  CHECK(spread_evenly(items, 3) == std::vector<int>{0, 3, 6});
  CHECK(spread_evenly(items, 4) == std::vector<int>{0, 2, 5, 7});
  CHECK(spread_evenly(items, 1) == std::vector<int>{0});
  CHECK(spread_evenly(items, 0).empty());
  CHECK(spread_evenly(items, 10) == items);
  CHECK(spread_evenly(items, 25) == items);
  // 134 openings, 20 of them (`bench smp file positions/openings.fen sample 20`): the last tenth is sampled.
  std::vector<int> openings(134);
  std::iota(openings.begin(), openings.end(), 0);
  const std::vector<int> sample = spread_evenly(openings, 20);
  REQUIRE(sample.size() == 20);
  CHECK(sample.back() >= 120);
  for (std::size_t i = 1; i < sample.size(); ++i)
    CHECK((sample[i] - sample[i - 1] == 6 || sample[i] - sample[i - 1] == 7));
}

}  // namespace
}  // namespace shuai
