// `shuai bench`: the search benchmark. Fixed-depth single-threaded searches of positions/bench.fen from a
// cleared table; the total node count is the signature (like Stockfish's bench), printed with time and speed.
#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

#include "engine/board/board.h"
#include "engine/command_line/command_options.h"
#include "engine/commands/bench.h"
#include "engine/commands/bench_positions.h"
#include "engine/commands/commands.h"

namespace shuai::commands {

namespace {

constexpr CommandText kBenchCommand = {
    "bench", "shuai bench [--depth N | --time MS] [options]",
    "Fixed-depth single-threaded searches of positions/bench.fen from a cleared table; the total node\n"
    "count is the signature. The other benches: shuai bench perft|mht|eval|smp|lockless|tactics|growth|\n"
    "carryover (each takes --help).",
    true};

// The forward pruning levels by name.
std::optional<std::string> read_pruning_level(std::string_view name, PruningSwitches& pruning) {
  constexpr std::pair<std::string_view, PruningLevel> kLevels[] = {{"none", PruningLevel::kNone},
                                                                   {"small", PruningLevel::kSmall},
                                                                   {"medium", PruningLevel::kMedium},
                                                                   {"large", PruningLevel::kLarge}};
  for (const auto& [level_name, level] : kLevels)
    if (level_name == name) {
      pruning = pruning_for_level(level);
      return std::nullopt;
    }
  return "none, small, medium or large";
}

}  // namespace

BenchTotals run_bench(const BenchSettings& settings, bool print) {
  Searcher searcher;
  searcher.table().resize(settings.hash_megabytes);
  searcher.options() = settings.options;
  searcher.clear();
  SearchLimits limits;
  limits.depth = settings.depth;
  limits.time.move_time_ms = settings.move_time_ms;
  if (settings.move_time_ms >= 0) {
    limits.depth = kMaxPly;
    searcher.options().move_overhead_ms = 0;
  }
  BenchTotals totals;
  int index = 0;
  for (const std::string& fen : bench_positions()) {
    auto parsed = parse_fen(fen);
    if (!parsed.position) throw std::logic_error("bench position: " + parsed.error);
    const auto start = std::chrono::steady_clock::now();
    const SearchResult result = searcher.search(*parsed.position, limits);
    totals.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    totals.nodes += result.nodes;
    totals.depth_sum += result.depth;
    ++totals.positions;
    if (print)
      fmt::print("position {:>2}: depth {:>2} best {} score {:>6} nodes {:>10}\n", ++index, result.depth,
                 move_to_iccs(result.best_move), result.score, result.nodes);
  }
  return totals;
}

int run_bench_search(std::span<const std::string_view> arguments) {
  BenchSettings settings;
  bool no_null_move = false, no_late_move_reductions = false, no_futility = false, no_razoring = false;
  std::string parameters_path;
  const CommandOption options[] = {
      {"--depth", "N", "the depth of every search", &settings.depth, 1, 30},
      {"--time", "MS", "milliseconds per position instead of a depth (prints the mean depth reached)",
       &settings.move_time_ms, 1, 3'600'000},
      {"--hash", "MB", "transposition table size", &settings.hash_megabytes, 1, 65536},
      {"--pruning", "LEVEL", "forward pruning: none, small, medium or large (default large)",
       ValueReader(
           [&](std::string_view name) { return read_pruning_level(name, settings.options.pruning); })},
      {"--no-null-move", "", "null-move pruning off (after --pruning)", &no_null_move},
      {"--no-lmr", "", "late move reductions off (after --pruning)", &no_late_move_reductions},
      {"--no-futility", "", "futility pruning off (after --pruning)", &no_futility},
      {"--no-razoring", "", "razoring off (after --pruning)", &no_razoring},
      {"--transactions", "", "aspiration transactions on", &settings.options.aspiration_transactions},
      {"--parameters", "FILE", "the search's constants from a file (see 'shuai parameters search')",
       &parameters_path},
  };
  if (const auto done = read_command_line(kBenchCommand, options, arguments, stdout, stderr)) return *done;
  PruningSwitches& switches = settings.options.pruning;
  switches.null_move &= !no_null_move;
  switches.late_move_reductions &= !no_late_move_reductions;
  switches.futility &= !no_futility;
  switches.razoring &= !no_razoring;
  if (!parameters_path.empty())
    if (const auto error = load_search_parameters(parameters_path, settings.options.parameters))
      return fmt::print(stderr, "bench: {}\n", *error), 2;
  const PruningSwitches& pruning = settings.options.pruning;
  fmt::print("bench: {}, hash {} MB, null move {}, LMR {}, futility {}, razoring {}, transactions {}\n",
             settings.move_time_ms >= 0 ? fmt::format("{} ms per position", settings.move_time_ms)
                                        : fmt::format("depth {}", settings.depth),
             settings.hash_megabytes, pruning.null_move, pruning.late_move_reductions, pruning.futility,
             pruning.razoring, settings.options.aspiration_transactions);
  const BenchTotals totals = run_bench(settings, true);
  fmt::print(
      "===========================\nTotal time (ms) : {:.0f}\nNodes searched  : {}\nNodes/second    : "
      "{:.0f}\n",
      totals.seconds * 1000, totals.nodes, totals.nodes / std::max(totals.seconds, 1e-9));
  // Under a time limit the depth reached is the figure that compares builds.
  if (settings.move_time_ms >= 0)
    fmt::print("Mean depth      : {:.2f}\n", double(totals.depth_sum) / std::max(totals.positions, 1));
  return 0;
}

}  // namespace shuai::commands
