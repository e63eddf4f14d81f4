// The shuai program's subcommands (perft, rules, book, parameters and the benchmarks): their entry points,
// all the program needs. The benchmarks' own types are in bench.h.
#pragma once

#include <span>
#include <string_view>

namespace shuai::commands {

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

// `shuai bench growth [depth N] [hash MB] [positions N] [parameters FILE]`: the nodes each depth takes and
// the plies a doubling of them buys.
int run_bench_growth(std::span<const std::string_view> arguments);

// `shuai bench carryover [depth N] [hash MB] [positions N] [parameters FILE]`: the nodes a search two plies
// on needs with the tables the search before left, and from cleared tables.
int run_bench_carryover(std::span<const std::string_view> arguments);

// `shuai bench tactics [nodes N] [hash MB] [file EPD] [verbose]`: positions/tactics.epd at a fixed node
// count; prints "Tactics solved: S/T at N nodes per position".
int run_bench_tactics(std::span<const std::string_view> arguments);

// `shuai bench levels [depth N] [positions N] [choices N] [seed N]`: the evaluation each playing level
// loses per move, judged by the full-strength search.
int run_bench_levels(std::span<const std::string_view> arguments);

// `shuai egtb generate|stats|verify [options]` and `shuai egtb probe FEN`: endgame tablebases made, counted,
// checked and read.
int run_egtb_command(std::span<const std::string_view> arguments);

}  // namespace shuai::commands
