// `shuai egtb` as a user runs it: tables made and then found present, their counts and a probe, and every
// kind of bad file or word answered with one line.
#include <doctest/doctest.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/program_run.h"

namespace shuai {
namespace {

struct TableFolder {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / fmt::format("shuai_test_{}_tablebases", getpid());
  TableFolder() { std::filesystem::remove_all(path); }
  ~TableFolder() { std::filesystem::remove_all(path); }
};

test::ProgramRun egtb(const std::string& words) {
  return test::run_program(std::string(SHUAI_BINARY) + " egtb " + words);
}

int line_count(const std::string& text) {
  return int(std::count(text.begin(), text.end(), '\n'));
}

void overwrite(const std::filesystem::path& file, std::streamoff at, const std::string& bytes) {
  std::fstream stream(file, std::ios::in | std::ios::out | std::ios::binary);
  stream.seekp(at);
  stream.write(bytes.data(), std::streamsize(bytes.size()));
}

TEST_CASE("egtb generate makes the tables with their subtables, and a second run finds them present") {
  const TableFolder folder;
  const std::string where = " --folder " + folder.path.string();
  const test::ProgramRun made = egtb("generate --endgame KNvKA --threads 2" + where);
  INFO(made.output);
  REQUIRE(made.exit_code == 0);
  // Black's advisor alone is the KAvK table, the board turned round.
  for (const char* name : {"KvK ", "KAvK ", "KNvK ", "KNvKA "})
    CHECK(made.output.find(name) != std::string::npos);
  CHECK(made.output.find("Tables: 4 made, 0 present") != std::string::npos);
  CHECK(std::filesystem::exists(folder.path / "KNvKA.red.egtb"));
  CHECK(std::filesystem::exists(folder.path / "KNvKA.black.egtb"));
  const test::ProgramRun again = egtb("generate --endgame KNvKA" + where);
  CHECK(again.output.find("Tables: 0 made, 4 present") != std::string::npos);

  const test::ProgramRun stats = egtb("stats --endgame KNvK" + where);
  INFO(stats.output);
  CHECK(stats.exit_code == 0);
  CHECK(stats.output.find("KvK          red             54            0           54            0") !=
        std::string::npos);
  CHECK(stats.output.find("KNvK         red           4590         4590            0            0") !=
        std::string::npos);
  const test::ProgramRun verified = egtb("verify --endgame KNvKA" + where);
  CHECK(verified.exit_code == 0);
  CHECK(verified.output.find("Verified 4 tables") != std::string::npos);
  CHECK(verified.output.find(" 0 inconsistent; perpetual check unanalysed in 0") != std::string::npos);
  // A horse and king mate a bare king; Black's horse is read from the same table, the board turned round.
  const test::ProgramRun red_horse = egtb("probe" + where + " '5k3/9/9/9/N8/9/9/9/9/3K5 w'");
  CHECK(red_horse.output.find("KNvK: tablebase win in") != std::string::npos);
  const test::ProgramRun black_horse = egtb("probe" + where + " '3k5/9/9/9/9/n8/9/9/9/5K3 b'");
  CHECK(black_horse.output == red_horse.output);
}

// The way a set is shared out over machines or the jobs of an array: wave by wave, each endgame of a wave
// made by a run of its own at the same time as the others, into one folder.
TEST_CASE("egtb list gives waves whose endgames, made at once by separate runs, give the files of one run") {
  const TableFolder shared, single;
  const test::ProgramRun listed = egtb("list --endgame KRvKAB");
  INFO(listed.output);
  REQUIRE(listed.exit_code == 0);
  std::vector<std::vector<std::string>> waves;
  std::istringstream lines(listed.output);
  int wave = 0;
  std::string name;
  std::uint64_t entries = 0;
  while (lines >> wave >> name >> entries) {
    REQUIRE(wave <= int(waves.size()));  // in order: a wave's endgames follow the earlier waves'
    if (wave == int(waves.size())) waves.emplace_back();
    waves[std::size_t(wave)].push_back(name);
  }
  REQUIRE(waves.size() == 4);
  CHECK(waves[0] == std::vector<std::string>{"KvK"});
  CHECK(waves[3] == std::vector<std::string>{"KRvKAB"});
  CHECK(listed.output.find("3 KRvKAB 283500\n") != std::string::npos);  // two sides of 141,750 entries
  for (const auto& endgames : waves) {
    std::vector<test::ProgramRun> runs(endgames.size());
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < endgames.size(); ++i)
      threads.emplace_back([&, i] {
        runs[i] = egtb("generate --threads 1 --endgame " + endgames[i] + " --folder " + shared.path.string());
      });
    for (std::thread& thread : threads) thread.join();
    for (std::size_t i = 0; i < endgames.size(); ++i) {
      INFO(runs[i].output);
      CHECK(runs[i].exit_code == 0);
      CHECK(runs[i].output.find("Tables: 1 made, ") != std::string::npos);  // the rest are the earlier waves'
    }
  }
  REQUIRE(egtb("generate --endgame KRvKAB --folder " + single.path.string()).exit_code == 0);
  int files = 0;
  for (const auto& file : std::filesystem::directory_iterator(single.path)) {
    ++files;
    std::ifstream one(file.path(), std::ios::binary),
        other(shared.path / file.path().filename(), std::ios::binary);
    const std::string one_bytes{std::istreambuf_iterator<char>(one), {}};
    const std::string other_bytes{std::istreambuf_iterator<char>(other), {}};
    CHECK_MESSAGE(one_bytes == other_bytes, file.path().filename().string());
  }
  std::size_t endgame_count = 0;
  for (const auto& endgames : waves) endgame_count += endgames.size();
  CHECK(files == 2 * int(endgame_count));
  CHECK(std::distance(std::filesystem::directory_iterator(shared.path), {}) == files);
}

TEST_CASE("egtb answers a bad file or word with one line, and remakes a damaged table") {
  const TableFolder folder;
  const std::string where = " --folder " + folder.path.string();
  REQUIRE(egtb("generate --endgame KAvK" + where).exit_code == 0);
  const auto file = folder.path / "KAvK.red.egtb";
  const auto expect_one_line = [&](const std::string& words, const std::string& text, int code) {
    const test::ProgramRun run = egtb(words);
    INFO(words, ": ", run.output);
    CHECK(run.exit_code == code);
    CHECK(run.output.find(text) != std::string::npos);
    CHECK(line_count(run.output) == 1);
  };
  expect_one_line("stats --endgame KRvK" + where, "KRvK.red.egtb: no such file", 1);
  expect_one_line("stats --endgame KAvK --folder /nonexistent/folder", "no such file", 1);
  expect_one_line("generate --set three" + where, "no set 'three'", 2);
  expect_one_line("generate --endgame KXvK" + where, "not a piece letter", 2);
  expect_one_line("probe" + where + " 'not a fen'", "egtb probe: ", 2);
  expect_one_line("probe" + where + " '5k3/9/9/9/9/9/9/9/4R4/3KR4 w'", "KRRvK.red.egtb: no such file", 1);
  expect_one_line("", "give generate, list, stats, verify, sample, probe or approaches", 2);

  const std::uintmax_t size = std::filesystem::file_size(file);
  overwrite(file, 200, "\x07");
  expect_one_line("stats --endgame KAvK" + where, "checksum mismatch, the file is damaged", 1);
  overwrite(file, 8, std::string("\x02", 1));
  expect_one_line("stats --endgame KAvK" + where, "format version 2, this engine reads version 1", 1);
  overwrite(file, 0, "NOTATABLE");
  expect_one_line("stats --endgame KAvK" + where, "not a Shuai tablebase file", 1);
  std::filesystem::copy_file(folder.path / "KvK.red.egtb", file,
                             std::filesystem::copy_options::overwrite_existing);
  expect_one_line("stats --endgame KAvK" + where, "the header is for KvK with red to move", 1);
  // A run killed while writing leaves a short file: the next run says so and makes the table again.
  REQUIRE(egtb("generate --endgame KAvK" + where).exit_code == 0);
  std::filesystem::resize_file(file, size - 10);
  expect_one_line("stats --endgame KAvK" + where, "truncated", 1);
  const test::ProgramRun remade = egtb("generate --endgame KAvK" + where);
  CHECK(remade.exit_code == 0);
  CHECK(remade.output.find("made again: ") != std::string::npos);
  CHECK(remade.output.find("Tables: 1 made, 1 present") != std::string::npos);
  CHECK(std::filesystem::file_size(file) == size);

  // A table still to be made reads the present tables it needs, each checked whole: a damaged one, whose
  // header is whole, is found on reading and made again before it is used.
  std::filesystem::remove(folder.path / "KAvK.red.egtb");
  overwrite(folder.path / "KvK.black.egtb", 128 + 3, "\x05");
  const test::ProgramRun repaired = egtb("generate --endgame KAvK" + where);
  INFO(repaired.output);
  CHECK(repaired.exit_code == 0);
  CHECK(repaired.output.find("KvK.black.egtb: checksum mismatch, the file is damaged)") != std::string::npos);
  CHECK(repaired.output.find("Tables: 2 made, 0 present") != std::string::npos);
  CHECK(egtb("verify --endgame KAvK" + where).exit_code == 0);
}

TEST_CASE("egtb approaches finds, in played games, the position some plies before a table's endgame") {
  const TableFolder folder;
  std::filesystem::create_directories(folder.path);
  const auto games = folder.path / "games.pgn";
  // Game 1 reaches KRvK by the capture of its first move; game 2 never leaves the horse and rook against the
  // pawn; game 3 cannot be replayed.
  std::ofstream(games) << "[FEN \"4k4/9/9/9/n8/9/9/9/R8/3K5 w - - 30 40\"]\n\n1. a1a5 e9e8 1/2-1/2\n\n"
                          "[FEN \"4k4/9/9/9/9/9/p8/9/RN7/3K5 w - - 0 1\"]\n\n1. a1a2 e9e8 1/2-1/2\n\n"
                          "[FEN \"4k4/9/9/9/9/9/p8/9/RN7/3K5 w - - 0 1\"]\n\n1. a1a9 1/2-1/2\n";
  const std::string path = games.string();
  const test::ProgramRun one_ply = egtb("approaches --set one --plies 1 " + path);
  INFO(one_ply.output);
  CHECK(one_ply.exit_code == 0);
  // The count of plies since a capture starts again (30 in the game).
  CHECK(one_ply.output.find("4k4/9/9/9/n8/9/9/9/R8/3K5 w - - 0 40 ; game 1 of " + path +
                            " reaches KRvK at ply 1\n") != std::string::npos);
  CHECK(one_ply.output.find("game 3 (line ") != std::string::npos);
  CHECK(one_ply.output.find("1 positions from 2 games (1 skipped)") != std::string::npos);
  // Reached at ply 1, so no position two plies before; the two-sided set holds the start itself (KRvKN).
  CHECK(egtb("approaches --set one --plies 2 " + path).output.find("0 positions from 2 games") !=
        std::string::npos);
  const test::ProgramRun at_start = egtb("approaches --set one,two-sided --plies 0 " + path);
  CHECK(at_start.output.find("reaches KRvKN at ply 0") != std::string::npos);
  CHECK(at_start.output.find("1 positions from 2 games") != std::string::npos);  // KRNvKP is in neither set
  CHECK(egtb("approaches --set one /nonexistent.pgn").output ==
        "egtb approaches: cannot read /nonexistent.pgn\n");
  CHECK(egtb("approaches --set one,three " + path).output.find("no set 'three'") != std::string::npos);
}

}  // namespace
}  // namespace shuai
