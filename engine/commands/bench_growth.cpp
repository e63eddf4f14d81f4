// `shuai bench growth`: how the search's tree grows with depth. Each bench position is searched to a depth
// from a cleared table and the nodes spent by the end of every iteration are summed over the positions; the
// ratio of one depth's total to the one before is the growth per ply, and ln 2 over its logarithm is how many
// plies a doubling of the nodes (of the time, at a fixed speed) buys. A search that scales keeps that growth
// low as depth rises; a cheap diagnostic beside the games, which alone judge strength.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "engine/board/board.h"
#include "engine/command_line/command_options.h"
#include "engine/commands/bench.h"
#include "engine/commands/bench_positions.h"
#include "engine/commands/commands.h"

namespace shuai::commands {

namespace {

constexpr CommandText kGrowthCommand = {
    "bench growth", "shuai bench growth [--depth N] [--hash MB] [--positions N] [--parameters FILE]",
    "Searches the bench positions to a depth, one thread and a cleared table each, and prints the nodes\n"
    "needed to finish each depth (summed over the positions), the growth per ply and the plies a doubling\n"
    "of the nodes buys over the deeper half of the depths.",
    true};

}  // namespace

SearchResult search_by_depth(Searcher& searcher, const Position& position, int depth,
                             std::vector<std::uint64_t>& nodes_by_depth, double& seconds) {
  // The nodes when each iteration ends: the first line of a finished iteration is reported once with its
  // depth.
  std::vector<std::uint64_t> reached(std::size_t(depth) + 1, 0);
  searcher.set_info_callback([&](const SearchInfo& info) {
    if (info.line == 1 && info.depth >= 1 && info.depth <= depth)
      reached[std::size_t(info.depth)] = info.nodes;
  });
  SearchLimits limits;
  limits.depth = depth;
  const auto start = std::chrono::steady_clock::now();
  const SearchResult result = searcher.search(position, limits);
  seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  searcher.set_info_callback(nullptr);
  // A search that ends early (a forced mate found) spent nothing on the depths it skipped: it counts as
  // finished there with the nodes it used.
  std::uint64_t last = 0;
  for (int d = 1; d <= depth; ++d) {
    last = reached[std::size_t(d)] != 0 ? reached[std::size_t(d)] : std::max(last, result.nodes);
    nodes_by_depth[std::size_t(d)] += last;
  }
  return result;
}

DepthGrowth run_depth_growth(const BenchSettings& settings, int position_count) {
  const auto& fens = bench_positions();
  const int count = std::clamp(position_count, 1, int(fens.size()));
  DepthGrowth growth;
  growth.nodes_by_depth.assign(std::size_t(settings.depth) + 1, 0);
  Searcher searcher;
  searcher.table().resize(settings.hash_megabytes);
  searcher.options() = settings.options;
  for (int index = 0; index < count; ++index) {
    auto parsed = parse_fen(fens[std::size_t(index)]);
    if (!parsed.position) throw std::logic_error("bench position: " + parsed.error);
    searcher.clear();
    growth.nodes +=
        search_by_depth(searcher, *parsed.position, settings.depth, growth.nodes_by_depth, growth.seconds)
            .nodes;
    ++growth.positions;
  }
  return growth;
}

int run_bench_growth(std::span<const std::string_view> arguments) {
  BenchSettings settings;
  settings.depth = 16;
  settings.hash_megabytes = 64;
  int position_count = int(bench_positions().size());
  std::string parameters_path;
  const CommandOption options[] = {
      {"--depth", "N", "the deepest iteration", &settings.depth, 2, 40},
      {"--hash", "MB", "transposition table size", &settings.hash_megabytes, 1, 65536},
      {"--positions", "N", "the first N bench positions", &position_count, 1, 1000},
      {"--parameters", "FILE", "the search's constants from a file (see 'shuai parameters search')",
       &parameters_path},
  };
  if (const auto done = read_command_line(kGrowthCommand, options, arguments, stdout, stderr)) return *done;
  if (!parameters_path.empty())
    if (const auto error = load_search_parameters(parameters_path, settings.options.parameters))
      return fmt::print(stderr, "bench growth: {}\n", *error), 2;
  const DepthGrowth growth = run_depth_growth(settings, position_count);
  fmt::print("bench growth: depth {}, hash {} MB, {} positions\n", settings.depth, settings.hash_megabytes,
             growth.positions);
  fmt::print("depth        nodes  growth\n");
  for (int depth = 1; depth <= settings.depth; ++depth) {
    const double previous = depth > 1 ? double(growth.nodes_by_depth[std::size_t(depth) - 1]) : 0;
    const double nodes = double(growth.nodes_by_depth[std::size_t(depth)]);
    fmt::print("{:>5} {:>12} {:>7}\n", depth, growth.nodes_by_depth[std::size_t(depth)],
               previous > 0 ? fmt::format("{:.2f}", nodes / previous) : std::string("-"));
  }
  // Over the deeper half: the shallow iterations are dominated by the root and quiescence.
  const int from = std::max(1, settings.depth / 2);
  const double ratio = double(growth.nodes_by_depth[std::size_t(settings.depth)]) /
                       double(std::max<std::uint64_t>(growth.nodes_by_depth[std::size_t(from)], 1));
  const double per_ply = std::pow(ratio, 1.0 / double(settings.depth - from));
  fmt::print("===========================\nGrowth per ply  : {:.3f} (depths {} to {})\n", per_ply, from,
             settings.depth);
  fmt::print("Plies a doubling buys : {:.2f}\n", per_ply > 1 ? std::log(2.0) / std::log(per_ply) : 0.0);
  fmt::print("Nodes searched  : {}\nNodes/second    : {:.0f}\n", growth.nodes,
             double(growth.nodes) / std::max(growth.seconds, 1e-9));
  return 0;
}

}  // namespace shuai::commands
