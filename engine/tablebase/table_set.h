// The tables, found by their endgame's material, and the probe that reads a position's value from them
// (turning the board round when the position's stronger side is Black). A table is in memory (made, or read
// from its files) or mapped from its files; a mapped one is probed only once its checksums are checked.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "engine/board/position.h"
#include "engine/tablebase/mapped_file.h"
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

// One endgame's table as its two files mapped into memory, header and all.
struct MappedTable {
  explicit MappedTable(const Material& material) : layout(material) {}
  TableLayout layout;
  std::filesystem::path folder;
  std::array<MappedFile, kColorCount> files;
  std::uint64_t header_bytes = 0;
  // Set once both files' entries are found to match the checksums of their headers.
  std::atomic<bool> checked{false};
  const TableValue* entries(Color side) const { return files[side].data() + header_bytes; }
  std::uint64_t entry_count() const { return layout.size(); }
};

// "tablebase win in 13 plies to conversion", "... loss in ...", "tablebase draw", "tablebase win by the
// ruling on perpetual check".
std::string value_text(TableValue value);

// A number for a material, three bits per piece type and side (kings left out).
std::uint64_t material_key(const Material& material);

class TableSet {
 public:
  TableSet() = default;
  TableSet(const TableSet&) = delete;
  TableSet& operator=(const TableSet&) = delete;
  // Moving keeps the tables where they are (the background work reads them through their own pointers).
  TableSet(TableSet&&) = default;
  // Stops the background work, if any, and waits for it.
  ~TableSet();

  // Takes the table; one for the same endgame is replaced.
  void add(std::unique_ptr<Table> table);
  void add(std::unique_ptr<MappedTable> table);
  const Table* find(const Material& material) const;
  const MappedTable* find_mapped(const Material& material) const;
  void remove(const Material& material);
  // Every table gone (the background work, if any, stopped first).
  void clear();
  // The endgames, in memory or mapped.
  std::size_t size() const { return tables_.size() + mapped_.size(); }
  std::vector<const Table*> tables() const;
  std::vector<MappedTable*> mapped_tables();
  // The value for the side to move, when the position's endgame has a table in memory or a mapped one whose
  // checksums are checked. Allocates nothing.
  std::optional<TableValue> probe(const Position& position) const;

  // Runs `work` on a thread of its own until it returns or `stop` (its argument) is set, on destruction or
  // clear(); once started, no table is added or removed, so that the work may read them.
  void run_in_background(std::function<void(const std::atomic<bool>& stop)> work);
  // Waits for the background work to finish.
  void wait_for_background();

 private:
  std::unordered_map<std::uint64_t, std::unique_ptr<Table>> tables_;
  std::unordered_map<std::uint64_t, std::unique_ptr<MappedTable>> mapped_;
  // On the heap, so that the work of a set that was moved still sees it.
  std::unique_ptr<std::atomic<bool>> stop_ = std::make_unique<std::atomic<bool>>(false);
  std::thread background_;
};

}  // namespace shuai::tablebase
