// `shuai-tune extract`: training positions from games already played (shuai-match's PGN, or any PGN the
// book reader can replay), so that the tuner can learn from games of longer searches than generate's
// fixed node counts: every match played to test the engine becomes data.
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace shuai {
struct PgnGame;
}

namespace shuai::tune {

// A game decided by something other than the play on the board (lost by time, an illegal move or a crash,
// as its Termination tag says): its result says nothing about its positions.
bool ended_off_the_board(const PgnGame& game);

struct ExtractOptions {
  std::vector<std::string> pgn_paths;  // the games (required)
  std::string out_path;                // the training file, written anew (required)
  // The first plies of each game are not recorded: they are still close to the opening line the match
  // started from, and both games of a pair share them.
  int skipped_plies = 8;
  bool help = false;
};

struct ExtractSummary {
  std::uint64_t games_read = 0, games_skipped = 0;  // skipped: a game the reader could not replay
  std::uint64_t positions_written = 0, duplicates_skipped = 0;
  std::uint64_t red_wins = 0, draws = 0, black_wins = 0;  // of the games read
  std::vector<std::string> problems;                      // the first few skipped games' one-line reasons
};

// Reads every game of `options.pgn_paths` and writes its positions (their quiet leaves, as generate does)
// to `options.out_path`, one "# game" block per game. On bad input (a PGN file that cannot be opened, found
// before the output is touched; an output file that cannot be written) returns false with a one-line
// message in `error`.
bool extract(const ExtractOptions& options, ExtractSummary& summary, std::string& error);

// The subcommand: the arguments after `extract`, the summary to `out`, messages to `error`. Exit code 0;
// 2 on bad arguments or input (one line on `error`).
int run_extract(std::span<const std::string_view> arguments, const std::string& positions_directory,
                std::FILE* out, std::FILE* error);

}  // namespace shuai::tune
