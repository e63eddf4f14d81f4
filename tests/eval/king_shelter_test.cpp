// The king-shelter facts of the minors record (KingShelter in eval/minors_info.h): each one recomputed here
// from the board by plain coordinates, on the reference positions and along random games, and read off
// hand-built palaces (door, flights, legs, guards, screens, pawn checks).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>

#include "engine/board/board.h"
#include "eval/minors_evaluation.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

struct Point {
  int file, rank;
};

bool on_board(Point p) {
  return p.file >= 0 && p.file < kFileCount && p.rank >= 0 && p.rank < kRankCount;
}
Piece piece_at(const Position& position, Point p) {
  return position.piece_on(make_square(p.file, p.rank));
}
bool is_minor_at(const Position& position, Point p) {
  const Piece piece = piece_at(position, p);
  return is_piece(piece) && is_minor(type_of(piece));
}
bool holds(const Position& position, Point p, Color c, PieceType type) {
  return piece_at(position, p) == make_piece(c, type);
}
bool in_palace(Color c, Point p) {
  const int relative = c == kRed ? p.rank : 9 - p.rank;
  return p.file >= 3 && p.file <= 5 && relative >= 0 && relative <= 2;
}
int bit_of(Color c, Point p) {
  return (p.file - 3) + 3 * (c == kRed ? p.rank : 9 - p.rank);
}

// Does a pawn of colour `owner` standing on `pawn` attack `target`? Ahead always; sideways once across.
bool pawn_hits(Color owner, Point pawn, Point target) {
  const int ahead = owner == kRed ? 1 : -1;
  const bool crossed = owner == kRed ? pawn.rank >= 5 : pawn.rank <= 4;
  if (target.file == pawn.file && target.rank == pawn.rank + ahead) return true;
  return crossed && target.rank == pawn.rank && std::abs(target.file - pawn.file) == 1;
}

// The shelter of side c, worked out point by point from its definition.
KingShelter recompute(const Position& position, Color c) {
  const Color them = opposite(c);
  const Square king_square = position.king_square(c);
  const Point king{file_of(king_square), rank_of(king_square)};
  KingShelter expected;
  for (int file = 3; file <= 5; ++file)
    for (int rank = 0; rank < kRankCount; ++rank) {
      const Point p{file, rank};
      if (!in_palace(c, p)) continue;
      const int df = std::abs(p.file - king.file), dr = std::abs(p.rank - king.rank);
      bool guarded = df + dr == 1;
      if (df + dr == 1 && !(is_minor_at(position, p) && color_of(piece_at(position, p)) == c))
        expected.flights |= std::uint16_t(1u << bit_of(c, p));
      for (int f = 0; f < kFileCount; ++f)
        for (int r = 0; r < kRankCount; ++r) {
          const Point q{f, r};
          const int qf = std::abs(q.file - p.file), qr = std::abs(q.rank - p.rank);
          if (qf == 1 && qr == 1 && holds(position, q, c, kAdvisor)) guarded = true;
          if (qf == 2 && qr == 2 && holds(position, q, c, kElephant) &&
              !is_minor_at(position, {(p.file + q.file) / 2, (p.rank + q.rank) / 2}))
            guarded = true;
          if (holds(position, q, them, kPawn) && pawn_hits(them, q, p))
            expected.pawn_hits |= std::uint16_t(1u << bit_of(c, p));
        }
      if (guarded) expected.guarded |= std::uint16_t(1u << bit_of(c, p));
    }
  for (const int df : {-1, 1})
    for (const int dr : {-1, 1}) {
      const Point leg{king.file + df, king.rank + dr};
      if (!on_board(leg) || is_minor_at(position, leg)) continue;
      const bool ahead = c == kRed ? dr > 0 : dr < 0;
      expected.free_legs |= std::uint8_t(1u << ((ahead ? 2 : 0) + (df > 0 ? 1 : 0)));
    }
  for (int rank = 0; rank < kRankCount; ++rank) {
    const Point p{king.file, rank};
    if (rank == king.rank || !is_minor_at(position, p)) continue;
    expected.file_minors |= std::uint16_t(1u << (c == kRed ? rank : 9 - rank));
    const bool ahead = c == kRed ? rank > king.rank : rank < king.rank;
    if (ahead && (holds(position, p, c, kAdvisor) || holds(position, p, c, kElephant))) ++expected.pinnable;
  }
  for (int file = 0; file < kFileCount; ++file)
    if (file != king.file && is_minor_at(position, {file, king.rank}))
      expected.rank_minors |= std::uint16_t(1u << file);

  int checking = 0;
  for (int f = 0; f < kFileCount; ++f)
    for (int r = 0; r < kRankCount; ++r) {
      const Point pawn{f, r};
      if (!holds(position, pawn, them, kPawn)) continue;
      bool checks = pawn_hits(them, pawn, king);
      for (const Point step : {Point{f, r + (them == kRed ? 1 : -1)}, Point{f - 1, r}, Point{f + 1, r}}) {
        if (!on_board(step) || !pawn_hits(them, pawn, step)) continue;
        if (step.file == king.file && step.rank == king.rank) continue;
        const Piece there = piece_at(position, step);
        if (is_piece(there) && is_minor(type_of(there)) && color_of(there) == them) continue;
        checks |= pawn_hits(them, step, king);
      }
      checking += checks;
    }
  expected.pawn_checks = std::uint8_t(std::min(checking, 3));
  return expected;
}

KingShelter shelter_of(const std::string& fen, Color c) {
  const auto parsed = parse_fen(fen);
  REQUIRE_MESSAGE(parsed.position, fen, ": ", parsed.error);
  return evaluate_minors(*parsed.position, Phase::kMiddlegame, Knowledge::kLarge).shelter[c];
}

std::uint16_t palace_bits(Color c, std::initializer_list<Point> points) {
  std::uint16_t mask = 0;
  for (const Point p : points) mask |= std::uint16_t(1u << bit_of(c, p));
  return mask;
}

TEST_CASE("king shelter: every fact matches a recomputation from the board") {
  std::mt19937_64 random(36);
  int compared = 0, with_pawn_checks = 0, with_pawn_hits = 0;
  const auto compare = [&](const Position& position) {
    const MinorsInfo info = evaluate_minors(position, Phase::kMiddlegame, Knowledge::kLarge);
    for (const Color c : {kRed, kBlack}) {
      const KingShelter expected = recompute(position, c);
      const KingShelter& found = info.shelter[c];
      INFO(to_fen(position), " side ", int(c));
      CHECK(found.guarded == expected.guarded);
      CHECK(found.flights == expected.flights);
      CHECK(found.free_legs == expected.free_legs);
      CHECK(found.file_minors == expected.file_minors);
      CHECK(found.rank_minors == expected.rank_minors);
      CHECK(found.pinnable == expected.pinnable);
      CHECK(found.pawn_hits == expected.pawn_hits);
      CHECK(found.pawn_checks == expected.pawn_checks);
      with_pawn_checks += expected.pawn_checks > 0;
      with_pawn_hits += expected.pawn_hits != 0;
      ++compared;
    }
  };
  for (const auto& fen : test::reference_fens()) {
    auto position = *parse_fen(fen).position;
    compare(position);
    for (int ply = 0; ply < 150; ++ply) {
      MoveList moves;
      generate_legal(position, moves);
      if (moves.size == 0) break;
      position.make_move(moves[int(random() % moves.size)]);
      compare(position);
    }
  }
  MESSAGE("sides compared: ", compared, ", with pawn checks: ", with_pawn_checks,
          ", with pawn hits on the palace: ", with_pawn_hits);
  CHECK(compared > 20000);
  CHECK(with_pawn_checks > 100);  // the rarer facts were really exercised
  CHECK(with_pawn_hits > 1000);
}

TEST_CASE("king shelter: the start position's palaces") {
  for (const Color c : {kRed, kBlack}) {
    const KingShelter shelter = shelter_of(std::string(kStartFen), c);
    const int back = c == kRed ? 0 : 9, front = c == kRed ? 1 : 8, top = c == kRed ? 2 : 7;
    // King e-back guards d, f on its rank and the centre; advisors d, f guard the centre (the only diagonal
    // palace point); the elephants on c and g guard the top centre over free eyes.
    CHECK(shelter.guarded == palace_bits(c, {{3, back}, {5, back}, {4, front}, {4, top}}));
    CHECK(shelter.flights == palace_bits(c, {{4, front}}));             // the door: advisors stand on d and f
    CHECK(shelter.free_legs == 0b1100);                                 // the two behind it are off the board
    CHECK(shelter.file_minors == ((1u << 3) | (1u << 6) | (1u << 9)));  // own pawn, enemy pawn, enemy king
    CHECK(shelter.rank_minors == ((1u << 2) | (1u << 3) | (1u << 5) | (1u << 6)));
    CHECK(shelter.pinnable == 0);
    CHECK(shelter.pawn_hits == 0);
    CHECK(shelter.pawn_checks == 0);
  }
}

TEST_CASE("king shelter: flights, guards and legs of hand-built palaces") {
  // Red king e0 alone: flights d0, f0, e1; it guards them; the two legs ahead free.
  KingShelter lone = shelter_of("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", kRed);
  CHECK(lone.flights == palace_bits(kRed, {{3, 0}, {5, 0}, {4, 1}}));
  CHECK(lone.guarded == lone.flights);
  CHECK(lone.free_legs == 0b1100);  // the legs below the back rank are off the board
  // Advisors e1 and d0 stand on the king's neighbours: one flight left (f0), the door.
  KingShelter door = shelter_of("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", kRed);
  CHECK(door.flights == palace_bits(kRed, {{5, 0}}));
  // The e1 advisor guards d0, f0, d2, f2; d0's guards e1; the king guards d0, f0, e1.
  CHECK(door.guarded == palace_bits(kRed, {{3, 0}, {5, 0}, {4, 1}, {3, 2}, {5, 2}}));
  // A raised king e1: an own advisor on d2 blocks the leg ahead on the d side; an enemy major does not.
  KingShelter raised = shelter_of("3k5/9/9/9/9/9/9/3A1r3/4K4/9 w - - 0 1", kRed);
  CHECK(raised.free_legs == 0b1011);  // d2 (ahead, lower file: index 2) blocked; f2 held by a rook is free
  CHECK(raised.flights == palace_bits(kRed, {{3, 1}, {5, 1}, {4, 0}, {4, 2}}));
  // An elephant whose eye holds a minor does not guard; one whose eye holds a major does (majors ignored).
  KingShelter blocked = shelter_of("3k5/9/9/9/9/9/9/9/3p5/2B1K4 w - - 0 1", kRed);
  CHECK((blocked.guarded & palace_bits(kRed, {{4, 2}})) == 0);
  KingShelter free_eye = shelter_of("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", kRed);
  CHECK((free_eye.guarded & palace_bits(kRed, {{4, 2}})) != 0);
  // Black, by the mirror image of the door: king e9, advisors e8 and d9 leave f9.
  KingShelter black_door = shelter_of("3ak4/4a4/9/9/9/9/9/9/9/4K4 w - - 0 1", kBlack);
  CHECK(black_door.flights == palace_bits(kBlack, {{5, 9}}));
}

TEST_CASE("king shelter: screens, pinnable defenders and pawn pressure") {
  // Red king e0, advisor e1 and elephant e2 ahead on its file (pinnable), a Black pawn e5 on the file too.
  KingShelter file = shelter_of("4k4/9/9/9/4p4/9/9/4B4/4A4/4K4 w - - 0 1", kRed);
  CHECK(file.file_minors == ((1u << 1) | (1u << 2) | (1u << 5) | (1u << 9)));
  CHECK(file.pinnable == 2);
  // Black pawns d1 and f2 in Red's palace: d1 hits d0, c1, e1; f2 hits f1, e2, g2 (only palace points count).
  KingShelter pressed = shelter_of("3k5/9/9/9/9/9/9/5p3/3p5/4K4 w - - 0 1", kRed);
  CHECK(pressed.pawn_hits == palace_bits(kRed, {{3, 0}, {4, 1}, {5, 1}, {4, 2}}));
  // d1 can step to e1 (a pawn there checks e0) or d0 (beside the king): one pawn counted once; f2 can step
  // to f1, which touches nothing, or e2, which does not check e0. So one.
  CHECK(pressed.pawn_checks == 1);
  // A pawn on e1 checks now; d0 beside the king too: two.
  KingShelter checked = shelter_of("4k4/9/9/9/9/9/9/9/4p4/3pK4 w - - 0 1", kRed);
  CHECK(checked.pawn_checks == 2);
  CHECK(checked.rank_minors == (1u << 3));
  // A pawn's own minor on the point stops its step: e2 cannot step to e1, where the checking pawn stands.
  KingShelter stopped = shelter_of("4k4/9/9/9/9/9/9/4p4/4p4/4K4 w - - 0 1", kRed);
  CHECK(stopped.pawn_checks == 1);
  KingShelter far = shelter_of("3k5/9/9/9/9/9/9/3p5/9/4K4 w - - 0 1", kRed);
  CHECK(far.pawn_checks == 0);  // d2 reaches d1 or c2/e2: none touches e0
}

}  // namespace
}  // namespace shuai
