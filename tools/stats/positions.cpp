// Reading position files (FEN lines, openings with comments, or TSV with a fen column).
#include "tools/stats/positions.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "engine/board/fen.h"

namespace shuai::stats {

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, '\t')) fields.push_back(field);
  return fields;
}

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

int bucket_of(int majors_value) {
  if (majors_value >= 11) return 0;
  if (majors_value >= 9) return 1;
  if (majors_value >= 7) return 2;
  if (majors_value >= 4) return 3;
  return 4;
}

std::string bucket_name(int bucket) {
  static constexpr const char* kNames[kBucketCount] = {"11-16", "9-10", "7-8", "4-6", "0-3"};
  return bucket >= 0 && bucket < kBucketCount ? kNames[bucket] : "?";
}

std::variant<std::vector<StatsPosition>, std::string> load_positions(const std::string& path) {
  std::ifstream file(path);
  if (!file) return fmt::format("cannot read positions file '{}'", path);
  std::vector<StatsPosition> positions;
  std::string line;
  int line_number = 0;
  int fen_column = -1;  // TSV: the column named "fen"; -1: FEN lines
  bool first = true;
  while (std::getline(file, line)) {
    ++line_number;
    const std::string text = trim(line);
    if (text.empty() || text[0] == '#') continue;
    if (first) {
      first = false;
      const auto header = split_tabs(text);
      for (std::size_t i = 0; header.size() > 1 && i < header.size(); ++i)
        if (trim(header[i]) == "fen") fen_column = int(i);
      if (fen_column >= 0) continue;
    }
    std::string fen;
    if (fen_column >= 0) {
      const auto fields = split_tabs(text);
      if (std::size_t(fen_column) >= fields.size())
        return fmt::format("{}:{}: no fen column in this row", path, line_number);
      fen = trim(fields[std::size_t(fen_column)]);
    } else {
      fen = trim(text.substr(0, text.find(';')));
    }
    auto parsed = parse_fen(fen);
    if (!parsed.position) return fmt::format("{}:{}: {}", path, line_number, parsed.error);
    positions.push_back({fen, *parsed.position, bucket_of(parsed.position->majors_value())});
  }
  if (positions.empty()) return fmt::format("no positions in '{}'", path);
  return positions;
}

}  // namespace shuai::stats
