// Endgame names, the stored orientation of colours, the captures' endgames and the sets of tables.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/board/board.h"
#include "engine/tablebase/tablebase.h"

namespace shuai::tablebase {
namespace {

Material named(std::string_view name) {
  std::string error;
  const auto material = parse_endgame_name(name, error);
  REQUIRE_MESSAGE(material, error);
  return *material;
}

TEST_CASE("endgame names read back as they are written") {
  for (const char* name : {"KvK", "KRvKAABB", "KRNvK", "KCPvKAB", "KAvKB", "KPPvKAABB"})
    CHECK(endgame_name(named(name)) == name);
  // Letters in any order and the other elephant and horse letters are read; the name is written in order.
  CHECK(endgame_name(named("KBARvKEH")) == "KRABvKNB");
  const Material full_defence = named("KRvKAABB");
  CHECK(full_defence.count[kRed][kRook] == 1);
  CHECK(full_defence.count[kBlack][kAdvisor] == 2);
  CHECK(full_defence.attackers(kRed) == 1);
  CHECK(full_defence.attackers(kBlack) == 0);
  CHECK(full_defence.defenders(kBlack) == 4);
}

TEST_CASE("a bad endgame name is one line and no material") {
  std::string error;
  CHECK_FALSE(parse_endgame_name("KRK", error));
  CHECK(error.find("not an endgame name") != std::string::npos);
  CHECK_FALSE(parse_endgame_name("KXvK", error));
  CHECK(error.find("not a piece letter") != std::string::npos);
  CHECK_FALSE(parse_endgame_name("KRRRvK", error));
  CHECK(error.find("no more pieces than a set has") != std::string::npos);
  CHECK_FALSE(parse_endgame_name("RvK", error));
  CHECK(error.find("one king a side") != std::string::npos);
  CHECK(error.find('\n') == std::string::npos);
}

TEST_CASE("the stronger side is Red in a stored table") {
  CHECK(is_stored_orientation(named("KRvKAABB")));
  CHECK_FALSE(is_stored_orientation(named("KAABBvKR")));
  CHECK(with_colors_exchanged(named("KAABBvKR")) == named("KRvKAABB"));
  CHECK(is_stored_orientation(named("KPvKAABB")));  // a pawn outweighs any defence
  CHECK(is_stored_orientation(named("KNvKC")));
  CHECK(is_stored_orientation(named("KAvKA")));  // equal sets are their own orientation
  const Position position = *parse_fen("5k3/9/9/9/9/9/9/9/4r4/3K5 w").position;
  CHECK(endgame_name(material_of(position)) == "KvKR");
}

TEST_CASE("captures lead to the smaller endgames, each once and in stored orientation") {
  std::vector<std::string> names;
  for (const Material& smaller : endgames_after_one_capture(named("KRAvKBB")))
    names.push_back(endgame_name(smaller));
  std::sort(names.begin(), names.end());
  // Black's capture of the rook leaves KAvKBB: no attackers, and Red's advisor outweighs the elephants.
  CHECK(names == std::vector<std::string>{"KAvKBB", "KRAvKB", "KRvKBB"});
  names.clear();
  for (const Material& smaller : endgames_after_one_capture(named("KRvKAA")))
    names.push_back(endgame_name(smaller));
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"KAAvK", "KRvKA"});  // KvKAA is stored with the advisors as Red
}

TEST_CASE("the sets hold their endgames, each after the tables its captures lead to") {
  const auto one = endgame_set("one");
  REQUIRE(one);
  const auto contains = [&](const std::vector<Material>& set, std::string_view name) {
    return std::find(set.begin(), set.end(), named(name)) != set.end();
  };
  CHECK(contains(*one, "KRvKAABB"));
  CHECK(contains(*one, "KPAvKBB"));
  CHECK(contains(*one, "KvK"));
  CHECK_FALSE(contains(*one, "KRNvK"));
  for (std::size_t i = 0; i < one->size(); ++i)
    for (const Material& smaller : endgames_after_one_capture((*one)[i])) {
      const auto at = std::find(one->begin(), one->end(), smaller);
      REQUIRE(at != one->end());
      CHECK(at < one->begin() + std::ptrdiff_t(i));
    }
  const auto one_sided = endgame_set("one-sided");
  REQUIRE(one_sided);
  CHECK(contains(*one_sided, "KRNvKAABB"));
  CHECK(contains(*one_sided, "KPPvK"));
  CHECK(one_sided->size() > one->size());
  const auto two_sided = endgame_set("two-sided");
  REQUIRE(two_sided);
  CHECK(contains(*two_sided, "KRvKN"));
  CHECK(contains(*two_sided, "KNvKN"));
  CHECK(contains(*two_sided, "KCAvKPA"));
  CHECK_FALSE(contains(*two_sided, "KRAvKNAB"));  // three advisors and elephants in all
  CHECK(endgame_set("all")->size() > one_sided->size());
  CHECK_FALSE(endgame_set("three"));
}

}  // namespace
}  // namespace shuai::tablebase
