// Parsing the command line of `shuai-tune generate`, and its help text.
#include "tools/tune/generate_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <thread>
#include <vector>

#include "engine/command_line/command_options.h"

namespace shuai::tune {

namespace {

constexpr int kMaxShards = 1'000'000;

}  // namespace

GenerateOptions default_generate_options(const std::string& positions_directory) {
  GenerateOptions options;
  options.openings_path = positions_directory + "/openings.fen";
  options.threads = int(std::max(1u, std::thread::hardware_concurrency()));
  return options;
}

namespace {

constexpr std::string_view kDescription =
    R"(Plays self-play games of the engine against itself and writes training positions for the evaluation tuner:
one line per position, "<FEN> ; <result>", the game's result from Red's side (1, 0.5 or 0). Each game's
lines follow a "# game <index>: <count> positions, <result> <ending>" line.

Games: a game's seed chooses its opening line and its random moves (a start where the game is already over
is drawn again). Games end by the rules as shuai-match's referee judges them: no legal move loses
(checkmate or stalemate), a third occurrence is ruled by the Asian rules (perpetual check or chase loses,
otherwise a draw), 60 moves each without a capture draw, and the --max-plies adjudication.

Positions: every position of a game from its ninth ply after the start on, except where the side to move
is in check or the search's score is decisive (a mate or a win by the repetition rules). What is written is
its quiet leaf: the last position of the principal variation of the engine's quiescence search from it
(the position itself when standing pat is best). A position already written (the same position key, in the
file or earlier in this run) is skipped: it keeps its first label.

Resuming: when FILE exists, the games it holds (its "# game" lines) are not played again and its positions
count as written; a game cut short at the end of the file (a killed run) is cut off and played again. So
the same command, run again, finishes an interrupted run, and a larger --games extends a finished one.

Sharding: N machines each run the same command with --shard 1/N ... N/N into their own file; the shards
play disjoint games, which are the same games a single run plays. `cat part*.txt > all.txt` merges them;
duplicates across shards stay in the merged file and are removed by the fit.)";

constexpr CommandText kGenerateCommand = {"shuai-tune generate", "shuai-tune generate --out FILE [options]",
                                          kDescription};

// The options of `generate`, read into `options`.
std::vector<CommandOption> option_table(GenerateOptions& options) {
  return {
      {"--out", "FILE", "where the positions go (appended; see \"resuming\")", &options.out_path, 0, 0, true},
      {"--games", "N", "game indices 0 .. N-1 over all shards", &options.games, 1, 100'000'000},
      {"--nodes", "N", "nodes searched per move, one search thread per game", &options.nodes, 1,
       double(std::uint64_t(1) << 40)},
      {"--threads", "N", "games played at once, one per processor unless given", &options.threads, 1, 1024},
      {"--seed", "S", "the run's seed; each game's seed comes from S and its index", &options.seed, 0,
       double(UINT64_MAX)},
      {"--shard", "I/N", "play only the games whose index g has g % N == I-1 (default 1/1)",
       shard_reader(options.shard_index, options.shard_count, kMaxShards)},
      {"--openings", "FILE", "FEN lines, \" ; comment\" allowed", &options.openings_path},
      {"--random-plies", "N", "uniformly random legal moves played after the opening", &options.random_plies,
       0, 200},
      {"--hash", "MB", "transposition table of each game", &options.hash_megabytes, 1, 65536},
      {"--max-plies", "N", "a game not over N plies after its start is a draw", &options.max_plies, 1,
       10'000},
  };
}

}  // namespace

std::variant<GenerateOptions, std::string> parse_generate_options(std::span<const std::string_view> arguments,
                                                                  const std::string& positions_directory) {
  GenerateOptions options = default_generate_options(positions_directory);
  if (auto error = parse_command_options(kGenerateCommand, option_table(options), arguments, options.help))
    return *error;
  return options;
}

std::string generate_usage_text(const std::string& positions_directory) {
  GenerateOptions options = default_generate_options(positions_directory);
  return command_usage(kGenerateCommand, option_table(options));
}

}  // namespace shuai::tune
