// `shuai bench carryover`: how much one search leaves the next. In a game the engine searches, plays its
// move, and after the opponent's reply searches again with the transposition table and the histories it
// kept; the predicted reply's position was searched two plies shallower a move ago, so the new search's
// shallow iterations should cost next to nothing and the time buys depth. This bench measures it: each
// bench position is searched to a depth from cleared tables, its best move and the predicted reply are
// played, and the position after them is searched to the same depth twice, warm (the tables as the first
// search left them) and cold (cleared). The ratio of cold to warm nodes at each depth is what the tables
// carried over. A cheap diagnostic of one cause of a search that scales badly; the games judge.
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "engine/board/board.h"
#include "engine/command_line/command_options.h"
#include "engine/commands/bench.h"
#include "engine/commands/bench_positions.h"
#include "engine/commands/commands.h"

namespace shuai::commands {

namespace {

constexpr CommandText kCarryoverCommand = {
    "bench carryover", "shuai bench carryover [--depth N] [--hash MB] [--positions N] [--parameters FILE]",
    "Searches each bench position to a depth, plays its best move and the predicted reply, and searches\n"
    "the position after them to the same depth twice: warm (the tables the first search left) and cold\n"
    "(cleared). Prints, for each depth, the nodes both needed to finish it (summed over the positions)\n"
    "and their ratio: what the tables carried from one move to the next.",
    true};

}  // namespace

TableCarryover run_table_carryover(const BenchSettings& settings, int position_count) {
  const auto& fens = bench_positions();
  const int count = std::clamp(position_count, 1, int(fens.size()));
  TableCarryover carryover;
  carryover.cold_nodes_by_depth.assign(std::size_t(settings.depth) + 1, 0);
  carryover.warm_nodes_by_depth.assign(std::size_t(settings.depth) + 1, 0);
  Searcher searcher;
  searcher.table().resize(settings.hash_megabytes);
  searcher.options() = settings.options;
  const auto add_search = [&](const Position& position, std::vector<std::uint64_t>& nodes_by_depth) {
    const SearchResult result =
        search_by_depth(searcher, position, settings.depth, nodes_by_depth, carryover.seconds);
    carryover.nodes += result.nodes;
    return result;
  };
  // The first searches' nodes by depth, which only the total (`nodes`) reports.
  std::vector<std::uint64_t> first_search(std::size_t(settings.depth) + 1, 0);
  for (int index = 0; index < count; ++index) {
    auto parsed = parse_fen(fens[std::size_t(index)]);
    if (!parsed.position) throw std::logic_error("bench position: " + parsed.error);
    Position position = *parsed.position;
    searcher.clear();
    const SearchResult first = add_search(position, first_search);
    // Positions whose game ends within two plies, or whose line has no predicted reply, say nothing here.
    if (first.best_move == kNoMove || !is_legal(position, first.best_move)) continue;
    position.make_move(first.best_move);
    if (first.ponder_move == kNoMove || !is_legal(position, first.ponder_move)) continue;
    position.make_move(first.ponder_move);
    MoveList replies;
    generate_legal(position, replies);
    if (replies.size == 0) continue;
    add_search(position, carryover.warm_nodes_by_depth);
    searcher.clear();
    add_search(position, carryover.cold_nodes_by_depth);
    ++carryover.positions;
  }
  return carryover;
}

int run_bench_carryover(std::span<const std::string_view> arguments) {
  BenchSettings settings;
  settings.depth = 14;
  settings.hash_megabytes = 64;
  int position_count = int(bench_positions().size());
  std::string parameters_path;
  const CommandOption options[] = {
      {"--depth", "N", "the depth of every search", &settings.depth, 2, 40},
      {"--hash", "MB", "transposition table size", &settings.hash_megabytes, 1, 65536},
      {"--positions", "N", "the first N bench positions", &position_count, 1, 1000},
      {"--parameters", "FILE", "the search's constants from a file (see 'shuai parameters search')",
       &parameters_path},
  };
  if (const auto done = read_command_line(kCarryoverCommand, options, arguments, stdout, stderr))
    return *done;
  if (!parameters_path.empty())
    if (const auto error = load_search_parameters(parameters_path, settings.options.parameters))
      return fmt::print(stderr, "bench carryover: {}\n", *error), 2;
  const TableCarryover carryover = run_table_carryover(settings, position_count);
  fmt::print("bench carryover: depth {}, hash {} MB, {} positions two plies on\n", settings.depth,
             settings.hash_megabytes, carryover.positions);
  const auto ratio_at = [&](int depth) {
    return double(carryover.cold_nodes_by_depth[std::size_t(depth)]) /
           double(std::max<std::uint64_t>(carryover.warm_nodes_by_depth[std::size_t(depth)], 1));
  };
  fmt::print("depth         cold         warm  cold/warm\n");
  for (int depth = 1; depth <= settings.depth; ++depth)
    fmt::print("{:>5} {:>12} {:>12} {:>10.2f}\n", depth, carryover.cold_nodes_by_depth[std::size_t(depth)],
               carryover.warm_nodes_by_depth[std::size_t(depth)], ratio_at(depth));
  // The iteration two plies short of the last is the one the previous search covered in full.
  const int covered = std::max(1, settings.depth - 2);
  fmt::print("======================================\n");
  fmt::print("Carried at depth {:<3}: {:.2f} (the depth the search before covered)\n", covered,
             ratio_at(covered));
  fmt::print("Carried at depth {:<3}: {:.2f}\n", settings.depth, ratio_at(settings.depth));
  fmt::print("Nodes searched  : {}\nNodes/second    : {:.0f}\n", carryover.nodes,
             double(carryover.nodes) / std::max(carryover.seconds, 1e-9));
  return 0;
}

}  // namespace shuai::commands
