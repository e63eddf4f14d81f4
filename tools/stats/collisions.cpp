// Section 7 of the paper: parallel searches with the verification mode on (every MHT hit is recomputed and
// compared), with the lockless encoding on and off; a disagreement is a hit whose record was not what the
// position's minors give: a torn entry that the plain checksum let through.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "tools/stats/experiments.h"
#include "tools/stats/measure.h"
#include "tools/stats/paper.h"

namespace shuai::stats {

Report run_collisions(const Options& options, Progress& progress) {
  const std::vector<StatsPosition> positions = select_positions(options);
  const SearchLimits limits = search_limits(options);
  Report report;
  report.title = "Section 7: MHT collisions in parallel search, lockless encoding off and on";
  report.setup = fmt::format(
      "{} of {}, {} each, {}, {} sharing the tables, verification mode on (every hit recomputed), tables "
      "cleared before each search.",
      plural(positions.size(), "position"), files_text(options),
      plural(std::uint64_t(options.repetitions), "search"), limit_text(options),
      plural(std::uint64_t(options.threads), "thread"));
  report.table.columns = {{"entries", Format::kText},
                          {"lockless encoding", Format::kText},
                          {"searches", Format::kInteger},
                          {"nodes per search", Format::kInteger},
                          {"verified hits", Format::kInteger},
                          {"disagreements", Format::kInteger},
                          {"per search", Format::kDecimal, 3},
                          {"most in one search", Format::kInteger},
                          {"searches with any", Format::kInteger},
                          {"paper per search", Format::kDecimal, 0}};
  const std::uint64_t searches = std::uint64_t(options.repetitions) * positions.size();
  progress.start("collisions", 2 * searches * options.entries_log2.size());
  for (const int entries_log2 : options.entries_log2) {
    for (const bool lockless : {false, true}) {
      Searcher searcher(std::size_t(options.hash_megabytes));
      searcher.set_threads(options.threads);
      searcher.minors_table().resize_entries_log2(entries_log2);
      searcher.minors_table().set_lockless_encoding(lockless);
      searcher.options().evaluation.verify_minors_hits = true;
      std::uint64_t nodes = 0, verified = 0, disagreements = 0, most = 0, with_any = 0;
      for (int repetition = 0; repetition < options.repetitions; ++repetition)
        for (const StatsPosition& position : positions) {
          const TimedSearch timed = timed_search(searcher, position.position, limits);
          nodes += timed.result.nodes;
          verified += timed.result.minors.verified_hits;
          disagreements += timed.result.minors.disagreements;
          most = std::max(most, timed.result.minors.disagreements);
          with_any += timed.result.minors.disagreements > 0;
          progress.advance();
        }
      report.table.add_row(
          {fmt::format("2^{}", entries_log2), std::string(lockless ? "on" : "off"), double(searches),
           double(nodes) / double(searches), double(verified), double(disagreements),
           double(disagreements) / double(searches), double(most), double(with_any),
           lockless ? paper::kCollisionsPerSearchWithLockless : paper::kCollisionsPerSearchWithoutLockless});
      if (lockless && disagreements) {
        report.checks_passed = false;
        report.notes.push_back(fmt::format("LOCKLESS ENCODING LET {} BAD HITS THROUGH at 2^{} entries",
                                           disagreements, entries_log2));
      }
    }
  }
  progress.finish();
  report.notes.push_back(
      "The paper's searches had about 15 million nodes each; a torn entry needs two threads writing one "
      "slot at the same moment, so fewer cores, smaller searches and larger tables all make disagreements "
      "rarer.");
  if (options.threads < 2) report.notes.push_back("With one thread nothing can tear: this run is a control.");
  return report;
}

}  // namespace shuai::stats
