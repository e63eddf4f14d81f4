// Aligned allocations for the large tables, marked for transparent huge pages.
#include "engine/board/table_memory.h"

#if defined(_WIN32)
#include <malloc.h>
#else
#include <sys/mman.h>
#endif
#include <cstdlib>

namespace shuai {

void* allocate_table_memory(std::size_t bytes, std::size_t alignment) {
  // Every probe lands on a random entry: with 4 KB pages nearly every one of them also misses the TLB.
  constexpr std::size_t kHugePage = std::size_t(2) << 20;
  if (bytes >= kHugePage) alignment = kHugePage;
  const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;  // aligned_alloc asks for it
#if defined(_WIN32)
  // Windows' C runtime has no aligned_alloc (its free cannot release an aligned block), and its large pages
  // need a privilege (SeLockMemoryPrivilege) that ordinary accounts lack: aligned blocks of ordinary pages.
  void* memory = _aligned_malloc(rounded == 0 ? alignment : rounded, alignment);
#else
  void* memory = std::aligned_alloc(alignment, rounded == 0 ? alignment : rounded);
#endif
#ifdef MADV_HUGEPAGE
  if (memory && alignment == kHugePage) madvise(memory, rounded, MADV_HUGEPAGE);
#endif
  return memory;
}

void free_table_memory(void* memory) {
#if defined(_WIN32)
  _aligned_free(memory);  // what _aligned_malloc gave
#else
  std::free(memory);
#endif
}

}  // namespace shuai
