// Reads the reference perft files in positions/ (tab-separated, one header row) for the tests.
#pragma once

#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

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

inline std::vector<PerftReference> all_perft_references() {
  auto references = load_perft_references("perft-public.tsv");
  for (auto& reference : load_perft_references("perft-published.tsv")) references.push_back(reference);
  return references;
}

}  // namespace shuai::test
