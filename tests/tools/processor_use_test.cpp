// Who uses the processors: the arithmetic between two readings, this program's own time (its children's
// included) and a process outside it counted as another program's.
#include "tools/common/processor_use.h"

#include <doctest/doctest.h>

#include <chrono>
#include <ctime>
#include <string>
#include <thread>

#include "tools/common/child_process.h"

namespace shuai::tools {
namespace {

TEST_CASE("processor use: others' share is the busy time that is not this program's, per second") {
  const ProcessorUse from{100, 10, 4}, to{102, 13, 5};
  CHECK(others_processors(from, to) == doctest::Approx(1.0));  // 3 s busy, 1 s of it ours, over 2 s
  CHECK(others_processors(from, from) == 0);                   // no time passed
  CHECK(others_processors(from, {102, 11, 6}) == 0);           // never below 0 (the readings' rounding)
}

TEST_CASE("processor use: this program's work and its children's are its own, an outside process's not") {
  const auto start = read_processor_use();
  REQUIRE(start);
  // Burn 0.3 s of this process's processor time (a processor clock, not the wall's: a loaded machine only
  // makes it take longer).
  const std::clock_t burn_from = std::clock();
  volatile unsigned sink = 0;
  while (std::clock() - burn_from < CLOCKS_PER_SEC * 3 / 10) sink = sink + 1;
  const auto after_burn = read_processor_use();
  REQUIRE(after_burn);
  CHECK(after_burn->own_seconds - start->own_seconds >= 0.2);

  // A child that loops for a second of wall time, collected: its time moves into ours.
  std::string error;
  ChildProcess child;
  REQUIRE(child.start("timeout 1 sh -c 'while :; do :; done'; true", "", error));
  REQUIRE(child.wait_exit(Clock::now() + std::chrono::seconds(20)));
  const auto after_child = read_processor_use();
  REQUIRE(after_child);
  CHECK(after_child->own_seconds - after_burn->own_seconds >= 0.2);

  // A loop left behind by a shell that has exited belongs to no process of ours: while this one sleeps, the
  // loop is another program's time.
  ChildProcess orphan_maker;
  REQUIRE(orphan_maker.start("sh -c \"(timeout 1 sh -c 'while :; do :; done' &)\"", "", error));
  REQUIRE(orphan_maker.wait_exit(Clock::now() + std::chrono::seconds(20)));
  const auto before_sleep = read_processor_use();
  REQUIRE(before_sleep);
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  const auto after_sleep = read_processor_use();
  REQUIRE(after_sleep);
  CHECK(others_processors(*before_sleep, *after_sleep) >= 0.25);
  CHECK(after_sleep->own_seconds - before_sleep->own_seconds < 0.15);
}

}  // namespace
}  // namespace shuai::tools
