// The search's threads: their states, the helpers' system threads, processor binding, and waking the
// helpers when a search starts.
#include "search/thread_pool.h"

#include <algorithm>

#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <bit>
#else
#include <pthread.h>
#endif

namespace shuai {

// The browser places Web Workers itself: the wasm build binds nothing.
#if defined(__EMSCRIPTEN__)
cpu_set_t bind_to_processor(int) {
  cpu_set_t previous;
  CPU_ZERO(&previous);
  return previous;
}
#elif defined(_WIN32)
// Windows: the same choice as on Linux (the index-th processor the process may use), through the affinity
// mask. A mask covers one processor group (64 logical processors) only: on a machine with several groups,
// where Windows 11 spreads a process's threads over them, nothing is bound. Returns 0 when nothing changed.
ProcessorBinding bind_to_processor(int index) {
  DWORD_PTR allowed = 0, system = 0;
  if (GetActiveProcessorGroupCount() > 1) return 0;
  if (!GetProcessAffinityMask(GetCurrentProcess(), &allowed, &system)) return 0;
  const int count = std::popcount(std::uintptr_t(allowed));
  if (count < 2) return 0;
  int wanted = index % count;
  for (int cpu = 0; cpu < int(8 * sizeof allowed); ++cpu) {
    if (!(allowed >> cpu & 1)) continue;
    if (wanted-- == 0) return SetThreadAffinityMask(GetCurrentThread(), DWORD_PTR(1) << cpu);
  }
  return 0;
}
#else
cpu_set_t bind_to_processor(int index) {
  cpu_set_t previous, allowed, chosen;
  CPU_ZERO(&previous);
  pthread_getaffinity_np(pthread_self(), sizeof previous, &previous);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return previous;
  const int count = CPU_COUNT(&allowed);
  if (count < 2) return previous;
  int wanted = index % count;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &allowed)) continue;
    if (wanted-- == 0) {
      CPU_ZERO(&chosen);
      CPU_SET(cpu, &chosen);
      pthread_setaffinity_np(pthread_self(), sizeof chosen, &chosen);
      break;
    }
  }
  return previous;
}
#endif

ThreadPool::ThreadPool() {
  threads_.push_back(std::make_unique<SearchThread>());
}

ThreadPool::~ThreadPool() {
  stop_helpers();
}

void ThreadPool::stop_helpers() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  for (auto& helper : helpers_) helper.join();
  helpers_.clear();
  quit_ = false;
}

void ThreadPool::set_size(int count, HelperWork work) {
  if (count <= 0) count = int(std::max(1u, std::thread::hardware_concurrency()));
  stop_helpers();
  threads_.resize(1);
  for (int i = 1; i < count; ++i) threads_.push_back(std::make_unique<SearchThread>());
  for (int i = 1; i < count; ++i)
    helpers_.emplace_back([this, i, work] {
      bind_to_processor(i);
      SearchThread& thread = *threads_[std::size_t(i)];
      while (true) {
        {
          std::unique_lock lock(mutex_);
          wake_.wait(lock, [&] { return quit_ || searching_.load(std::memory_order_acquire); });
          if (quit_) return;
        }
        work(thread);
      }
    });
}

std::uint64_t ThreadPool::nodes() const {
  std::uint64_t nodes = 0;
  for (const auto& thread : threads_) nodes += thread->nodes.load(std::memory_order_relaxed);
  return nodes;
}

void ThreadPool::begin_search() {
  if (threads_.size() < 2) return;
  caller_binding_ = bind_to_processor(0);
  {
    std::lock_guard lock(mutex_);
    searching_.store(true, std::memory_order_release);
  }
  wake_.notify_all();
}

void ThreadPool::end_search() {
  searching_.store(false, std::memory_order_release);
#if defined(_WIN32)
  if (threads_.size() > 1 && caller_binding_ != 0) SetThreadAffinityMask(GetCurrentThread(), caller_binding_);
#elif !defined(__EMSCRIPTEN__)
  if (threads_.size() > 1) pthread_setaffinity_np(pthread_self(), sizeof caller_binding_, &caller_binding_);
#endif
}

}  // namespace shuai
