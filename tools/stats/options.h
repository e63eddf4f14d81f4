// The command line of shuai-stats: which experiment, on which positions, at what scale, and where the CSV
// and SVG go. Every experiment has its defaults; a bad or misplaced option is a one-line error.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace shuai::stats {

// kSamplePositions is not one of the paper's tables: it writes positions of our own (see sample_positions.h).
enum class Experiment {
  kMiur,
  kHitRate,
  kSpeedup,
  kPruning,
  kReset,
  kOccupancy,
  kCollisions,
  kSamplePositions
};

std::string_view experiment_name(Experiment experiment);

struct Options {
  Experiment experiment = Experiment::kMiur;
  std::vector<std::string> positions_paths;  // position files, read in turn (defaults per experiment)
  int max_positions = 0;           // 0: every position of the file (self-play: one game per opening)
  int min_majors = 0;              // skip positions with a smaller majors value
  int depth = 8;                   // fixed depth of every search ...
  std::uint64_t nodes = 0;         // ... or, when set, a node limit (a search stopped there is identical too)
  std::vector<int> entries_log2;   // MHT sizes, 2^n entries
  int repetitions = 1;             // timed experiments: rounds over the positions
  int games = 0;                   // self-play: games (openings), 0 = one per opening of the file
  int max_plies = 160;             // self-play: a game stops there (drawn) if not over
  int threads = 2;                 // collisions: search threads
  int per_bucket = 40;             // positions: how many to sample per majors bucket
  int hash_megabytes = 16;         // transposition table
  std::string csv_path, svg_path;  // empty: not written
  bool quiet = false;              // no progress bar
  bool help = false;               // the experiment's usage asked for
};

// The defaults of an experiment, before the command line changes them. `positions_directory` is where the
// project's positions/ files are.
Options default_options(Experiment experiment, const std::string& positions_directory);

// Parses `<experiment> [options]`; on bad input the one line to print ("shuai-stats: ...").
std::variant<Options, std::string> parse_options(std::span<const std::string_view> arguments,
                                                 const std::string& positions_directory);

// Sizes as --entries takes them: {10, 17, 18, 19} -> "10,17-19".
std::string sizes_text(const std::vector<int>& entries_log2);

// The --help text: of every experiment, or of one.
std::string usage_text(std::optional<Experiment> experiment = std::nullopt);

}  // namespace shuai::stats
