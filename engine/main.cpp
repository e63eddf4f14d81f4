// The shuai program: subcommands for people and scripts (perft, bench, help, version).
#include <fmt/format.h>

#include <span>
#include <string_view>
#include <vector>

#include <iostream>

#include "engine/protocol/session.h"
#if defined(__EMSCRIPTEN__)
#include "engine/web/command_queue.h"
#endif
#include "engine/command_line/arguments.h"
#include "engine/commands/commands.h"

namespace {

constexpr std::string_view kUsage = R"(Shuai {} - a Xiangqi engine

usage:
  shuai                     speak UCCI, UCI or CECP (XBoard) on standard input/output (the first command,
                            ucci, uci or xboard, decides)
  shuai xboard              speak CECP from the start (XBoard's engine command: xboard -fcp "shuai xboard")
  shuai perft DEPTH [FEN]   count legal move paths (one line per root move, then the total)
  shuai rules FEN [MOVE ...] replay moves (ICCS or WXF): each move's class (check, chase, idle) and the
                            repetition verdict under the Asian rules
  shuai book build --out FILE [--min-games N] [--max-plies N] [--min-score S] PGN...
                            make an opening book from PGN games (ICCS, WXF or Chinese notation)
  shuai book probe FILE [FEN|startpos] [moves MOVE ...]
                            a position's book moves: games, results, weight ('shuai book help')
  shuai parameters search|evaluation [FILE]
                            a parameter table as the file its option loads (SearchParameterFile,
                            ParameterFile): the built-in values, or FILE's over them
  shuai egtb generate|stats|verify|sample [--set NAME] [--endgame NAME] [--folder DIR]
                            endgame tablebases: made by retrograde analysis, counted, checked, sampled
                            ('shuai egtb --help'); shuai egtb probe FEN: a position's value
  shuai bench [options]     search benchmark: node signature, time, speed ('shuai bench help')
  shuai bench perft         perft speed on a fixed set of positions
  shuai bench mht           search time with the Minors Hash Table off and on (identical searches)
  shuai bench eval          evaluations per second, Minors Hash Table off and on
  shuai bench smp           time to depth with 1 and N threads ('shuai bench smp --help')
  shuai bench lockless      racing threads: torn entries in tiny shared tables, lockless encoding off and on
  shuai bench tactics       positions/tactics.epd (losing moves from Shuai's games) at a fixed node count:
                            solved/total ('shuai bench tactics --help')
  shuai bench growth        the nodes each depth takes and the plies a doubling buys ('shuai bench growth --help')
  shuai bench carryover     the nodes a search two plies on needs, tables kept and cleared
                            ('shuai bench carryover --help')
  shuai bench levels        the evaluation each playing level loses per move, judged at full strength
                            ('shuai bench levels --help')
  shuai --help              this text
  shuai --version           the version
)";

// Reads commands until quit or the end of input, which counts as quit. With `first_command`, the session
// starts as if it had been sent (`shuai xboard`: CECP before XBoard says so).
int run_protocol(std::string_view first_command = {}) {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);            // reading must not flush std::cout behind the LineWriter's lock
  static shuai::LineWriter writer(  // static: the wasm build without threads keeps its session after main()
      [](const std::string& line) {
        std::cout << line << '\n';
        std::cout.flush();
      });
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  // The wasm build without threads: JavaScript's calls drive the session, which outlives main().
  static shuai::Session session(writer);
  if (!first_command.empty()) session.handle(first_command);
  shuai::web::handle_commands_with([](std::string_view line) { return session.handle(line); });
  return 0;
#else
  shuai::Session session(writer);
  if (!first_command.empty()) session.handle(first_command);
  std::string line;
#if defined(__EMSCRIPTEN__)
  while (shuai::web::next_command(line))  // the lines JavaScript sends (engine/web/command_queue.h)
#else
  while (std::getline(std::cin, line))
#endif
    if (!session.handle(line)) return 0;
  session.finish();
  return 0;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> arguments(argv + 1, argv + argc);
  if (arguments.empty()) return run_protocol();
  if (shuai::asks_for_help(std::span(arguments).first(1))) {
    fmt::print(kUsage, SHUAI_VERSION);
    return 0;
  }
  const std::string_view command = arguments[0];
  const auto rest = std::span(arguments).subspan(1);
  if (command == "--version") {
    fmt::print("Shuai {}\n", SHUAI_VERSION);
    return 0;
  }
  if (command == "xboard" && rest.empty()) return run_protocol(command);
  if (command == "perft") return shuai::commands::run_perft_command(rest);
  if (command == "rules") return shuai::commands::run_rules_command(rest);
  if (command == "book") return shuai::commands::run_book_command(rest);
  if (command == "parameters") return shuai::commands::run_parameters_command(rest);
  if (command == "egtb") return shuai::commands::run_egtb_command(rest);
  if (command == "bench") {
    if (!rest.empty() && rest[0] == "perft") return shuai::commands::run_bench_perft(rest.subspan(1));
    if (!rest.empty() && rest[0] == "mht") return shuai::commands::run_bench_mht(rest.subspan(1));
    if (!rest.empty() && rest[0] == "eval") return shuai::commands::run_bench_eval(rest.subspan(1));
    if (!rest.empty() && rest[0] == "smp") return shuai::commands::run_bench_smp(rest.subspan(1));
    if (!rest.empty() && rest[0] == "lockless") return shuai::commands::run_bench_lockless(rest.subspan(1));
    if (!rest.empty() && rest[0] == "growth") return shuai::commands::run_bench_growth(rest.subspan(1));
    if (!rest.empty() && rest[0] == "carryover") return shuai::commands::run_bench_carryover(rest.subspan(1));
    if (!rest.empty() && rest[0] == "levels") return shuai::commands::run_bench_levels(rest.subspan(1));
    if (!rest.empty() && rest[0] == "tactics") return shuai::commands::run_bench_tactics(rest.subspan(1));
    return shuai::commands::run_bench_search(rest);
  }
  fmt::print(stderr, "unknown command '{}': try 'shuai --help'\n", command);
  return 2;
}
