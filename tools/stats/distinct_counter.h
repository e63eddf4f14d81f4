// Exact count of distinct 64-bit keys (minors signatures, majors states): an open-addressing hash set of
// the keys themselves, 8 bytes a slot, so tens of millions fit. Never an estimate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace shuai::stats {

class DistinctCounter {
 public:
  DistinctCounter();

  // True if the key was new.
  bool insert(std::uint64_t key);
  bool contains(std::uint64_t key) const;
  std::uint64_t distinct() const { return distinct_; }
  void clear();

 private:
  std::size_t slot_of(std::uint64_t key) const;
  void grow();

  std::vector<std::uint64_t> slots_;  // 0 = empty; the key 0 itself is kept apart
  bool has_zero_ = false;
  std::uint64_t distinct_ = 0;
};

}  // namespace shuai::stats
