// Small text helpers shared by the FEN reader and the protocol front-end.
#pragma once

#include <cctype>
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

}  // namespace shuai
