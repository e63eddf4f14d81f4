// Handing out tasks and running the worker threads.
#include "tools/common/work_queue.h"

#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace shuai::tools {

std::optional<std::size_t> WorkQueue::next() {
  if (stopped()) return std::nullopt;
  const std::size_t task = next_.fetch_add(1);
  if (task >= count_) return std::nullopt;
  return task;
}

void run_workers(int thread_count, const std::function<void(int thread_index)>& worker, WorkQueue* queue) {
  std::mutex mutex;
  std::exception_ptr first_failure;
  std::vector<std::thread> threads;
  for (int index = 0; index < thread_count; ++index)
    threads.emplace_back([&, index] {
      try {
        worker(index);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!first_failure) first_failure = std::current_exception();
        if (queue) queue->stop();
      }
    });
  for (std::thread& thread : threads) thread.join();
  if (first_failure) std::rethrow_exception(first_failure);
}

}  // namespace shuai::tools
