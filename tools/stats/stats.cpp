// The shuai-stats command: options, the chosen experiment, and the Markdown, CSV and SVG outputs.
#include "tools/stats/stats.h"

#include <fmt/format.h>

#include <fstream>
#include <stdexcept>
#include <vector>

#include "engine/command_line/arguments.h"
#include "tools/stats/experiments.h"
#include "tools/stats/positions.h"
#include "tools/stats/sample_positions.h"

namespace shuai::stats {

namespace {

bool write_file(const std::string& path, const std::string& contents) {
  std::ofstream file(path, std::ios::binary);
  file << contents;
  return bool(file.flush());
}

}  // namespace

std::string report_markdown(const Report& report) {
  std::string text = fmt::format("## {}\n\n{}\n\n{}", report.title, report.setup, to_markdown(report.table));
  if (!report.notes.empty()) text += "\n";
  for (const std::string& note : report.notes) text += "- " + note + "\n";
  return text;
}

Report run_experiment(const Options& options, Progress& progress) {
  switch (options.experiment) {
    case Experiment::kMiur:
      return run_miur(options, progress);
    case Experiment::kHitRate:
      return run_hit_rate(options, progress);
    case Experiment::kSpeedup:
      return run_speedup(options, progress);
    case Experiment::kPruning:
      return run_pruning(options, progress);
    case Experiment::kReset:
      return run_reset(options, progress);
    case Experiment::kOccupancy:
      return run_occupancy(options, progress);
    case Experiment::kCollisions:
      return run_collisions(options, progress);
    case Experiment::kSamplePositions:
      break;  // not a table: run_stats writes its TSV
  }
  throw std::logic_error("unknown experiment");
}

int run_stats(std::span<const std::string_view> arguments, const std::string& positions_directory,
              std::FILE* out, std::FILE* error) {
  if (!arguments.empty() && asks_for_help(arguments.first(1))) {
    fmt::print(out, "{}", usage_text());
    return 0;
  }
  auto parsed = parse_options(arguments, positions_directory);
  if (const auto* message = std::get_if<std::string>(&parsed)) {
    fmt::print(error, "{}\n", *message);
    return 2;
  }
  const Options& options = std::get<Options>(parsed);
  if (options.help) {
    fmt::print(out, "{}", usage_text(options.experiment));
    return 0;
  }
  Report report;
  try {
    Progress progress(options.quiet ? nullptr : error);
    if (options.experiment == Experiment::kSamplePositions) {
      const std::vector<SampledPosition> positions = sample_positions(options, progress);
      progress.finish();
      fmt::print(out, "{}", positions_tsv(positions));
      int per_bucket[kBucketCount] = {};
      for (const SampledPosition& position : positions) ++per_bucket[position.bucket];
      fmt::print(error, "positions: {} sampled ({} / {} / {} / {} / {} in buckets 11-16 ... 0-3)\n",
                 positions.size(), per_bucket[0], per_bucket[1], per_bucket[2], per_bucket[3], per_bucket[4]);
      return 0;
    }
    report = run_experiment(options, progress);
  } catch (const std::invalid_argument& bad_input) {
    fmt::print(error, "shuai-stats: {}\n", bad_input.what());
    return 2;
  }
  fmt::print(out, "{}", report_markdown(report));
  std::fflush(out);
  if (!options.csv_path.empty() && !write_file(options.csv_path, to_csv(report.table))) {
    fmt::print(error, "shuai-stats: cannot write '{}'\n", options.csv_path);
    return 2;
  }
  if (!options.svg_path.empty() && report.plot && !write_file(options.svg_path, to_svg(*report.plot))) {
    fmt::print(error, "shuai-stats: cannot write '{}'\n", options.svg_path);
    return 2;
  }
  if (!report.checks_passed) fmt::print(error, "shuai-stats: a check failed (see the notes)\n");
  return report.checks_passed ? 0 : 1;
}

}  // namespace shuai::stats
