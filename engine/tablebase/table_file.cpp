// Reading and writing table files, byte by byte in little-endian order so that every platform reads the same.
#include "engine/tablebase/table_file.h"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstring>
#include <fstream>
#include <optional>
#include <random>
#include <system_error>
#include <thread>

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#elif defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace shuai::tablebase {
namespace {

// The background check reads gigabytes while the engine may be searching: it gives way to the search.
void lower_this_thread_priority() {
#ifdef _WIN32
  SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_LOWEST);
#elif defined(__linux__)
  setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), 19);  // on Linux, a thread's own niceness
#endif
}

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

// FNV-1a, 64 bits, over the entries; a file's is computed piece by piece, each from where the last ended.
constexpr std::uint64_t kChecksumStart = 0xcbf29ce484222325ULL;
std::uint64_t checksum_of(const TableValue* entries, std::uint64_t count,
                          std::uint64_t hash = kChecksumStart) {
  for (std::uint64_t i = 0; i < count; ++i) hash = (hash ^ entries[i]) * 0x100000001b3ULL;
  return hash;
}

const char* side_name(Color side) {
  return side == kRed ? "red" : "black";
}

// What is wrong with a header for the table's endgame and side, if anything.
std::optional<std::string> header_problem(const std::filesystem::path& path, const Header& header,
                                          const TableLayout& layout, Color side) {
  if (std::memcmp(header.data(), kMagic, sizeof kMagic) != 0)
    return fmt::format("{}: not a Shuai tablebase file", path.string());
  if (const auto version = get(header, kVersionAt, 4); version != kTableFileVersion)
    return fmt::format("{}: format version {}, this engine reads version {}", path.string(), version,
                       kTableFileVersion);
  const std::string name(reinterpret_cast<const char*>(header.data() + kNameAt),
                         strnlen(reinterpret_cast<const char*>(header.data() + kNameAt), kNameBytes));
  if (name != endgame_name(layout.material()) || get(header, kSideAt, 1) != side ||
      get(header, kHeaderSizeAt, 4) != kHeaderBytes || get(header, kMetricAt, 1) != kPliesToConversion)
    return fmt::format("{}: the header is for {} with {} to move, not this table", path.string(), name,
                       get(header, kSideAt, 1) == 0 ? "red" : "black");
  if (const std::uint64_t entries = get(header, kEntriesAt, 8); entries != layout.size())
    return fmt::format("{}: {} entries, the endgame has {}", path.string(), entries, layout.size());
  return std::nullopt;
}

std::string damaged(const std::filesystem::path& path) {
  return fmt::format("{}: checksum mismatch, the file is damaged", path.string());
}

}  // namespace

std::string memory_text(std::uint64_t bytes) {
  if (bytes >= std::uint64_t(1) << 30) return fmt::format("{:.1f} GB", double(bytes) / double(1 << 30));
  if (bytes >= std::uint64_t(1) << 20) return fmt::format("{:.1f} MB", double(bytes) / double(1 << 20));
  return fmt::format("{:.1f} kB", double(bytes) / 1024);
}

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
  put(header, kChecksumAt, checksum_of(values.data(), values.size()), 8);
  std::error_code code;
  std::filesystem::create_directories(folder, code);
  const std::filesystem::path path = folder / table_file_name(table.layout.material(), side);
  // A name of this writer's own: two runs that make the same table into one folder (shards of a set shared
  // out by endgame) never write into the same partial file; the rename leaves one whole file either way.
  std::random_device random;
  const std::filesystem::path partial =
      fmt::format("{}.partial-{:08x}{:08x}", path.string(), random(), random());
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
  const std::filesystem::path path = folder / table_file_name(table.layout.material(), side);
  std::ifstream in(path, std::ios::binary);
  if (!in) return fmt::format("{}: no such file", path.string());
  Header header{};
  in.read(reinterpret_cast<char*>(header.data()), std::streamsize(header.size()));
  if (in.gcount() != std::streamsize(header.size()))
    return fmt::format("{}: not a Shuai tablebase file", path.string());
  if (auto problem = header_problem(path, header, table.layout, side)) return problem;
  const std::uint64_t entries = table.layout.size();
  std::vector<TableValue> values(entries);
  in.read(reinterpret_cast<char*>(values.data()), std::streamsize(entries));
  if (std::uint64_t(in.gcount()) != entries) return fmt::format("{}: truncated", path.string());
  if (in.peek() != std::ifstream::traits_type::eof())
    return fmt::format("{}: longer than its header says", path.string());
  if (checksum_of(values.data(), entries) != get(header, kChecksumAt, 8)) return damaged(path);
  table.values[side] = std::move(values);
  return std::nullopt;
}

std::unique_ptr<MappedTable> map_table(const std::filesystem::path& folder, const Material& material,
                                       std::string& error) {
  auto table = std::make_unique<MappedTable>(material);
  table->folder = folder;
  table->header_bytes = kHeaderBytes;
  for (const Color side : {kRed, kBlack}) {
    const std::filesystem::path path = folder / table_file_name(material, side);
    MappedFile& file = table->files[side];
    if (const auto problem = file.open(path)) {
      error = *problem;
      return nullptr;
    }
    Header header{};
    if (file.size() < kHeaderBytes) {
      error = fmt::format("{}: not a Shuai tablebase file", path.string());
      return nullptr;
    }
    std::memcpy(header.data(), file.data(), kHeaderBytes);
    if (auto problem = header_problem(path, header, table->layout, side)) {
      error = *problem;
      return nullptr;
    }
    if (file.size() != kHeaderBytes + table->layout.size()) {
      error =
          fmt::format("{}: {} than its header says", path.string(),
                      file.size() < kHeaderBytes + table->layout.size() ? "truncated, shorter" : "longer");
      return nullptr;
    }
  }
  return table;
}

std::optional<std::string> check_mapped_table(const MappedTable& table, const std::atomic<bool>* stop) {
  for (const Color side : {kRed, kBlack}) {
    const MappedFile& file = table.files[side];
    Header header{};
    std::memcpy(header.data(), file.data(), kHeaderBytes);
    // In pieces of 16 MB, so that a request to stop is heard within a few milliseconds.
    constexpr std::uint64_t kPiece = std::uint64_t(1) << 24;
    std::uint64_t hash = kChecksumStart;
    for (std::uint64_t done = 0; done < table.entry_count(); done += kPiece) {
      if (stop != nullptr && stop->load(std::memory_order_relaxed)) return "stopped";
      hash = checksum_of(table.entries(side) + done, std::min(kPiece, table.entry_count() - done), hash);
    }
    if (hash != get(header, kChecksumAt, 8))
      return damaged(table.folder / table_file_name(table.layout.material(), side));
  }
  return std::nullopt;
}

int load_table_folder(const std::filesystem::path& folder, TableSet& tables,
                      std::vector<std::string>& problems, int threads, std::uint64_t& bytes_to_check) {
  std::error_code code;
  std::filesystem::directory_iterator files(folder, code);
  if (code) {
    problems.push_back(fmt::format("{}: {}", folder.string(), code.message()));
    return 0;
  }
  struct Candidate {
    std::string name;
    std::optional<Material> material;
    std::string error;        // why the name is no endgame's, or the table could not be mapped or checked
    std::uint64_t bytes = 0;  // both sides' entries
    std::unique_ptr<MappedTable> table;
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
      candidate.table = map_table(folder, *candidate.material, candidate.error);
    else
      candidate.error = fmt::format("{}: {}", file.path().string(), candidate.error);
    if (candidate.table) candidate.bytes = 2 * candidate.table->entry_count();
    candidates.push_back(std::move(candidate));
  }
  // Smallest first, so that the endgames checked at once are the most; by name among equals, so that the
  // problems come in the same order on every system.
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    return a.bytes != b.bytes ? a.bytes < b.bytes : a.name < b.name;
  });
  std::size_t checked_now = 0;
  for (; checked_now < candidates.size() &&
         (!candidates[checked_now].table || candidates[checked_now].bytes <= bytes_to_check);
       ++checked_now)
    bytes_to_check -= candidates[checked_now].bytes;
  // The checksums of those are computed on all threads: a GUI waits for the engine's answer to `isready`.
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i = next++; i < checked_now; i = next++)
      if (Candidate& candidate = candidates[i]; candidate.table) {
        if (auto problem = check_mapped_table(*candidate.table)) {
          candidate.error = *problem;
          candidate.table.reset();
        } else {
          candidate.table->checked.store(true, std::memory_order_relaxed);
        }
      }
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& worker : workers) worker.join();
  int count = 0;
  for (Candidate& candidate : candidates) {
    if (!candidate.table) {
      problems.push_back(candidate.error);
      continue;
    }
    tables.add(std::move(candidate.table));
    ++count;
  }
  return count;
}

void check_in_background(TableSet& tables, std::function<void(const std::string&)> report) {
  std::vector<MappedTable*> unchecked = tables.mapped_tables();
  std::erase_if(unchecked,
                [](const MappedTable* table) { return table->checked.load(std::memory_order_relaxed); });
  if (unchecked.empty()) return;
  std::sort(unchecked.begin(), unchecked.end(), [](const MappedTable* a, const MappedTable* b) {
    return a->entry_count() != b->entry_count()
               ? a->entry_count() < b->entry_count()
               : endgame_name(a->layout.material()) < endgame_name(b->layout.material());
  });
  tables.run_in_background([unchecked = std::move(unchecked),
                            report = std::move(report)](const std::atomic<bool>& stop) {
    lower_this_thread_priority();
    const auto start = std::chrono::steady_clock::now();
    int checked = 0;
    std::uint64_t bytes = 0;
    for (MappedTable* table : unchecked) {
      if (auto problem = check_mapped_table(*table, &stop)) {
        if (stop.load(std::memory_order_relaxed)) return;
        report(*problem + ": left out");
        continue;
      }
      table->checked.store(true, std::memory_order_relaxed);
      ++checked;
      bytes += 2 * table->entry_count();
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    report(fmt::format("tablebases: {} more endgames checked and in use ({} in {:.1f} s)", checked,
                       memory_text(bytes), seconds));
  });
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
