// The match openings in positions/openings.fen: enough of them, each a legal position reached by its listed
// ICCS moves from the start, all different, and covering the main families of Red's first move.
#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/board/board.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

struct Opening {
  int line_number = 0;
  std::string fen;
  std::string name;
  std::vector<std::string> moves;
};

// Lines are "FEN ; name: move move ..."; '#' lines and blank lines are skipped.
std::vector<Opening> load_openings() {
  std::vector<Opening> openings;
  for (const PositionLine& line : test::load_positions("openings.fen")) {
    const auto colon = line.rest.rfind(": ");
    if (!line.rest.starts_with("; ") || colon == std::string::npos)
      throw std::runtime_error("openings.fen line " + std::to_string(line.number) +
                               " is not 'FEN ; name: moves'");
    Opening opening{line.number, line.fen, line.rest.substr(2, colon - 2), {}};
    for (const auto& move : test::split(line.rest.substr(colon + 2), ' '))
      if (!move.empty()) opening.moves.push_back(move);
    openings.push_back(opening);
  }
  return openings;
}

std::string where(const Opening& opening) {
  return "line " + std::to_string(opening.line_number) + " (" + opening.name + ")";
}

TEST_CASE("the openings file holds at least 100 named openings") {
  const auto openings = load_openings();
  CHECK(openings.size() >= 100);
  for (const auto& opening : openings) {
    CHECK_MESSAGE(!opening.name.empty(), where(opening));
    CHECK_MESSAGE(!opening.moves.empty(), where(opening));
  }
}

TEST_CASE("every opening position parses and its side to move can play") {
  for (const auto& opening : load_openings()) {
    auto parsed = parse_fen(opening.fen);
    REQUIRE_MESSAGE(parsed.position, where(opening), ": ", parsed.error);
    CHECK_MESSAGE(to_fen(*parsed.position) == opening.fen, where(opening));
    CHECK_MESSAGE(!parsed.position->in_check(), where(opening));
    MoveList moves;
    generate_legal(*parsed.position, moves);
    CHECK_MESSAGE(moves.size > 0, where(opening));
  }
}

TEST_CASE("every opening's moves replayed from the start position give its FEN") {
  for (const auto& opening : load_openings()) {
    const int plies = int(opening.moves.size());
    CHECK_MESSAGE(plies >= 4, where(opening));
    CHECK_MESSAGE(plies <= 12, where(opening));
    Position position = *parse_fen(kStartFen).position;
    bool legal = true;
    for (const auto& text : opening.moves) {
      const auto result = parse_legal_move(position, text);
      if (result.move == kNoMove) {
        FAIL_CHECK(where(opening), ": ", result.error);
        legal = false;
        break;
      }
      position.make_move(result.move);
    }
    if (legal) CHECK_MESSAGE(to_fen(position) == opening.fen, where(opening));
  }
}

TEST_CASE("all openings are different positions") {
  std::map<std::uint64_t, std::string> seen;
  for (const auto& opening : load_openings()) {
    const auto parsed = parse_fen(opening.fen);
    REQUIRE_MESSAGE(parsed.position, where(opening), ": ", parsed.error);
    const auto result = seen.emplace(parsed.position->key(), where(opening));
    CHECK_MESSAGE(result.second, where(opening), " repeats ", result.first->second);
  }
}

TEST_CASE("the openings cover central cannon and elephant and pawn and horse and cross-palace cannon") {
  std::map<std::string, int> family_count;
  const std::map<std::string, std::string> family_of_first_move = {{"h2e2", "central cannon"},
                                                                   {"b2e2", "central cannon"},
                                                                   {"c0e2", "elephant"},
                                                                   {"g0e2", "elephant"},
                                                                   {"c3c4", "pawn"},
                                                                   {"g3g4", "pawn"},
                                                                   {"b0c2", "horse"},
                                                                   {"h0g2", "horse"},
                                                                   {"h2d2", "cross-palace cannon"},
                                                                   {"b2f2", "cross-palace cannon"}};
  for (const auto& opening : load_openings()) {
    REQUIRE(!opening.moves.empty());
    const auto family = family_of_first_move.find(opening.moves.front());
    if (family != family_of_first_move.end()) ++family_count[family->second];
  }
  CHECK(family_count["central cannon"] >= 5);
  CHECK(family_count["elephant"] >= 5);
  CHECK(family_count["pawn"] >= 5);
  CHECK(family_count["horse"] >= 5);
  CHECK(family_count["cross-palace cannon"] >= 3);
}

}  // namespace
}  // namespace shuai
