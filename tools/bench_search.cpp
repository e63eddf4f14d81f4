// `shuai bench`: the search benchmark. Fixed-depth single-threaded searches of positions/bench.fen from a
// cleared table; the total node count is the signature (like Stockfish's bench), printed with time and speed.
#include <fmt/format.h>

#include <charconv>
#include <chrono>
#include <stdexcept>

#include "engine/board/board.h"
#include "tools/arguments.h"
#include "tools/bench.h"
#include "tools/bench_positions.h"
#include "tools/tools.h"

namespace shuai::tools {

namespace {

constexpr std::string_view kBenchUsage =
    "usage: shuai bench [depth N | time MS] [hash MB] [pruning none|small|medium|large]\n"
    "                   [no-null-move] [no-lmr] [no-futility] [no-razoring] [transactions]\n"
    "                   [parameters FILE]   (search parameters: 'shuai parameters search')\n"
    "       shuai bench perft|mht|eval|smp|lockless|tactics [help]   (see 'shuai --help')\n";

// Reads the bench options; an error message on bad input.
std::string parse_settings(std::span<const std::string_view> arguments, BenchSettings& settings) {
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string_view word = arguments[i];
    const auto value = [&]() -> std::string_view { return i + 1 < arguments.size() ? arguments[++i] : ""; };
    if (word == "depth") {
      const auto depth = parse_int(value(), 1, 30);
      if (!depth) return "bench: depth takes a number from 1 to 30";
      settings.depth = *depth;
    } else if (word == "time") {
      const auto milliseconds = parse_int(value(), 1, 3'600'000);
      if (!milliseconds) return "bench: time takes milliseconds per position, from 1";
      settings.move_time_ms = *milliseconds;
    } else if (word == "hash") {
      const auto megabytes = parse_int(value(), 1, 65536);
      if (!megabytes) return "bench: hash takes megabytes from 1 to 65536";
      settings.hash_megabytes = std::size_t(*megabytes);
    } else if (word == "pruning") {
      const std::string_view level = value();
      if (level == "none")
        settings.options.pruning = pruning_for_level(PruningLevel::kNone);
      else if (level == "small")
        settings.options.pruning = pruning_for_level(PruningLevel::kSmall);
      else if (level == "medium")
        settings.options.pruning = pruning_for_level(PruningLevel::kMedium);
      else if (level == "large")
        settings.options.pruning = pruning_for_level(PruningLevel::kLarge);
      else
        return "bench: pruning takes none, small, medium or large";
    } else if (word == "no-null-move") {
      settings.options.pruning.null_move = false;
    } else if (word == "no-lmr") {
      settings.options.pruning.late_move_reductions = false;
    } else if (word == "no-futility") {
      settings.options.pruning.futility = false;
    } else if (word == "no-razoring") {
      settings.options.pruning.razoring = false;
    } else if (word == "transactions") {
      settings.options.aspiration_transactions = true;
    } else if (word == "parameters") {
      if (const auto error = load_search_parameters(std::string(value()), settings.options.parameters))
        return fmt::format("bench: {}", *error);
    } else {
      return fmt::format("bench: unknown option '{}'", word);
    }
  }
  return "";
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
  if (asks_for_help(arguments)) return fmt::print("{}", kBenchUsage), 0;
  BenchSettings settings;
  if (const std::string error = parse_settings(arguments, settings); !error.empty()) {
    fmt::print(stderr, "{}\n{}", error, kBenchUsage);
    return 2;
  }
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

}  // namespace shuai::tools
