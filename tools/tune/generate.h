// `shuai-tune generate`: self-play games played in parallel into a training file, resumable and shardable
// (see generate_usage_text() for what it does, and training_file.h for what it writes).
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tools/tune/generate_options.h"

namespace shuai::tune {

// Bad input found once the options are parsed: an unreadable openings file, an output file that cannot be
// read or written or is not a training file.
struct GenerateInputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct GenerateSummary {
  int games_played = 0;        // by this run
  int games_already_done = 0;  // of this run's share, found in the file
  std::uint64_t positions_written = 0, duplicates_skipped = 0;
  int red_wins = 0, draws = 0, black_wins = 0;  // of the games played
  double seconds = 0;
};

// Plays the games of `options` not yet in its output file and appends them, game by game. Progress and notes
// go to `messages` (null: none). Throws GenerateInputError on bad input, std::runtime_error on a failure
// while playing or writing (the file then holds every game finished before it).
GenerateSummary generate(const GenerateOptions& options, std::FILE* messages);

// The summary as the one line the program prints at the end.
std::string summary_line(const GenerateSummary& summary);

// The subcommand: the arguments after `generate`, the summary to `out`, messages and progress to `error`.
// Exit code 0; 1 on a failure while playing or writing; 2 on bad arguments or input (one line on `error`).
int run_generate(std::span<const std::string_view> arguments, const std::string& positions_directory,
                 std::FILE* out, std::FILE* error);

}  // namespace shuai::tune
