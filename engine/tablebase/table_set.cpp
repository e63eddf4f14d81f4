// The tables, in memory or mapped, and the probe.
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

TableSet::~TableSet() {
  if (stop_) stop_->store(true);
  wait_for_background();
}

void TableSet::add(std::unique_ptr<Table> table) {
  const std::uint64_t key = material_key(table->layout.material());
  mapped_.erase(key);
  tables_[key] = std::move(table);
}

void TableSet::add(std::unique_ptr<MappedTable> table) {
  const std::uint64_t key = material_key(table->layout.material());
  tables_.erase(key);
  mapped_[key] = std::move(table);
}

const Table* TableSet::find(const Material& material) const {
  const auto found = tables_.find(material_key(material));
  return found == tables_.end() ? nullptr : found->second.get();
}

const MappedTable* TableSet::find_mapped(const Material& material) const {
  const auto found = mapped_.find(material_key(material));
  return found == mapped_.end() ? nullptr : found->second.get();
}

void TableSet::remove(const Material& material) {
  tables_.erase(material_key(material));
  mapped_.erase(material_key(material));
}

void TableSet::clear() {
  stop_->store(true);
  wait_for_background();
  stop_->store(false);
  tables_.clear();
  mapped_.clear();
}

std::vector<const Table*> TableSet::tables() const {
  std::vector<const Table*> list;
  for (const auto& [key, table] : tables_) list.push_back(table.get());
  return list;
}

std::vector<MappedTable*> TableSet::mapped_tables() {
  std::vector<MappedTable*> list;
  for (const auto& [key, table] : mapped_) list.push_back(table.get());
  return list;
}

std::optional<TableValue> TableSet::probe(const Position& position) const {
  const Material material = material_of(position);
  const bool exchange = !is_stored_orientation(material);
  const std::uint64_t key = material_key(exchange ? with_colors_exchanged(material) : material);
  const Color side = exchange ? opposite(position.side_to_move()) : position.side_to_move();
  Placement placement;
  if (const auto found = tables_.find(key); found != tables_.end()) {
    const Table& table = *found->second;
    table.layout.placement_from(position, exchange, placement);
    const std::uint64_t index = table.layout.index_of(placement);
    if (index >= table.values[side].size()) return std::nullopt;
    return table.values[side][index];
  }
  const auto found = mapped_.find(key);
  // Relaxed: the mapping was made before the checking thread started, and the files do not change.
  if (found == mapped_.end() || !found->second->checked.load(std::memory_order_relaxed)) return std::nullopt;
  const MappedTable& table = *found->second;
  table.layout.placement_from(position, exchange, placement);
  const std::uint64_t index = table.layout.index_of(placement);
  if (index >= table.entry_count()) return std::nullopt;
  return table.entries(side)[index];
}

void TableSet::run_in_background(std::function<void(const std::atomic<bool>& stop)> work) {
  stop_->store(true);
  wait_for_background();
  stop_->store(false);
  background_ = std::thread([work = std::move(work), &stop = *stop_] { work(stop); });
}

void TableSet::wait_for_background() {
  if (background_.joinable()) background_.join();
}

}  // namespace shuai::tablebase
