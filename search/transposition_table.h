// The transposition table, shared by all search threads without locks (Hyatt and Mann): each entry is two
// 64-bit words, W1 = check ^ data and W2 = data, where check is the key's low 48 bits and the node's static
// evaluation in the top 16; a torn entry from racing writers fails the comparison of W1 ^ W2 with the key.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "engine/board/table_memory.h"
#include "engine/board/types.h"

namespace shuai {

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

// Written where a node's static evaluation was not computed (it was in check).
inline constexpr int kNoStaticEvaluation = -32768;

struct TableEntry {
  Move move = kNoMove;
  int score = 0;  // as stored: mate scores relative to the node (see score_to_table)
  int depth = 0;
  Bound bound = Bound::kNone;
  int static_evaluation = kNoStaticEvaluation;  // the node's static evaluation, so a revisit need not redo it
  // The node was searched as a principal-variation node (or was so marked when stored): a node once on the
  // principal variation may well be again, so the search reduces its moves less (reduction_table_pv).
  bool was_pv = false;
};

// Mate scores are stored as distance from the node, not from the root, so they stay true wherever the
// position is met again.
int score_to_table(int score, int ply);
int score_from_table(int score, int ply);

class TranspositionTable {
 public:
  static constexpr int kEntriesPerBucket = 4;
  static constexpr std::size_t kDefaultMegabytes = 64;
  static constexpr std::size_t kMaxMegabytes = 1 << 16;
  // The deepest depth an entry holds (7 bits); deeper stores are clamped to it.
  static constexpr int kMaxStoredDepth = 127;

  explicit TranspositionTable(std::size_t megabytes = kDefaultMegabytes);

  // Reallocates (and so clears) the table; 0 MB is raised to the smallest table (one bucket).
  void resize(std::size_t megabytes);
  std::size_t megabytes() const { return megabytes_; }
  void clear();
  // Called at the start of every search: entries of earlier searches become the first to be replaced.
  void new_search();

  std::optional<TableEntry> probe(std::uint64_t key) const;
  // Starts loading the key's bucket into the cache, so the probe at the child node finds it there.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket_for(key)); }
  void store(std::uint64_t key, Move move, int score, int depth, Bound bound,
             int static_evaluation = kNoStaticEvaluation, bool was_pv = false);

  // Permille of sampled entries written by the current search (UCI/UCCI "hashfull").
  int hashfull() const;

  // Aspiration "transactions" (seed 002): entries written inside a transaction that is rolled back are
  // treated as absent. Off unless enabled.
  void set_transactions_enabled(bool enabled) {
    transactions_enabled_.store(enabled, std::memory_order_relaxed);
  }
  bool transactions_enabled() const { return transactions_enabled_.load(std::memory_order_relaxed); }
  void begin_transaction();
  void roll_back_transaction();

  // A bound (not an exact score) from a search this many plies shallower than the same position's entry of
  // the same search leaves that entry standing (0: the newest result always replaces it).
  void set_same_key_keep_plies(int plies) { same_key_keep_plies_ = plies; }
  // With `older`, the rule keeps the entries of earlier searches too, not only the current search's.
  void set_same_key_keep_older(bool older) { same_key_keep_older_ = older; }

  // For the lockless proofs: encode entries as plain (key, data) pairs instead of (key ^ data, data).
  void set_lockless_encoding(bool enabled) { lockless_encoding_ = enabled; }
  // Writes two raw words into one slot, as a racing writer could leave them. Tests only.
  void write_words_for_test(std::uint64_t key, int slot, std::uint64_t first, std::uint64_t second);
  // The two words store() would write for these arguments. Tests only.
  std::pair<std::uint64_t, std::uint64_t> encode_for_test(std::uint64_t key, Move move, int score, int depth,
                                                          Bound bound) const;

 private:
  struct Slot {
    std::atomic<std::uint64_t> key_word{0};  // check ^ data (or the check word, without lockless encoding)
    std::atomic<std::uint64_t> data{0};
  };
  struct alignas(64) Bucket {
    Slot slots[kEntriesPerBucket];
  };
  static_assert(sizeof(Bucket) == 64);

  Bucket& bucket_for(std::uint64_t key) const;
  std::uint64_t pack(Move move, int score, int depth, Bound bound, bool was_pv) const;
  bool is_discarded(std::uint64_t data) const;

  TableArray<Bucket> buckets_;  // in huge pages where the system grants them
  std::size_t bucket_count_ = 0;
  int same_key_keep_plies_ = 0;
  bool same_key_keep_older_ = false;
  std::size_t megabytes_ = 0;
  std::uint8_t generation_ = 0;  // 6 bits
  bool lockless_encoding_ = true;
  // Atomic: each search sets it on its worker thread, and `probe` may read the table from the protocol
  // thread.
  std::atomic<bool> transactions_enabled_{false};
  std::uint16_t transaction_ = 0;
  std::unique_ptr<std::atomic<bool>[]> cancelled_;  // by transaction id
};

}  // namespace shuai
