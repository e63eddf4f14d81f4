// `shuai bench perft`: perft speed on a fixed set of positions. Each position is counted twice in one run:
// by the engine's generator (legality filter + bulk counting at the last ply) and by the full-test
// reference (every move made, every king-safety test done), so the report is a ratio, not a bare time.
#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

#include "engine/board/board.h"
#include "engine/command_line/command_options.h"
#include "engine/commands/commands.h"

namespace shuai::commands {

namespace {

struct BenchPosition {
  std::string_view name;
  std::string_view fen;
  int depth;
  std::uint64_t expected;
};

// Opening, middlegame, check-heavy and sparse positions from positions/perft-*.tsv.
constexpr BenchPosition kBenchPositions[] = {
    {"startpos", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 5, 133'312'995},
    {"cpw2", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", 5, 53'112'976},
    {"cpw3", "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1", 5, 10'369'923},
    {"cpw4", "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1", 5, 4'739'553},
    {"cpw12", "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1", 4, 2'605'437},
};

template <typename Counter>
double time_seconds(Counter count, std::uint64_t& nodes) {
  const auto start = std::chrono::steady_clock::now();
  nodes = count();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int run_bench_perft(std::span<const std::string_view> arguments) {
  constexpr CommandText kPerftCommand = {
      "bench perft", "shuai bench perft",
      "Perft speed on a fixed set of positions, each counted by the engine's generator and by the full-test\n"
      "reference; takes no options."};
  if (const auto done = read_command_line(kPerftCommand, {}, arguments, stdout, stderr)) return *done;
  fmt::print("{:<10} {:>5} {:>12} {:>9} {:>10} {:>11} {:>10} {:>7}\n", "position", "depth", "nodes", "time s",
             "Mnodes/s", "ref time s", "ref Mn/s", "ratio");
  std::uint64_t total_nodes = 0;
  double total_time = 0, total_reference_time = 0;
  for (const BenchPosition& bench : kBenchPositions) {
    auto parsed = parse_fen(bench.fen);
    if (!parsed.position) throw std::logic_error(parsed.error);
    Position& position = *parsed.position;
    std::uint64_t nodes = 0, reference_nodes = 0;
    const double seconds = time_seconds([&] { return perft(position, bench.depth); }, nodes);
    const double reference_seconds =
        time_seconds([&] { return perft_by_full_test(position, bench.depth); }, reference_nodes);
    if (nodes != bench.expected || reference_nodes != bench.expected) {
      fmt::print(stderr, "{}: perft {} gave {} (reference {}), expected {}\n", bench.name, bench.depth, nodes,
                 reference_nodes, bench.expected);
      return 1;
    }
    fmt::print("{:<10} {:>5} {:>12} {:>9.3f} {:>10.1f} {:>11.3f} {:>10.1f} {:>6.2f}x\n", bench.name,
               bench.depth, nodes, seconds, nodes / seconds / 1e6, reference_seconds,
               nodes / reference_seconds / 1e6, reference_seconds / seconds);
    total_nodes += nodes;
    total_time += seconds;
    total_reference_time += reference_seconds;
  }
  fmt::print("{:<10} {:>5} {:>12} {:>9.3f} {:>10.1f} {:>11.3f} {:>10.1f} {:>6.2f}x\n", "total", "",
             total_nodes, total_time, total_nodes / total_time / 1e6, total_reference_time,
             total_nodes / total_reference_time / 1e6, total_reference_time / total_time);
  fmt::print("Nodes searched: {}\nNodes/second: {:.0f}\n", total_nodes, total_nodes / total_time);
  return 0;
}

}  // namespace shuai::commands
