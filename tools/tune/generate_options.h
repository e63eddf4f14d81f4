// The command line of `shuai-tune generate`: how many self-play games, how each move is searched, where the
// games start, which share of the games this run plays, and where the training positions go.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace shuai::tune {

struct GenerateOptions {
  std::string out_path;                  // required
  int games = 1000;                      // game indices 0 .. games-1, over all shards
  std::uint64_t nodes = 5000;            // per move
  int threads = 1;                       // games played at once, one search thread each
  std::uint64_t seed = 1;                // with the game index, fixes each game
  int shard_index = 1, shard_count = 1;  // --shard I/N: this run plays the games g with g % N == I-1
  std::string openings_path;             // FEN lines (" ; comment" allowed)
  int random_plies = 4;                  // uniformly random legal moves after the opening
  int hash_megabytes = 16;               // each game's transposition table
  int max_plies = 300;                   // after the start: a longer game is adjudicated a draw
  bool help = false;
};

// The defaults; `positions_directory` is where the project's positions/ files are, and threads are one per
// processor.
GenerateOptions default_generate_options(const std::string& positions_directory);

// Parses the words after `generate`; on bad input the one line to print ("shuai-tune generate: ...").
std::variant<GenerateOptions, std::string> parse_generate_options(std::span<const std::string_view> arguments,
                                                                  const std::string& positions_directory);

// The --help text.
std::string generate_usage_text(const std::string& positions_directory);

}  // namespace shuai::tune
