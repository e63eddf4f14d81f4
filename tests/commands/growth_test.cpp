// The depth-growth diagnostic (`shuai bench growth`): the nodes it charges to each depth are the nodes the
// iterations really took, and the program prints the growth and what a doubling buys.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "engine/commands/bench.h"
#include "tests/support/program_run.h"

namespace shuai {
namespace {

TEST_SUITE("commands") {
  TEST_CASE("bench growth charges each depth the nodes its iteration ended at") {
    commands::BenchSettings settings;
    settings.depth = 6;
    settings.hash_megabytes = 1;
    const commands::DepthGrowth growth = commands::run_depth_growth(settings, 4);
    CHECK(growth.positions == 4);
    REQUIRE(growth.nodes_by_depth.size() == 7);
    CHECK(growth.nodes_by_depth[1] > 0);
    for (int depth = 2; depth <= 6; ++depth)
      CHECK(growth.nodes_by_depth[depth] > growth.nodes_by_depth[depth - 1]);
    // The last iteration ends the search: what it ended at is every search's total.
    CHECK(growth.nodes_by_depth[6] == growth.nodes);
    // One thread and a cleared table each: the same tree again.
    CHECK(commands::run_depth_growth(settings, 4).nodes_by_depth == growth.nodes_by_depth);
  }

  TEST_CASE("shuai bench growth prints the growth per ply and what a doubling buys") {
    const test::ProgramRun run = test::run_program(
        std::string(SHUAI_BINARY) + " bench growth depth 6 positions 3 hash 1", test::Capture::kOutputOnly);
    INFO(run.output);
    CHECK(run.exit_code == 0);
    const auto at = run.output.find("Growth per ply  : ");
    REQUIRE(at != std::string::npos);
    double per_ply = 0;
    REQUIRE(std::sscanf(run.output.c_str() + at, "Growth per ply  : %lf", &per_ply) == 1);
    CHECK(per_ply > 1.0);
    CHECK(run.output.find("Plies a doubling buys : ") != std::string::npos);
    const test::ProgramRun bad = test::run_program(std::string(SHUAI_BINARY) + " bench growth depth 1",
                                                   test::Capture::kOutputAndError);
    CHECK(bad.exit_code == 2);
    CHECK(bad.output.find("--depth") != std::string::npos);
  }
}

}  // namespace
}  // namespace shuai
