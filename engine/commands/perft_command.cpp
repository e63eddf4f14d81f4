// `shuai perft DEPTH [FEN]`: divide output in the format Stockfish-family engines print for `go perft`.
#include <fmt/format.h>

#include <chrono>
#include <string>
#include <vector>

#include "engine/board/board.h"
#include "engine/command_line/arguments.h"
#include "engine/command_line/command_options.h"
#include "engine/commands/commands.h"

namespace shuai::commands {

constexpr CommandText kPerftCommand = {"perft", "shuai perft DEPTH [FEN]",
                                       "Counts the legal move paths of DEPTH plies (1 to 12) from FEN "
                                       "(default the start position): one line per\n"
                                       "root move, then \"Nodes searched: N\"."};

int run_perft_command(std::span<const std::string_view> words) {
  std::vector<std::string> arguments;
  if (const auto done = read_command_line(kPerftCommand, {}, words, stdout, stderr, &arguments)) return *done;
  const auto depth = parse_int(arguments.empty() ? std::string_view() : arguments[0], 1, 12);
  if (!depth) {
    fmt::print(stderr, "perft: DEPTH takes a whole number from 1 to 12 (try --help)\n");
    return 2;
  }
  std::string fen(kStartFen);
  if (arguments.size() > 1) {
    fen.clear();
    for (std::size_t i = 1; i < arguments.size(); ++i) fen += arguments[i] + ' ';
  }
  auto parsed = parse_fen(fen);
  if (!parsed.position) {
    fmt::print(stderr, "{}\n", parsed.error);
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : perft_divide(*parsed.position, *depth)) {
    fmt::print("{}: {}\n", move_to_iccs(move), nodes);
    total += nodes;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print("\nNodes searched: {}\n", total);
  std::fflush(stdout);
  fmt::print(stderr, "time {:.3f} s, {:.1f} M nodes/s\n", seconds, total / std::max(seconds, 1e-9) / 1e6);
  return 0;
}

}  // namespace shuai::commands
