// Tables 5 and 6 of the paper: the search time the MHT saves, by table size (speedup) and by the forward
// pruning enabled (pruning). Each position is searched without and with the MHT in one process, the two
// runs alternating in order and interleaved across sizes or settings, from cleared tables; the two searches
// must be identical but for time. The saving is taken per repetition, and its spread over repetitions shown.
#include <fmt/format.h>

#include <cmath>
#include <memory>

#include "tools/stats/experiments.h"
#include "tools/stats/measure.h"
#include "tools/stats/paper.h"

namespace shuai::stats {

namespace {

void add_mismatch_notes(const std::vector<TimeSaved>& measurements, Report& report) {
  std::size_t mismatches = 0;
  for (const TimeSaved& measurement : measurements)
    for (const std::string& mismatch : measurement.mismatches) {
      if (++mismatches <= 10) report.notes.push_back("SEARCH DIFFERS: " + mismatch);
    }
  if (mismatches) {
    report.checks_passed = false;
    report.notes.push_back(fmt::format("{} searches differed with the MHT on and off.", mismatches));
  } else {
    report.notes.push_back(
        "Checked: every pair of searches identical (nodes, move, score) with the MHT off and on.");
  }
}

// One searcher per MHT size, so that no table is reallocated between the interleaved measurements.
std::vector<std::unique_ptr<Searcher>> searchers_by_size(const Options& options) {
  std::vector<std::unique_ptr<Searcher>> searchers;
  for (const int entries_log2 : options.entries_log2) {
    searchers.push_back(std::make_unique<Searcher>(std::size_t(options.hash_megabytes)));
    searchers.back()->minors_table().resize_entries_log2(entries_log2);
  }
  return searchers;
}

struct PruningSetting {
  std::string_view name;  // as in paper::kPruning
  PruningSwitches switches;
};

constexpr PruningSetting kPruningSettings[] = {
    {"none", {false, false, false, false}},
    {"late move reductions", {false, true, false, false}},
    {"razoring and futility", {false, false, true, true}},
    {"null move", {true, false, false, false}},
    {"all", {true, true, true, true}},
};

}  // namespace

Report run_speedup(const Options& options, Progress& progress) {
  const std::vector<StatsPosition> positions = select_positions(options);
  const SearchLimits limits = search_limits(options);
  const std::size_t sizes = options.entries_log2.size();
  const std::vector<std::unique_ptr<Searcher>> searchers = searchers_by_size(options);
  std::vector<TimeSaved> saved(sizes);
  progress.start("speedup", std::uint64_t(options.repetitions) * positions.size() * sizes);
  for (int repetition = 0; repetition < options.repetitions; ++repetition)
    for (std::size_t i = 0; i < positions.size(); ++i)
      for (std::size_t step = 0; step < sizes; ++step) {
        const std::size_t k = (step + i + std::size_t(repetition)) % sizes;  // rotate which size goes first
        measure_pair(*searchers[k], positions[i], limits, repetition, int(i + k) + repetition, saved[k]);
        progress.advance();
      }
  progress.finish();

  Report report;
  report.title = "Table 5: time saved by the MHT, by size";
  report.setup = fmt::format(
      "{} of {}, {}, one thread, {}; each search without and with the MHT in alternating order from "
      "cleared tables.",
      plural(positions.size(), "position"), files_text(options), limit_text(options),
      plural(std::uint64_t(options.repetitions), "repetition"));
  report.table.columns = {{"entries", Format::kText},
                          {"size", Format::kText},
                          {"time without MHT (s)", Format::kDecimal, 2},
                          {"time with MHT (s)", Format::kDecimal, 2},
                          {"time saved", Format::kPercent},
                          {"spread (sd)", Format::kPercent},
                          {"hit rate", Format::kPercent},
                          {"paper time saved", Format::kPercent}};
  Plot plot;
  plot.title = "Search time saved by the MHT against size (Table 5)";
  plot.x_label = "MHT entries";
  plot.y_label = "time saved";
  plot.percent = true;
  plot.from_zero = true;
  plot.series = {{"Shuai (sd over repetitions)", {}, {}}, {"paper (NEUCHESS)", {}, {}}};
  for (std::size_t k = 0; k < sizes; ++k) {
    const int entries_log2 = options.entries_log2[k];
    const Spread fraction = spread_of(saved[k].saved_fractions());
    const Spread without = spread_of(saved[k].seconds_without), with = spread_of(saved[k].seconds_with);
    const double paper_saved = paper::time_saved(entries_log2);
    report.table.add_row({fmt::format("2^{}", entries_log2), memory_label(entries_log2), without.mean,
                          with.mean, fraction.mean, fraction.standard_deviation, saved[k].minors.hit_rate(),
                          paper_saved});
    plot.categories.push_back(fmt::format("2^{}", entries_log2));
    plot.series[0].values.push_back(fraction.mean);
    plot.series[0].errors.push_back(fraction.standard_deviation);
    plot.series[1].values.push_back(paper_saved);
  }
  report.plot = plot;
  report.notes.push_back(fmt::format(
      "{} nodes per repetition. Times are sums over the positions, per repetition.", saved.front().nodes));
  add_mismatch_notes(saved, report);
  return report;
}

Report run_pruning(const Options& options, Progress& progress) {
  const std::vector<StatsPosition> positions = select_positions(options);
  const SearchLimits limits = search_limits(options);
  const std::size_t sizes = options.entries_log2.size();
  constexpr std::size_t kSettings = std::size(kPruningSettings);
  const std::vector<std::unique_ptr<Searcher>> searchers = searchers_by_size(options);
  std::vector<TimeSaved> saved(kSettings * sizes);  // [setting * sizes + size]
  const std::size_t cells = kSettings * sizes;
  progress.start("pruning", std::uint64_t(options.repetitions) * positions.size() * cells);
  for (int repetition = 0; repetition < options.repetitions; ++repetition)
    for (std::size_t i = 0; i < positions.size(); ++i)
      for (std::size_t step = 0; step < cells; ++step) {
        const std::size_t cell = (step + i + std::size_t(repetition)) % cells;
        Searcher& searcher = *searchers[cell % sizes];
        searcher.options().pruning = kPruningSettings[cell / sizes].switches;
        measure_pair(searcher, positions[i], limits, repetition, int(i + cell) + repetition, saved[cell]);
        progress.advance();
      }
  progress.finish();

  Report report;
  report.title = "Table 6: time saved by the MHT with each forward pruning method";
  report.setup = fmt::format(
      "{} of {} with a majors value of at least {}, {}, one thread, {}; each setting searched without and "
      "with the MHT in alternating order from cleared tables.",
      plural(positions.size(), "position"), files_text(options), options.min_majors, limit_text(options),
      plural(std::uint64_t(options.repetitions), "repetition"));
  report.table.columns = {{"forward pruning", Format::kText},
                          {"entries", Format::kText},
                          {"nodes", Format::kInteger},
                          {"time without MHT (s)", Format::kDecimal, 2},
                          {"time with MHT (s)", Format::kDecimal, 2},
                          {"time saved", Format::kPercent},
                          {"spread (sd)", Format::kPercent},
                          {"hit rate", Format::kPercent},
                          {"paper time saved", Format::kPercent}};
  Plot plot;
  plot.title = "Time saved by the MHT by forward pruning (Table 6)";
  plot.x_label = "forward pruning enabled";
  plot.y_label = "time saved";
  plot.kind = PlotKind::kBars;
  plot.percent = true;
  for (const int entries_log2 : options.entries_log2)
    plot.series.push_back({fmt::format("Shuai, 2^{} entries", entries_log2), {}, {}});
  plot.series.push_back({"paper (NEUCHESS)", {}, {}});
  for (std::size_t setting = 0; setting < kSettings; ++setting) {
    const double paper_saved = paper::kPruning[setting].time_saved;
    plot.categories.push_back(std::string(kPruningSettings[setting].name));
    for (std::size_t k = 0; k < sizes; ++k) {
      const TimeSaved& cell = saved[setting * sizes + k];
      const Spread fraction = spread_of(cell.saved_fractions());
      report.table.add_row({std::string(kPruningSettings[setting].name),
                            fmt::format("2^{}", options.entries_log2[k]), double(cell.nodes),
                            spread_of(cell.seconds_without).mean, spread_of(cell.seconds_with).mean,
                            fraction.mean, fraction.standard_deviation, cell.minors.hit_rate(), paper_saved});
      plot.series[k].values.push_back(fraction.mean);
      plot.series[k].errors.push_back(fraction.standard_deviation);
    }
    plot.series.back().values.push_back(paper_saved);
  }
  report.plot = plot;
  report.notes.push_back(
      "Settings as in the paper: none; late move reductions alone; razoring and futility; null move "
      "alone; all four. Same depth for every setting, so the searches without pruning are far larger.");
  add_mismatch_notes(saved, report);
  return report;
}

}  // namespace shuai::stats
