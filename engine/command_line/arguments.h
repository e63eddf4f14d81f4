// Reading numbers from command-line words, shared by the tools' argument parsers.
#pragma once

#include <charconv>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>

#include "engine/board/text.h"

namespace shuai {

// The whole word as a number (integer or floating point) in [low, high], or nothing ("nan" is never in
// range).
template <typename Number>
std::optional<Number> parse_number(std::string_view text, Number low, Number high) {
  Number value{};
  if constexpr (std::is_floating_point_v<Number>) {
    const std::optional<double> read = parse_double(text);
    if (!read) return std::nullopt;
    value = Number(*read);
  } else {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  }
  if (!(value >= low && value <= high)) return std::nullopt;
  return value;
}

inline std::optional<int> parse_int(std::string_view text, int low, int high) {
  return parse_number<int>(text, low, high);
}

// Whether the words ask for the usage text alone: "help", "--help" or "-h" (then printed on standard output
// with exit code 0, so that scripts and the README check can ask any subcommand what it takes).
inline bool asks_for_help(std::span<const std::string_view> arguments) {
  return arguments.size() == 1 &&
         (arguments[0] == "help" || arguments[0] == "--help" || arguments[0] == "-h");
}

}  // namespace shuai
