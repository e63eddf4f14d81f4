// The tools' declared option tables (engine/command_line/command_options.h): one error line naming the flag,
// the bench's bare old spellings where a table accepts them and nowhere else, and the usage generated from
// the table, also as the programs print it.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/command_line/command_options.h"
#include "tests/support/program_run.h"

namespace shuai {
namespace {

// A small table of every kind of target, read by one call.
struct Parsed {
  int depth = 10;
  std::uint64_t seed = 1;
  double share = 0.5;
  std::string out;
  bool verify = false;
  std::vector<std::string> files;
  std::string pair;
  std::vector<std::string> positional;
  bool help = false;
  std::optional<std::string> error;
};

Parsed parse(std::vector<std::string_view> words, bool accepts_bare_names, bool takes_positional = false) {
  Parsed parsed;
  const CommandOption options[] = {
      {"--depth", "N", "depth", &parsed.depth, 1, 30},
      {"--seed", "S", "seed", &parsed.seed, 0, 1.9e19},
      {"--share", "X", "share", &parsed.share, 0, 1},
      {"--out", "FILE", "out", &parsed.out},
      {"--verify", "", "verify", &parsed.verify},
      {"--file", "FILE", "file, again for more", &parsed.files},
      {"--pair", "A/B", "pair", ValueReader([&](std::string_view value) -> std::optional<std::string> {
         if (value.find('/') == std::string_view::npos) return "A/B";
         parsed.pair = value;
         return std::nullopt;
       })},
  };
  const CommandText text = {"test", "test [options]", "A test.", accepts_bare_names};
  parsed.error = parse_command_options(text, options, words, parsed.help,
                                       takes_positional ? &parsed.positional : nullptr);
  return parsed;
}

TEST_CASE("option table: every kind of value is read into its target") {
  const Parsed parsed = parse({"--depth", "8", "--seed", "18446744073709551615", "--share", "0.25", "--out",
                               "x.txt", "--verify", "--file", "a", "--file", "b", "--pair", "1/2"},
                              false);
  REQUIRE_FALSE(parsed.error);
  CHECK(parsed.depth == 8);
  CHECK(parsed.seed == UINT64_MAX);  // a bound past the type's limit is its limit
  CHECK(parsed.share == 0.25);
  CHECK(parsed.out == "x.txt");
  CHECK(parsed.verify);
  CHECK(parsed.files == std::vector<std::string>{"a", "b"});
  CHECK(parsed.pair == "1/2");
  CHECK_FALSE(parsed.help);
  const Parsed untouched = parse({}, false);
  CHECK(untouched.depth == 10);
  CHECK_FALSE(untouched.verify);
}

TEST_CASE("option table: a bad command line is one line naming the flag") {
  const auto error_of = [](std::vector<std::string_view> words) {
    const Parsed parsed = parse(words, false);
    REQUIRE(parsed.error);
    CHECK(parsed.error->find('\n') == std::string::npos);
    CHECK(parsed.error->starts_with("test: "));
    return *parsed.error;
  };
  CHECK(error_of({"--depth", "eight"}) == "test: --depth takes a whole number from 1 to 30, not 'eight'");
  CHECK(error_of({"--depth", "31"}) == "test: --depth takes a whole number from 1 to 30, not '31'");
  CHECK(error_of({"--depth", "0"}).find("--depth") != std::string::npos);
  CHECK(error_of({"--share", "1.5"}) == "test: --share takes a number from 0 to 1, not '1.5'");
  CHECK(error_of({"--pair", "12"}) == "test: --pair takes A/B, not '12'");
  CHECK(error_of({"--depth"}) == "test: --depth needs a value (N)");
  CHECK(error_of({"--frobnicate", "1"}) == "test: unknown option '--frobnicate' (try --help)");
  CHECK(error_of({"stray"}) == "test: unexpected 'stray' (try --help)");
}

TEST_CASE("option table: the bare old spelling is read where the table accepts it, and only there") {
  const Parsed bare = parse({"depth", "8", "verify", "file", "a", "--out", "x"}, true);
  REQUIRE_FALSE(bare.error);
  CHECK(bare.depth == 8);
  CHECK(bare.verify);
  CHECK(bare.files == std::vector<std::string>{"a"});
  CHECK(bare.out == "x");
  // Not a flag's name: still an error, and a bare name takes the same values as its flag.
  CHECK(parse({"speed", "2"}, true).error == "test: unexpected 'speed' (try --help)");
  CHECK(parse({"depth", "x"}, true).error == "test: --depth takes a whole number from 1 to 30, not 'x'");
  CHECK(parse({"-depth", "8"}, true).error);
  // A table that does not accept them refuses the bare name, or takes it as a positional word.
  CHECK(parse({"depth", "8"}, false).error == "test: unexpected 'depth' (try --help)");
  const Parsed positional = parse({"depth", "8"}, false, true);
  REQUIRE_FALSE(positional.error);
  CHECK(positional.depth == 10);
  CHECK(positional.positional == std::vector<std::string>{"depth", "8"});
}

TEST_CASE("option table: --help, -h and a lone help ask for the usage") {
  CHECK(parse({"--help"}, false).help);
  CHECK(parse({"--depth", "3", "-h"}, false).help);
  CHECK(parse({"help"}, true).help);
  CHECK(parse({"help"}, false, true).help);
  const Parsed not_alone = parse({"help", "me"}, false, true);
  CHECK_FALSE(not_alone.help);
  CHECK(not_alone.positional == std::vector<std::string>{"help", "me"});
}

TEST_CASE("option table: a required option not given is an error") {
  std::string state;
  const CommandOption options[] = {{"--state", "FILE", "the state", &state, 0, 0, true}};
  bool help = false;
  CHECK(parse_command_options({"spsa show", "", ""}, options, {}, help) ==
        "spsa show: --state FILE is required (try --help)");
  const std::vector<std::string_view> words = {"--state", "s.txt"};
  CHECK_FALSE(parse_command_options({"spsa show", "", ""}, options, words, help));
  CHECK(state == "s.txt");
}

TEST_CASE("option table: the usage is generated from the table") {
  int depth = 10;
  std::int64_t time = -1;
  std::string out;
  bool verify = false;
  const CommandOption options[] = {
      {"--depth", "N", "the depth", &depth, 1, 30},
      {"--time", "MS", "a time instead", &time, 1, 1000},
      {"--out", "FILE", "where it goes", &out, 0, 0, true},
      {"--verify", "", "check it", &verify},
  };
  const std::string usage = command_usage({"bench x", "shuai bench x [options]", "Does x.", true}, options);
  CHECK(usage.starts_with("usage: shuai bench x [options]\n\nDoes x.\n\n"));
  CHECK(usage.find("  --depth N   the depth (default 10)\n") != std::string::npos);
  CHECK(usage.find("  --time MS   a time instead\n") != std::string::npos);  // -1: not set, not shown
  CHECK(usage.find("  --out FILE  where it goes (required)\n") != std::string::npos);
  CHECK(usage.find("  --verify    check it\n") != std::string::npos);
  CHECK(usage.find("'depth ...' is '--depth ...'") != std::string::npos);
  CHECK(command_usage({"x", "x", "X."}, options).find("without its dashes") == std::string::npos);
}

TEST_CASE("the bench subcommands: generated --help, old spellings, one error line") {
  const std::string shuai = SHUAI_BINARY;
  for (const std::string bench : {"", " smp", " mht", " eval", " tactics", " lockless", " perft"}) {
    for (const std::string ask : {" --help", " -h", " help"}) {
      const test::ProgramRun help = test::run_program(shuai + " bench" + bench + ask);
      INFO(bench, ask);
      CHECK(help.exit_code == 0);
      CHECK(help.output.starts_with("usage: shuai bench" + bench));
    }
  }
  const test::ProgramRun smp = test::run_program(shuai + " bench smp --help");
  for (const std::string_view flag : {"--depth N", "--threads N", "--hash MB", "--split", "--runs N",
                                      "--file FILE", "--sample N", "(default 10)"})
    CHECK_MESSAGE(smp.output.find(flag) != std::string::npos, flag);

  for (const std::string arguments :
       {" bench depth x", " bench --depth 31", " bench pruning huge", " bench frob", " bench smp threads 1",
        " bench mht entries 40", " bench eval depth 5", " bench tactics nodes 0", " bench lockless seconds",
        " bench perft 5"}) {
    const test::ProgramRun run = test::run_program(shuai + arguments);
    INFO(arguments, run.output);
    CHECK(run.exit_code == 2);
    CHECK(run.output.starts_with("bench"));
    CHECK(std::count(run.output.begin(), run.output.end(), '\n') == 1);
  }
  CHECK(test::run_program(shuai + " bench eval depth 5").output ==
        "bench eval: --depth takes a whole number from 1 to 4, not '5'\n");

  // Both spellings of one bench print the same header.
  const test::ProgramRun old_spelling = test::run_program(shuai + " bench eval depth 1");
  const test::ProgramRun new_spelling = test::run_program(shuai + " bench eval --depth 1");
  CHECK(old_spelling.exit_code == 0);
  CHECK(new_spelling.exit_code == 0);
  CHECK(old_spelling.output.starts_with("bench eval: "));
  CHECK(old_spelling.output.substr(0, old_spelling.output.find('\n')) ==
        new_spelling.output.substr(0, new_spelling.output.find('\n')));
}

}  // namespace
}  // namespace shuai
