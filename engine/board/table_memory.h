// Memory for the large tables the search reads at random places (transposition table, Minors Hash Table):
// aligned and offered to the kernel for huge pages, so that a probe does not also miss the address cache.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>

namespace shuai {

// Bytes aligned to `alignment` (a power of two), or nullptr. Blocks of 2 MB or more are aligned to 2 MB and
// marked for transparent huge pages (granted where the kernel's setting is "madvise" or "always").
void* allocate_table_memory(std::size_t bytes, std::size_t alignment);
void free_table_memory(void* memory);

struct TableMemoryDeleter {
  void operator()(void* memory) const { free_table_memory(memory); }
};
template <typename T>
using TableArray = std::unique_ptr<T[], TableMemoryDeleter>;

// `count` default-constructed elements. Only for elements that need no destructor (plain words, atomics).
template <typename T>
TableArray<T> make_table_array(std::size_t count) {
  static_assert(std::is_trivially_destructible_v<T>);
  void* memory = allocate_table_memory(count * sizeof(T), alignof(T));
  if (!memory) throw std::bad_alloc();
  TableArray<T> array(static_cast<T*>(memory));
  std::uninitialized_value_construct_n(array.get(), count);
  return array;
}

}  // namespace shuai
