// The table-carryover diagnostic (`shuai bench carryover`): the search two plies on is charged the nodes its
// iterations really took, the warm search finds the work the search before left, and the program prints the
// ratios.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "engine/commands/bench.h"
#include "tests/support/program_run.h"

namespace shuai {
namespace {

TEST_SUITE("commands") {
  TEST_CASE("bench carryover finds the tables the search before left cheaper than cleared ones") {
    commands::BenchSettings settings;
    settings.depth = 7;
    settings.hash_megabytes = 4;
    const commands::TableCarryover carryover = commands::run_table_carryover(settings, 4);
    CHECK(carryover.positions == 4);
    REQUIRE(carryover.cold_nodes_by_depth.size() == 8);
    REQUIRE(carryover.warm_nodes_by_depth.size() == 8);
    for (int depth = 2; depth <= 7; ++depth) {
      CHECK(carryover.cold_nodes_by_depth[depth] > carryover.cold_nodes_by_depth[depth - 1]);
      CHECK(carryover.warm_nodes_by_depth[depth] >= carryover.warm_nodes_by_depth[depth - 1]);
    }
    // The depth the first search covered two plies on (and every depth below it) costs less warm: a table
    // cleared between the searches, or entries of an older search never used, would make the two equal.
    for (int depth = 3; depth <= 5; ++depth)
      CHECK(carryover.warm_nodes_by_depth[depth] < carryover.cold_nodes_by_depth[depth]);
    // The three searches of each position are all counted.
    CHECK(carryover.nodes > carryover.cold_nodes_by_depth[7] + carryover.warm_nodes_by_depth[7]);
    // One thread, and every position's first search from cleared tables: the same figures again.
    const commands::TableCarryover again = commands::run_table_carryover(settings, 4);
    CHECK(again.cold_nodes_by_depth == carryover.cold_nodes_by_depth);
    CHECK(again.warm_nodes_by_depth == carryover.warm_nodes_by_depth);
  }

  TEST_CASE("shuai bench carryover prints the ratio of cold to warm nodes") {
    const test::ProgramRun run =
        test::run_program(std::string(SHUAI_BINARY) + " bench carryover depth 7 positions 3 hash 4",
                          test::Capture::kOutputOnly);
    INFO(run.output);
    CHECK(run.exit_code == 0);
    const auto at = run.output.find("Carried at depth 5  : ");
    REQUIRE(at != std::string::npos);
    double carried = 0;
    REQUIRE(std::sscanf(run.output.c_str() + at, "Carried at depth 5  : %lf", &carried) == 1);
    CHECK(carried > 1.0);
    const test::ProgramRun bad = test::run_program(std::string(SHUAI_BINARY) + " bench carryover depth 1",
                                                   test::Capture::kOutputAndError);
    CHECK(bad.exit_code == 2);
    CHECK(bad.output.find("--depth") != std::string::npos);
  }
}

}  // namespace
}  // namespace shuai
