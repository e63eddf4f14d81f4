// Every shuai-stats experiment at a tiny scale, and the positions sampler: each runs, its checks pass
// (identical searches and games with the MHT on and off, reset or not), and its numbers are sane (rates
// within 0..1, hit rate below its ceiling and rising with size, occupancy without reset at least that with
// reset, no collision let through by the lockless encoding).
#include <doctest/doctest.h>

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "engine/board/board.h"
#include "tools/stats/experiments.h"
#include "tools/stats/options.h"
#include "tools/stats/positions.h"
#include "tools/stats/sample_positions.h"
#include "tools/stats/self_play.h"

namespace shuai::stats {
namespace {

Options tiny(Experiment experiment, int depth, int positions) {
  Options options = default_options(experiment, SHUAI_POSITIONS_DIR);
  options.depth = depth;
  options.max_positions = positions;
  options.hash_megabytes = 1;
  options.quiet = true;
  return options;
}

// The number in a row's cell of the named column.
double number(const Report& report, std::size_t row, const std::string& column) {
  for (std::size_t i = 0; i < report.table.columns.size(); ++i)
    if (report.table.columns[i].name == column) {
      const auto* value = std::get_if<double>(&report.table.rows.at(row).at(i));
      REQUIRE_MESSAGE(value, column);
      return *value;
    }
  FAIL("no column " << column);
  return 0;
}

bool is_rate(double value) {
  return value >= 0 && value <= 1;
}

void check_report(const Report& report, std::size_t rows) {
  for (const std::string& note : report.notes) INFO(note);
  CHECK(report.checks_passed);
  CHECK(report.table.rows.size() == rows);
  for (const auto& row : report.table.rows) CHECK(row.size() == report.table.columns.size());
  CHECK_FALSE(report_markdown(report).empty());
}

TEST_CASE("miur at a tiny scale: every bucket counted, MI and MA within N, rates within 0..1") {
  Progress progress(nullptr);
  Options options = tiny(Experiment::kMiur, 3, 10);
  options.positions_paths = {SHUAI_POSITIONS_DIR "/phases-public.tsv"};  // 35 a bucket, in bucket order
  const Report report = run_miur(options, progress);
  check_report(report, 5);
  for (std::size_t row = 0; row < 5; ++row) {
    CHECK(number(report, row, "positions") == 2);  // ten positions spread over the five buckets
    const double evaluations = number(report, row, "N");
    CHECK(evaluations > 0);
    CHECK(number(report, row, "MI") <= evaluations);
    CHECK(number(report, row, "MA") <= evaluations);
    CHECK(number(report, row, "MIUR") == doctest::Approx(1 - number(report, row, "MI") / evaluations));
    CHECK(is_rate(number(report, row, "MIUR")));
    CHECK(is_rate(number(report, row, "MAUR")));
    CHECK(is_rate(number(report, row, "MHT hit rate")));
  }
  REQUIRE(report.plot);
  CHECK(report.plot->categories.size() == 5);
}

TEST_CASE(
    "hitrate at a tiny scale: rates within 0..1, below the unbounded ceiling, never falling with size") {
  Progress progress(nullptr);
  Options options = tiny(Experiment::kHitRate, 4, 4);
  options.entries_log2 = {6, 10, 14};
  const Report report = run_hit_rate(options, progress);
  check_report(report, 3);
  double previous = 0;
  for (std::size_t row = 0; row < 3; ++row) {
    const double rate = number(report, row, "hit rate");
    CHECK(is_rate(rate));
    // A hit needs the same state stored earlier in the search, so no table beats the ceiling; and in a
    // direct-mapped always-replace table, whatever hits in a smaller table hits in a larger one.
    CHECK(rate <= number(report, row, "ceiling (unbounded table)"));
    CHECK(rate >= previous);
    CHECK(number(report, row, "probes") == number(report, 0, "probes"));
    previous = rate;
  }
}

TEST_CASE("speedup at a tiny scale: identical searches with the MHT on and off, times measured") {
  Progress progress(nullptr);
  Options options = tiny(Experiment::kSpeedup, 3, 3);
  options.entries_log2 = {8, 12};
  options.repetitions = 2;
  const Report report = run_speedup(options, progress);
  check_report(report, 2);
  for (std::size_t row = 0; row < 2; ++row) {
    CHECK(number(report, row, "time without MHT (s)") > 0);
    CHECK(number(report, row, "time with MHT (s)") > 0);
    // A share of the time without the table: below 1 whatever the load (a busy machine can make it negative).
    CHECK(std::isfinite(number(report, row, "time saved")));
    CHECK(number(report, row, "time saved") < 1);
    CHECK(is_rate(number(report, row, "hit rate")));
  }
}

TEST_CASE("pruning at a tiny scale: five settings, identical searches, fewer nodes with all pruning") {
  Progress progress(nullptr);
  const Report report = run_pruning(tiny(Experiment::kPruning, 3, 2), progress);
  check_report(report, 5);
  CHECK(number(report, 4, "nodes") < number(report, 0, "nodes"));  // "all" against "none"
}

TEST_CASE("reset at a tiny scale: the same moves with and without reset at every size") {
  Progress progress(nullptr);
  Options options = tiny(Experiment::kReset, 2, 0);
  options.games = 2;
  options.max_plies = 16;
  options.entries_log2 = {8, 12};
  const Report report = run_reset(options, progress);
  check_report(report, 2);
  CHECK(number(report, 0, "moves") == number(report, 1, "moves"));
  CHECK(number(report, 0, "moves") > 0);
}

TEST_CASE("occupancy at a tiny scale: within 0..1, never lower without reset than with it") {
  Progress progress(nullptr);
  Options options = tiny(Experiment::kOccupancy, 3, 0);
  options.games = 1;
  options.max_plies = 16;
  options.entries_log2 = {8, 14};
  const Report report = run_occupancy(options, progress);
  check_report(report, 4);  // per size: every move, never
  for (std::size_t size = 0; size < 2; ++size) {
    const std::size_t reset = 2 * size, kept = 2 * size + 1;
    for (const std::size_t row : {reset, kept}) {
      CHECK(is_rate(number(report, row, "average occupancy")));
      CHECK(is_rate(number(report, row, "peak occupancy")));
      CHECK(number(report, row, "peak occupancy") >= number(report, row, "average occupancy"));
      CHECK(number(report, row, "move at peak") >= 1);
    }
    CHECK(number(report, kept, "average occupancy") >= number(report, reset, "average occupancy"));
    CHECK(number(report, kept, "peak occupancy") >= number(report, reset, "peak occupancy"));
  }
  CHECK(number(report, 0, "average occupancy") >
        number(report, 2, "average occupancy"));  // 2^8 fuller than 2^14
}

TEST_CASE("a self-play game plays legal moves and ends by the rules or the ply limit") {
  Searcher red(1), black(1);
  SearchLimits limits;
  limits.depth = 2;
  int searches = 0;
  const SelfPlayGame game =
      play_self_play_game(std::string(kStartFen), {&red, &black}, limits, 12, [&](int, int) { ++searches; });
  CHECK(game.moves.size() == 12);
  CHECK(game.ending == "max plies");
  CHECK(searches == 12);
  CHECK(game.search_seconds.size() == 12);
  Position position = *parse_fen(kStartFen).position;
  for (const Move move : game.moves) {
    REQUIRE(is_legal(position, move));
    position.make_move(move);
  }
}

TEST_CASE("positions of our own: sampled by bucket, distinct, legal, read back by the position reader") {
  Progress progress(nullptr);
  Options options = tiny(Experiment::kSamplePositions, 2, 0);
  options.games = 3;
  options.max_plies = 60;
  options.per_bucket = 3;
  const std::vector<SampledPosition> sampled = sample_positions(options, progress);
  REQUIRE_FALSE(sampled.empty());
  int per_bucket[kBucketCount] = {};
  std::set<std::string> fens;
  for (const SampledPosition& position : sampled) {
    const auto parsed = parse_fen(position.fen);
    REQUIRE(parsed.position);
    CHECK(position.majors_value == parsed.position->majors_value());
    CHECK(position.bucket == bucket_of(position.majors_value));
    ++per_bucket[position.bucket];
    fens.insert(position.fen);
  }
  for (const int count : per_bucket) CHECK(count <= 3);
  CHECK(fens.size() == sampled.size());
  CHECK(
      std::is_sorted(sampled.begin(), sampled.end(),
                     [](const SampledPosition& a, const SampledPosition& b) { return a.bucket < b.bucket; }));

  const std::string path =
      (std::filesystem::temp_directory_path() / fmt::format("shuai_stats_sampled_{}.tsv", getpid())).string();
  std::FILE* file = std::fopen(path.c_str(), "w");
  std::fputs(positions_tsv(sampled).c_str(), file);
  std::fclose(file);
  const auto loaded = load_positions(path);
  std::remove(path.c_str());
  REQUIRE(std::holds_alternative<std::vector<StatsPosition>>(loaded));
  CHECK(std::get<std::vector<StatsPosition>>(loaded).size() == sampled.size());
}

TEST_SUITE("threads") {
  TEST_CASE("collisions at a tiny scale: the lockless encoding lets no bad hit through") {
    Progress progress(nullptr);
    Options options = tiny(Experiment::kCollisions, 4, 2);
    options.entries_log2 = {4};
    options.threads = 2;
    const Report report = run_collisions(options, progress);
    check_report(report, 2);  // encoding off, on
    CHECK(number(report, 1, "disagreements") == 0);
    CHECK(number(report, 0, "verified hits") > 0);
    CHECK(number(report, 1, "verified hits") > 0);
  }
}

}  // namespace
}  // namespace shuai::stats
