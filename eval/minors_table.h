// The Minors Hash Table of the MHT paper: caches the minors evaluation (MinorsInfo) by minors signature.
// Each entry is five 64-bit words: the paper's ScoreData and InfoData, one word for each side's king shelter
// (its 4.4, the king-safety facts), and VerificationKey = the four data words XORed with the signature, so
// threads share the table without locks: a torn entry fails the XOR check and is never used.
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
  static constexpr int kDataWords = 4;
  static constexpr int kEntryWords = kDataWords + 1;
  using Words = std::array<std::uint64_t, kEntryWords>;
  static constexpr std::size_t kEntryBytes = kEntryWords * sizeof(std::uint64_t);
  // 2^17 entries. Measured (`shuai bench mht`, depth 10): 2^14 to 2^18 entries save the most time; larger
  // tables hit a little more often but every probe then misses the processor's caches.
  static constexpr std::size_t kDefaultMegabytes = 5;
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

  // The words store() writes for a record (the data words, then the verification word), and the raw write
  // of those words into a signature's slot: public so that tests can assemble a torn entry from two records.
  Words encode(std::uint64_t signature, const MinorsInfo& info) const;
  void write_words(std::uint64_t signature, const Words& words);

 private:
  struct Entry {
    std::array<std::atomic<std::uint64_t>, kEntryWords> words{};  // data words, verification last
  };

  Entry& entry_for(std::uint64_t signature) const { return entries_[signature & (entry_count_ - 1)]; }

  TableArray<Entry> entries_;
  std::size_t entry_count_ = 0;
  bool lockless_encoding_ = true;
};

// The bit packing of MinorsInfo into the data words: ScoreData, InfoData, Red's and Black's shelter (exposed
// for tests).
using MinorsData = std::array<std::uint64_t, MinorsTable::kDataWords>;
MinorsData pack_minors_info(const MinorsInfo& info);
MinorsInfo unpack_minors_info(const MinorsData& data);

}  // namespace shuai
