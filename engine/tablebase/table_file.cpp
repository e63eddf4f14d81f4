// Reading and writing table files, byte by byte in little-endian order so that every platform reads the same.
#include "engine/tablebase/table_file.h"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <fstream>
#include <optional>
#include <system_error>
#include <thread>

namespace shuai::tablebase {
namespace {

constexpr std::size_t kHeaderBytes = 128;
constexpr char kMagic[8] = {'S', 'H', 'U', 'A', 'I', 'E', 'G', 'T'};
constexpr std::size_t kNameBytes = 32;

// The header's fields and their offsets.
enum Offset : std::size_t {
  kVersionAt = 8,
  kHeaderSizeAt = 12,
  kNameAt = 16,
  kSideAt = 48,
  kMetricAt = 49,
  kLongestWinAt = 52,
  kEntriesAt = 56,
  kPositionsAt = 64,
  kWinsAt = 72,
  kDrawsAt = 80,
  kLossesAt = 88,
  kChecksumAt = 96,
};

using Header = std::array<unsigned char, kHeaderBytes>;

void put(Header& header, std::size_t at, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) header[at + std::size_t(i)] = static_cast<unsigned char>(value >> (8 * i));
}
std::uint64_t get(const Header& header, std::size_t at, int bytes) {
  std::uint64_t value = 0;
  for (int i = bytes; i-- > 0;) value = value << 8 | header[at + std::size_t(i)];
  return value;
}

// FNV-1a, 64 bits, over the entries.
std::uint64_t checksum_of(const std::vector<TableValue>& values) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const TableValue value : values) hash = (hash ^ value) * 0x100000001b3ULL;
  return hash;
}

// "7.9 kB", "315.0 MB", "53.4 GB".
std::string memory_text(std::uint64_t bytes) {
  if (bytes >= std::uint64_t(1) << 30) return fmt::format("{:.1f} GB", double(bytes) / double(1 << 30));
  if (bytes >= std::uint64_t(1) << 20) return fmt::format("{:.1f} MB", double(bytes) / double(1 << 20));
  return fmt::format("{:.1f} kB", double(bytes) / 1024);
}

const char* side_name(Color side) {
  return side == kRed ? "red" : "black";
}

}  // namespace

std::string table_file_name(const Material& material, Color side) {
  return fmt::format("{}.{}.egtb", endgame_name(material), side_name(side));
}

std::optional<std::string> write_table_file(const std::filesystem::path& folder, const Table& table,
                                            Color side) {
  const std::vector<TableValue>& values = table.values[side];
  const SideStatistics statistics = statistics_of(table, side);
  Header header{};
  std::memcpy(header.data(), kMagic, sizeof kMagic);
  put(header, kVersionAt, kTableFileVersion, 4);
  put(header, kHeaderSizeAt, kHeaderBytes, 4);
  const std::string name = endgame_name(table.layout.material());
  std::memcpy(header.data() + kNameAt, name.data(), std::min(name.size(), kNameBytes - 1));
  put(header, kSideAt, side, 1);
  put(header, kMetricAt, kPliesToConversion, 1);
  put(header, kLongestWinAt, std::uint64_t(statistics.longest_win), 4);
  put(header, kEntriesAt, values.size(), 8);
  put(header, kPositionsAt, statistics.positions, 8);
  put(header, kWinsAt, statistics.wins, 8);
  put(header, kDrawsAt, statistics.draws, 8);
  put(header, kLossesAt, statistics.losses, 8);
  put(header, kChecksumAt, checksum_of(values), 8);
  std::error_code code;
  std::filesystem::create_directories(folder, code);
  const std::filesystem::path path = folder / table_file_name(table.layout.material(), side);
  const std::filesystem::path partial = path.string() + ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(header.data()), std::streamsize(header.size()));
    out.write(reinterpret_cast<const char*>(values.data()), std::streamsize(values.size()));
    if (!out) return fmt::format("cannot write {}", partial.string());
  }
  std::filesystem::rename(partial, path, code);
  if (code) return fmt::format("cannot rename {} to {}: {}", partial.string(), path.string(), code.message());
  return std::nullopt;
}

std::optional<std::string> read_table_file(const std::filesystem::path& folder, Table& table, Color side) {
  const Material& material = table.layout.material();
  const std::filesystem::path path = folder / table_file_name(material, side);
  std::ifstream in(path, std::ios::binary);
  if (!in) return fmt::format("{}: no such file", path.string());
  Header header{};
  in.read(reinterpret_cast<char*>(header.data()), std::streamsize(header.size()));
  if (in.gcount() != std::streamsize(header.size()) || std::memcmp(header.data(), kMagic, sizeof kMagic) != 0)
    return fmt::format("{}: not a Shuai tablebase file", path.string());
  if (const auto version = get(header, kVersionAt, 4); version != kTableFileVersion)
    return fmt::format("{}: format version {}, this engine reads version {}", path.string(), version,
                       kTableFileVersion);
  const std::string name(reinterpret_cast<const char*>(header.data() + kNameAt),
                         strnlen(reinterpret_cast<const char*>(header.data() + kNameAt), kNameBytes));
  if (name != endgame_name(material) || get(header, kSideAt, 1) != side ||
      get(header, kHeaderSizeAt, 4) != kHeaderBytes || get(header, kMetricAt, 1) != kPliesToConversion)
    return fmt::format("{}: the header is for {} with {} to move, not this table", path.string(), name,
                       get(header, kSideAt, 1) == 0 ? "red" : "black");
  const std::uint64_t entries = get(header, kEntriesAt, 8);
  if (entries != table.layout.size())
    return fmt::format("{}: {} entries, the endgame has {}", path.string(), entries, table.layout.size());
  std::vector<TableValue> values(entries);
  in.read(reinterpret_cast<char*>(values.data()), std::streamsize(entries));
  if (std::uint64_t(in.gcount()) != entries) return fmt::format("{}: truncated", path.string());
  if (in.peek() != std::ifstream::traits_type::eof())
    return fmt::format("{}: longer than its header says", path.string());
  if (checksum_of(values) != get(header, kChecksumAt, 8))
    return fmt::format("{}: checksum mismatch, the file is damaged", path.string());
  table.values[side] = std::move(values);
  return std::nullopt;
}

int load_table_folder(const std::filesystem::path& folder, TableSet& tables,
                      std::vector<std::string>& problems, int threads, std::uint64_t& memory_left) {
  std::error_code code;
  std::filesystem::directory_iterator files(folder, code);
  if (code) {
    problems.push_back(fmt::format("{}: {}", folder.string(), code.message()));
    return 0;
  }
  struct Candidate {
    std::string name;
    std::optional<Material> material;
    std::string error;        // why the name is no endgame's, or the table could not be read
    std::uint64_t bytes = 0;  // both sides' entries, as loaded
  };
  std::vector<Candidate> candidates;
  constexpr std::string_view kRedSuffix = ".red.egtb";
  for (const auto& file : files) {
    const std::string file_name = file.path().filename().string();
    if (!file_name.ends_with(kRedSuffix)) continue;
    Candidate candidate;
    candidate.name = file_name.substr(0, file_name.size() - kRedSuffix.size());
    candidate.material = parse_endgame_name(candidate.name, candidate.error);
    if (candidate.material)
      candidate.bytes = 2 * TableLayout(*candidate.material).size();
    else
      candidate.error = fmt::format("{}: {}", file.path().string(), candidate.error);
    candidates.push_back(std::move(candidate));
  }
  // Smallest first, so that a set larger than the memory keeps the most endgames; by name among equals, so
  // that the problems come in the same order on every system.
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    return a.bytes != b.bytes ? a.bytes < b.bytes : a.name < b.name;
  });
  const std::uint64_t memory_for_tables = memory_left;
  std::size_t chosen = 0;
  for (; chosen < candidates.size() &&
         (!candidates[chosen].material || candidates[chosen].bytes <= memory_left);
       ++chosen)
    memory_left -= candidates[chosen].bytes;
  const std::size_t left_out = candidates.size() - chosen;
  std::uint64_t left_out_bytes = 0;
  for (std::size_t i = chosen; i < candidates.size(); ++i) left_out_bytes += candidates[i].bytes;
  candidates.resize(chosen);
  // The files are read and their checksums computed on all threads: a large set is gigabytes, and a GUI
  // waits for the engine's answer to `isready` meanwhile.
  std::vector<std::unique_ptr<Table>> loaded(candidates.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i = next++; i < candidates.size(); i = next++)
      if (Candidate& candidate = candidates[i]; candidate.material)
        loaded[i] = load_table(folder, *candidate.material, candidate.error);
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& worker : workers) worker.join();
  int count = 0;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (!loaded[i]) {
      memory_left += candidates[i].bytes;
      problems.push_back(candidates[i].error);
      continue;
    }
    tables.add(std::move(loaded[i]));
    ++count;
  }
  if (left_out > 0)
    problems.push_back(fmt::format("{}: {} endgames ({}) beyond the {} of memory for tables", folder.string(),
                                   left_out, memory_text(left_out_bytes), memory_text(memory_for_tables)));
  return count;
}

std::unique_ptr<Table> load_table(const std::filesystem::path& folder, const Material& material,
                                  std::string& error) {
  auto table = std::make_unique<Table>(material);
  for (const Color side : {kRed, kBlack})
    if (const auto problem = read_table_file(folder, *table, side)) {
      error = *problem;
      return nullptr;
    }
  return table;
}

}  // namespace shuai::tablebase
