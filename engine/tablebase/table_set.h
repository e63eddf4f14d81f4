// The tables in memory, found by their endgame's material, and the probe that reads a position's value from
// them (turning the board round when the position's stronger side is Black).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/board/position.h"
#include "engine/tablebase/material.h"
#include "engine/tablebase/table_layout.h"
#include "engine/tablebase/table_value.h"

namespace shuai::tablebase {

// One endgame's table: an entry per index for each side to move.
struct Table {
  explicit Table(const Material& material) : layout(material) {}
  TableLayout layout;
  std::array<std::vector<TableValue>, kColorCount> values;
};

// "tablebase win in 13 plies to conversion", "... loss in ...", "tablebase draw", "tablebase win by the
// ruling on perpetual check".
std::string value_text(TableValue value);

// A number for a material, three bits per piece type and side (kings left out).
std::uint64_t material_key(const Material& material);

class TableSet {
 public:
  // Takes the table; one for the same endgame is replaced.
  void add(std::unique_ptr<Table> table);
  const Table* find(const Material& material) const;
  void remove(const Material& material);
  std::size_t size() const { return tables_.size(); }
  std::vector<const Table*> tables() const;
  // The value for the side to move, when the position's endgame has a table. Allocates nothing.
  std::optional<TableValue> probe(const Position& position) const;

 private:
  std::unordered_map<std::uint64_t, std::unique_ptr<Table>> tables_;
};

}  // namespace shuai::tablebase
