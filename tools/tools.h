// Command-line tools built on the engine's libraries: perft and benchmarks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "search/search.h"

namespace shuai::tools {

// `shuai perft DEPTH [FEN]`: one line per legal root move, then "Nodes searched: N". Returns an exit code.
int run_perft_command(std::span<const std::string_view> arguments);

// `shuai rules FEN|startpos [MOVE ...]`: each move's class under the Asian rules and the repetition verdict.
int run_rules_command(std::span<const std::string_view> arguments);

// `shuai book build --out FILE [options] PGN...` (make an opening book from games) and `shuai book probe FILE
// [FEN] [moves ...]` (a position's book moves).
int run_book_command(std::span<const std::string_view> arguments);
// `shuai parameters search|evaluation [FILE]`: a parameter table as the text its option loads.
int run_parameters_command(std::span<const std::string_view> arguments);

// `shuai bench perft`: perft speed on a fixed set, fast generator against the full-test reference.
int run_bench_perft(std::span<const std::string_view> arguments);

// `shuai bench mht [depth N] [entries LOG2] [rounds R] [verify]`: search time with the Minors Hash Table off
// and on.
int run_bench_mht(std::span<const std::string_view> arguments);
// `shuai bench eval [depth N]`: evaluations per second over perft walks, MHT off and on.
int run_bench_eval(std::span<const std::string_view> arguments);

// `shuai bench lockless [seconds S] [threads N]`: racing threads on tiny transposition and Minors Hash
// Tables, lockless encoding off and on; counts the torn entries each lets through (see lockless_stress.h).
int run_bench_lockless(std::span<const std::string_view> arguments);

// `shuai bench smp [depth N] [threads N] [hash MB] [split N] [runs N]`: time to depth with one thread and
// with N threads.
int run_bench_smp(std::span<const std::string_view> arguments);

// `shuai bench [options]`: fixed-depth searches of the bench positions; prints the node signature.
int run_bench_search(std::span<const std::string_view> arguments);

struct BenchSettings {
  int depth = 10;
  std::int64_t move_time_ms = -1;  // when set: this long per position instead of a fixed depth
  std::size_t hash_megabytes = 16;
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

// `shuai bench tactics [nodes N] [hash MB] [file EPD] [verbose]`: positions/tactics.epd at a fixed node
// count; prints "Tactics solved: S/T at N nodes per position".
int run_bench_tactics(std::span<const std::string_view> arguments);

// One position of positions/tactics.epd: a move Shuai played in a game it lost, and the move that holds.
struct TacticsPosition {
  std::string id;
  std::string fen;                       // board and side to move
  std::vector<std::string> best_moves;   // bm: the moves that hold (ICCS), by Fairy-Stockfish's long search
  std::vector<std::string> avoid_moves;  // am: the move played in the game, which loses
  std::string source;                    // c0: the game and ply it came from
};
// Reads EPD lines ("<board> <side> - - bm M...; am M; id "..."; ...") with the tools' position reader
// (tools/common/position_file.h). On a malformed line: nothing, and `error` names `name` and the line.
std::vector<TacticsPosition> parse_tactics(std::string_view text, std::string& error,
                                           const std::string& name = "positions/tactics.epd");

struct TacticsSettings {
  std::uint64_t nodes = 200'000;
  std::size_t hash_megabytes = 16;
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

}  // namespace shuai::tools
