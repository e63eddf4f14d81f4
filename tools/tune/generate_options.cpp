// Parsing the command line of `shuai-tune generate`, and its help text.
#include "tools/tune/generate_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <thread>

#include "tools/arguments.h"

namespace shuai::tune {

namespace {

using tools::parse_number;

constexpr int kMaxShards = 1'000'000;

}  // namespace

GenerateOptions default_generate_options(const std::string& positions_directory) {
  GenerateOptions options;
  options.openings_path = positions_directory + "/openings.fen";
  options.threads = int(std::max(1u, std::thread::hardware_concurrency()));
  return options;
}

std::variant<GenerateOptions, std::string> parse_generate_options(std::span<const std::string_view> arguments,
                                                                  const std::string& positions_directory) {
  GenerateOptions options = default_generate_options(positions_directory);
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string_view word = arguments[i];
    if (word == "--help" || word == "-h") {
      options.help = true;
      return options;
    }
    const bool known = word == "--out" || word == "--games" || word == "--nodes" || word == "--threads" ||
                       word == "--seed" || word == "--shard" || word == "--openings" ||
                       word == "--random-plies" || word == "--hash" || word == "--max-plies";
    if (!known) return fmt::format("unknown option '{}' (try generate --help)", word);
    if (i + 1 >= arguments.size()) return fmt::format("{} needs a value", word);
    const std::string_view value = arguments[++i];
    const auto bad = [&](std::string_view expected) {
      return fmt::format("{} takes {}, not '{}'", word, expected, value);
    };
    if (word == "--out") {
      if (value.empty()) return bad("a file name");
      options.out_path = std::string(value);
    } else if (word == "--openings") {
      options.openings_path = std::string(value);
    } else if (word == "--nodes") {
      const auto nodes = parse_number<std::uint64_t>(value, 1, std::uint64_t(1) << 40);
      if (!nodes) return bad("a node count from 1");
      options.nodes = *nodes;
    } else if (word == "--seed") {
      const auto seed = parse_number<std::uint64_t>(value, 0, UINT64_MAX);
      if (!seed) return bad("a number from 0 to 2^64-1");
      options.seed = *seed;
    } else if (word == "--shard") {
      const auto slash = value.find('/');
      const auto count = slash == std::string_view::npos
                             ? std::nullopt
                             : parse_number<int>(value.substr(slash + 1), 1, kMaxShards);
      const auto index = count ? parse_number<int>(value.substr(0, slash), 1, *count) : std::nullopt;
      if (!index) return bad("I/N with 1 <= I <= N, e.g. 2/4");
      options.shard_index = *index;
      options.shard_count = *count;
    } else {
      struct Bounds {
        std::string_view name;
        int* target;
        int low, high;
      };
      const Bounds bounds[] = {
          {"--games", &options.games, 1, 100'000'000},       {"--threads", &options.threads, 1, 1024},
          {"--random-plies", &options.random_plies, 0, 200}, {"--hash", &options.hash_megabytes, 1, 65536},
          {"--max-plies", &options.max_plies, 1, 10'000},
      };
      for (const Bounds& bound : bounds) {
        if (bound.name != word) continue;
        const auto number = parse_number<int>(value, bound.low, bound.high);
        if (!number) return bad(fmt::format("a number from {} to {}", bound.low, bound.high));
        *bound.target = *number;
      }
    }
  }
  if (options.out_path.empty()) return std::string("generate needs --out FILE (try generate --help)");
  return options;
}

std::string generate_usage_text() {
  return R"(usage: shuai-tune generate --out FILE [options]

Plays self-play games of the engine against itself and writes training positions for the evaluation tuner:
one line per position, "<FEN> ; <result>", the game's result from Red's side (1, 0.5 or 0). Each game's
lines follow a "# game <index>: <count> positions, <result> <ending>" line.

  --out FILE           where the positions go (appended; see "resuming")
  --games N            game indices 0 .. N-1 over all shards (default 1000)
  --nodes N            nodes searched per move, one search thread per game (default 5000)
  --threads N          games played at once (default: one per processor)
  --seed S             the run's seed; each game's seed comes from S and its index (default 1)
  --shard I/N          play only the games whose index g has g % N == I-1 (default 1/1)
  --openings FILE      FEN lines, " ; comment" allowed (default positions/openings.fen)
  --random-plies N     uniformly random legal moves played after the opening (default 4)
  --hash MB            transposition table of each game (default 16)
  --max-plies N        a game not over N plies after its start is a draw (default 300)

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
duplicates across shards stay in the merged file and are removed by the fit.
)";
}

}  // namespace shuai::tune
