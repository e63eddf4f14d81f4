// The tablebase options as a GUI sets them: UCCI's useegtb and egtbpaths, UCI's EgtbPath, CECP's egtpath. A
// table in reach is announced and probed (tbhits); a folder that is not there or a damaged file is one line,
// and the engine plays on with what it could load.
#include <doctest/doctest.h>
#include <unistd.h>

#include <fmt/format.h>
#include <filesystem>
#include <fstream>

#include "tests/support/engine_process.h"
#include "tests/support/program_run.h"

namespace shuai {
namespace {

using test::EngineProcess;

struct TableFolder {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / fmt::format("shuai_test_{}_protocol_tables", getpid());
  TableFolder() {
    std::filesystem::remove_all(path);
    REQUIRE(test::run_program(std::string(SHUAI_BINARY) + " egtb generate --endgame KRvK --folder " +
                              path.string())
                .exit_code == 0);
  }
  ~TableFolder() { std::filesystem::remove_all(path); }
};

// Red's rook against the bare king: a table win.
constexpr std::string_view kRookFen = "5k3/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1";

TEST_CASE(
    "UCCI: egtbpaths loads the tables, a go in their reach says what they know, useegtb turns them off") {
  const TableFolder folder;
  EngineProcess engine;
  engine.send("ucci");
  REQUIRE(engine.wait_for("ucciok"));
  engine.send("setoption egtbpaths " + folder.path.string());
  CHECK(engine.wait_for("info message tablebases: 2 endgames loaded"));
  engine.send(fmt::format("position fen {}", kRookFen));
  engine.send("go depth 3");
  const auto said = engine.wait_for("info message tablebase win in ");
  CHECK(said);
  const auto depth = engine.wait_for("info depth 3");
  REQUIRE(depth);
  CHECK(depth->find(" tbhits ") != std::string::npos);
  CHECK(engine.wait_for("bestmove"));
  engine.send("setoption useegtb false");
  engine.send("go depth 3");
  const auto plain = engine.wait_for("info depth 3");
  REQUIRE(plain);
  CHECK(plain->find("tbhits") == std::string::npos);
  CHECK(engine.wait_for("bestmove"));
}

TEST_CASE("UCCI: a damaged table file and a missing folder are one line each, and the engine plays on") {
  const TableFolder folder;
  {
    std::ofstream damaged(folder.path / "KvK.red.egtb", std::ios::binary | std::ios::trunc);
    damaged << "not a table";
  }
  EngineProcess engine;
  engine.send("ucci");
  REQUIRE(engine.wait_for("ucciok"));
  engine.send("setoption egtbpaths " + folder.path.string() + ";/nonexistent/tables");
  const auto damaged = engine.wait_for("info message ");
  REQUIRE(damaged);
  const auto missing = engine.wait_for("info message ");
  REQUIRE(missing);
  const std::string both = *damaged + "\n" + *missing;
  CHECK(both.find("KvK.red.egtb: not a Shuai tablebase file: left out") != std::string::npos);
  CHECK(both.find("/nonexistent/tables: ") != std::string::npos);
  CHECK(engine.wait_for("info message tablebases: 1 endgames loaded"));
  engine.send(fmt::format("position fen {}", kRookFen));
  engine.send("go depth 3");
  CHECK(engine.wait_for("info message tablebase win in "));
  CHECK(engine.wait_for("bestmove"));
}

TEST_CASE("UCI: EgtbPath is listed and loads the tables") {
  const TableFolder folder;
  EngineProcess engine;
  engine.send("uci");
  CHECK(engine.wait_for("option name EgtbPath type string"));
  REQUIRE(engine.wait_for("uciok"));
  engine.send("setoption name EgtbPath value " + folder.path.string());
  CHECK(engine.wait_for("info string tablebases: 2 endgames loaded"));
  engine.send(fmt::format("position fen {}", kRookFen));
  engine.send("go depth 2");
  CHECK(engine.wait_for("info string tablebase win in "));
  CHECK(engine.wait_for("bestmove"));
}

TEST_CASE("CECP: the egt feature names Shuai's tables and egtpath loads them") {
  const TableFolder folder;
  EngineProcess engine;
  engine.send("xboard");
  engine.send("protover 2");
  const auto features = engine.wait_for("feature myname");
  REQUIRE(features);
  CHECK(features->find("egt=\"shuai\"") != std::string::npos);
  REQUIRE(engine.wait_for("feature done=1"));
  engine.send("egtpath shuai " + folder.path.string());
  CHECK(engine.wait_for("# tablebases: 2 endgames loaded"));
  engine.send("egtpath gaviota /tables");
  CHECK(engine.wait_for(
      "Error (unknown tablebase kind 'gaviota', this engine reads shuai): egtpath gaviota /tables"));
}

}  // namespace
}  // namespace shuai
