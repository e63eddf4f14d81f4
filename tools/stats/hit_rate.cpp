// Table 4 of the paper: the MHT's probe hit rate by table size on opening positions. Beside it, the ceiling
// no table size can pass: the share of evaluations whose minors state (signature and minors phase) the same
// search had met before, counted exactly.
#include <fmt/format.h>

#include <cmath>

#include "eval/evaluator.h"
#include "eval/phase.h"
#include "tools/stats/distinct_counter.h"
#include "tools/stats/experiments.h"
#include "tools/stats/measure.h"
#include "tools/stats/paper.h"

namespace shuai::stats {

namespace {

// Counts the evaluations of one search and the distinct (signature, phase) pairs among them: what an
// unbounded table cleared before the search would miss.
class RepeatCounter : public EvaluationObserver {
 public:
  void on_evaluation(const Position& position) override {
    ++evaluations_;
    const bool endgame = minors_phase_of(position.majors_value()) == Phase::kEndgame;
    // Two phases: fold the phase into the key with a fixed random constant.
    repeats_ += !states_.insert(position.minors_signature() ^ (endgame ? 0x9e3779b97f4a7c15ULL : 0));
  }
  void new_search() { states_.clear(); }
  std::uint64_t evaluations() const { return evaluations_; }
  std::uint64_t repeats() const { return repeats_; }

 private:
  DistinctCounter states_;
  std::uint64_t evaluations_ = 0, repeats_ = 0;
};

}  // namespace

Report run_hit_rate(const Options& options, Progress& progress) {
  const std::vector<StatsPosition> positions = select_positions(options);
  const SearchLimits limits = search_limits(options);
  Searcher searcher(std::size_t(options.hash_megabytes));
  RepeatCounter repeats;
  std::vector<SearchResult> first_results;
  std::vector<std::string> mismatches;

  Report report;
  report.title = "Table 4: probe hit rate by MHT size, opening positions";
  report.setup = fmt::format("{} of {}, {}, one thread, both tables cleared before each search.",
                             plural(positions.size(), "position"), files_text(options), limit_text(options));
  report.table.columns = {
      {"entries", Format::kText},          {"size", Format::kText},
      {"probes", Format::kInteger},        {"hits", Format::kInteger},
      {"hit rate", Format::kPercent},      {"ceiling (unbounded table)", Format::kPercent},
      {"paper hit rate", Format::kPercent}};
  Plot plot;
  plot.title = "MHT probe hit rate against size (Table 4)";
  plot.x_label = "MHT entries";
  plot.y_label = "probe hit rate";
  plot.percent = true;
  plot.series = {{"Shuai", {}, {}}, {"Shuai ceiling (unbounded)", {}, {}}, {"paper (NEUCHESS)", {}, {}}};

  progress.start("hitrate", positions.size() * options.entries_log2.size());
  for (std::size_t size_index = 0; size_index < options.entries_log2.size(); ++size_index) {
    const int entries_log2 = options.entries_log2[size_index];
    searcher.minors_table().resize_entries_log2(entries_log2);
    // The ceiling needs counting once: every size makes the same searches.
    searcher.options().evaluation.observer = size_index == 0 ? &repeats : nullptr;
    MinorsStatistics minors;
    for (std::size_t i = 0; i < positions.size(); ++i) {
      repeats.new_search();
      const TimedSearch timed = timed_search(searcher, positions[i].position, limits);
      minors += timed.result.minors;
      if (size_index == 0)
        first_results.push_back(timed.result);
      else if (!same_search(first_results[i], timed.result))
        mismatches.push_back(fmt::format("{} at 2^{}: nodes {} against {}", positions[i].fen, entries_log2,
                                         timed.result.nodes, first_results[i].nodes));
      progress.advance();
    }
    const double ceiling =
        repeats.evaluations() ? double(repeats.repeats()) / double(repeats.evaluations()) : 0;
    const double paper_rate = paper::hit_rate(entries_log2);
    report.table.add_row({fmt::format("2^{}", entries_log2), memory_label(entries_log2),
                          double(minors.probes), double(minors.hits), minors.hit_rate(), ceiling,
                          paper_rate});
    plot.categories.push_back(fmt::format("2^{}", entries_log2));
    plot.series[0].values.push_back(minors.hit_rate());
    plot.series[1].values.push_back(ceiling);
    plot.series[2].values.push_back(paper_rate);
  }
  progress.finish();
  report.plot = plot;
  report.notes.push_back(
      "Every size makes the same searches (the MHT is harmless), so the probes are the same evaluations.");
  if (mismatches.empty()) {
    report.notes.push_back("Checked: node count, move and score identical at every size.");
  } else {
    report.checks_passed = false;
    for (const std::string& mismatch : mismatches) report.notes.push_back("SEARCH DIFFERS: " + mismatch);
  }
  return report;
}

}  // namespace shuai::stats
