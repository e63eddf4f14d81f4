// The search's threads: the state of each (the calling thread's and its helpers'), the helpers' system
// threads, each bound to a processor of its own, and waking them when a search starts. What the helpers do
// while a search runs is the parallel search's (parallel.cpp); the pool only runs it.
#pragma once

#if !defined(_WIN32)
#include <sched.h>
#endif
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "search/search_thread.h"

namespace shuai {

// A thread's set of allowed processors: Linux's cpu_set_t; Windows has none, and a thread's affinity there is
// a mask of the processors of its processor group (SetThreadAffinityMask's DWORD_PTR, pointer-sized).
#if defined(_WIN32)
using ProcessorBinding = std::uintptr_t;
#else
using ProcessorBinding = cpu_set_t;
#endif

// Binds the calling thread to the index-th processor it may run on (modulo their count). Without it, a
// scheduler that packs threads onto few processors (as some virtual machines do) can leave two search threads
// sharing one core while another core idles. Returns the previous binding, to restore.
ProcessorBinding bind_to_processor(int index);

class ThreadPool {
 public:
  // What a helper does while a search runs: it returns once searching() turns false.
  using HelperWork = std::function<void(SearchThread&)>;

  ThreadPool();  // the calling thread's state alone
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Search threads, the calling thread included (0: one per processor); the helpers do `work` while a search
  // runs. Not while a search runs.
  void set_size(int count, HelperWork work);
  std::size_t size() const { return threads_.size(); }
  // Every thread's state; [0] is the calling thread's, which runs the iterations.
  const std::vector<std::unique_ptr<SearchThread>>& threads() const { return threads_; }
  SearchThread& main_thread() const { return *threads_[0]; }
  bool is_main_thread(const SearchThread& thread) const { return &thread == threads_[0].get(); }
  // Nodes searched by all threads in this search.
  std::uint64_t nodes() const;

  // A search starts on the calling thread: with helpers, it is bound to the first processor (the helpers
  // take the others) and they are woken. end_search() sends them back to sleep and restores the binding.
  void begin_search();
  void end_search();
  bool searching() const { return searching_.load(std::memory_order_acquire); }

 private:
  void stop_helpers();

  std::vector<std::unique_ptr<SearchThread>> threads_;
  std::vector<std::thread> helpers_;  // do the work for threads_[1..]
  std::mutex mutex_;
  std::condition_variable wake_;
  bool quit_ = false;                   // guarded by mutex_
  std::atomic<bool> searching_{false};  // helpers work while set
  ProcessorBinding caller_binding_{};   // the calling thread's binding before begin_search()
};

}  // namespace shuai
