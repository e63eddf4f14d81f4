// Shared measurement helpers of the experiments.
#include "tools/stats/measure.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "engine/board/fen.h"
#include "engine/board/position_file.h"
#include "eval/minors_table.h"

namespace shuai::stats {

std::vector<StatsPosition> select_positions(const Options& options) {
  std::vector<StatsPosition> eligible;
  for (const std::string& path : options.positions_paths) {
    auto loaded = load_positions(path);
    if (auto* error = std::get_if<std::string>(&loaded)) throw std::invalid_argument(*error);
    for (StatsPosition& position : std::get<std::vector<StatsPosition>>(loaded))
      if (position.position.majors_value() >= options.min_majors) eligible.push_back(std::move(position));
  }
  if (eligible.empty())
    throw std::invalid_argument(fmt::format("no position of {} has a majors value of at least {}",
                                            files_text(options), options.min_majors));
  if (!options.max_positions) return eligible;
  return spread_evenly(std::move(eligible), std::size_t(options.max_positions));
}

SearchLimits search_limits(const Options& options) {
  SearchLimits limits;
  limits.depth = options.depth;
  limits.nodes = options.nodes;
  return limits;
}

std::string plural(std::uint64_t count, std::string_view noun) {
  const bool sibilant = noun.ends_with("ch") || noun.ends_with("s");
  return fmt::format("{} {}{}", count, noun, count == 1 ? "" : sibilant ? "es" : "s");
}

std::string limit_text(const Options& options) {
  return options.nodes ? fmt::format("{} nodes per search", options.nodes)
                       : fmt::format("depth {}", options.depth);
}

std::string file_name(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string files_text(const Options& options) {
  std::string text;
  for (std::size_t i = 0; i < options.positions_paths.size(); ++i) {
    if (i) text += i + 1 == options.positions_paths.size() ? " and " : ", ";
    text += file_name(options.positions_paths[i]);
  }
  return text;
}

double megabytes_of(int entries_log2) {
  return double(MinorsTable::kEntryBytes) * std::ldexp(1.0, entries_log2) / (1 << 20);
}

std::string memory_label(int entries_log2) {
  const double megabytes = megabytes_of(entries_log2);
  return megabytes >= 1 ? fmt::format("{:.0f} MB", megabytes) : fmt::format("{:.0f} KB", megabytes * 1024);
}

std::string size_label(int entries_log2) {
  return fmt::format("2^{} ({})", entries_log2, memory_label(entries_log2));
}

Spread spread_of(const std::vector<double>& values) {
  Spread spread;
  if (values.empty()) return spread;
  for (const double value : values) spread.mean += value;
  spread.mean /= double(values.size());
  if (values.size() < 2) {
    spread.standard_deviation = std::nan("");
    return spread;
  }
  double squares = 0;
  for (const double value : values) squares += (value - spread.mean) * (value - spread.mean);
  spread.standard_deviation = std::sqrt(squares / double(values.size() - 1));
  return spread;
}

std::vector<double> TimeSaved::saved_fractions() const {
  std::vector<double> fractions;
  for (std::size_t i = 0; i < seconds_without.size(); ++i)
    fractions.push_back(seconds_without[i] > 0 ? (seconds_without[i] - seconds_with[i]) / seconds_without[i]
                                               : 0.0);
  return fractions;
}

void measure_pair(Searcher& searcher, const StatsPosition& position, const SearchLimits& limits,
                  int repetition, int turn, TimeSaved& into) {
  const std::size_t round = std::size_t(repetition);
  if (into.seconds_without.size() <= round) {
    into.seconds_without.resize(round + 1, 0.0);
    into.seconds_with.resize(round + 1, 0.0);
  }
  TimedSearch searches[2];  // [0] without the MHT, [1] with it
  for (int order = 0; order < 2; ++order) {
    // Alternate which runs first, so that drift in the machine's speed falls on both alike.
    const bool table_on = (order + turn) % 2 == 1;
    searcher.options().use_minors_table = table_on;
    searches[table_on] = timed_search(searcher, position.position, limits);
  }
  searcher.options().use_minors_table = true;
  into.seconds_without[round] += searches[0].seconds;
  into.seconds_with[round] += searches[1].seconds;
  if (!same_search(searches[0].result, searches[1].result))
    into.mismatches.push_back(fmt::format("{}: nodes {} without the MHT, {} with it", position.fen,
                                          searches[0].result.nodes, searches[1].result.nodes));
  if (repetition == 0) {
    into.nodes += searches[1].result.nodes;
    into.minors += searches[1].result.minors;
  }
}

}  // namespace shuai::stats
