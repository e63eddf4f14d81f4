// Lockless transposition table: packing, bucket choice, replacement by depth and age, transactions.
#include "search/transposition_table.h"

#include <algorithm>

#include "eval/score.h"

namespace shuai {

namespace {

// The data word: move 16 bits | score 16 | depth 7 | was-PV 1 | bound 2 | generation 6 | transaction 16.
constexpr int kScoreShift = 16, kDepthShift = 32, kWasPvShift = 39, kBoundShift = 40, kGenerationShift = 42,
              kTransactionShift = 48;
static_assert(TranspositionTable::kMaxStoredDepth >= kMaxPly - 1,
              "a stored depth must hold any depth the search reaches");
constexpr int kTransactionCount = 1 << 16;

Move unpack_move(std::uint64_t data) {
  return Move(data & 0xffff);
}
int unpack_score(std::uint64_t data) {
  return std::int16_t((data >> kScoreShift) & 0xffff);
}
int unpack_depth(std::uint64_t data) {
  return int((data >> kDepthShift) & TranspositionTable::kMaxStoredDepth);
}
bool unpack_was_pv(std::uint64_t data) {
  return ((data >> kWasPvShift) & 1) != 0;
}
Bound unpack_bound(std::uint64_t data) {
  return Bound((data >> kBoundShift) & 3);
}
std::uint8_t unpack_generation(std::uint64_t data) {
  return std::uint8_t((data >> kGenerationShift) & 63);
}
std::uint16_t unpack_transaction(std::uint64_t data) {
  return std::uint16_t(data >> kTransactionShift);
}

// The key word holds the key's low 48 bits (the bucket is chosen by its high bits, so these are all still
// compared) and the static evaluation in the top 16.
constexpr std::uint64_t kKeyBits = (std::uint64_t(1) << 48) - 1;
constexpr int kEvaluationShift = 48;

std::uint64_t check_word(std::uint64_t key, int static_evaluation) {
  return (key & kKeyBits) | std::uint64_t(std::uint16_t(std::int16_t(static_evaluation))) << kEvaluationShift;
}
bool same_key(std::uint64_t check, std::uint64_t key) {
  return ((check ^ key) & kKeyBits) == 0;
}
int unpack_evaluation(std::uint64_t check) {
  return std::int16_t(check >> kEvaluationShift);
}

}  // namespace

int score_to_table(int score, int ply) {
  if (score >= kMateInMaxPly) return score + ply;
  if (score <= -kMateInMaxPly) return score - ply;
  return score;
}

int score_from_table(int score, int ply) {
  if (score >= kMateInMaxPly) return score - ply;
  if (score <= -kMateInMaxPly) return score + ply;
  return score;
}

TranspositionTable::TranspositionTable(std::size_t megabytes)
    : cancelled_(std::make_unique<std::atomic<bool>[]>(kTransactionCount)) {
  resize(megabytes);
}

void TranspositionTable::resize(std::size_t megabytes) {
  megabytes = std::min(megabytes, kMaxMegabytes);
  bucket_count_ = std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Bucket));
  megabytes_ = megabytes;
  buckets_.reset();  // free the old table before allocating the new one
  buckets_ = make_table_array<Bucket>(bucket_count_);
  generation_ = 0;
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < bucket_count_; ++i)
    for (Slot& slot : buckets_[i].slots) {
      slot.key_word.store(0, std::memory_order_relaxed);
      slot.data.store(0, std::memory_order_relaxed);
    }
  generation_ = 0;
  transaction_ = 0;
  for (int id = 0; id < kTransactionCount; ++id) cancelled_[id].store(false, std::memory_order_relaxed);
}

void TranspositionTable::new_search() {
  generation_ = (generation_ + 1) & 63;
}

void TranspositionTable::begin_transaction() {
  transaction_ = std::uint16_t(transaction_ + 1);
  cancelled_[transaction_].store(false, std::memory_order_relaxed);
}

void TranspositionTable::roll_back_transaction() {
  cancelled_[transaction_].store(true, std::memory_order_relaxed);
}

TranspositionTable::Bucket& TranspositionTable::bucket_for(std::uint64_t key) const {
  // Multiply-high maps the key onto any bucket count, so the size need not be a power of two.
  return buckets_[std::size_t((unsigned __int128)key * bucket_count_ >> 64)];
}

std::uint64_t TranspositionTable::pack(Move move, int score, int depth, Bound bound, bool was_pv) const {
  const std::uint16_t transaction = transactions_enabled() ? transaction_ : 0;
  return std::uint64_t(move) | std::uint64_t(std::uint16_t(std::int16_t(score))) << kScoreShift |
         std::uint64_t(std::clamp(depth, 0, kMaxStoredDepth)) << kDepthShift |
         std::uint64_t(was_pv) << kWasPvShift | std::uint64_t(bound) << kBoundShift |
         std::uint64_t(generation_) << kGenerationShift | std::uint64_t(transaction) << kTransactionShift;
}

bool TranspositionTable::is_discarded(std::uint64_t data) const {
  return transactions_enabled() && cancelled_[unpack_transaction(data)].load(std::memory_order_relaxed);
}

std::optional<TableEntry> TranspositionTable::probe(std::uint64_t key) const {
  for (const Slot& slot : bucket_for(key).slots) {
    const std::uint64_t key_word = slot.key_word.load(std::memory_order_relaxed);
    const std::uint64_t data = slot.data.load(std::memory_order_relaxed);
    const std::uint64_t check = lockless_encoding_ ? key_word ^ data : key_word;
    if (!same_key(check, key) || unpack_bound(data) == Bound::kNone || is_discarded(data)) continue;
    return TableEntry{unpack_move(data),  unpack_score(data),       unpack_depth(data),
                      unpack_bound(data), unpack_evaluation(check), unpack_was_pv(data)};
  }
  return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, Move move, int score, int depth, Bound bound,
                               int static_evaluation, bool was_pv) {
  Bucket& bucket = bucket_for(key);
  Slot* target = nullptr;
  int worst_priority = 1 << 30;
  for (Slot& slot : bucket.slots) {
    const std::uint64_t key_word = slot.key_word.load(std::memory_order_relaxed);
    const std::uint64_t data = slot.data.load(std::memory_order_relaxed);
    const std::uint64_t check = lockless_encoding_ ? key_word ^ data : key_word;
    const bool same_position = same_key(check, key);
    if (same_position && same_key_keep_plies_ > 0 && bound != Bound::kExact && !is_discarded(data) &&
        unpack_bound(data) != Bound::kNone &&
        (same_key_keep_older_ || unpack_generation(data) == generation_) &&
        depth + same_key_keep_plies_ < unpack_depth(data))
      return;  // a much deeper result (this search's, or any with keep_older) beats a shallow bound
    if (same_position || unpack_bound(data) == Bound::kNone || is_discarded(data)) {
      // Same position (or a free slot): keep the old move and evaluation when the new result has none.
      if (same_position && move == kNoMove) move = unpack_move(data);
      if (same_position && static_evaluation == kNoStaticEvaluation)
        static_evaluation = unpack_evaluation(check);
      target = &slot;
      break;
    }
    // Replace the shallowest entry, counting every search of age as eight plies of depth.
    const int age = (generation_ - unpack_generation(data)) & 63;
    const int priority = unpack_depth(data) - 8 * age;
    if (priority < worst_priority) {
      worst_priority = priority;
      target = &slot;
    }
  }
  const std::uint64_t data = pack(move, score, depth, bound, was_pv);
  const std::uint64_t check = check_word(key, static_evaluation);
  target->key_word.store(lockless_encoding_ ? check ^ data : check, std::memory_order_relaxed);
  target->data.store(data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  const std::size_t sampled_buckets = std::min<std::size_t>(bucket_count_, 250);
  int used = 0;
  for (std::size_t i = 0; i < sampled_buckets; ++i)
    for (const Slot& slot : buckets_[i].slots) {
      const std::uint64_t data = slot.data.load(std::memory_order_relaxed);
      used += unpack_bound(data) != Bound::kNone && unpack_generation(data) == generation_;
    }
  return int(used * 1000 / (sampled_buckets * kEntriesPerBucket));
}

void TranspositionTable::write_words_for_test(std::uint64_t key, int slot, std::uint64_t first,
                                              std::uint64_t second) {
  Slot& target = bucket_for(key).slots[slot];
  target.key_word.store(first, std::memory_order_relaxed);
  target.data.store(second, std::memory_order_relaxed);
}

std::pair<std::uint64_t, std::uint64_t> TranspositionTable::encode_for_test(std::uint64_t key, Move move,
                                                                            int score, int depth,
                                                                            Bound bound) const {
  const std::uint64_t data = pack(move, score, depth, bound, false);
  const std::uint64_t check = check_word(key, kNoStaticEvaluation);
  return {lockless_encoding_ ? check ^ data : check, data};
}

}  // namespace shuai
