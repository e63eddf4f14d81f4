// Table files: one per endgame and side to move ("KRvKAABB.red.egtb"), a 128-byte header (format version,
// endgame, side to move, metric, counts, checksum) and then one byte per entry. Written through a
// temporary file renamed into place, so a killed generator leaves whole files only.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/tablebase/generator.h"

namespace shuai::tablebase {

inline constexpr std::uint32_t kTableFileVersion = 1;
// A size for people to read: "7.9 kB", "315.0 MB", "53.4 GB".
std::string memory_text(std::uint64_t bytes);
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
// Both sides' files of an endgame mapped into memory, their headers and sizes checked (not yet their
// checksums), or nothing and a line in `error`.
std::unique_ptr<MappedTable> map_table(const std::filesystem::path& folder, const Material& material,
                                       std::string& error);
// Whether a mapped table's entries match their checksums: nothing when they do, or a line saying which file
// is damaged (or that `stop` was requested).
std::optional<std::string> check_mapped_table(const MappedTable& table,
                                              const std::atomic<bool>* stop = nullptr);
// Every endgame whose files are in the folder, mapped into memory, into `tables`; a line in `problems` for
// each file that is not a whole table (or a folder that cannot be read). Returns the endgames added. The
// headers are checked at once; so are the checksums of the smallest endgames, on `threads` threads, while
// their entries add up to no more than `bytes_to_check` (which they use up). The rest wait for
// check_in_background and are not probed until then.
int load_table_folder(const std::filesystem::path& folder, TableSet& tables,
                      std::vector<std::string>& problems, int threads, std::uint64_t& bytes_to_check);
// Checks the mapped tables not yet checked, smallest first, on the set's background thread at a low
// priority, so that the engine answers at once and its tables come into use one by one. `report` (called
// on that thread) gets a line for each damaged file, which is never probed, and one when all are done.
void check_in_background(TableSet& tables, std::function<void(const std::string&)> report);

}  // namespace shuai::tablebase
