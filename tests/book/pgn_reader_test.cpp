// The PGN reader: the fixtures in Chinese (simplified, traditional, full-width and ASCII numerals), ICCS and
// WXF notation give the same games; tags, comments, variations, NAGs and move numbers are read as PGN; bad
// games are reported in one line and skipped; garbage of any kind is read to its end.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/board/board.h"
#include "engine/book/chinese_move_reader.h"
#include "engine/book/pgn_reader.h"

namespace shuai {
namespace {

struct ReadResult {
  std::vector<PgnReader::Status> statuses;  // one per game
  std::vector<PgnGame> games;               // the games read whole
  std::vector<std::string> problems;        // the skipped games' reports
  std::uint64_t bytes_read = 0;
};

ReadResult read_all(std::istream& input) {
  ReadResult result;
  PgnReader reader(input);
  PgnGame game;
  std::string problem;
  for (PgnReader::Status status; (status = reader.next(game, problem)) != PgnReader::Status::kEnd;) {
    result.statuses.push_back(status);
    if (status == PgnReader::Status::kGame)
      result.games.push_back(game);
    else
      result.problems.push_back(problem);
  }
  CHECK(reader.next(game, problem) == PgnReader::Status::kEnd);  // and stays at the end
  result.bytes_read = reader.bytes_read();
  return result;
}

ReadResult read_text(const std::string& text) {
  std::istringstream input(text);
  return read_all(input);
}

ReadResult read_fixture(const std::string& name) {
  std::ifstream input(std::string(SHUAI_TESTS_DIR) + "/book/games/" + name, std::ios::binary);
  REQUIRE(input);
  return read_all(input);
}

std::vector<std::string> iccs_of(const PgnGame& game) {
  std::vector<std::string> moves;
  for (const Move move : game.moves) moves.push_back(move_to_iccs(move));
  return moves;
}

Position start_position() {
  return *parse_fen(kStartFen).position;
}

// 中炮对屏风马 as the fixtures play it, and its mirror image (files a <-> i).
const std::vector<std::string> kGameA = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4",
                                         "g6g5", "h0h6", "h7i7", "h6g6", "i7i8", "b0c2", "c9e7"};
const std::vector<std::string> kMirrorA = {"b2e2", "b9c7", "b0c2", "a9b9", "a0b0", "h9g7", "g3g4",
                                           "c6c5", "b0b6", "b7a7", "b6c6", "a7a8", "h0g2", "g9e7"};

TEST_CASE("The Chinese-notation fixture reads in simplified and traditional and every numeral") {
  const ReadResult read = read_fixture("chinese.pgn");
  REQUIRE(read.statuses == std::vector<PgnReader::Status>(4, PgnReader::Status::kGame));
  CHECK(read.games[0].number == 1);
  CHECK(read.games[0].line == 4);
  CHECK(read.games[0].tag("Red") == "Red A");
  CHECK(read.games[0].tag("Format") == "Chinese");
  CHECK(read.games[0].tag("Site").empty());
  CHECK(iccs_of(read.games[0]) == kGameA);
  CHECK(read.games[0].outcome == GameOutcome::kRedWins);
  CHECK(iccs_of(read.games[1]) == std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "g6g5",
                                                           "h0h6", "b9c7", "c3c4", "h7i7"});
  CHECK(read.games[1].outcome == GameOutcome::kDraw);
  std::vector<std::string> game_c(kGameA.begin(), kGameA.end() - 1);
  game_c.push_back("d9e8");
  CHECK(iccs_of(read.games[2]) == game_c);
  CHECK(read.games[2].outcome == GameOutcome::kBlackWins);
  CHECK(iccs_of(read.games[3]) == std::vector<std::string>{"c3c4", "g6g5", "b0c2", "h9g7"});
  CHECK(read.games[3].number == 4);
}

TEST_CASE("The ICCS and WXF fixtures give the same game as the Chinese one") {
  const ReadResult iccs = read_fixture("iccs.pgn");
  REQUIRE(iccs.games.size() == 2);
  CHECK(iccs_of(iccs.games[0]) == kGameA);
  CHECK(iccs.games[0].tag("Black") == "Other \"engine\"");
  CHECK(iccs.games[0].outcome == GameOutcome::kRedWins);
  CHECK(iccs_of(iccs.games[1]) == kMirrorA);
  CHECK(iccs.games[1].outcome == GameOutcome::kBlackWins);
  const ReadResult wxf = read_fixture("wxf.pgn");
  REQUIRE(wxf.games.size() == 1);
  CHECK(iccs_of(wxf.games[0]) == kGameA);
}

TEST_CASE("A move is read in ICCS or WXF or Chinese notation") {
  Position position = start_position();
  for (const std::string_view text : {"H2-E2", "h2e2", "H2E2", "h2-e2", "C2.5", "C2=5", "c2.5", "炮二平五",
                                      "砲二平五", "炮2平5", "炮２平５"}) {
    INFO(text);
    const MoveResult move = parse_move_in_any_notation(position, text);
    CHECK(move.error == "");
    CHECK(move_to_iccs(move.move) == "h2e2");
  }
  CHECK(move_to_iccs(parse_move_in_any_notation(position, "马二进三").move) == "h0g2");
  CHECK(move_to_iccs(parse_move_in_any_notation(position, "傌二進三").move) == "h0g2");
  CHECK(move_to_iccs(parse_move_in_any_notation(position, "H2+3").move) == "h0g2");
  position.make_move(*parse_iccs("h2e2"));
  for (const std::string_view text : {"h9g7", "H8+7", "马８进７", "馬8進7", "马八进七", "马 8 进 7"}) {
    INFO(text);
    CHECK(move_to_iccs(parse_move_in_any_notation(position, text).move) == "h9g7");
  }
  position = start_position();
  CHECK(parse_move_in_any_notation(position, "a0a5").error == "illegal move 'a0a5' in this position");
  CHECK(parse_move_in_any_notation(position, "foo").error == "not a move in ICCS, WXF or Chinese notation");
  CHECK(parse_move_in_any_notation(position, "R1+9").error.starts_with("no legal move matches"));
  CHECK(parse_move_in_any_notation(position, "炮二平九").error == "no legal move matches '炮二平九'");
  CHECK(parse_move_in_any_notation(position, "你好").error.starts_with("not a move in Chinese notation"));
}

TEST_CASE("Chinese notation has one normal form for every spelling") {
  CHECK(normalize_chinese_move("馬８進７") == "马8进7");
  CHECK(normalize_chinese_move("砲二平五") == normalize_chinese_move("炮2平5"));
  CHECK(normalize_chinese_move("將５平４") == "帅5平4");
  CHECK(normalize_chinese_move("帥五進一") == "帅5进1");
  CHECK(normalize_chinese_move("前俥進一") == "前车进1");
  CHECK(normalize_chinese_move("後炮平五") == "后炮平5");
  CHECK(normalize_chinese_move("傌 8 進　7") == "马8进7");
  CHECK(normalize_chinese_move("士４进５") == "仕4进5");
  CHECK(normalize_chinese_move("象３进５") == "相3进5");
  CHECK(normalize_chinese_move("卒７进１") == "兵7进1");
  CHECK(normalize_chinese_move("包２平５") == "炮2平5");
  CHECK(normalize_chinese_move("xyz") == "xyz");  // no move stays no move

  // Two red rooks on file 二 (h): front and rear name them.
  Position position = *parse_fen("3k5/9/9/9/9/9/9/7R1/9/4K2R1 w - - 0 1").position;
  CHECK(move_to_iccs(parse_chinese_move(position, "前车进一").move) == "h2h3");
  CHECK(move_to_iccs(parse_chinese_move(position, "前俥進1").move) == "h2h3");
  CHECK(move_to_iccs(parse_chinese_move(position, "后车平一").move) == "h0i0");
  CHECK(move_to_iccs(parse_chinese_move(position, "後車進一").move) == "h0h1");
  CHECK(parse_chinese_move(position, "车二进一").move == kNoMove);
}

TEST_CASE("Tags comments variations NAGs and move numbers are read as PGN") {
  const ReadResult read = read_text(
      "\xEF\xBB\xBF[Event \"A \\\"quoted\\\" name with \\\\ backslash\"]  [Result \"1-0\"]\n"
      "% an escape line: h0h9 is not read\n"
      "1.h2e2 $1 {a comment (with parentheses) and ; semicolon} h9g7 ; a line comment h0h9\n"
      "2. h0g2 (2. b0c2 (2... i9h9 {nested ) in a comment}) i9i8) 2... i9h9!? 3. i0h0?! {end} 1-0 {after}\n");
  REQUIRE(read.games.size() == 1);
  CHECK(read.statuses.size() == 1);
  CHECK(read.games[0].tag("Event") == "A \"quoted\" name with \\ backslash");
  CHECK(iccs_of(read.games[0]) == std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0"});
  CHECK(read.games[0].line == 1);
}

TEST_CASE("A reader asked to keep comments gives each move the comment after it and no other") {
  const std::string text =
      "{before the game} [Result \"1-0\"]\n"
      "1. h2e2 {+0.30/12 0.5s} h9g7 2. h0g2 {first} {second} (2. b0c2 {in a variation}) i9h9 {-0.20/9} 1-0 "
      "{after}\n"
      "{between} [Result \"0-1\"]\n1. h2e2 {unterminated";
  std::istringstream input(text);
  PgnReader reader(input, true);
  PgnGame game;
  std::string problem;
  REQUIRE(reader.next(game, problem) == PgnReader::Status::kGame);
  CHECK(iccs_of(game) == std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9"});
  CHECK(game.comments == std::vector<std::string>{"+0.30/12 0.5s", "", "first", "-0.20/9"});
  const std::vector<std::string> first_moves = iccs_of(game);
  CHECK(reader.next(game, problem) == PgnReader::Status::kSkipped);
  CHECK(problem.find("unterminated comment") != std::string::npos);
  CHECK(reader.next(game, problem) == PgnReader::Status::kEnd);
  // By default comments are skipped, as the book's reader of millions of games wants.
  const ReadResult plain = read_text(text);
  REQUIRE(plain.games.size() == 1);
  CHECK(plain.games[0].comments.empty());
  CHECK(iccs_of(plain.games[0]) == first_moves);
}

TEST_CASE("A game from a FEN starts there and takes its result from the last token without a tag") {
  const ReadResult read = read_text(
      "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1\"]\n"
      "1... h9g7 2. h0g2 0-1\n"
      "1. h2e2 *\n"
      "1. h2e2 1/2-1/2\n");
  REQUIRE(read.statuses.size() == 3);
  REQUIRE(read.games.size() == 2);
  Position after_cannon = start_position();
  after_cannon.make_move(*parse_iccs("h2e2"));
  CHECK(read.games[0].start.key() == after_cannon.key());
  CHECK(iccs_of(read.games[0]) == std::vector<std::string>{"h9g7", "h0g2"});
  CHECK(read.games[0].outcome == GameOutcome::kBlackWins);
  CHECK(read.problems == std::vector<std::string>{
                             "game 2 (line 3): no result (no Result tag and no final 1-0, 0-1 or 1/2-1/2)"});
  CHECK(read.games[1].number == 3);
  CHECK(read.games[1].start.key() == start_position().key());
  CHECK(read.games[1].outcome == GameOutcome::kDraw);
}

TEST_CASE("Bad games are reported in one line each and skipped and the good one between them is read") {
  const ReadResult read = read_fixture("bad.pgn");
  using enum PgnReader::Status;
  CHECK(read.statuses ==
        std::vector<PgnReader::Status>{kSkipped, kSkipped, kSkipped, kSkipped, kGame, kSkipped, kSkipped});
  REQUIRE(read.problems.size() == 6);
  CHECK(read.problems[0] == "game 1 (line 1): ply 3 'h2h9' at line 4: illegal move 'h2h9' in this position");
  CHECK(read.problems[1] ==
        "game 2 (line 6): ply 2 'foo' at line 9: not a move in ICCS, WXF or Chinese notation");
  CHECK(read.problems[2] == "game 3 (line 11): bad FEN: 3 ranks, expected 10");
  CHECK(read.problems[3] == "game 4 (line 17): no result (no Result tag and no final 1-0, 0-1 or 1/2-1/2)");
  CHECK(read.problems[4] ==
        "game 6 (line 26): ply 1 '炮二平九' at line 29: no legal move matches '炮二平九'");
  CHECK(read.problems[5] == "game 7 (line 31): unterminated comment from line 34");
  for (const std::string& problem : read.problems) CHECK(problem.find('\n') == std::string::npos);
  REQUIRE(read.games.size() == 1);
  CHECK(read.games[0].tag("Event") == "The one good game");
  CHECK(iccs_of(read.games[0]) == std::vector<std::string>{"h2e2", "h9g7", "h0g2"});
}

TEST_CASE("Broken tags and unterminated variations and endless words are reported") {
  const ReadResult read = read_text(
      "[Event \"never closed\n[Result \"1-0\"]\n1. h2e2 1-0\n"
      "[Result \"1-0\"]\n[Site no quotes]\n1. h2e2 1-0\n"
      "[Result \"1-0\"]\n1. h2e2 " +
      std::string(100'000, 'x') + " 1-0\n" + "[Result \"1-0\"]\n1. h2e2 1-0\n" +
      "[Result \"1-0\"]\n1. h2e2 (1. h0g2 (1... h9g7) 1-0\n");
  using enum PgnReader::Status;
  CHECK(read.statuses == std::vector<PgnReader::Status>{kSkipped, kSkipped, kSkipped, kGame, kSkipped});
  REQUIRE(read.problems.size() == 4);
  CHECK(read.problems[0] == "game 1 (line 1): bad tag at line 1: tag Event is not terminated on its line");
  CHECK(read.problems[1] == "game 2 (line 4): bad tag at line 5: tag Site has no quoted value");
  CHECK(read.problems[2] == "game 3 (line 7): ply 2 '" + std::string(40, 'x') +
                                "...' at line 8: not a move in ICCS, WXF or Chinese notation");
  CHECK(read.problems[3] == "game 5 (line 11): unterminated variation from line 12");
}

TEST_CASE("Garbage is read to its end without a crash") {
  std::mt19937 random(20240501);
  // Bytes of every value, then bytes drawn from PGN's own syntax so the lexer's every path is taken.
  std::string bytes(1 << 20, '\0');
  for (char& byte : bytes) byte = char(random() & 0xff);
  const std::string syntax = "[]{}()\";.$%*-/\\ \n\t0123456789h2e9abcRC+=炮二平五\xff";
  std::string pgn_like(1 << 20, ' ');
  for (char& byte : pgn_like) byte = syntax[random() % syntax.size()];
  for (const std::string& garbage : {bytes, pgn_like, std::string("\0\0\0[\0", 5), std::string("{"),
                                     std::string("["), std::string("\"")}) {
    const ReadResult read = read_text(garbage);
    CHECK(read.bytes_read == garbage.size());
    CHECK(read.statuses.size() == read.games.size() + read.problems.size());
  }
  CHECK(read_text("").statuses.empty());
  CHECK(read_text("  \n ; only a comment\n{ and a closed one }\n").statuses.empty());
}

TEST_CASE("A long stream of games is read one game at a time") {
  std::string text;
  for (int i = 0; i < 3000; ++i)
    text += fmt::format("[Round \"{}\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 2. h0g2 1-0\n\n", i + 1);
  const ReadResult read = read_text(text);
  REQUIRE(read.games.size() == 3000);
  CHECK(read.problems.empty());
  CHECK(read.games.back().tag("Round") == "3000");
  CHECK(read.games.back().line == 4 * 2999 + 1);
  CHECK(read.games.back().number == 3000);
}

}  // namespace
}  // namespace shuai
