// `shuai bench smp`: time to depth with one thread and with N threads, in one run, over the bench positions
// (or a sample of the positions of a FEN file, such as the openings the bench never saw).
// Prints the speedup (geometric mean of the per-position time ratios), the nodes ratio (search overhead) and
// the speed ratio, where the parallel search's time goes (split points, idle threads), and the speed ratio
// against the machine's ceiling (N independent one-thread searches). A parallel
// search's tree changes from run to run, so `runs N` repeats it and averages (and times the single-threaded
// search as often).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/board/board.h"
#include "engine/board/position_file.h"
#include "engine/command_line/command_options.h"
#include "engine/commands/bench_positions.h"
#include "engine/commands/commands.h"
#include "search/search.h"
#include "search/timed_search.h"

namespace shuai::commands {
namespace {

// `searchers.size()` independent single-threaded searches of one position at once, each bound to its own
// processor, tables cleared: their nodes together and the wall time until the last ends. Over the positions,
// their speed against one search's is how much faster this machine runs that many searches than one: the
// ceiling for any parallel search here. Measured position by position beside the other searches, so that all
// share the machine's moods (a second core shared with other work, clock changes).
TimedSearch independent_searches(std::vector<std::unique_ptr<Searcher>>& searchers, const Position& position,
                                 const SearchLimits& limits) {
  std::vector<TimedSearch> each(searchers.size());
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> workers;
  for (std::size_t i = 0; i < searchers.size(); ++i)
    workers.emplace_back([&, i] {
      bind_to_processor(int(i));
      each[i] = timed_search(*searchers[i], position, limits);
    });
  for (auto& worker : workers) worker.join();
  TimedSearch together;
  together.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const TimedSearch& search : each) together.result.nodes += search.result.nodes;
  return together;
}

}  // namespace

constexpr CommandText kSmpCommand = {
    "bench smp",
    "shuai bench smp [--depth N] [--threads N] [--hash MB] [--split N] [--runs N] [--file FILE [--sample N]]",
    "Time to depth with one thread and with N threads over the bench positions (or a sample of a FEN "
    "file's):\n"
    "the speedup, the nodes and speed ratios, split points, idle threads and the machine's ceiling.",
    true};

int run_bench_smp(std::span<const std::string_view> arguments) {
  int depth = 10, threads = 2, hash_megabytes = 64, split_depth = SearchOptions{}.min_split_depth, runs = 1;
  int sample_count = 20;
  std::string positions_file;
  const CommandOption options[] = {
      {"--depth", "N", "the depth of every search", &depth, 1, 30},
      {"--threads", "N", "the parallel search's threads", &threads, 2, 512},
      {"--hash", "MB", "transposition table size of each searcher", &hash_megabytes, 1, 65536},
      {"--split", "DEPTH", "the parallel search's minimum split depth", &split_depth, 1, 30},
      {"--runs", "N", "searches per position and side, averaged", &runs, 1, 100},
      {"--file", "FILE", "FEN lines to sample instead of the bench positions", &positions_file},
      {"--sample", "N", "with --file: this many positions spread evenly over the file", &sample_count, 1,
       10000},
  };
  if (const auto done = read_command_line(kSmpCommand, options, arguments, stdout, stderr)) return *done;
  std::vector<std::string> positions = bench_positions();
  if (!positions_file.empty()) {
    auto read = read_position_file(positions_file);
    if (const auto* error = std::get_if<std::string>(&read)) {
      fmt::print(stderr, "bench smp: {}\n", *error);
      return 2;
    }
    positions.clear();
    for (const PositionLine& line :
         spread_evenly(std::get<std::vector<PositionLine>>(read), std::size_t(sample_count)))
      positions.push_back(line.fen);
  }
  const auto megabytes = static_cast<std::size_t>(hash_megabytes);
  Searcher single(megabytes), parallel(megabytes);
  parallel.set_threads(threads);
  std::vector<std::unique_ptr<Searcher>> independent;
  // More independent searches than processors would only share them: past the machine's processors the
  // ceiling is what the processors give (and the speedup lines mean little; the overhead lines still do).
  const int processors = int(std::max(1U, std::thread::hardware_concurrency()));
  const int ceiling_searches = std::min(threads, processors);
  for (int i = 0; i < ceiling_searches; ++i) independent.push_back(std::make_unique<Searcher>(megabytes));
  parallel.options().min_split_depth = split_depth;
  fmt::print(
      "bench smp: {} positions, depth {}, 1 thread against {} threads (splits from depth {}, {} run{} each, "
      "averaged), {} MB hash each, tables cleared\n",
      positions.size(), depth, threads, split_depth, runs, runs == 1 ? "" : "s", hash_megabytes);
  fmt::print("{:>3}  {:>9} {:>11}  {:>9} {:>11}  {:>8} {:>7}\n", "#", "1 thr s", "nodes", "N thr s", "nodes",
             "speedup", "nodes");
  double log_speedup = 0;
  std::vector<double> log_speedup_by_run(std::size_t(runs), 0.0);
  std::uint64_t single_nodes = 0, parallel_nodes = 0, splits = 0;
  std::uint64_t split_cutoffs = 0, thrown_away_nodes = 0, stale_alpha_nodes = 0;  // summed over the runs
  double idle_seconds = 0;
  double single_seconds = 0, parallel_seconds = 0, independent_seconds = 0;
  std::uint64_t independent_nodes = 0;
  int index = 0;
  for (const std::string& fen : positions) {
    const Position position = *parse_fen(fen).position;
    SearchLimits limits;
    limits.depth = depth;
    // One thread searches the same tree every time, but its time varies with the machine, and a first search
    // runs with cold caches: it is timed as often as the parallel search and averaged, so that both sides are
    // measured alike.
    TimedSearch one = timed_search(single, position, limits);
    for (int run = 1; run < runs; ++run) one.seconds += timed_search(single, position, limits).seconds;
    one.seconds /= runs;
    double many_seconds = 0;
    std::uint64_t many_nodes = 0;
    for (int run = 0; run < runs; ++run) {
      const TimedSearch many = timed_search(parallel, position, limits);
      many_seconds += many.seconds / runs;
      many_nodes += many.result.nodes;
      splits += many.result.splits;
      split_cutoffs += many.result.split_cutoffs;
      thrown_away_nodes += many.result.thrown_away_nodes;
      stale_alpha_nodes += many.result.stale_alpha_nodes;
      idle_seconds += many.result.idle_seconds;
      log_speedup_by_run[std::size_t(run)] += std::log(one.seconds / std::max(many.seconds, 1e-6));
    }
    for (int run = 0; run < runs; ++run) {
      const TimedSearch together = independent_searches(independent, position, limits);
      independent_seconds += together.seconds / runs;
      independent_nodes += together.result.nodes / std::uint64_t(runs);
    }
    many_nodes /= std::uint64_t(runs);
    const double speedup = one.seconds / std::max(many_seconds, 1e-6);
    log_speedup += std::log(speedup);
    single_nodes += one.result.nodes;
    parallel_nodes += many_nodes;
    single_seconds += one.seconds;
    parallel_seconds += many_seconds;
    fmt::print("{:>3}  {:>9.3f} {:>11}  {:>9.3f} {:>11}  {:>7.2f}x {:>6.2f}x\n", ++index, one.seconds,
               one.result.nodes, many_seconds, many_nodes, speedup,
               double(many_nodes) / double(std::max<std::uint64_t>(one.result.nodes, 1)));
  }
  const double single_speed = double(single_nodes) / single_seconds;
  const double capacity = double(independent_nodes) / independent_seconds / single_speed;
  const double parallel_speed = double(parallel_nodes) / parallel_seconds;
  const double speedup = std::exp(log_speedup / index);
  fmt::print("time-to-depth speedup (geometric mean): {:.2f}x with {} threads\n", speedup, threads);
  if (runs > 1) {
    std::string by_run;
    for (const double sum : log_speedup_by_run) by_run += fmt::format(" {:.2f}x", std::exp(sum / index));
    fmt::print("speedup of each run alone:{}\n", by_run);
  }
  fmt::print("total time: {:.2f} s with 1 thread, {:.2f} s with {} threads ({:.2f}x)\n", single_seconds,
             parallel_seconds, threads, single_seconds / parallel_seconds);
  fmt::print("nodes ratio (search overhead): {:.2f}x   nps ratio: {:.2f}x ({:.0f} vs {:.0f} nodes/s)\n",
             double(parallel_nodes) / double(single_nodes), parallel_speed / single_speed, parallel_speed,
             single_speed);
  // The search overhead by kind, each as a share of the one-thread nodes, so that they add up to the nodes
  // ratio: what the counters of the parallel search attribute, and the rest (a tree of another shape).
  const double per_single_node = 1.0 / (double(single_nodes) * runs);
  const double thrown_away = double(thrown_away_nodes) * per_single_node;
  const double stale_alpha = double(stale_alpha_nodes) * per_single_node;
  const double overhead = double(parallel_nodes) / double(single_nodes) - 1;
  fmt::print(
      "overhead by kind, in 1-thread nodes: {:+.1f}% thrown away at cutoffs ({:.0f}% of the split points "
      "failed high),\n  {:+.1f}% searched again after another thread raised alpha, {:+.1f}% another tree "
      "(the rest: table contents, move order, pruning)\n",
      100 * thrown_away, 100 * double(split_cutoffs) / double(std::max<std::uint64_t>(splits, 1)),
      100 * stale_alpha, 100 * (overhead - thrown_away - stale_alpha));
  // Each parallel search kept `threads` threads busy or idle for its whole time.
  fmt::print("split points: {:.0f} per search   threads idle (looking for work): {:.1f}% of their time\n",
             double(splits) / double(index * runs), 100 * idle_seconds / (threads * parallel_seconds * runs));
  fmt::print(
      "machine capacity: {} independent 1-thread searches run {:.2f}x as fast as one (the ceiling{})\n",
      ceiling_searches, capacity,
      ceiling_searches < threads ? fmt::format("; {} threads on {} processors", threads, processors) : "");
  // The nps ratio against that ceiling: near 100% the threads lose no speed to each other (locks, shared
  // tables, idling), whatever the machine; the rest of the speedup is lost to the search overhead.
  fmt::print("speed against the ceiling: the {}-thread search runs at {:.0f}% of it\n", threads,
             100 * parallel_speed / single_speed / capacity);
  // What is the machine's and what the search's: of the threads' count, the machine gives `capacity`; the
  // search turns that into its time-to-depth speedup.
  fmt::print(
      "time to depth against the ceiling: {:.2f}x of {:.2f}x, {:.0f}% (the machine gives {:.0f}% of "
      "{} threads' {}x)\n",
      speedup, capacity, 100 * speedup / capacity, 100 * capacity / threads, threads, threads);
  return 0;
}

}  // namespace shuai::commands
