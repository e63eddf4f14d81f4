// Reading numbers from command-line words, shared by the tools' argument parsers.
#pragma once

#include <charconv>
#include <optional>
#include <string_view>

namespace shuai::tools {

// The whole word as a number in [low, high], or nothing.
inline std::optional<int> parse_int(std::string_view text, int low, int high) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < low || value > high)
    return std::nullopt;
  return value;
}

}  // namespace shuai::tools
