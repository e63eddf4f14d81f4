// Reading position files: FEN or EPD lines with comments, or a TSV with a fen column.
#include "engine/board/position_file.h"

#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <sstream>

#include "engine/board/fen.h"

namespace shuai {

namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, '\t')) fields.push_back(trim(field));
  return fields;
}

bool starts_with_digit(const std::string& word) {
  return !word.empty() && std::isdigit(static_cast<unsigned char>(word[0]));
}

// Splits a FEN or EPD line into its FEN fields and what follows them. A FEN has six fields, the last two
// numbers; an EPD line has four, then operations. A ';' ends the fields.
std::pair<std::string, std::string> fen_and_rest(const std::string& line) {
  const std::size_t end = std::min(line.find(';'), line.size());
  std::vector<std::pair<std::size_t, std::size_t>> words;  // [begin, end) in the line
  for (std::size_t i = 0; i < end;) {
    const std::size_t begin = line.find_first_not_of(" \t", i);
    if (begin >= end) break;
    const std::size_t stop = std::min(line.find_first_of(" \t", begin), end);
    words.emplace_back(begin, stop);
    i = stop;
  }
  const auto word = [&](std::size_t k) {
    return line.substr(words[k].first, words[k].second - words[k].first);
  };
  const bool full = words.size() >= 6 && starts_with_digit(word(4)) && starts_with_digit(word(5));
  const std::size_t fields = full ? 6 : std::min<std::size_t>(words.size(), 4);
  std::string fen;
  for (std::size_t k = 0; k < fields; ++k) {
    if (k > 0) fen += ' ';
    fen += word(k);
  }
  return {fen, trim(line.substr(fields > 0 ? words[fields - 1].second : 0))};
}

}  // namespace

std::variant<std::vector<PositionLine>, std::string> read_positions(std::istream& input,
                                                                    const std::string& name) {
  std::vector<PositionLine> positions;
  std::string line;
  int fen_column = -1;  // a TSV: the column named "fen"; -1: FEN or EPD lines
  bool first = true;
  for (int number = 1; std::getline(input, line); ++number) {
    const std::string text = trim(line);
    if (text.empty() || text[0] == '#') continue;
    if (first) {
      first = false;
      const auto header = split_tabs(text);
      for (std::size_t i = 0; header.size() > 1 && i < header.size(); ++i)
        if (header[i] == "fen") fen_column = int(i);
      if (fen_column >= 0) continue;
    }
    PositionLine position{number, "", {}, ""};
    if (fen_column >= 0) {
      const auto fields = split_tabs(text);
      if (std::size_t(fen_column) >= fields.size())
        return fmt::format("{}:{}: no fen column in this row", name, number);
      position.fen = fields[std::size_t(fen_column)];
    } else {
      std::tie(position.fen, position.rest) = fen_and_rest(text);
    }
    const auto parsed = parse_fen(position.fen);
    if (!parsed.position) return fmt::format("{}:{}: {}", name, number, parsed.error);
    position.position = *parsed.position;
    positions.push_back(std::move(position));
  }
  if (positions.empty()) return fmt::format("{}: no positions", name);
  return positions;
}

std::variant<std::vector<PositionLine>, std::string> read_position_file(const std::string& path) {
  std::ifstream file(path);
  if (!file) return fmt::format("{}: cannot be read", path);
  return read_positions(file, path);
}

}  // namespace shuai
