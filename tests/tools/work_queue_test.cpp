// The tools' work queue: every task handed out once across threads, a stop, and a worker's failure.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "tools/common/work_queue.h"

namespace shuai {
namespace {

TEST_CASE("work queue: every task is handed out exactly once over all the threads") {
  constexpr std::size_t kTasks = 1000;
  tools::WorkQueue queue(kTasks);
  std::vector<std::atomic<int>> times(kTasks);
  std::atomic<int> threads_seen{0};
  tools::run_workers(4, [&](int) {
    ++threads_seen;
    while (const auto task = queue.next()) ++times[*task];
  });
  CHECK(threads_seen == 4);
  for (std::size_t task = 0; task < kTasks; ++task) CHECK(times[task] == 1);
  CHECK_FALSE(queue.next());
}

TEST_CASE("work queue: after a stop no more tasks are handed out") {
  tools::WorkQueue queue(10);
  CHECK(queue.next() == 0u);
  CHECK(queue.next() == 1u);
  queue.stop();
  CHECK(queue.stopped());
  CHECK_FALSE(queue.next());
  tools::WorkQueue empty(0);
  CHECK_FALSE(empty.next());
}

TEST_CASE("work queue: a worker's failure stops the queue and is rethrown after all threads end") {
  tools::WorkQueue queue(1'000'000);
  std::atomic<int> done{0};
  CHECK_THROWS_WITH_AS(tools::run_workers(
                           2,
                           [&](int thread) {
                             while (const auto task = queue.next()) {
                               if (thread == 0 && *task > 10) throw std::runtime_error("broken");
                               ++done;
                             }
                           },
                           &queue),
                       "broken", std::runtime_error);
  CHECK(queue.stopped());
  CHECK(done < 1'000'000);
}

TEST_CASE("run_workers hands each thread its index") {
  std::mutex mutex;
  std::vector<int> seen;
  tools::run_workers(3, [&](int thread) {
    std::lock_guard lock(mutex);
    seen.push_back(thread);
  });
  std::sort(seen.begin(), seen.end());
  CHECK(seen == std::vector<int>{0, 1, 2});
}

}  // namespace
}  // namespace shuai
