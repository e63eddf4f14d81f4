// Reading and writing book files, with every check a damaged or foreign file could fail.
#include "engine/book/book_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <span>
#include <streambuf>

#include "engine/board/fen.h"
#include "engine/book/book_key.h"

namespace shuai {
namespace {

constexpr std::array<unsigned char, 8> kMagic = {'S', 'H', 'U', 'A', 'I', 'B', 'K', 0};
// Records are read and written this many at a time, so a large book needs no second copy in memory.
constexpr std::size_t kRecordsPerBlock = 4096;

void put_u16(unsigned char* out, std::uint16_t value) {
  for (int i = 0; i < 2; ++i) out[i] = static_cast<unsigned char>(value >> (8 * i));
}
void put_u32(unsigned char* out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out[i] = static_cast<unsigned char>(value >> (8 * i));
}
void put_u64(unsigned char* out, std::uint64_t value) {
  for (int i = 0; i < 8; ++i) out[i] = static_cast<unsigned char>(value >> (8 * i));
}
std::uint16_t get_u16(const unsigned char* in) {
  return std::uint16_t(in[0] | in[1] << 8);
}
std::uint32_t get_u32(const unsigned char* in) {
  std::uint32_t value = 0;
  for (int i = 3; i >= 0; --i) value = value << 8 | in[i];
  return value;
}
std::uint64_t get_u64(const unsigned char* in) {
  std::uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = value << 8 | in[i];
  return value;
}

void encode_record(const BookRecord& record, unsigned char* out) {
  put_u64(out, record.key);
  out[8] = static_cast<unsigned char>(square_index(from_square(record.move)));
  out[9] = static_cast<unsigned char>(square_index(to_square(record.move)));
  put_u16(out + 10, 0);
  put_u32(out + 12, record.games);
  put_u32(out + 16, record.wins);
  put_u32(out + 20, record.draws);
  put_u32(out + 24, record.losses);
  put_u32(out + 28, record.weight);
}

// False when the bytes cannot be a record: squares off the board, reserved bits set, results not adding up.
bool decode_record(const unsigned char* in, BookRecord& record) {
  const int from = in[8], to = in[9];
  if (from >= kSquareCount || to >= kSquareCount || from == to || get_u16(in + 10) != 0) return false;
  record.key = get_u64(in);
  record.move = make_move(square_from_index(from), square_from_index(to));
  record.games = get_u32(in + 12);
  record.wins = get_u32(in + 16);
  record.draws = get_u32(in + 20);
  record.losses = get_u32(in + 24);
  record.weight = get_u32(in + 28);
  return std::uint64_t(record.wins) + record.draws + record.losses == record.games;
}

}  // namespace

std::uint64_t book_key_check() {
  static const std::uint64_t check = book_key(*parse_fen(kStartFen).position).key;
  return check;
}

namespace {

// A stream over bytes already in memory (the built-in book), read in place.
class MemoryBuffer : public std::streambuf {
 public:
  explicit MemoryBuffer(std::span<const unsigned char> bytes) {
    char* begin = const_cast<char*>(reinterpret_cast<const char*>(bytes.data()));
    setg(begin, begin, begin + bytes.size());
  }
};

// Reads a book of `file_size` bytes from `file`; `path` names it in the errors.
bool read_book(std::istream& file, std::uintmax_t file_size, const std::string& path,
               std::vector<BookRecord>& records, std::string& error) {
  records.clear();
  std::array<unsigned char, kBookHeaderSize> header{};
  if (file_size < kBookHeaderSize || !file.read(reinterpret_cast<char*>(header.data()), kBookHeaderSize)) {
    error = fmt::format("{}: not a Shuai book ({} bytes, shorter than the header)", path, file_size);
    return false;
  }
  if (!std::equal(kMagic.begin(), kMagic.end(), header.begin())) {
    error = fmt::format("{}: not a Shuai book (wrong magic)", path);
    return false;
  }
  const std::uint32_t version = get_u32(&header[8]), record_size = get_u32(&header[12]);
  if (version != kBookFormatVersion || record_size != kBookRecordSize) {
    error =
        fmt::format("{}: book format version {} with {}-byte records; this Shuai reads version {} ({} bytes)",
                    path, version, record_size, kBookFormatVersion, kBookRecordSize);
    return false;
  }
  const std::uint64_t count = get_u64(&header[16]), key_check = get_u64(&header[24]);
  const std::uintmax_t records_bytes = file_size - kBookHeaderSize;
  if (records_bytes % kBookRecordSize != 0 || records_bytes / kBookRecordSize != count) {
    error = fmt::format(
        "{}: the header says {} records but the file holds {} bytes of records (truncated or "
        "damaged)",
        path, count, records_bytes);
    return false;
  }
  if (key_check != book_key_check()) {
    error = fmt::format("{}: made with other Zobrist keys (key check {:016x}, expected {:016x})", path,
                        key_check, book_key_check());
    return false;
  }
  records.reserve(std::size_t(count));
  std::vector<unsigned char> block(kRecordsPerBlock * kBookRecordSize);
  for (std::uint64_t done = 0; done < count;) {
    const std::size_t batch = std::size_t(std::min<std::uint64_t>(kRecordsPerBlock, count - done));
    if (!file.read(reinterpret_cast<char*>(block.data()), std::streamsize(batch * kBookRecordSize))) {
      error = fmt::format("{}: read failed at record {}", path, done);
      return false;
    }
    for (std::size_t i = 0; i < batch; ++i, ++done) {
      BookRecord record;
      if (!decode_record(&block[i * kBookRecordSize], record)) {
        error = fmt::format("{}: record {} is malformed (bad square or results not adding up)", path, done);
        return false;
      }
      if (!records.empty() && !record_before(records.back(), record)) {
        error = fmt::format(
            "{}: record {} is out of order or repeated (records must be sorted by key and move)", path, done);
        return false;
      }
      records.push_back(record);
    }
  }
  return true;
}

}  // namespace

bool read_book_file(const std::string& path, std::vector<BookRecord>& records, std::string& error) {
  std::error_code size_error;
  const std::uintmax_t file_size = std::filesystem::file_size(path, size_error);
  std::ifstream file(path, std::ios::binary);
  if (size_error || !file) {
    error = fmt::format("{}: cannot open the book: {}", path,
                        size_error ? size_error.message() : std::strerror(errno));
    return false;
  }
  return read_book(file, file_size, path, records, error);
}

bool read_book_bytes(std::span<const unsigned char> bytes, const std::string& name,
                     std::vector<BookRecord>& records, std::string& error) {
  MemoryBuffer buffer(bytes);
  std::istream stream(&buffer);
  return read_book(stream, bytes.size(), name, records, error);
}

bool write_book_file(const std::string& path, const std::vector<BookRecord>& records, std::string& error) {
  for (std::size_t i = 1; i < records.size(); ++i)
    if (!record_before(records[i - 1], records[i])) {
      error = fmt::format("{}: not written: record {} is out of order or repeated", path, i);
      return false;
    }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) {
    error = fmt::format("{}: cannot write the book: {}", path, std::strerror(errno));
    return false;
  }
  std::array<unsigned char, kBookHeaderSize> header{};
  std::copy(kMagic.begin(), kMagic.end(), header.begin());
  put_u32(&header[8], kBookFormatVersion);
  put_u32(&header[12], kBookRecordSize);
  put_u64(&header[16], records.size());
  put_u64(&header[24], book_key_check());
  file.write(reinterpret_cast<const char*>(header.data()), kBookHeaderSize);
  std::vector<unsigned char> block(kRecordsPerBlock * kBookRecordSize);
  for (std::size_t start = 0; start < records.size(); start += kRecordsPerBlock) {
    const std::size_t batch = std::min(kRecordsPerBlock, records.size() - start);
    for (std::size_t i = 0; i < batch; ++i) encode_record(records[start + i], &block[i * kBookRecordSize]);
    file.write(reinterpret_cast<const char*>(block.data()), std::streamsize(batch * kBookRecordSize));
  }
  file.close();
  if (!file) {
    error = fmt::format("{}: writing the book failed: {}", path, std::strerror(errno));
    return false;
  }
  return true;
}

}  // namespace shuai
