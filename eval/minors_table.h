// The Minors Hash Table of the MHT paper: caches the minors evaluation (MinorsInfo) by minors signature.
// Each entry is three 64-bit words, ScoreData, InfoData and VerificationKey = ScoreData ^ InfoData ^
// signature, so threads share the table without locks: a torn entry fails the XOR check and is never used.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "engine/board/table_memory.h"
#include "eval/minors_info.h"

namespace shuai {

class MinorsTable {
 public:
  static constexpr std::size_t kEntryBytes = 3 * sizeof(std::uint64_t);
  // 2^17 entries. Measured (`shuai bench mht`, depth 10): 2^14 to 2^18 entries save the most time; larger
  // tables hit a little more often but every probe then misses the processor's caches.
  static constexpr std::size_t kDefaultMegabytes = 3;
  static constexpr std::size_t kMaxMegabytes = 1 << 15;

  explicit MinorsTable(std::size_t megabytes = kDefaultMegabytes);

  // The largest power-of-two entry count that fits; 0 MB disables the table.
  void resize_megabytes(std::size_t megabytes);
  // Exactly 2^log2 entries (the paper's tables are by entry count); log2 < 0 disables the table.
  void resize_entries_log2(int log2);
  std::size_t entry_count() const { return entry_count_; }
  std::size_t megabytes() const { return entry_count_ * kEntryBytes >> 20; }
  bool enabled() const { return entry_count_ > 0; }
  void clear();

  // A hit fills `info`: the entry verifies against the signature and was computed in the same phase.
  bool probe(std::uint64_t signature, Phase phase, MinorsInfo& info) const;
  // Always replaces what the slot held.
  void store(std::uint64_t signature, const MinorsInfo& info);

  // Entries in use / entries (a full scan: for statistics, not for the search).
  double occupancy() const;

  // Off: the paper's first scheme, a plain 64-bit checksum beside the data, which racing writers can tear.
  void set_lockless_encoding(bool enabled) { lockless_encoding_ = enabled; }
  bool lockless_encoding() const { return lockless_encoding_; }

  // The three words store() writes for a record, and the raw write of three words into a signature's slot:
  // public so that tests can assemble a torn entry from two different records.
  std::array<std::uint64_t, 3> encode(std::uint64_t signature, const MinorsInfo& info) const;
  void write_words(std::uint64_t signature, const std::array<std::uint64_t, 3>& words);

 private:
  struct Entry {
    std::atomic<std::uint64_t> score_data{0};
    std::atomic<std::uint64_t> info_data{0};
    std::atomic<std::uint64_t> verification{0};
  };

  Entry& entry_for(std::uint64_t signature) const { return entries_[signature & (entry_count_ - 1)]; }

  TableArray<Entry> entries_;
  std::size_t entry_count_ = 0;
  bool lockless_encoding_ = true;
};

// The bit packing of MinorsInfo into the two data words (exposed for tests).
std::uint64_t pack_score_data(const MinorsInfo& info);
std::uint64_t pack_info_data(const MinorsInfo& info);
MinorsInfo unpack_minors_info(std::uint64_t score_data, std::uint64_t info_data);

}  // namespace shuai
