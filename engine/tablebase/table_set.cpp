// The tables in memory and the probe.
#include "engine/tablebase/table_set.h"

#include <fmt/format.h>

namespace shuai::tablebase {

std::string value_text(TableValue value) {
  if (value == kRulingWinValue) return "tablebase win by the ruling on perpetual check";
  if (value == kRulingLossValue) return "tablebase loss by the ruling on perpetual check";
  if (is_win(value)) return fmt::format("tablebase win in {} plies to conversion", distance_of(value));
  if (is_loss(value)) return fmt::format("tablebase loss in {} plies to conversion", distance_of(value));
  return "tablebase draw";
}

std::uint64_t material_key(const Material& material) {
  std::uint64_t key = 0;
  for (int c = 0; c < kColorCount; ++c)
    for (int type = kAdvisor; type < kPieceTypeCount; ++type)
      key = key << 3 | material.count[std::size_t(c)][std::size_t(type)];
  return key;
}

void TableSet::add(std::unique_ptr<Table> table) {
  const std::uint64_t key = material_key(table->layout.material());
  tables_[key] = std::move(table);
}

const Table* TableSet::find(const Material& material) const {
  const auto found = tables_.find(material_key(material));
  return found == tables_.end() ? nullptr : found->second.get();
}

void TableSet::remove(const Material& material) {
  tables_.erase(material_key(material));
}

std::vector<const Table*> TableSet::tables() const {
  std::vector<const Table*> list;
  for (const auto& [key, table] : tables_) list.push_back(table.get());
  return list;
}

std::optional<TableValue> TableSet::probe(const Position& position) const {
  const Material material = material_of(position);
  const bool exchange = !is_stored_orientation(material);
  const Table* table = find(exchange ? with_colors_exchanged(material) : material);
  if (table == nullptr) return std::nullopt;
  Placement placement;
  table->layout.placement_from(position, exchange, placement);
  const Color side = exchange ? opposite(position.side_to_move()) : position.side_to_move();
  const auto& values = table->values[side];
  const std::uint64_t index = table->layout.index_of(placement);
  if (index >= values.size()) return std::nullopt;
  return values[index];
}

}  // namespace shuai::tablebase
