// The house's include rule, kept by a test rather than by link order (every library gets the repository root
// as its include path, so the compiler alone would let a lower library include a higher one): every include
// points down, board <- eval <- search <- protocol <- program, and tools use the engine's libraries and their
// two shared libraries, never each other.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace shuai {
namespace {

const std::filesystem::path kSourceDir = std::filesystem::path(SHUAI_POSITIONS_DIR).parent_path();

// What each library of the engine may include besides its own files: the layers below it. `engine` is the
// program itself (engine/main.cpp), which nothing includes.
const std::map<std::string, std::set<std::string>> kEngineLayers = {
    {"engine/board", {}},
    {"engine/game", {"engine/board"}},
    {"engine/book", {"engine/board"}},
    {"engine/tablebase", {"engine/board"}},
    {"engine/command_line", {"engine/board"}},
    {"eval", {"engine/board"}},
    {"search", {"eval", "engine/tablebase", "engine/board"}},
    {"engine/protocol", {"search", "eval", "engine/book", "engine/tablebase", "engine/game", "engine/board"}},
    {"engine/web",
     {"engine/protocol", "search", "eval", "engine/book", "engine/tablebase", "engine/game", "engine/board"}},
    {"engine/commands",
     {"engine/command_line", "engine/protocol", "search", "eval", "engine/book", "engine/tablebase",
      "engine/game", "engine/board"}},
    {"engine",
     {"engine/commands", "engine/command_line", "engine/web", "engine/protocol", "search", "eval",
      "engine/book", "engine/tablebase", "engine/game", "engine/board"}},
};

// The libraries the tools share; every other folder under tools/ is a tool of its own.
const std::set<std::string> kToolLibraries = {"tools/common", "tools/match_runner"};

// The module a repository path belongs to: "eval", "search", "engine/board", ..., "engine" for the program's
// own files, "tools/<folder>" for a tool or a tools library, "tests" for the tests; nothing for other roots.
std::optional<std::string> module_of(const std::string& path) {
  const std::size_t slash = path.find('/');
  if (slash == std::string::npos) return std::nullopt;
  const std::string root = path.substr(0, slash);
  if (root == "eval" || root == "search" || root == "tests") return root;
  if (root != "engine" && root != "tools") return std::nullopt;
  const std::size_t second = path.find('/', slash + 1);
  if (second == std::string::npos) return root;  // engine/main.cpp; tools' own files (none include code)
  return path.substr(0, second);
}

// Why `file` may not include `included` (both repository paths), or nothing when it may.
std::optional<std::string> include_violation(const std::string& file, const std::string& included) {
  const std::optional<std::string> from = module_of(file), to = module_of(included);
  if (!from || !to) return std::nullopt;  // a system or generated header; only the house's own folders count
  if (*from == *to || *from == "tests") return std::nullopt;
  const auto engine_layers = [](const std::string& module) { return kEngineLayers.contains(module); };
  if (engine_layers(*from)) {
    if (kEngineLayers.at(*from).contains(*to)) return std::nullopt;
    return *from + " may not include " + *to +
           (to->starts_with("tools") ? " (the engine never uses a tool)" : "");
  }
  if (from->starts_with("tools/")) {
    if (engine_layers(*to) && *to != "engine") return std::nullopt;  // tools use every library of the engine
    if (kToolLibraries.contains(*to) && !(*from == "tools/common" && *to != "tools/common"))
      return std::nullopt;
    return *from + " may not include " + *to + " (a tool uses the engine's libraries and tools/common" +
           (*from == "tools/common" ? ")" : " and tools/match_runner, never another tool)");
  }
  return *from + " is not a module the include rule knows";
}

// The quoted includes of `text`, one per #include line.
std::vector<std::string> quoted_includes(std::istream& text) {
  std::vector<std::string> includes;
  std::string line;
  while (std::getline(text, line)) {
    const std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line.compare(start, 8, "#include") != 0) continue;
    const std::size_t open = line.find('"', start);
    const std::size_t close = open == std::string::npos ? open : line.find('"', open + 1);
    if (close != std::string::npos) includes.push_back(line.substr(open + 1, close - open - 1));
  }
  return includes;
}

TEST_CASE("every include of the engine and the tools points down or into a shared library") {
  int files = 0, includes = 0;
  for (const char* root : {"engine", "eval", "search", "tools"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kSourceDir / root)) {
      const std::string extension = entry.path().extension().string();
      if (!entry.is_regular_file() || (extension != ".h" && extension != ".cpp" && extension != ".in"))
        continue;
      const std::string path = std::filesystem::relative(entry.path(), kSourceDir).generic_string();
      const std::optional<std::string> module = module_of(path);
      REQUIRE(module);
      // A new folder must take its place in the rule before its files can pass.
      CHECK_MESSAGE((kEngineLayers.contains(*module) || module->starts_with("tools")), path,
                    ": folder not in the include rule");
      std::ifstream file(entry.path());
      REQUIRE(file);
      ++files;
      for (const std::string& included : quoted_includes(file)) {
        ++includes;
        const std::optional<std::string> violation = include_violation(path, included);
        CHECK_MESSAGE(!violation, path, " includes \"", included, "\": ", violation.value_or(""));
      }
    }
  }
  // The walk found the house (a wrong source folder would pass with nothing read).
  CHECK(files > 150);
  CHECK(includes > 400);
}

TEST_CASE("the include rule refuses an include that points up or sideways") {
  // Up: a lower layer of the engine including a higher one, or anything of the engine including a tool.
  CHECK(include_violation("engine/board/position.cpp", "eval/evaluate.h"));
  CHECK(include_violation("eval/evaluator.cpp", "search/search.h"));
  CHECK(include_violation("search/search.cpp", "engine/protocol/session.h"));
  CHECK(include_violation("engine/protocol/session.cpp", "engine/commands/commands.h"));
  CHECK(include_violation("engine/main.cpp", "tools/common/work_queue.h"));
  CHECK(include_violation("search/timed_search.cpp", "tools/match_runner/match.h"));
  CHECK(include_violation("engine/board/fen.cpp", "tests/support/main.cpp"));
  // Sideways: one tool including another's files, or the kit including a tool.
  CHECK(include_violation("tools/tune/spsa.cpp", "tools/match/main.cpp"));
  CHECK(include_violation("tools/stats/measure.cpp", "tools/tune/fit.h"));
  CHECK(include_violation("tools/common/self_play.cpp", "tools/match_runner/game.h"));
  CHECK(include_violation("tools/common/self_play.cpp", "tools/stats/table.h"));
  // And what the rule allows.
  CHECK_FALSE(include_violation("search/search.cpp", "eval/evaluate.h"));
  CHECK_FALSE(include_violation("engine/main.cpp", "engine/commands/commands.h"));
  CHECK_FALSE(include_violation("tools/tune/spsa.cpp", "tools/match_runner/match.h"));
  CHECK_FALSE(include_violation("tools/stats/measure.cpp", "engine/command_line/progress.h"));
  CHECK_FALSE(include_violation("tools/match_runner/match.cpp", "tools/common/child_process.h"));
  CHECK_FALSE(include_violation("tests/search/mates_test.cpp", "tools/tune/fit.h"));
}

}  // namespace
}  // namespace shuai
