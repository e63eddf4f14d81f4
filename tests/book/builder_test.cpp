// Building books: exact counts from the fixtures (transpositions and a game's mirror image sharing records,
// a repeated position counted once per game), the plies counted from each game's own start, selection by
// games and score, the weight formula, the memory bound, and the `shuai book build/probe` command run as a
// process on the fixtures.
#include <doctest/doctest.h>

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/board/board.h"
#include "engine/book/book_builder.h"
#include "engine/book/book_key.h"
#include "engine/book/pgn_reader.h"
#include "tests/support/played_position.h"
#include "tests/support/program_run.h"
#include "tests/support/temporary_file.h"

namespace shuai {
namespace {

using test::ProgramRun;
using test::run_program;
using test::TemporaryFile;

std::string fixture(const std::string& name) {
  return std::string(SHUAI_TESTS_DIR) + "/book/games/" + name;
}

// Adds every game the PGN text holds; returns how many were skipped.
int add_games(BookBuilder& builder, std::istream& input) {
  PgnReader reader(input);
  PgnGame game;
  std::string problem;
  int skipped = 0;
  for (PgnReader::Status status; (status = reader.next(game, problem)) != PgnReader::Status::kEnd;) {
    if (status == PgnReader::Status::kGame)
      builder.add_game(game);
    else
      ++skipped;
  }
  return skipped;
}

int add_fixture(BookBuilder& builder, const std::string& name) {
  std::ifstream input(fixture(name), std::ios::binary);
  REQUIRE(input);
  return add_games(builder, input);
}

int add_text(BookBuilder& builder, const std::string& text) {
  std::istringstream input(text);
  return add_games(builder, input);
}

Position position_after(const std::vector<std::string>& moves) {
  return test::play_moves(kStartFen, moves);
}

// The record of `move` (ICCS) played after `moves` from the start, or nothing.
std::optional<BookRecord> find_record(const std::vector<BookRecord>& records,
                                      const std::vector<std::string>& moves, std::string_view move) {
  const BookKey key = book_key(position_after(moves));
  const Move stored = to_book_move(key, *parse_iccs(move));
  for (const BookRecord& record : records)
    if (record.key == key.key && record.move == stored) return record;
  return std::nullopt;
}

const std::vector<std::string> kGameA = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4",
                                         "g6g5", "h0h6", "h7i7", "h6g6", "i7i8", "b0c2", "c9e7"};

std::vector<std::string> first_plies(int plies) {
  return {kGameA.begin(), kGameA.begin() + plies};
}

TEST_CASE("A book built from the Chinese fixture counts every position and move exactly") {
  BookBuilder builder;
  CHECK(add_fixture(builder, "chinese.pgn") == 0);
  CHECK(builder.games() == 4);
  CHECK(builder.positions() == 14 + 10 + 14 + 4);
  CHECK(builder.entries() == 23);
  CHECK(builder.dropped() == 0);
  CHECK(builder.finish({.min_games = 1}).size() == 23);

  const std::vector<BookRecord> records = builder.finish({});  // moves of at least 2 games
  CHECK(records.size() == 13);
  CHECK(std::is_sorted(records.begin(), records.end(), record_before));
  // 炮二平五 in games A (1-0), B (1/2-1/2) and C (0-1): Red's results.
  CHECK(find_record(records, {}, "h2e2") ==
        BookRecord{book_key(position_after({})).key, *parse_iccs("h2e2"), 3, 1, 1, 1, 150});
  // 马８进７ in the same games, from Black's side.
  const auto reply = find_record(records, first_plies(1), "h9g7");
  REQUIRE(reply);
  CHECK(reply->games == 3);
  CHECK(reply->wins == 1);
  CHECK(reply->draws == 1);
  CHECK(reply->losses == 1);
  // Black's 马２进３ at ply 6: games A (lost) and C (won); game B played 卒７进１ there.
  CHECK(find_record(records, first_plies(5), "b9c7") ==
        BookRecord{book_key(position_after(first_plies(5))).key,
                   to_book_move(book_key(position_after(first_plies(5))), *parse_iccs("b9c7")), 2, 1, 0, 1,
                   100});
  // Game B reaches A's position after ply 9 by another order: 炮８平９ there counts all three games.
  const auto transposed = find_record(records, first_plies(9), "h7i7");
  REQUIRE(transposed);
  CHECK(transposed->games == 3);
  CHECK(transposed->draws == 1);
  // Game D's pawn opening is one game: not in the book at two games.
  CHECK_FALSE(find_record(records, {}, "c3c4"));
  CHECK(find_record(builder.finish({.min_games = 1}), {}, "c3c4")->games == 1);
}

TEST_CASE("A game and its mirror image count on the same records") {
  BookBuilder builder;
  CHECK(add_fixture(builder, "iccs.pgn") == 0);  // game A won by Red, and its mirror image won by Black
  CHECK(builder.entries() == 14);
  const std::vector<BookRecord> records = builder.finish({});
  REQUIRE(records.size() == 14);
  for (const BookRecord& record : records) {
    CHECK(record.games == 2);
    CHECK(record.wins == 1);
    CHECK(record.losses == 1);
  }
  for (int ply = 0; ply < 14; ++ply) CHECK(find_record(records, first_plies(ply), kGameA[ply]));
}

TEST_CASE("A position met twice in one game counts once and transposed orders share it") {
  BookBuilder builder;
  add_text(builder, "1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 1/2-1/2\n");
  CHECK(builder.positions() == 5);
  CHECK(builder.entries() == 4);
  const std::vector<BookRecord> records = builder.finish({.min_games = 1});
  CHECK(find_record(records, {}, "h0g2")->games == 1);
  CHECK(find_record(records, {}, "h0g2")->draws == 1);
}

TEST_CASE("Plies are counted from each game's own start up to max_plies") {
  BookBuilder builder(2);
  add_text(builder,
           "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1\"]\n"
           "1... h9g7 2. h0g2 i9h9 0-1\n"
           "1. h2e2 h9g7 2. h0g2 1-0\n");
  CHECK(builder.positions() == 4);
  CHECK(builder.entries() == 3);  // h9g7 after 炮二平五 is shared
  const std::vector<BookRecord> records = builder.finish({.min_games = 1});
  const auto shared = find_record(records, {"h2e2"}, "h9g7");
  REQUIRE(shared);
  CHECK(shared->games == 2);
  CHECK(shared->wins == 1);  // Black won the first game and lost the second
  CHECK(shared->losses == 1);
  CHECK(find_record(records, {"h2e2", "h9g7"}, "h0g2")->games == 1);    // the FEN game's second ply
  CHECK_FALSE(find_record(records, {"h2e2", "h9g7", "h0g2"}, "i9h9"));  // its third ply is beyond max_plies
}

TEST_CASE("Records are selected by games and score and weighted by the documented formula") {
  BookBuilder builder;
  add_text(builder,
           "1. h2e2 1-0\n1. h2e2 1-0\n1. h2e2 1-0\n"
           "1. h0g2 0-1\n1. h0g2 0-1\n"
           "1. c3c4 1/2-1/2\n");
  const auto weights = [](const std::vector<BookRecord>& records) {
    std::vector<std::uint32_t> list;
    for (const BookRecord& record : records) list.push_back(record.weight);
    std::sort(list.begin(), list.end());
    return list;
  };
  CHECK(weights(builder.finish({.min_games = 1})) == std::vector<std::uint32_t>{50, 50, 240});
  CHECK(weights(builder.finish({.min_games = 2})) == std::vector<std::uint32_t>{50, 240});
  CHECK(weights(builder.finish({.min_games = 1, .min_score = 0.5})) == std::vector<std::uint32_t>{50, 240});
  CHECK(weights(builder.finish({.min_games = 2, .min_score = 0.6})) == std::vector<std::uint32_t>{240});
  CHECK(weights(builder.finish({.min_games = 4})).empty());

  CHECK(book_weight(3, 3, 0) == 240);  // 100 * 3 * (3 + 1) / (3 + 2)
  CHECK(book_weight(2, 0, 0) == 50);   // 100 * 2 * 1 / 4
  CHECK(book_weight(1, 0, 1) == 50);   // 100 * 1 * 1.5 / 3
  CHECK(book_weight(3, 1, 1) == 150);
  CHECK(book_weight(1, 0, 0) == 33);
  CHECK(book_weight(10, 10, 0) == 917);
  CHECK(book_weight(0, 0, 0) == 1);  // never 0
  CHECK(book_weight(4'000'000'000u, 4'000'000'000u, 0) == 4'294'967'295u);
}

TEST_CASE("The builder drops the rarest pairs to stay within its entry bound") {
  BookBuilder bounded(40, 16);
  add_fixture(bounded, "chinese.pgn");
  CHECK(bounded.entries() <= 16);
  CHECK(bounded.dropped() > 0);
  CHECK(bounded.dropped() + bounded.entries() >= 23);
  BookBuilder roomy(40, 23);
  add_fixture(roomy, "chinese.pgn");
  CHECK(roomy.dropped() == 0);
}

// The shuai program run as a process.
ProgramRun run_shuai(const std::string& arguments) {
  return run_program(std::string(SHUAI_BINARY) + " " + arguments);
}

TEST_CASE("shuai book build and probe work on the fixtures") {
  const TemporaryFile book("chinese.book");
  const ProgramRun build = run_shuai("book build --out " + book.path + " " + fixture("chinese.pgn"));
  INFO(build.output);
  REQUIRE(build.exit_code == 0);
  CHECK(build.output.find("book [") != std::string::npos);  // the progress line, on standard error
  CHECK(build.output.find("games: 4 read, 4 used, 0 skipped\n") != std::string::npos);
  CHECK(build.output.find("positions: 42 counted (first 40 plies of each game), 23 distinct position-move "
                          "pairs\n") != std::string::npos);
  CHECK(build.output.find("records: 13 written to " + book.path +
                          " for 13 positions (--min-games 2 --min-score 0)\n") != std::string::npos);

  const ProgramRun start = run_shuai("book probe " + book.path);
  INFO(start.output);
  CHECK(start.exit_code == 0);
  CHECK(start.output == "h2e2  炮二平五  games     3  +1 =1 -1  score  50.0%  weight    150  share 100.0%\n");
  CHECK(run_shuai("book probe " + book.path + " startpos").output == start.output);
  CHECK(run_shuai("book probe " + book.path + " " + std::string(kStartFen)).output == start.output);

  const ProgramRun later = run_shuai("book probe " + book.path + " startpos moves h2e2 h9g7 h0g2 i9h9 i0h0");
  CHECK(later.output == "b9c7  马２进３  games     2  +1 =0 -1  score  50.0%  weight    100  share 100.0%\n");
  // The mirror image of the position after 炮二平五 马８进７ in WXF and Chinese: the book's 马二进三 turned.
  const ProgramRun mirrored = run_shuai("book probe " + book.path + " startpos moves C8.5 马２进３");
  CHECK(mirrored.output ==
        "b0c2  马八进七  games     3  +1 =1 -1  score  50.0%  weight    150  share 100.0%\n");
  CHECK(run_shuai("book probe " + book.path + " startpos moves a0a1").output == "no book moves\n");

  const TemporaryFile two("two.book");
  const ProgramRun bad = run_shuai("book build --out " + two.path + " --min-games 1 --max-plies 2 " +
                                   fixture("bad.pgn") + " " + fixture("chinese.pgn"));
  INFO(bad.output);
  CHECK(bad.exit_code == 0);
  CHECK(bad.output.find("games: 11 read, 5 used, 6 skipped\n") != std::string::npos);
  CHECK(bad.output.find("  skipped " + fixture("bad.pgn") + ": game 1 (line 1): ply 3 'h2h9'") !=
        std::string::npos);
  CHECK(bad.output.find("  ... and 1 more skipped\n") != std::string::npos);
  CHECK(bad.output.find("positions: 10 counted (first 2 plies of each game)") != std::string::npos);
  // 炮二平五 (4 games), 马８进７ (4), 兵七进一 (1), 卒７进１ after it (1).
  CHECK(bad.output.find("records: 4 written") != std::string::npos);
}

TEST_CASE("shuai book builds from garbage without a crash and refuses bad arguments with one line") {
  const TemporaryFile garbage("garbage.pgn"), book("garbage.book"), corrupt("corrupt.book");
  {
    std::mt19937 random(7);
    std::ofstream file(garbage.path, std::ios::binary);
    for (int i = 0; i < 200'000; ++i) file.put(char(random() & 0xff));
    std::ofstream(corrupt.path, std::ios::binary) << "SHUAIBK";
  }
  const ProgramRun built = run_shuai("book build --out " + book.path + " " + garbage.path);
  INFO(built.output);
  CHECK(built.exit_code == 0);
  CHECK(built.output.find("records: 0 written") != std::string::npos);
  CHECK(run_shuai("book probe " + book.path).output == "no book moves\n");

  const std::string pgn = fixture("chinese.pgn");
  for (const std::string& arguments :
       {"book build " + pgn, "book build --out " + book.path,
        "book build --out " + book.path + " --min-games 0 " + pgn,
        "book build --out " + book.path + " --min-score 1.5 " + pgn,
        "book build --out " + book.path + " --max-plies many " + pgn,
        "book build --out " + book.path + " --bogus 1 " + pgn, "book build " + pgn + " --out",
        "book build --out " + book.path + " /nonexistent/games.pgn",
        "book build --out /nonexistent/dir/x.book " + pgn, std::string("book probe"),
        std::string("book probe /nonexistent/shuai.book"), "book probe " + corrupt.path,
        "book probe " + book.path + " not a fen", "book probe " + book.path + " startpos moves a0a5",
        std::string("book frobnicate")}) {
    INFO(arguments);
    const ProgramRun run = run_shuai(arguments);
    INFO(run.output);
    CHECK(run.exit_code == 2);
    CHECK(run.output.starts_with("shuai book: "));
    CHECK(std::count(run.output.begin(), run.output.end(), '\n') == 1);
  }
  CHECK(run_shuai("book").exit_code == 2);
  const ProgramRun help = run_shuai("book help");
  CHECK(help.exit_code == 0);
  CHECK(help.output.starts_with("usage:\n  shuai book build --out FILE"));
}

}  // namespace
}  // namespace shuai
