// The declared-option parser and usage text.
#include "engine/command_line/command_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "engine/command_line/arguments.h"

namespace shuai {

namespace {

std::string range_text(const CommandOption& option) {
  const auto number = [](double value) { return fmt::format("{}", value); };
  return fmt::format("a number from {} to {}", number(option.low), number(option.high));
}

// A range bound as the target's type: one beyond the type's limits (a double cannot hold 2^64 - 1 exactly)
// is the limit.
template <typename Number>
Number bound(double value) {
  if (value >= double(std::numeric_limits<Number>::max())) return std::numeric_limits<Number>::max();
  if (value <= double(std::numeric_limits<Number>::lowest())) return std::numeric_limits<Number>::lowest();
  return Number(value);
}

// Reads one value into the option's target; a message if it does not fit.
std::optional<std::string> read_value(std::string_view command, const CommandOption& option,
                                      std::string_view value) {
  const auto bad = [&](const std::string& expected) {
    return fmt::format("{}: {} takes {}, not '{}'", command, option.flag, expected, value);
  };
  return std::visit(
      [&](auto& target) -> std::optional<std::string> {
        using Target = std::remove_pointer_t<std::remove_cvref_t<decltype(target)>>;
        if constexpr (std::is_same_v<Target, ValueReader>) {
          if (auto expected = target(value)) return bad(*expected);
        } else if constexpr (std::is_same_v<Target, std::string>) {
          if (value.empty()) return bad("a value");
          *target = std::string(value);
        } else if constexpr (std::is_same_v<Target, bool>) {
          *target = true;
        } else if constexpr (std::is_same_v<Target, std::vector<std::string>>) {
          if (value.empty()) return bad("a value");
          target->emplace_back(value);
        } else if constexpr (std::is_same_v<Target, double>) {
          const auto parsed = parse_number<double>(value, option.low, option.high);
          if (!parsed) return bad(range_text(option));
          *target = *parsed;
        } else {
          const Target low = bound<Target>(option.low), high = bound<Target>(option.high);
          const auto parsed = parse_number<Target>(value, low, high);
          if (!parsed) return bad(fmt::format("a whole number from {} to {}", low, high));
          *target = *parsed;
        }
        return std::nullopt;
      },
      option.target);
}

bool is_switch(const CommandOption& option) {
  return std::holds_alternative<bool*>(option.target);
}

// The default the usage shows: the target's value before parsing, when there is one to show.
std::string current_value(const CommandOption& option) {
  return std::visit(
      [&](const auto& target) -> std::string {
        using Target = std::remove_pointer_t<std::remove_cvref_t<decltype(target)>>;
        if constexpr (std::is_same_v<Target, std::string>)
          return *target;
        else if constexpr (std::is_same_v<Target, int> || std::is_same_v<Target, std::int64_t> ||
                           std::is_same_v<Target, std::uint64_t> || std::is_same_v<Target, double>)
          return double(*target) >= option.low && double(*target) <= option.high ? fmt::format("{}", *target)
                                                                                 : "";
        else
          return "";  // a switch is off, a list empty, a reader's target its own
      },
      option.target);
}

// The option `word` names: its flag, or with `accepts_bare_names` its flag without the dashes.
const CommandOption* find_option(const CommandText& text, std::span<const CommandOption> options,
                                 std::string_view word) {
  for (const CommandOption& option : options)
    if (option.flag == word || (text.accepts_bare_names && !word.starts_with("-") &&
                                option.flag.starts_with("--") && option.flag.substr(2) == word))
      return &option;
  return nullptr;
}

}  // namespace

ValueReader shard_reader(int& index, int& count, int max_count) {
  return [&index, &count, max_count](std::string_view value) -> std::optional<std::string> {
    const auto slash = value.find('/');
    const auto parsed_count = slash == std::string_view::npos
                                  ? std::nullopt
                                  : parse_number<int>(value.substr(slash + 1), 1, max_count);
    const auto parsed_index =
        parsed_count ? parse_number<int>(value.substr(0, slash), 1, *parsed_count) : std::nullopt;
    if (!parsed_index) return "I/N with 1 <= I <= N, e.g. 2/4";
    index = *parsed_index;
    count = *parsed_count;
    return std::nullopt;
  };
}

std::optional<std::string> parse_command_options(const CommandText& text,
                                                 std::span<const CommandOption> options,
                                                 std::span<const std::string_view> words, bool& help,
                                                 std::vector<std::string>* positional) {
  const std::string_view command = text.name;
  if (words.size() == 1 && words[0] == "help") {
    help = true;
    return std::nullopt;
  }
  std::vector<const CommandOption*> given;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string_view word = words[i];
    if (word == "--help" || word == "-h") {
      help = true;
      return std::nullopt;
    }
    const CommandOption* option = find_option(text, options, word);
    if (!option && word.starts_with("--"))
      return fmt::format("{}: unknown option '{}' (try --help)", command, word);
    if (!option) {
      if (!positional || text.accepts_bare_names)
        return fmt::format("{}: unexpected '{}' (try --help)", command, word);
      positional->emplace_back(word);
      continue;
    }
    given.push_back(option);
    if (is_switch(*option)) {
      *std::get<bool*>(option->target) = true;
      continue;
    }
    if (i + 1 >= words.size())
      return fmt::format("{}: {} needs a value ({})", command, option->flag, option->value_name);
    if (auto error = read_value(command, *option, words[++i])) return error;
  }
  for (const CommandOption& option : options)
    if (option.required && std::find(given.begin(), given.end(), &option) == given.end())
      return fmt::format("{}: {} {} is required (try --help)", command, option.flag, option.value_name);
  return std::nullopt;
}

std::string command_usage(const CommandText& command, std::span<const CommandOption> options) {
  std::string text = fmt::format("usage: {}\n\n{}\n", command.synopsis, command.description);
  if (!options.empty()) text += "\n";
  std::size_t width = 0;
  for (const CommandOption& option : options)
    width = std::max(width, option.flag.size() + 1 + option.value_name.size());
  for (const CommandOption& option : options) {
    const std::string head = option.value_name.empty() ? std::string(option.flag)
                                                       : fmt::format("{} {}", option.flag, option.value_name);
    const std::string value = current_value(option);
    std::string tail;
    if (option.required)
      tail = " (required)";
    else if (!value.empty())
      tail = fmt::format(" (default {})", value);
    text += fmt::format("  {:<{}}  {}{}\n", head, width, option.help, tail);
  }
  if (command.accepts_bare_names && !options.empty())
    text += fmt::format("\nEach option may also be written without its dashes: '{} ...' is '{} ...'.\n",
                        options[0].flag.substr(2), options[0].flag);
  return text;
}

std::optional<int> read_command_line(const CommandText& text, std::span<const CommandOption> options,
                                     std::span<const std::string_view> words, std::FILE* out, std::FILE* err,
                                     std::vector<std::string>* positional) {
  bool help = false;
  if (const auto error = parse_command_options(text, options, words, help, positional)) {
    fmt::print(err, "{}\n", *error);
    return 2;
  }
  if (help) {
    fmt::print(out, "{}", command_usage(text, options));
    return 0;
  }
  return std::nullopt;
}

}  // namespace shuai
