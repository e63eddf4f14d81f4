// The opening book's file: a fixed header and fixed-size records sorted by (key, move), every number
// little-endian and written byte by byte so that a book reads the same on any machine.
//
// Header, 32 bytes:
//   0  magic "SHUAIBK\0"               8 bytes
//   8  format version (1)              u32
//  12  record size in bytes (32)       u32
//  16  record count                    u64
//  24  key check: the book key of the start position (a book made with other Zobrist keys is refused)  u64
// Record, 32 bytes:
//   0  book key (book_key.h)           u64
//   8  from, to: dense square indexes 0..89 (rank * 9 + file), in the key's orientation   u8, u8
//  10  reserved, zero                  u16
//  12  games, wins, draws, losses (wins and losses from the mover's side), weight   u32 each
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/board/types.h"

namespace shuai {

struct BookRecord {
  std::uint64_t key = 0;
  Move move = kNoMove;  // in the orientation of `key` (see book_key.h)
  std::uint32_t games = 0, wins = 0, draws = 0, losses = 0, weight = 0;

  friend bool operator==(const BookRecord&, const BookRecord&) = default;
};

// The order of records in a file and in memory: by key, then by move.
inline bool record_before(const BookRecord& a, const BookRecord& b) {
  return a.key != b.key ? a.key < b.key : a.move < b.move;
}

inline constexpr std::uint32_t kBookFormatVersion = 1;
inline constexpr std::size_t kBookHeaderSize = 32;
inline constexpr std::size_t kBookRecordSize = 32;

// The value every book's header must carry: the book key of the standard start position.
std::uint64_t book_key_check();

// Reads a whole book file into `records` (replaced). On failure: false, `records` unspecified, and a one-line
// `error` that names the file: cannot open, wrong magic, wrong version, size not matching the record count,
// other Zobrist keys, a record that is out of order, repeated or malformed.
bool read_book_file(const std::string& path, std::vector<BookRecord>& records, std::string& error);
// The same checks on a book already in memory (the built-in one); `name` stands for the path in the errors.
bool read_book_bytes(std::span<const unsigned char> bytes, const std::string& name,
                     std::vector<BookRecord>& records, std::string& error);

// Writes `records`, which must be sorted by record_before without repeats. On failure: false and `error`.
bool write_book_file(const std::string& path, const std::vector<BookRecord>& records, std::string& error);

}  // namespace shuai
