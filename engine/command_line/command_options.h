// A tool's command-line options declared once, in a table: each option's flag, value, range and help. One
// parser reads any table (one error style: a single line naming the flag and what it takes), and the usage
// text is generated from the same table, so the two cannot drift apart.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace shuai {

// Reads a value the plain targets do not cover (a list, a pair, a choice of words, a spec); returns nothing
// when it fits, else what the option takes, for the error line ("--shard takes <this>, not '4/3'").
using ValueReader = std::function<std::optional<std::string>(std::string_view value)>;

// "--shard I/N": this run does the I-th of N shares of a job (1 <= I <= N <= max_count), into index and
// count.
ValueReader shard_reader(int& index, int& count, int max_count);

// Where an option's value goes; its type decides how the value is read. A bool option is a switch and takes
// no value; a list option takes a value each time it is given and keeps them all, in order.
using OptionTarget = std::variant<int*, std::int64_t*, std::uint64_t*, double*, std::string*, bool*,
                                  std::vector<std::string>*, ValueReader>;

struct CommandOption {
  std::string_view flag;        // "--games"
  std::string_view value_name;  // "N", "FILE"; empty for a switch
  std::string_view help;        // one line; the default is appended from the target's value
  OptionTarget target;
  // Inclusive range of a numeric value (ignored for the other targets). A default outside it means "not
  // set" and is not shown in the usage.
  double low = 0, high = 0;
  bool required = false;  // must be given
};

// What a command is called, says of itself in its usage text, and how it reads its words.
struct CommandText {
  std::string_view name;         // in messages: "spsa init"
  std::string_view synopsis;     // after "usage: "
  std::string_view description;  // a paragraph
  // A flag's name without its dashes reads as the flag ("depth 8" as "--depth 8"): the old spelling of the
  // bench commands, which the README and scripts use. Then no word is positional.
  bool accepts_bare_names = false;
};

// Reads `words` into the targets of `options` (what is not given keeps its value). Words that are not flags
// go to `positional` when the command takes them (an error when it is null). Returns a one-line message on
// bad input: an unknown flag, a missing or malformed value, a value out of range, a required option not
// given. "--help" or "-h" anywhere, or a lone "help", sets `help` and stops reading.
std::optional<std::string> parse_command_options(const CommandText& text,
                                                 std::span<const CommandOption> options,
                                                 std::span<const std::string_view> words, bool& help,
                                                 std::vector<std::string>* positional = nullptr);

// parse_command_options, then the common endings: a bad command line is its one line on `err` (exit code 2),
// --help the usage on `out` (exit code 0); nothing when the command is to go on.
std::optional<int> read_command_line(const CommandText& text, std::span<const CommandOption> options,
                                     std::span<const std::string_view> words, std::FILE* out, std::FILE* err,
                                     std::vector<std::string>* positional = nullptr);

// "usage: <synopsis>", the description, then one line per option with its help and default.
std::string command_usage(const CommandText& text, std::span<const CommandOption> options);

}  // namespace shuai
