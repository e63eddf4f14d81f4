// A tool's command-line options declared once, in a table: each option's flag, value, range and help. One
// parser reads any table (one error style: a single line naming the flag and what it takes), and the usage
// text is generated from the same table, so the two cannot drift apart.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace shuai::tools {

// Where an option's value goes; its type decides how the value is read. A bool option is a switch and takes
// no value.
using OptionTarget = std::variant<int*, std::int64_t*, std::uint64_t*, double*, std::string*, bool*>;

struct CommandOption {
  std::string_view flag;        // "--games"
  std::string_view value_name;  // "N", "FILE"; empty for a switch
  std::string_view help;        // one line; the default is appended from the target's value
  OptionTarget target;
  double low = 0, high = 0;  // inclusive range of a numeric value (ignored for text and switches)
  bool required = false;     // must be given
};

// Reads `words` into the targets of `options` (what is not given keeps its value). Words that are not flags
// go to `positional` when the command takes them (an error when it is null). Returns a one-line message on
// bad input: an unknown flag, a missing or malformed value, a value out of range, a required option not
// given.
// "--help" or "-h" anywhere sets `help` and stops reading.
std::optional<std::string> parse_command_options(std::string_view command,
                                                 std::span<const CommandOption> options,
                                                 std::span<const std::string_view> words, bool& help,
                                                 std::vector<std::string>* positional = nullptr);

// What a command is called and says of itself in its usage text.
struct CommandText {
  std::string_view name;         // in messages: "spsa init"
  std::string_view synopsis;     // after "usage: "
  std::string_view description;  // a paragraph
};

// parse_command_options, then the common endings: a bad command line is its one line on `err` (exit code 2),
// --help the usage on `out` (exit code 0); nothing when the command is to go on.
std::optional<int> read_command_line(const CommandText& text, std::span<const CommandOption> options,
                                     std::span<const std::string_view> words, std::FILE* out, std::FILE* err,
                                     std::vector<std::string>* positional = nullptr);

// "usage: <synopsis>", the description, then one line per option with its help and default.
std::string command_usage(std::string_view synopsis, std::string_view description,
                          std::span<const CommandOption> options);

}  // namespace shuai::tools
