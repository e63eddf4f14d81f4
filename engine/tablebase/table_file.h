// Table files: one per endgame and side to move ("KRvKAABB.red.egtb"), a 128-byte header (format version,
// endgame, side to move, metric, counts, checksum) and then one byte per entry. Written through a
// temporary file renamed into place, so a killed generator leaves whole files only.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/tablebase/generator.h"

namespace shuai::tablebase {

inline constexpr std::uint32_t kTableFileVersion = 1;
// The metric's number in the header: plies to mate or to the next capture.
inline constexpr std::uint8_t kPliesToConversion = 1;

std::string table_file_name(const Material& material, Color side);
// One line on failure.
std::optional<std::string> write_table_file(const std::filesystem::path& folder, const Table& table,
                                            Color side);
// Reads one side's entries into `table` after checking the header against the table's endgame and the
// checksum against the entries; one line saying what is wrong on failure (the table is left as it was).
std::optional<std::string> read_table_file(const std::filesystem::path& folder, Table& table, Color side);
// Both sides' files of an endgame, or nothing and a line in `error`.
std::unique_ptr<Table> load_table(const std::filesystem::path& folder, const Material& material,
                                  std::string& error);
// Every endgame whose files are in the folder, into `tables`; a line in `problems` for each file that is not
// a whole table (or a folder that cannot be read). Returns the tables loaded. The files are read on `threads`
// threads, smallest endgame first, while they fit in `memory_left` bytes (which they use up): the endgames
// that do not fit are left out, named in one line.
int load_table_folder(const std::filesystem::path& folder, TableSet& tables,
                      std::vector<std::string>& problems, int threads, std::uint64_t& memory_left);

}  // namespace shuai::tablebase
