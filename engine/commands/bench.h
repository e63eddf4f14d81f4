// The search benchmark and the tactics check as functions: their settings, their totals and the tactics
// file's reader, for the bench subcommands and the tests that run them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "search/search.h"

namespace shuai::commands {

struct BenchSettings {
  int depth = 10;
  std::int64_t move_time_ms = -1;  // when set: this long per position instead of a fixed depth
  std::uint64_t hash_megabytes = 16;
  SearchOptions options;
};
struct BenchTotals {
  std::uint64_t nodes = 0;
  double seconds = 0;
  int depth_sum = 0;  // of the depths completed, over `positions` searches
  int positions = 0;
};
// Searches every bench position to settings.depth from a cleared table, in order; `print` writes one line
// per position. The node total is the bench signature: any change to the search's behaviour changes it.
BenchTotals run_bench(const BenchSettings& settings, bool print);

// The nodes each depth took: nodes_by_depth[d] sums, over the positions, the nodes spent by the end of
// iteration d (index 0 unused).
struct DepthGrowth {
  std::vector<std::uint64_t> nodes_by_depth;
  std::uint64_t nodes = 0;  // every search's total, as the bench counts them
  double seconds = 0;
  int positions = 0;
};
// Searches the first `position_count` bench positions to settings.depth from a cleared table each.
DepthGrowth run_depth_growth(const BenchSettings& settings, int position_count);
// One search of `position` to `depth` with the searcher's tables as they are: adds to nodes_by_depth[d] the
// nodes spent by the end of iteration d (a search that ends early counts as finished at the depths it
// skipped) and the search's time to `seconds`.
SearchResult search_by_depth(Searcher& searcher, const Position& position, int depth,
                             std::vector<std::uint64_t>& nodes_by_depth, double& seconds);

// What one search leaves the next, two plies on: for each of the first `position_count` bench positions
// searched to settings.depth from cleared tables, the position after its best move and predicted reply
// searched to settings.depth warm (the tables kept) and cold (cleared). Index d: nodes by the end of
// iteration d, summed over the positions (index 0 unused).
struct TableCarryover {
  std::vector<std::uint64_t> cold_nodes_by_depth;
  std::vector<std::uint64_t> warm_nodes_by_depth;
  std::uint64_t nodes = 0;  // every search's total, the first searches included
  double seconds = 0;
  int positions = 0;  // those with a best move and a predicted reply and a game going on after them
};
TableCarryover run_table_carryover(const BenchSettings& settings, int position_count);

// One position of positions/tactics.epd: a move Shuai played in a game it lost, and the move that holds.
struct TacticsPosition {
  std::string id;
  std::string fen;                       // board and side to move
  std::vector<std::string> best_moves;   // bm: the moves that hold (ICCS), by Fairy-Stockfish's long search
  std::vector<std::string> avoid_moves;  // am: the move played in the game, which loses
  std::string source;                    // c0: the game and ply it came from
};
// Reads EPD lines ("<board> <side> - - bm M...; am M; id "..."; ...") with the tools' position reader
// (engine/board/position_file.h). On a malformed line: nothing, and `error` names `name` and the line.
std::vector<TacticsPosition> parse_tactics(std::string_view text, std::string& error,
                                           const std::string& name = "positions/tactics.epd");

struct TacticsSettings {
  std::uint64_t nodes = 200'000;
  std::uint64_t hash_megabytes = 16;
};
struct TacticsTotals {
  int solved = 0;
  int total = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};
// Searches each position with one thread from cleared tables to the node count; solved when the move found
// is one of its bm. `print` writes one line per position.
TacticsTotals run_tactics(std::span<const TacticsPosition> positions, const TacticsSettings& settings,
                          bool print);

// The evaluation the playing levels lose per move (`shuai bench levels`).
struct LevelLossSettings {
  int depth = 8;           // of the full-strength search that judges each move
  int positions = 67;      // the bench positions, then the opening ones
  int choices = 2;         // moves each level plays from each position
  std::uint64_t seed = 1;  // of the levels' choices
  std::uint64_t hash_megabytes = 16;
  std::vector<int> levels;  // the levels played; empty: 0 to 19
};
struct LevelLosses {
  int level = 0;
  int moves = 0;
  // Moves by the loss bucket they fall in: the best move, then losses of 1-19, 20-49, 50-99, 100-299, 300 and
  // more (a horse or a cannon is about 100).
  std::array<int, 6> by_bucket{};
  std::int64_t loss_sum = 0;
};
// Each level (0 to 19 unless settings.levels names them) plays `choices` moves from each position; each move
// is judged by the search to `depth` with only that move allowed against the same search free to choose. A
// progress line on `progress_stream` (none when null).
std::vector<LevelLosses> run_level_losses(const LevelLossSettings& settings, std::FILE* progress_stream);

}  // namespace shuai::commands
