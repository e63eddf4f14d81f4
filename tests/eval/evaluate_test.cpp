// The plain evaluation: exact colour and left-right symmetry over the reference positions, the start
// position, and the preferences the material and piece-square tables must express.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/board/board.h"
#include "eval/evaluate.h"
#include "eval/evaluator.h"
#include "tests/support/hand_set_parameters.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

using test::reference_fens;
using test::split;

// Board field and the fields after it ("w - - 0 1").
struct FenParts {
  std::vector<std::string> ranks;  // rank 9 first, as written
  char side;                       // w (or r) for Red, b for Black
  std::string rest;
};

FenParts split_fen(const std::string& fen) {
  const auto space = fen.find(' ');
  REQUIRE(space != std::string::npos);
  const auto after_board = fen.substr(space + 1);
  const auto side_end = after_board.find(' ');
  return {split(fen.substr(0, space), '/'), after_board.at(0),
          side_end == std::string::npos ? "" : after_board.substr(side_end)};
}

std::string join_fen(const FenParts& parts) {
  std::string fen;
  for (const auto& rank : parts.ranks) {
    if (!fen.empty()) fen += '/';
    fen += rank;
  }
  fen += ' ';
  fen += parts.side;
  fen += parts.rest;
  return fen;
}

// Colours swapped, rank r -> 9 - r, files kept, the other side to move.
std::string colour_mirror(const std::string& fen) {
  FenParts parts = split_fen(fen);
  std::reverse(parts.ranks.begin(), parts.ranks.end());
  for (auto& rank : parts.ranks)
    for (char& letter : rank)
      if (std::isalpha(static_cast<unsigned char>(letter)))
        letter = std::isupper(static_cast<unsigned char>(letter)) ? char(std::tolower(letter))
                                                                  : char(std::toupper(letter));
  parts.side = parts.side == 'b' ? 'w' : 'b';
  return join_fen(parts);
}

// File f -> 8 - f; a rank's run-length digits are single, so reversing its text mirrors it.
std::string left_right_mirror(const std::string& fen) {
  FenParts parts = split_fen(fen);
  for (auto& rank : parts.ranks) std::reverse(rank.begin(), rank.end());
  return join_fen(parts);
}

Position position_of(const std::string& fen) {
  auto parsed = parse_fen(fen);
  REQUIRE_MESSAGE(parsed.position, fen, ": ", parsed.error);
  return *parsed.position;
}

int evaluate_fen(const std::string& fen) {
  return evaluate(position_of(fen));
}

TEST_CASE("eval: a colour-mirrored position scores exactly the same") {
  const auto fens = reference_fens();
  REQUIRE(fens.size() > 200);
  for (const auto& fen : fens) {
    const std::string mirror = colour_mirror(fen);
    const Position original = position_of(fen);
    const Position mirrored = position_of(mirror);
    CHECK(mirrored.side_to_move() != original.side_to_move());
    CHECK_MESSAGE(evaluate(mirrored) == evaluate(original), fen, " vs ", mirror);
  }
}

TEST_CASE("eval: mirroring files left to right keeps the score") {
  for (const auto& fen : reference_fens()) {
    const std::string mirror = left_right_mirror(fen);
    CHECK_MESSAGE(evaluate_fen(mirror) == evaluate_fen(fen), fen, " vs ", mirror);
  }
}

TEST_CASE("eval: every reference position stays inside the evaluation bound") {
  for (const auto& fen : reference_fens()) CHECK(std::abs(evaluate_fen(fen)) < kMaxEvaluation);
}

TEST_CASE("eval: the start position is level apart from the move") {
  const std::string start(kStartFen);
  const int red_to_move = evaluate_fen(start);
  CHECK(std::abs(red_to_move) <= 5);
  CHECK(red_to_move == evaluate_fen(colour_mirror(start)));
}

TEST_CASE("eval: a rook up is clearly good for its owner, whoever is to move") {
  // Black's a9 rook is missing.
  const std::string board = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
  const int red_to_move = evaluate_fen(board + " w - - 0 1");
  const int black_to_move = evaluate_fen(board + " b - - 0 1");
  CHECK(red_to_move > 180);
  CHECK(black_to_move < -180);
  CHECK(std::abs(red_to_move + black_to_move) <= 10);  // only the tempo differs
}

TEST_CASE("eval: a pawn next to the enemy palace beats an unmoved pawn") {
  const int unmoved = evaluate_fen("5k3/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1");       // pawn e3
  const int near_palace = evaluate_fen("5k3/9/3P5/9/9/9/9/9/9/3K5 w - - 0 1");   // pawn d7
  const int just_crossed = evaluate_fen("5k3/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1");  // pawn e5
  CHECK(just_crossed > unmoved + 5);
  CHECK(near_palace > just_crossed + 10);
  // Black's pawns are valued the same way from Black's side.
  CHECK(evaluate_fen("3k5/9/9/4p4/9/9/9/9/9/5K3 b - - 0 1") <
        evaluate_fen("3k5/9/9/9/9/9/9/3p5/9/5K3 b - - 0 1"));
}

TEST_CASE("eval: a central cannon beats an edge cannon") {
  // Start position after h2e2 (the central cannon) versus h2i2 (to the rim).
  const int central = evaluate_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
  const int edge = evaluate_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C6C/9/RNBAKABNR b - - 1 1");
  CHECK(central < edge - 5);  // scored for Black, the side to move
}

TEST_CASE("eval: a horse on the rim is worse than a centralised horse") {
  // Start position after h0g2 versus h0i2.
  const int developed =
      evaluate_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/RNBAKAB1R w - - 1 1");
  const int rim = evaluate_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5CN/9/RNBAKAB1R w - - 1 1");
  CHECK(developed > rim + 5);
  // And across the river: e5 against a5.
  // With the hand-set weights: the tuned ones have no data on a horse alone against a bare king.
  Evaluator hand_set;
  hand_set.settings().tables = &test::hand_set_tables();
  CHECK(hand_set.evaluate(position_of("5k3/9/9/9/4N4/9/9/9/9/3K5 w - - 0 1")) >
        hand_set.evaluate(position_of("5k3/9/9/9/N8/9/9/9/9/3K5 w - - 0 1")) + 5);
}

}  // namespace
}  // namespace shuai
