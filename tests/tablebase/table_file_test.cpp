// A folder of tables loaded as the engine loads it: every whole table, smallest first while they fit in the
// memory given, the rest named in one line.
#include <doctest/doctest.h>
#include <unistd.h>

#include <fmt/format.h>
#include <filesystem>

#include "engine/tablebase/tablebase.h"

namespace shuai::tablebase {
namespace {

TEST_CASE("a folder loads its smallest endgames while they fit in the memory given, and names the rest") {
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / fmt::format("shuai_test_{}_table_files", getpid());
  std::filesystem::remove_all(folder);
  TableSet made;
  std::string error;
  for (const char* name : {"KvK", "KAvK", "KRvK"}) {
    GenerationResult result = generate_table(*parse_endgame_name(name, error), made, 1);
    REQUIRE(result.table);
    for (const Color side : {kRed, kBlack}) REQUIRE_FALSE(write_table_file(folder, *result.table, side));
    made.add(std::move(result.table));
  }
  // Two bytes an entry in memory (both sides): KvK 90, KAvK 450, KRvK 8100.
  const auto load = [&](std::uint64_t memory, std::vector<std::string>& problems, TableSet& tables) {
    std::uint64_t memory_left = memory;
    const int loaded = load_table_folder(folder, tables, problems, 2, memory_left);
    CHECK(memory - memory_left == (loaded == 3 ? 8640U : loaded == 2 ? 540U : 90U));
    return loaded;
  };
  std::vector<std::string> problems;
  TableSet all;
  CHECK(load(1 << 20, problems, all) == 3);
  CHECK(problems.empty());
  TableSet some;
  CHECK(load(8000, problems, some) == 2);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == folder.string() + ": 1 endgames (7.9 kB) beyond the 7.8 kB of memory for tables");
  CHECK(some.find(*parse_endgame_name("KAvK", error)) != nullptr);
  CHECK(some.find(*parse_endgame_name("KRvK", error)) == nullptr);
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace shuai::tablebase
