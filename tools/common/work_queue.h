// The tools' work queue: tasks numbered 0 to count - 1 handed out one at a time to worker threads, so that a
// slow task never holds the others up, and a stop after which no more are handed out (a failure, a decided
// SPRT). run_workers starts the threads and waits for them.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>

namespace shuai::tools {

class WorkQueue {
 public:
  explicit WorkQueue(std::size_t count) : count_(count) {}

  // The next task not yet handed out; none when all are, or after stop().
  std::optional<std::size_t> next();
  void stop() { stopped_.store(true); }
  bool stopped() const { return stopped_.load(); }

 private:
  std::size_t count_;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> stopped_{false};
};

// Runs worker(thread_index) on `thread_count` threads at once and waits for them all. When a worker throws,
// `queue` (if given) is stopped so the others end after their task, and the first exception is rethrown once
// all have ended.
void run_workers(int thread_count, const std::function<void(int thread_index)>& worker,
                 WorkQueue* queue = nullptr);

}  // namespace shuai::tools
