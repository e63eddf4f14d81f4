// Reads the reference files in positions/ for the tests: their positions with the tools' position reader,
// the perft counts of the tab-separated perft files.
#pragma once

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/board/position_file.h"

namespace shuai::test {

struct PerftReference {
  std::string id;
  std::string fen;
  std::vector<std::optional<std::uint64_t>> counts;  // counts[d - 1] for depth d; empty where unknown
};

inline std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, '\t')) fields.push_back(field);
  return fields;
}

// Columns: id, fen, d1, d2, ... (the depth columns are those named d<N>).
inline std::vector<PerftReference> load_perft_references(const std::string& file_name) {
  const std::string path = std::string(SHUAI_POSITIONS_DIR) + "/" + file_name;
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot open " + path);
  std::string line;
  std::getline(file, line);
  const auto header = split_tabs(line);
  std::vector<PerftReference> references;
  while (std::getline(file, line)) {
    if (line.empty()) continue;
    const auto fields = split_tabs(line);
    PerftReference reference{fields.at(0), fields.at(1), {}};
    for (std::size_t column = 2; column < header.size() && header[column].starts_with('d'); ++column) {
      const std::string value = column < fields.size() ? fields[column] : "";
      reference.counts.push_back(value.empty() ? std::nullopt : std::optional(std::stoull(value)));
    }
    references.push_back(reference);
  }
  return references;
}

inline std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> fields;
  std::stringstream stream(text);
  std::string field;
  while (std::getline(stream, field, separator)) fields.push_back(field);
  return fields;
}

// The positions of a file in positions/ (a bad file fails loudly: the tests' data must be right).
inline std::vector<PositionLine> load_positions(const std::string& file_name) {
  auto read = read_position_file(std::string(SHUAI_POSITIONS_DIR) + "/" + file_name);
  if (const auto* error = std::get_if<std::string>(&read)) throw std::runtime_error(*error);
  return std::get<std::vector<PositionLine>>(std::move(read));
}

// The FENs of a file in positions/.
inline std::vector<std::string> load_fens(const std::string& file_name) {
  std::vector<std::string> fens;
  for (PositionLine& line : load_positions(file_name)) fens.push_back(std::move(line.fen));
  return fens;
}

// Realistic positions of every phase and the rule-exercising perft positions.
inline std::vector<std::string> reference_fens() {
  auto fens = load_fens("phases-public.tsv");
  for (auto& fen : load_fens("perft-public.tsv")) fens.push_back(fen);
  return fens;
}

inline std::vector<PerftReference> all_perft_references() {
  auto references = load_perft_references("perft-public.tsv");
  for (auto& reference : load_perft_references("perft-published.tsv")) references.push_back(reference);
  return references;
}

}  // namespace shuai::test
