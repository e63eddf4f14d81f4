// `shuai-tune extract`: each replayed position past the skipped plies becomes its quiet leaf (recomputed here
// by a separate searcher) with the game's result; a position met again keeps its first label; games the
// reader cannot replay, or lost off the board, are skipped and named; bad input is a one-line error.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "engine/board/fen.h"
#include "engine/book/pgn_reader.h"
#include "search/search.h"
#include "tests/support/subcommand_run.h"
#include "tests/support/temporary_file.h"
#include "tools/tune/extract.h"
#include "tools/tune/training_file.h"

namespace shuai::tune {
namespace {

using test::TemporaryFile;

// Ten quiet plies from the standard start, then a capture of a pawn by a cannon and its answer.
constexpr std::string_view kMoves =
    "1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 B9-C7 4. B0-C2 A9-B9 5. A0-B0 B7-B3 6. E2-E6 B3-E3 ";

std::string game_text(std::string_view result, std::string_view termination,
                      std::string_view moves = kMoves) {
  std::string text = fmt::format("[Event \"test\"]\n[Result \"{}\"]\n", result);
  if (!termination.empty()) text += fmt::format("[Termination \"{}\"]\n", termination);
  return text + fmt::format("\n{} {}\n\n", moves, result);
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::vector<std::string> file_lines(const std::string& path) {
  std::ifstream file(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) lines.push_back(line);
  return lines;
}

// The position lines extract should write for the first game of `text` with `skipped` plies left out: the
// quiet leaves of its positions not in check, recomputed by a searcher of its own.
std::vector<std::string> expected_lines(const std::string& text, int skipped, double red_score) {
  std::istringstream stream(text);
  PgnReader reader(stream);
  PgnGame game;
  std::string problem;
  REQUIRE(reader.next(game, problem) == PgnReader::Status::kGame);
  Searcher searcher(0);
  std::vector<std::string> lines;
  Position position = game.start;
  for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
    if (int(ply) >= skipped && !position.in_check()) {
      searcher.table().clear();
      const Position leaf = searcher.quiet_leaf(position);
      if (!leaf.in_check()) lines.push_back(position_line(to_fen(leaf), red_score));
    }
    position.make_move(game.moves[ply]);
  }
  return lines;
}

test::SubcommandRun extract_run(const std::vector<std::string>& words) {
  return test::run_subcommand(run_extract, words);
}

TEST_CASE("extract writes each position's quiet leaf past the skipped plies, with the game's result") {
  TemporaryFile pgn("extract.pgn"), out("extract.txt");
  const std::string text = game_text("1-0", "");
  write_file(pgn.path, text);
  const auto run = extract_run({"--out", out.path, "--skip-plies", "2", pgn.path});
  INFO(run.error);
  REQUIRE(run.code == 0);
  const std::vector<std::string> expected = expected_lines(text, 2, 1.0);
  CHECK(expected.size() >= 8);  // twelve plies less the two skipped, less any in check or repeated
  const std::vector<std::string> lines = file_lines(out.path);
  REQUIRE(lines.size() == expected.size() + 2);
  CHECK(lines[0].starts_with("# shuai-tune extract --skip-plies 2"));
  CHECK(lines[1] == game_line(0, expected.size(), "1-0 pgn"));
  CHECK(std::vector<std::string>(lines.begin() + 2, lines.end()) == expected);
  CHECK(run.out.starts_with(
      fmt::format("extract: 1 games read (0 skipped), {} positions written", expected.size())));
  // The tuner's own reader accepts the file.
  const auto contents = read_training_file(out.path);
  REQUIRE(std::holds_alternative<TrainingFileContents>(contents));
  CHECK(std::get<TrainingFileContents>(contents).positions == expected.size());
}

TEST_CASE(
    "a position met again keeps its first label, and unreadable games and games lost off the board are "
    "skipped") {
  TemporaryFile pgn("skips.pgn"), out("skips.txt");
  write_file(pgn.path, game_text("1-0", "checkmate") + game_text("1-0", "", "1. H2-E2 H9-H1 ") +
                           game_text("0-1", "checkmate") + game_text("0-1", "time forfeit"));
  const auto run = extract_run({"--out", out.path, pgn.path});
  INFO(run.error);
  REQUIRE(run.code == 0);
  const std::vector<std::string> first = expected_lines(game_text("1-0", ""), 8, 1.0);
  const std::vector<std::string> lines = file_lines(out.path);
  REQUIRE(lines.size() == first.size() + 3);
  CHECK(lines[1] == game_line(0, first.size(), "1-0 checkmate"));
  CHECK(std::vector<std::string>(lines.begin() + 2, lines.end() - 1) == first);
  CHECK(lines.back() == game_line(1, 0, "0-1 checkmate"));  // the same positions: all kept their 1-0
  CHECK(run.out.starts_with(
      fmt::format("extract: 2 games read (2 skipped), {} positions written, {} duplicates "
                  "skipped, Red wins 1, draws 0, Black wins 1",
                  first.size(), first.size())));
  CHECK(run.out.find("skipped " + pgn.path + ": game 2") != std::string::npos);
  CHECK(run.out.find("ended by time forfeit") != std::string::npos);
}

TEST_CASE("extract: bad arguments and input are one-line errors with exit code 2") {
  TemporaryFile out("errors.txt"), pgn("errors.pgn");
  write_file(pgn.path, game_text("1/2-1/2", ""));
  const auto no_pgn = extract_run({"--out", out.path});
  CHECK(no_pgn.code == 2);
  CHECK(no_pgn.error == "shuai-tune extract: no PGN file given\n");
  const auto missing = extract_run({"--out", out.path, pgn.path, "/nonexistent/games.pgn"});
  CHECK(missing.code == 2);
  CHECK(missing.error == "shuai-tune extract: /nonexistent/games.pgn: cannot open\n");
  CHECK_FALSE(std::filesystem::exists(out.path));
  const auto unwritable = extract_run({"--out", "/nonexistent/dir/out.txt", pgn.path});
  CHECK(unwritable.code == 2);
  CHECK(unwritable.error.find("cannot be written") != std::string::npos);
  const auto no_out = extract_run({pgn.path});
  CHECK(no_out.code == 2);
  CHECK(no_out.error.find("--out") != std::string::npos);
  CHECK(std::count(no_out.error.begin(), no_out.error.end(), '\n') == 1);
  const auto bad_skip = extract_run({"--out", out.path, "--skip-plies", "-1", pgn.path});
  CHECK(bad_skip.code == 2);
  CHECK(bad_skip.error.find("--skip-plies") != std::string::npos);
  const auto help = extract_run({"--help"});
  CHECK(help.code == 0);
  CHECK(help.out.starts_with("usage: shuai-tune extract --out FILE"));
}

}  // namespace
}  // namespace shuai::tune
