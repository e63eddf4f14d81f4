// The declared-option parser and usage text.
#include "tools/common/command_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "tools/arguments.h"

namespace shuai::tools {

namespace {

std::string range_text(const CommandOption& option) {
  const auto number = [](double value) { return fmt::format("{}", value); };
  return fmt::format("a number from {} to {}", number(option.low), number(option.high));
}

// Reads one value into the option's target; a message if it does not fit.
std::optional<std::string> read_value(std::string_view command, const CommandOption& option,
                                      std::string_view value) {
  const auto bad = [&](const std::string& expected) {
    return fmt::format("{}: {} takes {}, not '{}'", command, option.flag, expected, value);
  };
  return std::visit(
      [&](auto* target) -> std::optional<std::string> {
        using Target = std::remove_pointer_t<decltype(target)>;
        if constexpr (std::is_same_v<Target, std::string>) {
          if (value.empty()) return bad("a value");
          *target = std::string(value);
        } else if constexpr (std::is_same_v<Target, bool>) {
          *target = true;
        } else if constexpr (std::is_same_v<Target, double>) {
          const auto parsed = parse_number<double>(value, option.low, option.high);
          if (!parsed) return bad(range_text(option));
          *target = *parsed;
        } else {
          const auto parsed = parse_number<Target>(value, Target(option.low), Target(option.high));
          if (!parsed)
            return bad(fmt::format("a whole number from {} to {}", Target(option.low), Target(option.high)));
          *target = *parsed;
        }
        return std::nullopt;
      },
      option.target);
}

bool is_switch(const CommandOption& option) {
  return std::holds_alternative<bool*>(option.target);
}

std::string current_value(const CommandOption& option) {
  return std::visit(
      [](auto* target) -> std::string {
        using Target = std::remove_pointer_t<decltype(target)>;
        if constexpr (std::is_same_v<Target, std::string>)
          return target->empty() ? "" : *target;
        else if constexpr (std::is_same_v<Target, bool>)
          return "";
        else
          return fmt::format("{}", *target);
      },
      option.target);
}

}  // namespace

std::optional<std::string> parse_command_options(std::string_view command,
                                                 std::span<const CommandOption> options,
                                                 std::span<const std::string_view> words, bool& help,
                                                 std::vector<std::string>* positional) {
  std::vector<const CommandOption*> given;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string_view word = words[i];
    if (word == "--help" || word == "-h") {
      help = true;
      return std::nullopt;
    }
    if (!word.starts_with("--")) {
      if (!positional) return fmt::format("{}: unexpected '{}' (try --help)", command, word);
      positional->emplace_back(word);
      continue;
    }
    const auto option = std::find_if(options.begin(), options.end(),
                                     [&](const CommandOption& each) { return each.flag == word; });
    if (option == options.end()) return fmt::format("{}: unknown option '{}' (try --help)", command, word);
    given.push_back(&*option);
    if (is_switch(*option)) {
      *std::get<bool*>(option->target) = true;
      continue;
    }
    if (i + 1 >= words.size())
      return fmt::format("{}: {} needs a value ({})", command, word, option->value_name);
    if (auto error = read_value(command, *option, words[++i])) return error;
  }
  for (const CommandOption& option : options)
    if (option.required && std::find(given.begin(), given.end(), &option) == given.end())
      return fmt::format("{}: {} {} is required (try --help)", command, option.flag, option.value_name);
  return std::nullopt;
}

std::string command_usage(std::string_view synopsis, std::string_view description,
                          std::span<const CommandOption> options) {
  std::string text = fmt::format("usage: {}\n\n{}\n\n", synopsis, description);
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
  return text;
}

std::optional<int> read_command_line(const CommandText& text, std::span<const CommandOption> options,
                                     std::span<const std::string_view> words, std::FILE* out, std::FILE* err,
                                     std::vector<std::string>* positional) {
  bool help = false;
  if (const auto error = parse_command_options(text.name, options, words, help, positional)) {
    fmt::print(err, "{}\n", *error);
    return 2;
  }
  if (help) {
    fmt::print(out, "{}", command_usage(text.synopsis, text.description, options));
    return 0;
  }
  return std::nullopt;
}

}  // namespace shuai::tools
