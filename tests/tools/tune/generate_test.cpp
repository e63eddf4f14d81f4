// `shuai-tune generate` at a tiny scale: its lines are well formed and unique, a resumed run adds only the
// games it lacks (and replays one cut short by a kill), shards split the games exactly and play the same
// games as a whole run, and bad arguments or input are an error, not a crash.
#include <doctest/doctest.h>

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/board/board.h"
#include "tests/support/subcommand_run.h"
#include "tests/support/temporary_file.h"
#include "tools/tune/generate.h"
#include "tools/tune/generate_options.h"
#include "tools/tune/training_file.h"

namespace shuai::tune {
namespace {

using test::TemporaryFile;

using Run = test::SubcommandRun;

// `generate` with the words given plus tiny defaults: short games at few nodes, a small table.
Run generate_run(const std::vector<std::string>& words) {
  std::vector<std::string> all = {"--nodes", "300", "--max-plies", "60", "--hash", "1"};
  all.insert(all.end(), words.begin(), words.end());
  return test::run_subcommand(run_generate, all);
}

std::string file_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// The file checked line by line: each game's "# game" line, then as many well-formed positions as it says,
// no position twice. Returns each game's block (its "# game" line and positions) by index.
std::multimap<int, std::string> checked_games(const std::string& path) {
  std::multimap<int, std::string> games;
  std::set<std::uint64_t> keys;
  std::istringstream text(file_text(path));
  std::string block;
  int game = -1;
  std::size_t expected = 0, seen = 0;
  const auto close_game = [&] {
    if (game < 0) return;
    CHECK(seen == expected);
    games.emplace(game, block);
  };
  for (std::string line; std::getline(text, line);) {
    if (line.starts_with("# game ")) {
      close_game();
      const auto parsed = parse_game_line(line);
      REQUIRE_MESSAGE(parsed, line);
      game = parsed->game_index;
      expected = parsed->positions;
      seen = 0;
      block = line + "\n";
      continue;
    }
    if (line.starts_with("#")) continue;
    INFO(line);
    REQUIRE(game >= 0);
    const auto separator = line.find(" ; ");
    REQUIRE(separator != std::string::npos);
    const FenResult fen = parse_fen(line.substr(0, separator));
    REQUIRE_MESSAGE(fen.position, fen.error);
    const std::string result = line.substr(separator + 3);
    CHECK((result == "1" || result == "0.5" || result == "0"));
    CHECK(keys.insert(fen.position->key()).second);
    CHECK_FALSE(fen.position->in_check());
    ++seen;
    block += line + "\n";
  }
  close_game();
  return games;
}

std::set<int> indices(const std::multimap<int, std::string>& games) {
  std::set<int> result;
  for (const auto& [index, block] : games) {
    CHECK(games.count(index) == 1);
    result.insert(index);
  }
  return result;
}

// "1-0 checkmate": how a game ended, from its "# game" line.
std::string ending(const std::string& block) {
  return block.substr(block.find("positions, "), block.find('\n') - block.find("positions, "));
}

// Two games at once: the writer is shared by the workers (so this also runs under ThreadSanitizer).
TEST_SUITE("threads") {
  TEST_CASE("generate writes well-formed, unique, labelled positions under a game line each") {
    TemporaryFile file("generate.txt");
    const Run run = generate_run({"--out", file.path, "--games", "2", "--threads", "2"});
    INFO(run.error);
    REQUIRE(run.code == 0);
    CHECK(run.out.starts_with("generate: 2 games played (0 already in the file), "));
    CHECK(file_text(file.path).starts_with("# shuai-tune generate --nodes 300"));
    const auto games = checked_games(file.path);
    CHECK(indices(games) == std::set<int>{0, 1});
    std::size_t positions = 0;
    for (const auto& [index, block] : games)
      positions += std::size_t(std::count(block.begin(), block.end(), '\n')) - 1;
    CHECK(positions > 0);
    CHECK(run.out.find(fmt::format(", {} positions written, ", positions)) != std::string::npos);
  }
}  // TEST_SUITE("threads")

TEST_CASE("a resumed run plays only the games its file lacks, and replays one cut short") {
  TemporaryFile file("resume.txt");
  REQUIRE(generate_run({"--out", file.path, "--games", "2", "--threads", "1"}).code == 0);
  const std::string before = file_text(file.path);

  const Run more = generate_run({"--out", file.path, "--games", "3", "--threads", "2"});
  INFO(more.error);
  REQUIRE(more.code == 0);
  CHECK(more.out.starts_with("generate: 1 games played (2 already in the file), "));
  const std::string after = file_text(file.path);
  CHECK(after.starts_with(before));
  CHECK(indices(checked_games(file.path)) == std::set<int>{0, 1, 2});

  const Run again = generate_run({"--out", file.path, "--games", "3"});
  CHECK(again.out.starts_with("generate: 0 games played (3 already in the file), "));
  CHECK(file_text(file.path) == after);

  // A kill in the middle of writing the last game: it is cut off and played again.
  std::filesystem::resize_file(file.path, after.size() - 5);
  const Run repaired = generate_run({"--out", file.path, "--games", "3"});
  INFO(repaired.error);
  REQUIRE(repaired.code == 0);
  CHECK(repaired.out.starts_with("generate: 1 games played (2 already in the file), "));
  CHECK(repaired.error.find("cut off") != std::string::npos);
  CHECK(indices(checked_games(file.path)) == std::set<int>{0, 1, 2});
}

TEST_CASE("shards split the games exactly and play the same games as one run") {
  TemporaryFile whole("whole.txt"), first("shard1.txt"), second("shard2.txt");
  REQUIRE(generate_run({"--out", whole.path, "--games", "3", "--threads", "1", "--seed", "7"}).code == 0);
  REQUIRE(
      generate_run({"--out", first.path, "--games", "3", "--threads", "1", "--seed", "7", "--shard", "1/2"})
          .code == 0);
  REQUIRE(
      generate_run({"--out", second.path, "--games", "3", "--threads", "1", "--seed", "7", "--shard", "2/2"})
          .code == 0);
  const auto whole_games = checked_games(whole.path);
  const auto first_games = checked_games(first.path);
  const auto second_games = checked_games(second.path);
  CHECK(indices(first_games) == std::set<int>{0, 2});
  CHECK(indices(second_games) == std::set<int>{1});
  // Game 0 is written first in both runs, so even its deduplicated lines agree; the others end alike.
  CHECK(first_games.find(0)->second == whole_games.find(0)->second);
  CHECK(ending(first_games.find(2)->second) == ending(whole_games.find(2)->second));
  CHECK(ending(second_games.find(1)->second) == ending(whole_games.find(1)->second));
}

TEST_CASE("bad arguments and input are one-line errors with exit code 2") {
  const auto parse_error = [](std::vector<std::string_view> arguments) {
    const auto parsed = parse_generate_options(arguments, SHUAI_POSITIONS_DIR);
    const auto* message = std::get_if<std::string>(&parsed);
    return message ? *message : std::string();
  };
  CHECK(parse_error({"--out", "x.txt", "--frobnicate", "1"}).find("unknown option") != std::string::npos);
  CHECK(parse_error({"--out", "x.txt", "--nodes", "many"}).find("--nodes") != std::string::npos);
  CHECK(parse_error({"--out", "x.txt", "--nodes", "0"}).find("--nodes") != std::string::npos);
  CHECK(parse_error({"--out", "x.txt", "--games", "-3"}).find("--games") != std::string::npos);
  CHECK(parse_error({"--out", "x.txt", "--games"}).find("needs a value") != std::string::npos);
  for (const std::string_view shard : {"0/3", "4/3", "3", "1/0", "1/", "/2", "a/b"})
    CHECK(parse_error({"--out", "x.txt", "--shard", shard}).find("--shard") != std::string::npos);
  CHECK(parse_error({"--games", "3"}).find("--out") != std::string::npos);
  CHECK(parse_error({"--out", "x.txt", "--shard", "3/3", "--seed", "18446744073709551615"}).empty());
  CHECK(std::get<GenerateOptions>(parse_generate_options(std::vector<std::string_view>{"--help"}, "")).help);

  TemporaryFile file("errors.txt");
  const Run bad_flag = generate_run({"--out", file.path, "--shard", "4/3"});
  CHECK(bad_flag.code == 2);
  CHECK(bad_flag.error.starts_with("shuai-tune generate: --shard takes"));
  CHECK(std::count(bad_flag.error.begin(), bad_flag.error.end(), '\n') == 1);

  const Run no_openings = generate_run({"--out", file.path, "--openings", "/nonexistent/openings.fen"});
  CHECK(no_openings.code == 2);
  CHECK(std::count(no_openings.error.begin(), no_openings.error.end(), '\n') == 1);
  CHECK_FALSE(std::filesystem::exists(file.path));

  const Run unwritable = generate_run({"--out", "/nonexistent/dir/out.txt", "--games", "1"});
  CHECK(unwritable.code == 2);
  CHECK(unwritable.error.find("cannot be written") != std::string::npos);

  std::ofstream(file.path) << "not a training line\n";
  const Run foreign = generate_run({"--out", file.path, "--games", "1"});
  CHECK(foreign.code == 2);
  CHECK(foreign.error.find(":1: ") != std::string::npos);
}

}  // namespace
}  // namespace shuai::tune
