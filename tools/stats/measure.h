// What the experiments share: choosing the positions, the paired on/off measurement of
// the time the MHT saves, and mean and spread.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "engine/command_line/progress.h"
#include "search/search.h"
#include "search/timed_search.h"
#include "tools/stats/options.h"
#include "tools/stats/positions.h"

namespace shuai::stats {

// The positions file, filtered by --min-majors, and --max-positions of them spread evenly over the file;
// throws std::invalid_argument with the loader's message.
std::vector<StatsPosition> select_positions(const Options& options);

// Depth or node limit from the options.
SearchLimits search_limits(const Options& options);

// "3 repetitions", "1 repetition".
std::string plural(std::uint64_t count, std::string_view noun);
// "depth 8" or "100000 nodes per search".
std::string limit_text(const Options& options);
// "openings.fen" from a path, for the setup line.
std::string file_name(const std::string& path);
// The position files' names: "phases-public.tsv and phases-selfplay.tsv".
std::string files_text(const Options& options);
// "3 MB", "24 KB": the memory of 2^n entries.
std::string memory_label(int entries_log2);
// "2^17 (3 MB)".
std::string size_label(int entries_log2);
double megabytes_of(int entries_log2);

struct Spread {
  double mean = 0;
  double standard_deviation = 0;  // of the sample (n - 1); NaN for fewer than two values
};
Spread spread_of(const std::vector<double>& values);

// The time the MHT saves on a set of positions: each position searched without and with the MHT, in
// alternating order, `repetitions` times over; times summed per repetition.
struct TimeSaved {
  std::vector<double> seconds_without, seconds_with;  // one sum per repetition
  std::uint64_t nodes = 0;                            // of one repetition
  MinorsStatistics minors;                            // of one repetition, with the MHT
  std::vector<std::string> mismatches;                // positions where the two searches differed

  // (without - with) / without, per repetition.
  std::vector<double> saved_fractions() const;
};

// One more position's pair of searches, into `into` (repetition `repetition`); `turn` decides which runs
// first. The searcher's MHT size and pruning switches are the caller's.
void measure_pair(Searcher& searcher, const StatsPosition& position, const SearchLimits& limits,
                  int repetition, int turn, TimeSaved& into);

}  // namespace shuai::stats
