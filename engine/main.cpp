// The shuai program: subcommands for people and scripts (perft, bench, help, version).
#include <fmt/format.h>

#include <string_view>
#include <vector>

#include "tools/tools.h"

namespace {

constexpr std::string_view kUsage = R"(Shuai {} - a Xiangqi engine

usage:
  shuai perft DEPTH [FEN]   count legal move paths (one line per root move, then the total)
  shuai bench [options]     search benchmark: node signature, time, speed ('shuai bench help')
  shuai bench perft         perft speed on a fixed set of positions
  shuai bench mht           search time with the Minors Hash Table off and on (identical searches)
  shuai bench eval          evaluations per second, Minors Hash Table off and on
  shuai --help              this text
  shuai --version           the version
)";

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> arguments(argv + 1, argv + argc);
  if (arguments.empty() || arguments[0] == "--help" || arguments[0] == "-h" || arguments[0] == "help") {
    fmt::print(kUsage, SHUAI_VERSION);
    return 0;
  }
  const std::string_view command = arguments[0];
  const auto rest = std::span(arguments).subspan(1);
  if (command == "--version") {
    fmt::print("Shuai {}\n", SHUAI_VERSION);
    return 0;
  }
  if (command == "perft") return shuai::tools::run_perft_command(rest);
  if (command == "bench") {
    if (!rest.empty() && rest[0] == "perft") return shuai::tools::run_bench_perft(rest.subspan(1));
    if (!rest.empty() && rest[0] == "mht") return shuai::tools::run_bench_mht(rest.subspan(1));
    if (!rest.empty() && rest[0] == "eval") return shuai::tools::run_bench_eval(rest.subspan(1));
    return shuai::tools::run_bench_search(rest);
  }
  fmt::print(stderr, "unknown command '{}': try 'shuai --help'\n", command);
  return 2;
}
