// Perft counts against every reference position in positions/ (depths 1-3; depth 4 in the "slow" suite).
#include <doctest/doctest.h>

#include "engine/board/board.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

void check_reference_depths(int first_depth, int last_depth) {
  const auto references = test::all_perft_references();
  REQUIRE(references.size() == 55);
  int checked = 0;
  for (const auto& reference : references) {
    auto parsed = parse_fen(reference.fen);
    INFO(reference.id, " ", reference.fen);
    REQUIRE_MESSAGE(parsed.position, parsed.error);
    for (int depth = first_depth; depth <= last_depth; ++depth) {
      if (depth > int(reference.counts.size()) || !reference.counts[depth - 1]) continue;
      INFO("depth ", depth);
      CHECK(perft(*parsed.position, depth) == *reference.counts[depth - 1]);
      ++checked;
    }
  }
  CHECK(checked > 0);
}

TEST_CASE("perft matches every reference position at depths 1 to 3") {
  check_reference_depths(1, 3);
}

TEST_CASE("perft of the start position to depth 4") {
  auto parsed = parse_fen(kStartFen);
  REQUIRE(parsed.position);
  CHECK(perft(*parsed.position, 1) == 44);
  CHECK(perft(*parsed.position, 2) == 1'920);
  CHECK(perft(*parsed.position, 3) == 79'666);
  CHECK(perft(*parsed.position, 4) == 3'290'240);
}

TEST_CASE("perft divide sums to perft and the full-test road agrees") {
  for (const auto& reference : test::all_perft_references()) {
    INFO(reference.id);
    auto position = *parse_fen(reference.fen).position;
    std::uint64_t sum = 0;
    for (const auto& entry : perft_divide(position, 2)) sum += entry.nodes;
    CHECK(sum == perft(position, 2));
    CHECK(perft_by_full_test(position, 3) == perft(position, 3));
  }
}

TEST_SUITE("slow") {
  TEST_CASE("perft matches every reference position at depth 4") {
    check_reference_depths(4, 4);
  }
}

}  // namespace
}  // namespace shuai
