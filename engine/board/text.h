// Small text helpers shared by the FEN reader and the protocol front-end.
#pragma once

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shuai {

// The whitespace-separated words of a line, as views into it.
inline std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const std::size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

// The non-empty parts of `text` between separators ("a;;b" with ';' gives "a", "b"), as views into it.
inline std::vector<std::string_view> split_at(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find(separator, start), text.size());
    if (end > start) parts.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

// words[from, to) joined by single spaces (the protocol's multi-word names, values and FENs).
inline std::string join_words(const std::vector<std::string_view>& words, std::size_t from, std::size_t to) {
  std::string text;
  for (std::size_t i = from; i < to && i < words.size(); ++i) {
    if (i > from) text += ' ';
    text.append(words[i]);
  }
  return text;
}

// The whole of `text` as a floating-point number (std::from_chars's form), or nothing. The libc++ of the wasm
// build (emscripten 3.1.6) has no floating-point from_chars, so there strtod reads it, refused what
// from_chars would refuse (leading spaces, a plus sign, hexadecimal).
inline std::optional<double> parse_double(std::string_view text) {
#if defined(__cpp_lib_to_chars)
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
#else
  if (text.empty() || text.front() == '+' || std::isspace(static_cast<unsigned char>(text.front())) ||
      text.find_first_of("xX") != std::string_view::npos)
    return std::nullopt;
  const std::string copy(text);
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || errno == ERANGE) return std::nullopt;
  return value;
#endif
}

// The whole of `text` as a finite decimal number, or nothing.
inline std::optional<double> parse_number(std::string_view text) {
  const std::optional<double> value = parse_double(text);
  if (!value || !std::isfinite(*value)) return std::nullopt;
  return value;
}

}  // namespace shuai
