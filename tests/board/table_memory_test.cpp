// The large tables' memory: aligned as asked (2 MB from 2 MB up, for huge pages), every element zeroed.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>

#include "engine/board/table_memory.h"

namespace shuai {
namespace {

TEST_CASE("table arrays are zeroed and aligned, to 2 MB when they are that large") {
  constexpr std::size_t kHugePage = std::size_t(2) << 20;
  struct alignas(64) Line {
    std::atomic<std::uint64_t> words[8];
  };
  for (const std::size_t count : {std::size_t(1), std::size_t(1000), kHugePage / sizeof(Line) + 5}) {
    INFO(count);
    const auto lines = make_table_array<Line>(count);
    const auto address = reinterpret_cast<std::uintptr_t>(lines.get());
    CHECK(address % (count * sizeof(Line) >= kHugePage ? kHugePage : alignof(Line)) == 0);
    bool all_zero = true;
    for (std::size_t i = 0; i < count; ++i)
      for (const auto& word : lines[i].words) all_zero &= word.load(std::memory_order_relaxed) == 0;
    CHECK(all_zero);
    lines[count - 1].words[7].store(1, std::memory_order_relaxed);  // the last byte is the caller's to write
  }
}

}  // namespace
}  // namespace shuai
