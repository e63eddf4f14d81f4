// The mate suite (positions/mates.epd, verified by Fairy-Stockfish when it was made): every mate is found
// with its exact distance and one of the expected first moves.
#include <doctest/doctest.h>

#include <sstream>

#include "engine/board/board.h"
#include "search/search.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

struct MateProblem {
  std::string id;
  std::string fen;
  std::vector<std::string> best_moves;
  int moves_to_mate = 0;
};

// EPD: "<board> <side> - - bm m1 [m2...]; dm N; id "..."; ..."
std::vector<MateProblem> load_mate_problems() {
  std::vector<MateProblem> problems;
  for (const PositionLine& line : test::load_positions("mates.epd")) {
    std::istringstream words(line.rest);
    MateProblem problem;
    problem.fen = line.fen;
    std::string operation;
    while (words >> operation) {
      if (operation == "bm") {
        std::string move;
        while (words >> move) {
          const bool last = move.back() == ';';
          if (last) move.pop_back();
          problem.best_moves.push_back(move);
          if (last) break;
        }
      } else if (operation == "dm") {
        std::string count;
        words >> count;
        problem.moves_to_mate = std::stoi(count);
      } else if (operation == "id") {
        words >> problem.id;
      }
    }
    problems.push_back(problem);
  }
  return problems;
}

TEST_CASE("every mate of the suite is found with its exact distance") {
  const auto problems = load_mate_problems();
  REQUIRE(problems.size() >= 20);
  int solved = 0;
  bool red_attacks = false, black_attacks = false;
  for (const MateProblem& problem : problems) {
    INFO(problem.id, " ", problem.fen);
    auto parsed = parse_fen(problem.fen);
    REQUIRE_MESSAGE(parsed.position, parsed.error);
    (parsed.position->side_to_move() == kRed ? red_attacks : black_attacks) = true;
    Searcher searcher;
    searcher.table().resize(16);
    SearchLimits limits;
    limits.depth = 2 * problem.moves_to_mate + 3;
    const SearchResult result = searcher.search(*parsed.position, limits);
    const int plies = 2 * problem.moves_to_mate - 1;
    CHECK(result.score == mate_in(plies));
    const std::string best = move_to_iccs(result.best_move);
    CHECK_MESSAGE(
        std::find(problem.best_moves.begin(), problem.best_moves.end(), best) != problem.best_moves.end(),
        "played ", best);
    solved += result.score == mate_in(plies);
  }
  CHECK(solved == int(problems.size()));
  CHECK(red_attacks);
  CHECK(black_attacks);
}

// With two threads the root splits too: a mating move a helper finds must come back as the move played, with
// its line.
TEST_CASE("two threads find every mate of the suite and report the line of the move played" *
          doctest::test_suite("threads")) {
  const auto problems = load_mate_problems();
  Searcher searcher(16);
  searcher.set_threads(2);
  std::vector<Move> reported_line;
  searcher.set_info_callback([&](const SearchInfo& info) { reported_line = info.principal_variation; });
  for (const MateProblem& problem : problems) {
    INFO(problem.id, " ", problem.fen);
    const Position root = *parse_fen(problem.fen).position;
    searcher.clear();
    SearchLimits limits;
    limits.depth = 2 * problem.moves_to_mate + 3;
    const SearchResult result = searcher.search(root, limits);
    CHECK(result.score == mate_in(2 * problem.moves_to_mate - 1));
    const std::string best = move_to_iccs(result.best_move);
    CHECK_MESSAGE(
        std::find(problem.best_moves.begin(), problem.best_moves.end(), best) != problem.best_moves.end(),
        "played ", best);
    REQUIRE(!reported_line.empty());
    CHECK(reported_line.front() == result.best_move);
    Position position = root;
    for (const Move m : reported_line) {
      REQUIRE(is_legal(position, m));
      position.make_move(m);
    }
  }
}

}  // namespace
}  // namespace shuai
