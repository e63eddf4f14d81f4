// `shuai bench levels` as a function: every level plays its choices, each move lands in one loss bucket, the
// same seed gives the same table, and the weakest level loses more than the strongest.
#include <doctest/doctest.h>

#include <numeric>

#include "engine/commands/bench.h"

namespace shuai::commands {
namespace {

TEST_CASE("bench levels: the loss table of every level, the same for the same seed") {
  LevelLossSettings settings;
  settings.depth = 4;
  settings.positions = 8;
  settings.choices = 3;
  settings.levels = {0, 5, 10};
  const std::vector<LevelLosses> levels = run_level_losses(settings, nullptr);
  REQUIRE(levels.size() == 3);
  for (const LevelLosses& level : levels) {
    CHECK(level.moves == 8 * 3);
    CHECK(std::accumulate(level.by_bucket.begin(), level.by_bucket.end(), 0) == level.moves);
    CHECK(level.loss_sum >= 0);
  }
  // The weakest level plays the judge's best move less often than the strongest and loses more on average.
  CHECK(levels.front().by_bucket[0] < levels.back().by_bucket[0]);
  CHECK(levels.front().loss_sum > levels.back().loss_sum);
  const std::vector<LevelLosses> again = run_level_losses(settings, nullptr);
  for (std::size_t i = 0; i < levels.size(); ++i) {
    CHECK(again[i].by_bucket == levels[i].by_bucket);
    CHECK(again[i].loss_sum == levels[i].loss_sum);
  }
}

}  // namespace
}  // namespace shuai::commands
