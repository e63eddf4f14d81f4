// Aligned allocations for the large tables, marked for transparent huge pages.
#include "engine/board/table_memory.h"

#include <sys/mman.h>
#include <cstdlib>

namespace shuai {

void* allocate_table_memory(std::size_t bytes, std::size_t alignment) {
  // Every probe lands on a random entry: with 4 KB pages nearly every one of them also misses the TLB.
  constexpr std::size_t kHugePage = std::size_t(2) << 20;
  if (bytes >= kHugePage) alignment = kHugePage;
  const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;  // aligned_alloc asks for it
  void* memory = std::aligned_alloc(alignment, rounded == 0 ? alignment : rounded);
#ifdef MADV_HUGEPAGE
  if (memory && alignment == kHugePage) madvise(memory, rounded, MADV_HUGEPAGE);
#endif
  return memory;
}

void free_table_memory(void* memory) {
  std::free(memory);
}

}  // namespace shuai
