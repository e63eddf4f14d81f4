// Chinese move notation: file numbering for both sides, 进/退/平, and front/rear among pieces sharing a file.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <string_view>

#include "engine/board/board.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

Position position_from(std::string_view fen) {
  auto result = parse_fen(fen);
  REQUIRE_MESSAGE(result.position, result.error);
  return *result.position;
}

// The notation of a legal ICCS move in `position`.
std::string chinese(Position& position, std::string_view iccs) {
  const auto result = parse_legal_move(position, iccs);
  REQUIRE_MESSAGE(result.move != kNoMove, result.error);
  return move_to_chinese(position, result.move);
}

void play(Position& position, std::string_view iccs) {
  const auto result = parse_legal_move(position, iccs);
  REQUIRE_MESSAGE(result.move != kNoMove, result.error);
  position.make_move(result.move);
}

// UTF-8 code points in the text.
int characters(std::string_view text) {
  return int(std::count_if(text.begin(), text.end(), [](char byte) { return (byte & 0xc0) != 0x80; }));
}

TEST_CASE("Chinese notation of Red's opening moves") {
  auto position = position_from(kStartFen);
  CHECK(chinese(position, "h2e2") == "炮二平五");
  CHECK(chinese(position, "b2e2") == "炮八平五");
  CHECK(chinese(position, "h0g2") == "马二进三");
  CHECK(chinese(position, "b0c2") == "马八进七");
  CHECK(chinese(position, "i0i1") == "车一进一");
  CHECK(chinese(position, "a0a2") == "车九进二");
  CHECK(chinese(position, "c3c4") == "兵七进一");
  CHECK(chinese(position, "g0e2") == "相三进五");
  CHECK(chinese(position, "c0e2") == "相七进五");
  CHECK(chinese(position, "f0e1") == "仕四进五");
  CHECK(chinese(position, "d0e1") == "仕六进五");
  CHECK(chinese(position, "e0e1") == "帅五进一");
  CHECK(chinese(position, "h2h9") == "炮二进七");  // the capture of the horse
  CHECK(chinese(position, "h2h1") == "炮二退一");
}

TEST_CASE("Chinese notation of Black's replies counts files from Black's right") {
  auto position = position_from(kStartFen);
  play(position, "h2e2");
  CHECK(chinese(position, "h9g7") == "马８进７");
  CHECK(chinese(position, "b9c7") == "马２进３");
  CHECK(chinese(position, "h7e7") == "炮８平５");
  CHECK(chinese(position, "b7e7") == "炮２平５");
  CHECK(chinese(position, "i9i8") == "车９进１");
  CHECK(chinese(position, "a9a7") == "车１进２");
  CHECK(chinese(position, "c6c5") == "卒３进１");
  CHECK(chinese(position, "g6g5") == "卒７进１");
  CHECK(chinese(position, "c9e7") == "象３进５");
  CHECK(chinese(position, "f9e8") == "士６进５");
  CHECK(chinese(position, "e9e8") == "将５进１");
  CHECK(chinese(position, "h7h8") == "炮８退１");
}

TEST_CASE("Chinese notation of sideways moves and retreats") {
  auto position = position_from(kStartFen);
  play(position, "h0g2");
  play(position, "h9g7");
  CHECK(chinese(position, "i0h0") == "车一平二");
  CHECK(chinese(position, "g2h0") == "马三退二");
  CHECK(chinese(position, "g2e1") == "马三退五");
  play(position, "i0i1");
  play(position, "i9h9");  // 车９平８
  CHECK(chinese(position, "i1i0") == "车一退一");
  CHECK(chinese(position, "i1d1") == "车一平六");
  play(position, "i1d1");
  CHECK(chinese(position, "g7e8") == "马７退５");
  CHECK(chinese(position, "h9i9") == "车８平９");
}

TEST_CASE("Chinese notation tells two rooks horses or cannons on one file apart by front and rear") {
  auto rooks = position_from("5k3/9/9/9/1R7/9/9/9/1R7/3K5 w - - 0 1");
  CHECK(chinese(rooks, "b5b6") == "前车进一");
  CHECK(chinese(rooks, "b5b2") == "前车退三");
  CHECK(chinese(rooks, "b1b0") == "后车退一");
  CHECK(chinese(rooks, "b1c1") == "后车平七");

  auto black_rooks = position_from("4k4/2r6/9/9/9/2r6/9/9/9/3K5 b - - 0 1");
  CHECK(chinese(black_rooks, "c4c3") == "前车进１");  // Black's front is the lower rank
  CHECK(chinese(black_rooks, "c4c7") == "前车退３");
  CHECK(chinese(black_rooks, "c8c9") == "后车退１");
  CHECK(chinese(black_rooks, "c8d8") == "后车平４");

  auto cannons = position_from("4k4/9/9/9/6C2/9/9/6C2/9/3K5 w - - 0 1");
  CHECK(chinese(cannons, "g5g3") == "前炮退二");
  CHECK(chinese(cannons, "g5e5") == "前炮平五");
  CHECK(chinese(cannons, "g2g0") == "后炮退二");
  CHECK(chinese(cannons, "g2g4") == "后炮进二");

  auto horses = position_from("4k4/9/9/2N6/9/2N6/9/9/9/3K5 w - - 0 1");
  CHECK(chinese(horses, "c6d8") == "前马进六");
  CHECK(chinese(horses, "c4b2") == "后马退八");
  CHECK(chinese(horses, "c4e5") == "后马进五");
}

TEST_CASE("Chinese notation keeps the file for advisors and elephants sharing one") {
  auto position = position_from("5k3/9/9/9/9/6B2/9/3A5/9/3AK1B2 w - - 0 1");
  CHECK(chinese(position, "d0e1") == "仕六进五");
  CHECK(chinese(position, "d2e1") == "仕六退五");
  CHECK(chinese(position, "g0e2") == "相三进五");
  CHECK(chinese(position, "g0i2") == "相三进一");
  CHECK(chinese(position, "g4e2") == "相三退五");
  CHECK(chinese(position, "g4i2") == "相三退一");
}

TEST_CASE("Chinese notation of pawns sharing a file") {
  auto two = position_from("4k4/9/9/9/2P6/9/2P6/9/9/3K5 w - - 0 1");
  CHECK(chinese(two, "c5c6") == "前兵进一");
  CHECK(chinese(two, "c5b5") == "前兵平八");
  CHECK(chinese(two, "c3c4") == "后兵进一");

  auto three = position_from("4k4/9/2P6/2P6/2P6/9/8P/9/9/3K5 w - - 0 1");
  CHECK(chinese(three, "c7c8") == "前兵进一");
  CHECK(chinese(three, "c6d6") == "中兵平六");
  CHECK(chinese(three, "c5b5") == "后兵平八");
  CHECK(chinese(three, "i3i4") == "兵一进一");  // alone on its file

  auto black_three = position_from("4k4/9/9/9/9/6p2/6p2/6p2/9/3K5 b - - 0 1");
  CHECK(chinese(black_three, "g2g1") == "前卒进１");
  CHECK(chinese(black_three, "g3f3") == "中卒平６");
  CHECK(chinese(black_three, "g4h4") == "后卒平８");

  auto four = position_from("4k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1");
  CHECK(chinese(four, "c8c9") == "一兵进一");
  CHECK(chinese(four, "c7d7") == "二兵平六");
  CHECK(chinese(four, "c6b6") == "三兵平八");
  CHECK(chinese(four, "c5d5") == "四兵平六");

  auto five = position_from("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1");
  CHECK(chinese(five, "c9b9") == "一兵平八");
  CHECK(chinese(five, "c5b5") == "五兵平八");

  auto black_four = position_from("4k4/9/9/9/9/2p6/2p6/2p6/2p6/3K5 b - - 0 1");
  CHECK(chinese(black_four, "c1c0") == "一卒进１");
  CHECK(chinese(black_four, "c3d3") == "三卒平４");
}

TEST_CASE("Chinese notation names the file when several files hold doubled pawns") {
  auto position = position_from("4k4/9/9/P1P6/P1P6/9/4P4/9/9/3K5 w - - 0 1");
  CHECK(chinese(position, "a6b6") == "前兵九平八");
  CHECK(chinese(position, "a5b5") == "后兵九平八");
  CHECK(chinese(position, "c5d5") == "后兵七平六");
  CHECK(chinese(position, "c6c7") == "前兵七进一");
  CHECK(chinese(position, "e3e4") == "兵五进一");

  auto three_and_two = position_from("4k4/9/2P6/P1P6/P1P6/9/9/9/9/3K5 w - - 0 1");
  CHECK(chinese(three_and_two, "c6d6") == "中兵七平六");
  CHECK(chinese(three_and_two, "a6a7") == "前兵九进一");

  auto black = position_from("4k4/9/9/9/9/p1p6/p1p6/9/9/3K5 b - - 0 1");
  CHECK(chinese(black, "a3b3") == "前卒１平２");
  CHECK(chinese(black, "c4d4") == "后卒３平４");
}

TEST_CASE("Chinese notation names every legal move of every reference position differently") {
  for (const auto& fen : test::reference_fens()) {
    auto position = position_from(fen);
    MoveList moves;
    generate_legal(position, moves);
    std::set<std::string> seen;
    for (const Move m : moves) {
      const std::string text = move_to_chinese(position, m);
      CHECK_MESSAGE(seen.insert(text).second, fen, " ", move_to_iccs(m), " ", text);
      const int length = characters(text);
      CHECK_MESSAGE((length == 4 || length == 5), fen, " ", move_to_iccs(m), " ", text);
    }
  }
}

}  // namespace
}  // namespace shuai
