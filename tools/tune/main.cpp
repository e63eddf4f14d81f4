// The shuai-tune program: the evaluation tuner's subcommands (see each one's --help).
#include <fmt/format.h>

#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/command_line/arguments.h"
#include "tools/common/data_directory.h"
#include "tools/tune/extract.h"
#include "tools/tune/fit.h"
#include "tools/tune/generate.h"
#include "tools/tune/ratings.h"
#include "tools/tune/spsa.h"
#include "tools/tune/wdl.h"

namespace {

// Every subcommand takes the words after its name, the positions/ directory and the two output streams, and
// returns the exit code; a new one is an include and a line here.
struct Subcommand {
  std::string_view name;
  int (*run)(std::span<const std::string_view>, const std::string&, std::FILE*, std::FILE*);
};

// clang-format off
constexpr Subcommand kSubcommands[] = {
    {"generate", shuai::tune::run_generate},
    {"extract", shuai::tune::run_extract},
    {"fit", shuai::tune::run_fit},
    {"spsa", shuai::tune::run_spsa},
    {"wdl", shuai::tune::run_wdl},
    {"ratings", shuai::tune::run_ratings},
};
// clang-format on

std::string usage_line() {
  std::string names;
  for (const Subcommand& subcommand : kSubcommands) {
    if (!names.empty()) names += '|';
    names += subcommand.name;
  }
  return fmt::format("usage: shuai-tune <{}> [options]   (shuai-tune <subcommand> --help for its options)",
                     names);
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> arguments(argv + 1, argv + argc);
  if (!arguments.empty() && shuai::asks_for_help(std::span(arguments).first(1))) {
    fmt::print("{}\n", usage_line());
    return 0;
  }
  for (const Subcommand& subcommand : kSubcommands)
    if (!arguments.empty() && arguments[0] == subcommand.name)
      return subcommand.run(std::span(arguments).subspan(1), shuai::tools::positions_directory(), stdout,
                            stderr);
  fmt::print(stderr, "{}\n", usage_line());
  return 2;
}
