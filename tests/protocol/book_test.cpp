// The opening book through the protocol: usebook/bookfiles (UCCI) and OwnBook/BookFile (UCI) play weighted
// book moves at once and say so, leave the book when it has nothing, and a missing or corrupt file is one
// message with the engine playing on without a book.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <string>

#include "engine/board/board.h"
#include "engine/book/book_builder.h"
#include "tests/support/engine_process.h"

namespace shuai {
namespace {

using test::EngineProcess;

const std::string kShippedBook = std::string(SHUAI_POSITIONS_DIR) + "/opening-book.bin";

// A book of two first moves for Red, h2e2 played in 3 games and c3c4 in 1 (min_games 1), and one answer
// to h2e2.
std::string small_book(const std::string& path) {
  BookBuilder builder(4);
  const Position start = *parse_fen(kStartFen).position;
  const auto add = [&](std::initializer_list<std::string_view> iccs, GameOutcome outcome) {
    Position position = start;
    std::vector<Move> moves;
    for (const auto text : iccs) {
      moves.push_back(parse_legal_move(position, text).move);
      position.make_move(moves.back());
    }
    builder.add_game(start, moves, outcome);
  };
  add({"h2e2", "h9g7"}, GameOutcome::kRedWins);
  add({"h2e2", "h9g7"}, GameOutcome::kDraw);
  add({"h2e2", "h9g7"}, GameOutcome::kBlackWins);
  add({"c3c4"}, GameOutcome::kRedWins);
  std::string error;
  REQUIRE(write_book_file(path, builder.finish({1, 0.0}), error));
  return path;
}

std::string bestmove_of(const std::optional<std::string>& line) {
  REQUIRE(line);
  return line->substr(9, 4);
}

TEST_SUITE("threads") {
  TEST_CASE("UCCI usebook plays a book move at once, says so, and searches once out of the book") {
    const std::string path = small_book("protocol_book_test_ucci.book");
    EngineProcess engine;
    engine.send("ucci");
    REQUIRE(engine.wait_for("ucciok"));
    engine.send("setoption bookfiles " + path);
    engine.send("setoption usebook true");
    engine.send("position startpos");
    engine.send("go time 60000");
    const auto said = engine.wait_for("info message book move ");
    REQUIRE(said);
    const std::string first = bestmove_of(engine.wait_for("bestmove"));
    // The start position is its own mirror image: c3c4 is offered as its mirror g3g4 (book_key.h).
    CHECK((first == "h2e2" || first == "g3g4"));
    CHECK(said->find(first) != std::string::npos);

    engine.send("position startpos moves h2e2");
    engine.send("go depth 3");
    CHECK(bestmove_of(engine.wait_for("bestmove")) == "h9g7");  // the only book answer

    // Out of the book: a normal search with its info lines.
    engine.send("position startpos moves h2e2 h9g7");
    engine.send("go depth 3");
    CHECK(engine.wait_for("info depth 3"));
    CHECK(engine.wait_for("bestmove"));

    // Banned moves are not played from the book either.
    engine.send("position startpos moves h2e2");
    engine.send("banmoves h9g7");
    engine.send("go depth 2");
    CHECK(engine.wait_for("info depth 2"));
    CHECK(bestmove_of(engine.wait_for("bestmove")) != "h9g7");

    // Analysis always searches.
    engine.send("position startpos");
    engine.send("go infinite");
    CHECK(engine.wait_for("info depth 2"));
    engine.send("stop");
    CHECK(engine.wait_for("bestmove"));

    engine.send("setoption usebook false");
    engine.send("position startpos");
    engine.send("go depth 2");
    CHECK(engine.wait_for("info depth 2"));
    CHECK(engine.wait_for("bestmove"));
    std::remove(path.c_str());
  }

  TEST_CASE("the book's choice follows the weights and varies from game to game") {
    const std::string path = small_book("protocol_book_test_choice.book");
    EngineProcess engine;
    engine.send("uci");
    REQUIRE(engine.wait_for("uciok"));
    engine.send("setoption name BookFile value " + path);
    engine.send("setoption name OwnBook value true");
    int h2e2 = 0, c3c4 = 0;
    for (int game = 0; game < 60; ++game) {
      engine.send("position startpos");
      engine.send("go wtime 1000 btime 1000");
      const std::string move = bestmove_of(engine.wait_for("bestmove"));
      (move == "h2e2" ? h2e2 : c3c4)++;
      CHECK((move == "h2e2" || move == "g3g4"));  // c3c4 comes as its mirror image g3g4
    }
    // Weights 150 and 67 (book_weight): h2e2 about 69% of the time; both must occur in 60 tries.
    CHECK(h2e2 > c3c4);
    CHECK(c3c4 > 0);
    std::remove(path.c_str());
  }

  TEST_CASE("a missing or corrupt book is one message and the engine plays on without one") {
    const std::string corrupt = "protocol_book_test_corrupt.book";
    {
      std::ofstream file(corrupt);
      file << "not a book at all";
    }
    EngineProcess engine;
    engine.send("uci");
    REQUIRE(engine.wait_for("uciok"));
    engine.send("setoption name OwnBook value true");
    engine.send("setoption name BookFile value /nonexistent/book.bin");
    const auto missing = engine.wait_for("info string ");
    REQUIRE(missing);
    CHECK(missing->find("/nonexistent/book.bin") != std::string::npos);
    CHECK(missing->find("without a book") != std::string::npos);
    engine.send("position startpos");
    engine.send("go depth 2");
    CHECK(engine.wait_for("info depth 2"));
    CHECK(engine.wait_for("bestmove"));

    engine.send("setoption name BookFile value " + corrupt);
    const auto bad = engine.wait_for("info string ");
    REQUIRE(bad);
    CHECK(bad->find(corrupt) != std::string::npos);
    engine.send("go depth 2");
    CHECK(engine.wait_for("info depth 2"));
    CHECK(engine.wait_for("bestmove"));
    std::remove(corrupt.c_str());
  }

  TEST_CASE("the book shipped in positions/ is the default and knows the start position") {
    EngineProcess engine;
    engine.send("ucci");
    REQUIRE(engine.wait_for("ucciok"));
    engine.send("setoption usebook true");
    std::set<std::string> first_moves;
    for (int game = 0; game < 30; ++game) {
      engine.send("position startpos");
      engine.send("go time 60000");
      REQUIRE(engine.wait_for("info message book move "));
      first_moves.insert(bestmove_of(engine.wait_for("bestmove")));
    }
    CHECK(first_moves.size() >= 3);
    CHECK(first_moves.count("h2e2") + first_moves.count("b2e2") == 1);  // the central cannon is its main line
  }
}

}  // namespace
}  // namespace shuai
