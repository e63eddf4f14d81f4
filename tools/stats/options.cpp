// Parsing shuai-stats' command line, with each experiment's defaults and the options it accepts.
#include "tools/stats/options.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "engine/command_line/arguments.h"
#include "engine/command_line/command_options.h"

namespace shuai::stats {

namespace {

struct ExperimentSpec {
  Experiment experiment;
  std::string_view name;
  std::string_view what;
  std::string_view options;  // the options it accepts beyond the common ones, space-separated
};

constexpr ExperimentSpec kExperiments[] = {
    {Experiment::kMiur, "miur", "Table 2: distinct minors and majors states at the leaves, per majors bucket",
     "--entries"},
    {Experiment::kHitRate, "hitrate", "Table 4: MHT probe hit rate by size, opening positions", "--entries"},
    {Experiment::kSpeedup, "speedup", "Table 5: time saved by the MHT by size (alternating on/off runs)",
     "--entries --repetitions"},
    {Experiment::kPruning, "pruning", "Table 6: time saved by the MHT with each forward pruning method",
     "--entries --repetitions"},
    {Experiment::kReset, "reset", "Table 7: self-play time, MHT reset after every move or never, by size",
     "--entries --games --max-plies"},
    {Experiment::kOccupancy, "occupancy", "Tables 8 and 9: MHT occupancy over self-play, with/without reset",
     "--entries --games --max-plies"},
    {Experiment::kCollisions, "collisions",
     "Section 7: verified MHT hits in parallel searches, lockless on/off",
     "--entries --repetitions --threads"},
    {Experiment::kSamplePositions, "positions",
     "not a table: positions of our own by majors bucket from self-play, as a TSV like phases-public.tsv",
     "--games --max-plies --per-bucket"},
};

const ExperimentSpec* find_experiment(std::string_view name) {
  for (const ExperimentSpec& spec : kExperiments)
    if (spec.name == name) return &spec;
  return nullptr;
}

const ExperimentSpec& spec_of(Experiment experiment) {
  return *std::find_if(std::begin(kExperiments), std::end(kExperiments),
                       [&](const ExperimentSpec& spec) { return spec.experiment == experiment; });
}

using shuai::parse_number;

constexpr int kMinEntriesLog2 = 4, kMaxEntriesLog2 = 30;

// "17-25" or "17,20,25" (or a mix: "10,17-19").
std::optional<std::vector<int>> parse_sizes(std::string_view text) {
  std::vector<int> sizes;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    const auto dash = part.find('-');
    const auto low = parse_number<int>(part.substr(0, dash), kMinEntriesLog2, kMaxEntriesLog2);
    const auto high = dash == std::string_view::npos
                          ? low
                          : parse_number<int>(part.substr(dash + 1), kMinEntriesLog2, kMaxEntriesLog2);
    if (!low || !high || *high < *low) return std::nullopt;
    for (int size = *low; size <= *high; ++size) sizes.push_back(size);
    if (comma != std::string_view::npos && text.empty()) return std::nullopt;  // a trailing comma
  }
  if (sizes.empty()) return std::nullopt;
  return sizes;
}

std::vector<int> size_range(int low, int high) {
  std::vector<int> sizes;
  for (int size = low; size <= high; ++size) sizes.push_back(size);
  return sizes;
}

}  // namespace

std::string sizes_text(const std::vector<int>& entries_log2) {
  std::string text;
  for (std::size_t i = 0; i < entries_log2.size();) {
    std::size_t last = i;
    while (last + 1 < entries_log2.size() && entries_log2[last + 1] == entries_log2[last] + 1) ++last;
    text += fmt::format("{}{}", text.empty() ? "" : ",", entries_log2[i]);
    if (last > i) text += fmt::format("-{}", entries_log2[last]);
    i = last + 1;
  }
  return text;
}

std::string_view experiment_name(Experiment experiment) {
  return spec_of(experiment).name;
}

Options default_options(Experiment experiment, const std::string& positions_directory) {
  Options options;
  options.experiment = experiment;
  const std::string openings = positions_directory + "/openings.fen";
  const std::string phases = positions_directory + "/phases-public.tsv";
  const std::string own_phases =
      positions_directory + "/phases-selfplay.tsv";  // ours: 100 per bucket with phases
  // The defaults are the scale of tools/stats/run_all.sh: the seven runs take under an hour on two cores.
  switch (experiment) {
    case Experiment::kMiur:
      options.positions_paths = {phases, own_phases};
      options.depth = 12;
      options.entries_log2 = {17};
      break;
    case Experiment::kHitRate:
      options.positions_paths = {openings};
      options.depth = 10;
      options.entries_log2 = size_range(17, 25);
      break;
    case Experiment::kSpeedup:
      options.positions_paths = {openings};
      options.max_positions = 67;
      options.depth = 9;
      options.entries_log2 = size_range(17, 25);
      options.repetitions = 3;
      break;
    case Experiment::kPruning:
      options.positions_paths = {phases, own_phases};
      options.min_majors = 7;  // the paper: opening and middlegame positions (no pruning in the endgame)
      options.max_positions = 84;
      options.depth = 7;
      options.entries_log2 = {17};
      options.repetitions = 3;
      break;
    case Experiment::kReset:
      options.positions_paths = {openings};
      options.depth = 7;
      options.entries_log2 = {16, 18, 20, 22};
      options.games = 24;
      break;
    case Experiment::kOccupancy:
      options.positions_paths = {openings};
      options.depth = 6;
      options.entries_log2 = {12, 14, 16, 18, 20, 22};
      options.games = 24;
      break;
    case Experiment::kCollisions:
      options.positions_paths = {phases};
      options.max_positions = 35;
      options.depth = 10;
      options.entries_log2 = {4, 10, 17};
      break;
    case Experiment::kSamplePositions:
      options.positions_paths = {openings};
      options.depth = 5;
      options.entries_log2 = {17};
      options.max_plies = 300;
      break;
  }
  return options;
}

namespace {

// Every option of the tool, read into `options` (--positions into `positions`): the common ones, then those
// of `own` ("--entries --games ..."; every one when it is null).
std::vector<CommandOption> option_table(Options& options, std::vector<std::string>& positions,
                                        const std::string_view* own) {
  std::vector<CommandOption> table = {
      {"--positions", "FILE",
       "FEN lines or a TSV with a fen column (phases-public.tsv); given again, the files are read in turn",
       &positions},
      {"--max-positions", "N", "N positions spread evenly over the file (0: all)", &options.max_positions, 0,
       1'000'000},
      {"--min-majors", "N", "only positions whose majors value (rook 2, horse 1, cannon 1) is at least N",
       &options.min_majors, 0, 16},
      {"--depth", "N", "fixed search depth", &options.depth, 1, 30},
      {"--nodes", "N", "node limit per search instead of a depth", &options.nodes, 1, double(1ULL << 40)},
      {"--hash", "MB", "transposition table size", &options.hash_megabytes, 1, 65536},
      {"--csv", "FILE", "the same data as CSV (percentages as fractions)", &options.csv_path},
      {"--svg", "FILE", "a chart (sizes, buckets or pruning settings on the horizontal axis)",
       &options.svg_path},
      {"--quiet", "", "no progress bar", &options.quiet},
  };
  const CommandOption some[] = {
      {"--entries", "LIST", "MHT sizes as powers of two: 17-25, 17,20,25",
       ValueReader([&options](std::string_view text) -> std::optional<std::string> {
         const auto sizes = parse_sizes(text);
         if (!sizes)
           return fmt::format("sizes as powers of two from {} to {}, e.g. 17-25 or 17,20", kMinEntriesLog2,
                              kMaxEntriesLog2);
         options.entries_log2 = *sizes;
         return std::nullopt;
       })},
      {"--repetitions", "N", "timed runs: rounds over the positions; collisions: searches per position",
       &options.repetitions, 1, 1000},
      {"--games", "N", "self-play games, from openings spread over the file (0: one per opening)",
       &options.games, 0, 100'000},
      {"--max-plies", "N", "self-play: stop a game after N plies", &options.max_plies, 1, 10'000},
      {"--threads", "N", "collisions: search threads", &options.threads, 1, 256},
      {"--per-bucket", "N", "positions: how many to keep per majors bucket", &options.per_bucket, 1, 100'000},
  };
  for (const CommandOption& option : some)
    if (!own || fmt::format(" {} ", *own).find(fmt::format(" {} ", option.flag)) != std::string::npos)
      table.push_back(option);
  return table;
}

// One experiment's defaults, as the usage lists them.
std::string defaults_text(const ExperimentSpec& spec) {
  const Options options = default_options(spec.experiment, "positions");
  std::string files;
  for (const std::string& path : options.positions_paths) files += (files.empty() ? "" : " + ") + path;
  std::string text =
      fmt::format("{}, depth {}, entries {}", files, options.depth, sizes_text(options.entries_log2));
  if (options.max_positions) text += fmt::format(", {} positions", options.max_positions);
  if (options.min_majors) text += fmt::format(", majors >= {}", options.min_majors);
  if (options.repetitions > 1) text += fmt::format(", {} repetitions", options.repetitions);
  if (spec.options.find("--games") != std::string_view::npos)
    text += options.games ? fmt::format(", {} games of at most {} plies", options.games, options.max_plies)
                          : fmt::format(", a game per opening of at most {} plies", options.max_plies);
  if (spec.options.find("--per-bucket") != std::string_view::npos)
    text += fmt::format(", {} per bucket", options.per_bucket);
  if (spec.options.find("--threads") != std::string_view::npos)
    text += fmt::format(", {} threads", options.threads);
  return text;
}

}  // namespace

std::variant<Options, std::string> parse_options(std::span<const std::string_view> arguments,
                                                 const std::string& positions_directory) {
  if (arguments.empty()) return std::string("shuai-stats: no experiment given (try --help)");
  const ExperimentSpec* spec = find_experiment(arguments[0]);
  if (!spec) return fmt::format("shuai-stats: unknown experiment '{}' (try --help)", arguments[0]);
  Options options = default_options(spec->experiment, positions_directory);
  std::vector<std::string> positions;  // given: they replace the default files
  const auto table = option_table(options, positions, &spec->options);
  if (auto error = parse_command_options({"shuai-stats", "", ""}, table, arguments.subspan(1), options.help))
    return *error;
  if (!positions.empty()) options.positions_paths = positions;
  if (options.experiment == Experiment::kCollisions && !options.svg_path.empty())
    return std::string("shuai-stats: collisions draws no chart (its table reads better): drop --svg");
  if (options.experiment == Experiment::kSamplePositions &&
      !(options.svg_path.empty() && options.csv_path.empty()))
    return std::string("shuai-stats: positions writes its TSV to standard output: drop --csv and --svg");
  if (options.nodes) options.depth = 30;  // the node limit decides where the search stops
  return options;
}

std::string usage_text(std::optional<Experiment> experiment) {
  std::vector<std::string> positions;
  if (experiment) {
    const ExperimentSpec& spec = spec_of(*experiment);
    Options options = default_options(*experiment, "positions");
    const std::string synopsis = fmt::format("shuai-stats {} [options]", spec.name);
    const std::string description = fmt::format("{}.\nDefaults: {}.", spec.what, defaults_text(spec));
    return command_usage({"shuai-stats", synopsis, description},
                         option_table(options, positions, &spec.options));
  }
  std::string description =
      "Measures on Shuai what the Minors Hash Table paper (Wang, Li and Xu) measured on NEUCHESS. Writes a\n"
      "Markdown table to standard output, progress to standard error.\n"
      "\n"
      "experiments (each takes the common options and those named here):\n";
  for (const ExperimentSpec& spec : kExperiments)
    description += fmt::format("  {:<11} {}\n  {:<11} {}\n", spec.name, spec.what, "", spec.options);
  description +=
      "\ndefaults (shuai-stats <experiment> --help shows one experiment's options and defaults):\n";
  for (const ExperimentSpec& spec : kExperiments)
    description += fmt::format("  {:<11} {}\n", spec.name, defaults_text(spec));
  // The defaults that differ by experiment are in the list above, not beside the options.
  Options options;
  options.depth = options.repetitions = options.max_plies = -1;
  options.games = options.max_positions = options.min_majors = -1;
  return command_usage({"shuai-stats", "shuai-stats <experiment> [options]", description},
                       option_table(options, positions, nullptr));
}

}  // namespace shuai::stats
