// The distinct-key set (linear probing in a power-of-two table kept at most half full) and the unchanged
// rates built on it.
#include "tools/stats/distinct_counter.h"

#include <cmath>

#include "tools/stats/unchanged_rates.h"

namespace shuai::stats {

namespace {

constexpr std::size_t kInitialSlots = 1 << 10;

// Zobrist XORs are already uniform, but a key built otherwise (a test's 1, 2, 3, ...) must spread too.
std::uint64_t mix(std::uint64_t key) {
  key ^= key >> 33;
  key *= 0xff51afd7ed558ccdULL;
  key ^= key >> 33;
  return key;
}

}  // namespace

DistinctCounter::DistinctCounter() : slots_(kInitialSlots, 0) {}

std::size_t DistinctCounter::slot_of(std::uint64_t key) const {
  const std::size_t mask = slots_.size() - 1;
  std::size_t slot = std::size_t(mix(key)) & mask;
  while (slots_[slot] != 0 && slots_[slot] != key) slot = (slot + 1) & mask;
  return slot;
}

bool DistinctCounter::contains(std::uint64_t key) const {
  return key == 0 ? has_zero_ : slots_[slot_of(key)] == key;
}

bool DistinctCounter::insert(std::uint64_t key) {
  if (key == 0) {
    if (has_zero_) return false;
    has_zero_ = true;
    ++distinct_;
    return true;
  }
  const std::size_t slot = slot_of(key);
  if (slots_[slot] == key) return false;
  slots_[slot] = key;
  ++distinct_;
  if (2 * distinct_ > slots_.size()) grow();
  return true;
}

void DistinctCounter::grow() {
  std::vector<std::uint64_t> old(slots_.size() * 2, 0);
  old.swap(slots_);
  for (const std::uint64_t key : old)
    if (key != 0) slots_[slot_of(key)] = key;
}

void DistinctCounter::clear() {
  slots_.assign(kInitialSlots, 0);
  has_zero_ = false;
  distinct_ = 0;
}

double UnchangedRates::rate_left(std::uint64_t distinct) const {
  return evaluations_ ? 1.0 - double(distinct) / double(evaluations_) : std::nan("");
}

}  // namespace shuai::stats
