// A folder of tables loaded as the engine loads it: the files mapped, every whole table added, the checksums
// of the smallest checked at once and those of the rest in the background, a table probed only once checked,
// and every damaged or foreign file named in one line.
#include <doctest/doctest.h>
#include <unistd.h>

#include <fmt/format.h>
#include <filesystem>
#include <fstream>

#include "engine/board/fen.h"
#include "engine/tablebase/tablebase.h"

namespace shuai::tablebase {
namespace {

struct MadeFolder {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / fmt::format("shuai_test_{}_table_files", getpid());
  TableSet made;
  MadeFolder() {
    std::filesystem::remove_all(path);
    std::string error;
    for (const char* name : {"KvK", "KAvK", "KRvK"}) {
      GenerationResult result = generate_table(*parse_endgame_name(name, error), made, 1);
      REQUIRE(result.table);
      for (const Color side : {kRed, kBlack}) REQUIRE_FALSE(write_table_file(path, *result.table, side));
      made.add(std::move(result.table));
    }
  }
  ~MadeFolder() { std::filesystem::remove_all(path); }
  // Changes one byte of a file at `offset` from its start.
  void damage(const std::string& file, std::streamoff offset) const {
    std::fstream stream(path / file, std::ios::binary | std::ios::in | std::ios::out);
    stream.seekg(offset);
    const char byte = char(stream.get());
    stream.seekp(offset);
    stream.put(char(byte ^ 1));
  }
};

Position position_of(const char* fen) {
  FenResult read = parse_fen(fen);
  REQUIRE_MESSAGE(read.position, read.error);
  return *read.position;
}

// Red's rook against the bare king (KRvK), and the same with Black to move.
constexpr const char* kRookRedToMove = "5k3/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1";
constexpr const char* kRookBlackToMove = "5k3/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1";

// The suite "threads" runs these under ThreadSanitizer too: the check runs on threads of its own.
TEST_CASE("a folder's tables are mapped: the smallest are checked at once, the rest in the background" *
          doctest::test_suite("threads")) {
  const MadeFolder folder;
  std::string error;
  const Position rook = position_of(kRookRedToMove);
  const TableValue expected = *folder.made.probe(rook);
  REQUIRE(is_win(expected));

  std::vector<std::string> problems;
  TableSet all;
  std::uint64_t bytes_to_check = 1 << 20;
  CHECK(load_table_folder(folder.path, all, problems, 2, bytes_to_check) == 3);
  CHECK(problems.empty());
  CHECK(bytes_to_check == (1 << 20) - (90 + 450 + 8100));  // two bytes an entry, both sides
  CHECK(all.probe(rook) == expected);
  CHECK(all.probe(position_of(kRookBlackToMove)) == folder.made.probe(position_of(kRookBlackToMove)));

  // Room to check KvK and KAvK at once: KRvK waits, and is not probed until it is checked.
  TableSet some;
  bytes_to_check = 8000;
  CHECK(load_table_folder(folder.path, some, problems, 2, bytes_to_check) == 3);
  CHECK(problems.empty());
  CHECK(bytes_to_check == 8000 - 540);
  REQUIRE(some.find_mapped(*parse_endgame_name("KRvK", error)) != nullptr);
  CHECK_FALSE(some.find_mapped(*parse_endgame_name("KRvK", error))->checked.load());
  CHECK(some.find_mapped(*parse_endgame_name("KAvK", error))->checked.load());
  CHECK_FALSE(some.probe(rook));
  std::vector<std::string> reported;
  check_in_background(some, [&](const std::string& line) { reported.push_back(line); });
  some.wait_for_background();
  REQUIRE(reported.size() == 1);
  CHECK(reported[0].starts_with("tablebases: 1 more endgames checked and in use (7.9 kB in "));
  CHECK(some.probe(rook) == expected);
}

TEST_CASE("a damaged entry is found by the background check, and its table is never probed" *
          doctest::test_suite("threads")) {
  const MadeFolder folder;
  folder.damage("KRvK.black.egtb", 128 + 1000);
  std::vector<std::string> problems;
  TableSet tables;
  std::uint64_t bytes_to_check = 0;
  CHECK(load_table_folder(folder.path, tables, problems, 1, bytes_to_check) == 3);
  CHECK(problems.empty());  // the headers are whole
  std::vector<std::string> reported;
  check_in_background(tables, [&](const std::string& line) { reported.push_back(line); });
  tables.wait_for_background();
  REQUIRE(reported.size() == 2);
  CHECK(reported[0] ==
        (folder.path / "KRvK.black.egtb").string() + ": checksum mismatch, the file is damaged: left out");
  CHECK(reported[1].starts_with("tablebases: 2 more endgames checked and in use"));
  CHECK_FALSE(tables.probe(position_of(kRookRedToMove)));
}

TEST_CASE("a damaged, truncated, longer or foreign file is one line at once, and the rest load") {
  const std::string krvk_red = "KRvK.red.egtb";
  const auto problem_with = [](const MadeFolder& folder) {
    std::vector<std::string> problems;
    TableSet tables;
    std::uint64_t bytes_to_check = 1 << 20;
    CHECK(load_table_folder(folder.path, tables, problems, 2, bytes_to_check) == 2);
    CHECK(tables.size() == 2);
    REQUIRE(problems.size() == 1);
    CHECK_FALSE(tables.probe(position_of(kRookRedToMove)));
    return problems[0];
  };
  {
    const MadeFolder folder;
    folder.damage(krvk_red, 128 + 17);
    CHECK(problem_with(folder) ==
          (folder.path / krvk_red).string() + ": checksum mismatch, the file is damaged");
  }
  {
    const MadeFolder folder;
    std::filesystem::resize_file(folder.path / krvk_red, 128 + 4000);
    CHECK(problem_with(folder) ==
          (folder.path / krvk_red).string() + ": truncated, shorter than its header says");
  }
  {
    const MadeFolder folder;
    std::ofstream(folder.path / krvk_red, std::ios::binary | std::ios::app) << "more";
    CHECK(problem_with(folder) == (folder.path / krvk_red).string() + ": longer than its header says");
  }
  {
    const MadeFolder folder;
    folder.damage(krvk_red, 8);  // the format version, 1 -> 0
    CHECK(problem_with(folder) ==
          (folder.path / krvk_red).string() + ": format version 0, this engine reads version 1");
  }
  {
    const MadeFolder folder;
    std::ofstream(folder.path / krvk_red, std::ios::binary | std::ios::trunc) << "not a table";
    CHECK(problem_with(folder) == (folder.path / krvk_red).string() + ": not a Shuai tablebase file");
  }
  {
    const MadeFolder folder;
    std::ofstream(folder.path / krvk_red, std::ios::binary | std::ios::trunc);
    CHECK(problem_with(folder) == (folder.path / krvk_red).string() + ": not a Shuai tablebase file");
  }
}

}  // namespace
}  // namespace shuai::tablebase
