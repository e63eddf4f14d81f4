// Table 2 of the paper: over every leaf evaluation of fixed-depth searches, per majors bucket of the root,
// the distinct minors states MI (minors signatures), the distinct majors states MA (XOR of the Zobrist
// numbers over rooks, horses and cannons), the evaluations N, MIUR = 1 - MI/N and MAUR = 1 - MA/N. Counted
// exactly, with a hash set of the 64-bit keys per bucket.
#include <fmt/format.h>

#include <cmath>

#include "eval/evaluator.h"
#include "tools/stats/experiments.h"
#include "tools/stats/measure.h"
#include "tools/stats/paper.h"
#include "tools/stats/unchanged_rates.h"

namespace shuai::stats {

namespace {

// Sees every evaluation of the search (single-threaded) and files it under the current bucket.
class LeafCounter : public EvaluationObserver {
 public:
  void set_bucket(int bucket) { current_ = &buckets_[bucket]; }
  const UnchangedRates& bucket(int index) const { return buckets_[index]; }

  void on_evaluation(const Position& position) override {
    current_->add(position.minors_signature(), position.majors_signature());
  }

 private:
  UnchangedRates buckets_[kBucketCount];
  UnchangedRates* current_ = &buckets_[0];
};

}  // namespace

Report run_miur(const Options& options, Progress& progress) {
  const std::vector<StatsPosition> positions = select_positions(options);
  const SearchLimits limits = search_limits(options);
  const int entries_log2 = options.entries_log2.front();
  Searcher searcher(std::size_t(options.hash_megabytes));
  searcher.minors_table().resize_entries_log2(entries_log2);
  LeafCounter counter;
  searcher.options().evaluation.observer = &counter;

  int positions_in[kBucketCount] = {};
  std::uint64_t nodes[kBucketCount] = {};
  MinorsStatistics minors[kBucketCount];
  progress.start("miur", positions.size());
  for (const StatsPosition& position : positions) {
    counter.set_bucket(position.bucket);
    const TimedSearch timed = timed_search(searcher, position.position, limits);
    ++positions_in[position.bucket];
    nodes[position.bucket] += timed.result.nodes;
    minors[position.bucket] += timed.result.minors;
    progress.advance();
  }
  progress.finish();

  Report report;
  report.title = "Table 2: MIUR and MAUR on leaf evaluations";
  report.setup = fmt::format(
      "{} of {} bucketed by their majors value (rook 2, horse 1, cannon 1), {}, one thread, tables "
      "cleared before each search; the MHT hit rate is at {} entries.",
      plural(positions.size(), "position"), files_text(options), limit_text(options),
      size_label(entries_log2));
  report.table.columns = {{"majors value", Format::kText},
                          {"positions", Format::kInteger},
                          {"MI", Format::kInteger},
                          {"MA", Format::kInteger},
                          {"N", Format::kInteger},
                          {"MIUR", Format::kPercent, 1},
                          {"MAUR", Format::kPercent, 1},
                          {"MHT hit rate", Format::kPercent, 1},
                          {"paper MIUR", Format::kPercent, 1},
                          {"paper MAUR", Format::kPercent, 1}};
  Plot plot;
  plot.title = "Minors and majors unchanged rates at the leaves (Table 2)";
  plot.x_label = "majors material value of the root";
  plot.y_label = "unchanged rate";
  plot.kind = PlotKind::kBars;
  plot.percent = true;
  plot.series = {
      {"Shuai MIUR", {}, {}}, {"Shuai MAUR", {}, {}}, {"paper MIUR", {}, {}}, {"paper MAUR", {}, {}}};
  for (int bucket = 0; bucket < kBucketCount; ++bucket) {
    const UnchangedRates& counts = counter.bucket(bucket);
    const double miur = counts.minors_unchanged_rate(), maur = counts.majors_unchanged_rate();
    report.table.add_row({bucket_name(bucket), double(positions_in[bucket]), double(counts.minors_states()),
                          double(counts.majors_states()), double(counts.evaluations()), miur, maur,
                          minors[bucket].probes ? minors[bucket].hit_rate() : std::nan(""),
                          paper::kMiur[bucket], paper::kMaur[bucket]});
    plot.categories.push_back(bucket_name(bucket));
    const double plotted[] = {miur, maur, paper::kMiur[bucket], paper::kMaur[bucket]};
    for (std::size_t series = 0; series < std::size(plotted); ++series)
      plot.series[series].values.push_back(plotted[series]);
    if (counts.evaluations() != minors[bucket].probes) {
      report.checks_passed = false;
      report.notes.push_back(fmt::format("bucket {}: {} evaluations seen but {} MHT probes counted",
                                         bucket_name(bucket), counts.evaluations(), minors[bucket].probes));
    }
  }
  report.plot = plot;
  std::uint64_t all_nodes = 0, all_evaluations = 0;
  for (int bucket = 0; bucket < kBucketCount; ++bucket) {
    all_nodes += nodes[bucket];
    all_evaluations += counter.bucket(bucket).evaluations();
  }
  report.notes.push_back(fmt::format(
      "{} nodes, {} leaf evaluations ({:.2f} per node): every static evaluation the search makes "
      "(quiescence stand-pat and the pruning decisions of main nodes), as the paper counts the evaluation "
      "calls.",
      all_nodes, all_evaluations, all_nodes ? double(all_evaluations) / double(all_nodes) : 0.0));
  return report;
}

}  // namespace shuai::stats
