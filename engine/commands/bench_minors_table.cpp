// `shuai bench mht` and `shuai bench eval`: what the Minors Hash Table saves. The search benchmark runs every
// opening position with the table off and on, alternately in one process, and checks that the two searches
// are identical but for time; the evaluation benchmark times evaluations over the positions of perft walks.
#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

#include "engine/board/board.h"
#include "engine/command_line/command_options.h"
#include "engine/commands/bench.h"
#include "engine/commands/bench_positions.h"
#include "engine/commands/commands.h"
#include "eval/evaluator.h"
#include "search/timed_search.h"

namespace shuai::commands {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct MinorsBenchSettings {
  int depth = 9;
  std::int64_t nodes = 0;  // when set: this many nodes per search instead of a depth (the paper's ~1 s)
  int entries_log2 = 17;   // the engine's default size
  int rounds = 2;
  bool verify = false;  // recompute the minors on every hit and count disagreements (times then mean nothing)
};

constexpr CommandText kMhtCommand = {
    "bench mht", "shuai bench mht [--depth N | --nodes N] [--entries LOG2] [--rounds R] [--verify]",
    "Searches the opening positions with the Minors Hash Table off and on, alternately, checks that the two\n"
    "searches are the same but for time, and prints the time saved and the hit rate.",
    true};
constexpr CommandText kEvalCommand = {
    "bench eval", "shuai bench eval [--depth N]",
    "Evaluations per second over the positions of perft walks from the opening positions, MHT off and on.",
    true};

Position parse_bench_position(const std::string& fen) {
  auto parsed = parse_fen(fen);
  if (!parsed.position) throw std::logic_error("bench position: " + parsed.error);
  return *parsed.position;
}

// Visits every node of a perft walk, calling `visit` on each position.
template <typename Visit>
void walk(Position& position, int depth, Visit& visit) {
  visit(position);
  if (depth == 0) return;
  MoveList moves;
  generate_legal(position, moves);
  for (const Move m : moves) {
    position.make_move(m);
    walk(position, depth - 1, visit);
    position.unmake_move();
  }
}

}  // namespace

int run_bench_mht(std::span<const std::string_view> arguments) {
  MinorsBenchSettings settings;
  const CommandOption options[] = {
      {"--depth", "N", "the depth of every search", &settings.depth, 1, 30},
      {"--nodes", "N", "nodes per search instead of a depth (the paper's ~1 s searches)", &settings.nodes,
       1000, 2'000'000'000},
      {"--entries", "LOG2", "MHT size: 2^LOG2 entries", &settings.entries_log2, 10, 30},
      {"--rounds", "R", "rounds over the positions", &settings.rounds, 1, 100},
      {"--verify", "", "recompute the minors on every hit and count disagreements (times then mean nothing)",
       &settings.verify},
  };
  if (const auto done = read_command_line(kMhtCommand, options, arguments, stdout, stderr)) return *done;
  Searcher searcher;
  searcher.table().resize(16);
  searcher.minors_table().resize_entries_log2(settings.entries_log2);
  searcher.options().evaluation.verify_minors_hits = settings.verify;
  SearchLimits limits;
  if (settings.nodes > 0)
    limits.nodes = settings.nodes;
  else
    limits.depth = settings.depth;
  const auto positions = opening_bench_positions();
  fmt::print(
      "bench mht: {} opening positions, {}, MHT 2^{} entries ({} MB), {} rounds, one thread\n",
      positions.size(),
      settings.nodes > 0 ? fmt::format("{} nodes", settings.nodes) : fmt::format("depth {}", settings.depth),
      settings.entries_log2, searcher.minors_table().megabytes(), settings.rounds);

  double time_off = 0, time_on = 0;
  std::uint64_t nodes = 0;
  MinorsStatistics statistics;
  for (int round = 0; round < settings.rounds; ++round) {
    for (const std::string& fen : positions) {
      const Position position = parse_bench_position(fen);
      SearchResult results[2];
      // Alternate which runs first, so that drift in the machine's speed falls on both alike.
      for (int turn = 0; turn < 2; ++turn) {
        const bool table_on = (turn + round) % 2 == 1;
        searcher.options().use_minors_table = table_on;
        const TimedSearch timed = timed_search(searcher, position, limits);
        results[table_on] = timed.result;
        (table_on ? time_on : time_off) += timed.seconds;
      }
      if (!same_search(results[0], results[1])) {
        fmt::print(stderr, "MHT changed the search on {}: nodes {} vs {}, move {} vs {}\n", fen,
                   results[0].nodes, results[1].nodes, move_to_iccs(results[0].best_move),
                   move_to_iccs(results[1].best_move));
        return 1;
      }
      nodes += results[1].nodes;
      statistics += results[1].minors;
    }
  }
  fmt::print("nodes (identical with and without the MHT): {}\n", nodes);
  fmt::print("search time without MHT : {:.3f} s\n", time_off);
  fmt::print("search time with MHT    : {:.3f} s\n", time_on);
  const double searches = double(settings.rounds) * double(positions.size());
  fmt::print("mean search without MHT : {:.3f} s\n", time_off / searches);
  fmt::print("time saved              : {:.2f}%\n", 100.0 * (time_off - time_on) / time_off);
  fmt::print("MHT probes {} hits {} hit rate {:.2f}%\n", statistics.probes, statistics.hits,
             100.0 * statistics.hit_rate());
  if (settings.verify)
    fmt::print("verification: {} hits recomputed, {} disagreements\n", statistics.verified_hits,
               statistics.disagreements);
  // The same searches make the same evaluations, so the MHT's probe count is the count for both runs.
  fmt::print("evaluations/second      : {:.0f} without, {:.0f} with\n", statistics.probes / time_off,
             statistics.probes / time_on);
  return 0;
}

int run_bench_eval(std::span<const std::string_view> arguments) {
  int depth = 3;
  const CommandOption options[] = {{"--depth", "N", "the depth of the perft walks", &depth, 1, 4}};
  if (const auto done = read_command_line(kEvalCommand, options, arguments, stdout, stderr)) return *done;
  const auto positions = opening_bench_positions();
  MinorsTable table(MinorsTable::kDefaultMegabytes);
  Evaluator without_table, with_table(&table);
  // Three passes over the same walks: the walk alone, then with evaluation without and with the table.
  std::uint64_t evaluations = 0;
  int checksum = 0;
  auto walk_only = [&](const Position&) { ++evaluations; };
  auto evaluate_plain = [&](const Position& position) { checksum += without_table.evaluate(position); };
  auto evaluate_cached = [&](const Position& position) { checksum -= with_table.evaluate(position); };
  auto time_walks = [&](auto& visit) {
    const auto start = Clock::now();
    for (const std::string& fen : positions) {
      Position position = parse_bench_position(fen);
      walk(position, depth, visit);
    }
    return seconds_since(start);
  };
  const double walk_seconds = time_walks(walk_only);
  const double plain_seconds = time_walks(evaluate_plain) - walk_seconds;
  const double cached_seconds = time_walks(evaluate_cached) - walk_seconds;
  if (checksum != 0) {
    fmt::print(stderr, "bench eval: evaluations differ with and without the MHT\n");
    return 1;
  }
  const MinorsStatistics& statistics = with_table.statistics();
  fmt::print("bench eval: {} positions of depth-{} perft walks from {} opening positions\n", evaluations,
             depth, positions.size());
  fmt::print("evaluations/second without MHT: {:.0f}\n", evaluations / plain_seconds);
  fmt::print("evaluations/second with MHT   : {:.0f}\n", evaluations / cached_seconds);
  fmt::print("speed ratio (with / without)  : {:.2f}\n", plain_seconds / cached_seconds);
  fmt::print("MHT hit rate                  : {:.2f}%\n", 100.0 * statistics.hit_rate());
  return 0;
}

}  // namespace shuai::commands
