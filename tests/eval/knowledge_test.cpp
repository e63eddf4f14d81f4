// The evaluation knowledge: the minors evaluator depends on the minors alone (so the Minors Hash Table may
// cache it), both evaluators are exactly colour- and left-right-symmetric, knowledge none is pure material,
// and each piece of Xiangqi knowledge pulls the score the way it should.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/board/board.h"
#include "eval/global_evaluation.h"
#include "eval/minors_evaluation.h"
#include "eval/score.h"
#include "tests/support/hand_set_parameters.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

constexpr Knowledge kAllKnowledge[] = {Knowledge::kNone, Knowledge::kSmall, Knowledge::kMedium,
                                       Knowledge::kLarge};
constexpr Phase kAllPhases[] = {Phase::kOpening, Phase::kMiddlegame, Phase::kEndgame};

using test::reference_fens;
using test::split;

// Board ranks (rank 9 first) and the side letter; the counters are dropped.
std::pair<std::vector<std::string>, char> split_fen(const std::string& fen) {
  const auto fields = split(fen, ' ');
  REQUIRE(fields.size() >= 2);
  return {split(fields[0], '/'), fields[1].at(0)};
}

std::string join_fen(const std::vector<std::string>& ranks, char side) {
  std::string fen;
  for (const auto& rank : ranks) fen += (fen.empty() ? "" : "/") + rank;
  return fen + ' ' + side + " - - 0 1";
}

// Colours swapped, rank r -> 9 - r, files kept, the other side to move.
std::string colour_mirror(const std::string& fen) {
  auto [ranks, side] = split_fen(fen);
  std::reverse(ranks.begin(), ranks.end());
  for (auto& rank : ranks)
    for (char& letter : rank)
      if (std::isalpha(static_cast<unsigned char>(letter)))
        letter = std::isupper(static_cast<unsigned char>(letter)) ? char(std::tolower(letter))
                                                                  : char(std::toupper(letter));
  return join_fen(ranks, side == 'b' ? 'w' : 'b');
}

// File f -> 8 - f; a rank's run-length digits are single, so reversing its text mirrors it.
std::string left_right_mirror(const std::string& fen) {
  auto [ranks, side] = split_fen(fen);
  for (auto& rank : ranks) std::reverse(rank.begin(), rank.end());
  return join_fen(ranks, side);
}

Position position_of(const std::string& fen) {
  auto parsed = parse_fen(fen);
  REQUIRE_MESSAGE(parsed.position, fen, ": ", parsed.error);
  return *parsed.position;
}

Phase phase_of_position(const Position& position) {
  return phase_of(position.majors_value());
}

Square colour_mirror_square(Square s) {
  return s == kNoSquare ? kNoSquare : make_square(file_of(s), kRankCount - 1 - rank_of(s));
}
Square left_right_mirror_square(Square s) {
  return s == kNoSquare ? kNoSquare : make_square(kFileCount - 1 - file_of(s), rank_of(s));
}

// What the record of the colour-mirrored position must be: per-side fields swapped, the score negated.
MinorsInfo colour_mirror_record(const MinorsInfo& info) {
  MinorsInfo mirror = info;
  mirror.score = -info.score;
  for (const Color c : {kRed, kBlack}) {
    const Color other = opposite(c);
    mirror.advisors[c] = info.advisors[other];
    mirror.elephants[c] = info.elephants[other];
    mirror.pawns[c] = info.pawns[other];
    mirror.crossed_pawns[c] = info.crossed_pawns[other];
    mirror.fatal_pawns[c] = info.fatal_pawns[other];
    mirror.king_door[c] = colour_mirror_square(info.king_door[other]);
    mirror.pawn_files[c] = info.pawn_files[other];
    mirror.shape[c] = info.shape[other];
    mirror.shelter[c] = info.shelter[other];  // its facts are all counted from the owner's side
  }
  return mirror;
}

// Bits b of `mask` moved to mirror(b).
template <class Mirror>
std::uint16_t mirror_bits(unsigned mask, int bits, Mirror mirror) {
  unsigned result = 0;
  for (int bit = 0; bit < bits; ++bit)
    if (mask >> bit & 1) result |= 1u << mirror(bit);
  return std::uint16_t(result);
}

// A palace mask with files d and f swapped; legs with the low- and high-file ones swapped; files reversed.
KingShelter left_right_mirror_shelter(const KingShelter& shelter) {
  const auto palace = [](int bit) { return bit / 3 * 3 + 2 - bit % 3; };
  KingShelter mirror = shelter;
  mirror.guarded = mirror_bits(shelter.guarded, kPalacePointCount, palace);
  mirror.flights = mirror_bits(shelter.flights, kPalacePointCount, palace);
  mirror.pawn_hits = mirror_bits(shelter.pawn_hits, kPalacePointCount, palace);
  mirror.free_legs = std::uint8_t(mirror_bits(shelter.free_legs, 4, [](int bit) { return bit ^ 1; }));
  mirror.rank_minors =
      mirror_bits(shelter.rank_minors, kFileCount, [](int file) { return kFileCount - 1 - file; });
  return mirror;
}

// ... and of the left-right mirrored position: doors, pawn files and shelters mirrored, the rest kept.
MinorsInfo left_right_mirror_record(const MinorsInfo& info) {
  MinorsInfo mirror = info;
  for (const Color c : {kRed, kBlack}) {
    mirror.king_door[c] = left_right_mirror_square(info.king_door[c]);
    std::uint16_t files = 0;
    for (int file = 0; file < kFileCount; ++file)
      if (info.pawn_files[c] >> file & 1) files |= std::uint16_t(1u << (kFileCount - 1 - file));
    mirror.pawn_files[c] = files;
    mirror.shelter[c] = left_right_mirror_shelter(info.shelter[c]);
  }
  return mirror;
}

// The same kings, advisors, elephants and pawns; the majors left out, or (with a random source) dropped on
// random empty points. Built with put_piece, which checks nothing: the minors evaluator must not care.
Position with_majors_moved(const Position& original, std::mt19937* random) {
  Position result;
  std::vector<Piece> majors;
  for (const Color c : {kRed, kBlack})
    for (int type = 0; type < kPieceTypeCount; ++type)
      for (const Square square : original.squares(c, PieceType(type))) {
        if (is_minor(PieceType(type)))
          result.put_piece(make_piece(c, PieceType(type)), square);
        else
          majors.push_back(make_piece(c, PieceType(type)));
      }
  if (random) {
    for (const Piece piece : majors) {
      Square square;
      do square = square_from_index(int((*random)() % kSquareCount));
      while (result.piece_on(square) != kEmpty);
      result.put_piece(piece, square);
    }
  }
  result.set_side_to_move(original.side_to_move());
  return result;
}

// With the hand-set weights (tests/support/hand_set_parameters.h).
int total(const Position& position, Knowledge knowledge) {
  const auto& tables = test::hand_set_tables();
  const MinorsInfo info = evaluate_minors(position, phase_of_position(position), knowledge, tables);
  return info.score + evaluate_global(position, info, knowledge, tables);
}

int minors_score(const std::string& fen, Phase phase, Knowledge knowledge = Knowledge::kLarge) {
  return evaluate_minors(position_of(fen), phase, knowledge, test::hand_set_tables()).score;
}

int global_score(const std::string& fen, Knowledge knowledge = Knowledge::kLarge) {
  const Position position = position_of(fen);
  const auto& tables = test::hand_set_tables();
  return evaluate_global(position, evaluate_minors(position, phase_of_position(position), knowledge, tables),
                         knowledge, tables);
}

TEST_CASE("knowledge: the minors record does not depend on the majors") {
  const auto fens = reference_fens();
  REQUIRE(fens.size() > 200);
  std::mt19937 random(2024);
  int compared = 0;
  for (const auto& fen : fens) {
    const Position original = position_of(fen);
    const Position without = with_majors_moved(original, nullptr);
    const Position shuffled_a = with_majors_moved(original, &random);
    const Position shuffled_b = with_majors_moved(original, &random);
    REQUIRE(without.minors_signature() == original.minors_signature());
    for (const Phase phase : kAllPhases)
      for (const Knowledge knowledge : kAllKnowledge) {
        const MinorsInfo expected = evaluate_minors(original, phase, knowledge);
        CHECK(expected.phase == phase);
        CHECK_MESSAGE(evaluate_minors(without, phase, knowledge) == expected, fen);
        CHECK_MESSAGE(evaluate_minors(shuffled_a, phase, knowledge) == expected, fen);
        CHECK_MESSAGE(evaluate_minors(shuffled_b, phase, knowledge) == expected, fen);
        ++compared;
      }
  }
  MESSAGE("records compared: ", compared);
}

TEST_CASE("knowledge: the record facts are right") {
  const Position start = position_of(std::string(kStartFen));
  const MinorsInfo info = evaluate_minors(start, Phase::kOpening, Knowledge::kLarge);
  for (const Color c : {kRed, kBlack}) {
    CHECK(info.advisors[c] == 2);
    CHECK(info.elephants[c] == 2);
    CHECK(info.pawns[c] == 5);
    CHECK(info.crossed_pawns[c] == 0);
    CHECK(info.fatal_pawns[c] == 0);
    CHECK(info.pawn_files[c] == 0b101010101);
    CHECK(info.king_door[c] == make_square(4, c == kRed ? 1 : 8));  // the palace centre, in front of the king
    CHECK((info.shape[c] & (kKingOffHome | kAdvisorsBroken | kElephantsBroken | kKingFileOpen)) == 0);
    CHECK((info.shape[c] & (kElephantsLinked | kAdvisorsLinked | kKingOnSideFile | kEnemyPawnInPalace)) == 0);
  }
  CHECK(info.score == 0);

  // Red: king e1 raised, one advisor d0, elephants c0 and e2 linked, pawns f8 (in the palace), e7 (fatal),
  // a5 (crossed, not fatal); Black: king d9 on a side file, advisors e8 and f9 linked, no elephants.
  const MinorsInfo shaped = evaluate_minors(position_of("3k1a3/4aP3/4P4/9/P8/9/9/4B4/4K4/2BA5 w - - 0 1"),
                                            Phase::kMiddlegame, Knowledge::kLarge);
  CHECK(shaped.advisors[kRed] == 1);
  CHECK(shaped.elephants[kBlack] == 0);
  CHECK(shaped.crossed_pawns[kRed] == 3);
  CHECK(shaped.fatal_pawns[kRed] == 2);
  CHECK(shaped.pawn_files[kRed] == ((1u << 0) | (1u << 4) | (1u << 5)));
  CHECK(shaped.shape[kRed] == (kKingOffHome | kAdvisorsBroken | kElephantsLinked));  // e2 elephant ahead
  CHECK(shaped.shape[kBlack] == (kKingOffHome | kKingOnSideFile | kElephantsBroken | kKingFileOpen |
                                 kAdvisorsLinked | kEnemyPawnInPalace));
}

TEST_CASE("knowledge: the king door is the one palace point two advisors leave free") {
  // King e0 between advisors d0 and f0: only e1 is left.
  const MinorsInfo closed =
      evaluate_minors(position_of("3k5/9/9/9/9/9/9/9/9/3AKA3 w - - 0 1"), Phase::kOpening, Knowledge::kLarge);
  CHECK(closed.king_door[kRed] == make_square(4, 1));
  CHECK(closed.king_door[kBlack] == kNoSquare);  // no advisors
  // Advisors d0 and e1: the door is f0.
  CHECK(
      evaluate_minors(position_of("3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"), Phase::kOpening, Knowledge::kLarge)
          .king_door[kRed] == make_square(5, 0));
  // A single advisor makes no door; a major on the door point does not close it.
  CHECK(evaluate_minors(position_of("3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1"), Phase::kOpening, Knowledge::kLarge)
            .king_door[kRed] == kNoSquare);
  CHECK(evaluate_minors(position_of("3k5/9/9/9/9/9/9/9/4N4/3AKA3 w - - 0 1"), Phase::kOpening,
                        Knowledge::kLarge)
            .king_door[kRed] == make_square(4, 1));
  // Black's door, by the mirror image: king e9 between d9 and f9 leaves e8.
  CHECK(
      evaluate_minors(position_of("3aka3/9/9/9/9/9/9/9/9/3K5 w - - 0 1"), Phase::kOpening, Knowledge::kLarge)
          .king_door[kBlack] == make_square(4, 8));
}

// Both evaluators on every reference position and its mirror: the minors record must map by `mirror_record`
// at every phase and knowledge level, and the global score must equal `sign` times the original's.
template <typename MirrorFen, typename MirrorRecord>
void check_mirror_symmetry(MirrorFen mirror_fen_of, MirrorRecord mirror_record, int sign) {
  for (const auto& fen : reference_fens()) {
    const std::string mirror_fen = mirror_fen_of(fen);
    const Position original = position_of(fen);
    const Position mirror = position_of(mirror_fen);
    for (const Knowledge knowledge : kAllKnowledge) {
      for (const Phase phase : kAllPhases)
        CHECK_MESSAGE(evaluate_minors(mirror, phase, knowledge) ==
                          mirror_record(evaluate_minors(original, phase, knowledge)),
                      fen, " vs ", mirror_fen);
      const MinorsInfo info = evaluate_minors(original, phase_of_position(original), knowledge);
      const MinorsInfo mirror_info = evaluate_minors(mirror, phase_of_position(mirror), knowledge);
      CHECK_MESSAGE(evaluate_global(mirror, mirror_info, knowledge) ==
                        sign * evaluate_global(original, info, knowledge),
                    fen, " vs ", mirror_fen);
    }
  }
}

TEST_CASE("knowledge: both evaluators are exactly colour-symmetric") {
  check_mirror_symmetry(colour_mirror, colour_mirror_record, -1);
}

TEST_CASE("knowledge: both evaluators are exactly left-right symmetric") {
  check_mirror_symmetry(left_right_mirror, left_right_mirror_record, 1);
}

TEST_CASE("knowledge: none is pure material and every level stays inside the bound") {
  for (const auto& fen : reference_fens()) {
    const Position position = position_of(fen);
    CHECK_MESSAGE(total(position, Knowledge::kNone) == position.material(kRed) - position.material(kBlack),
                  fen);
    for (const Knowledge knowledge : kAllKnowledge)
      CHECK(std::abs(total(position, knowledge)) < kMaxEvaluation);
  }
  // Equal material scores zero however differently it stands.
  const Position uneven = position_of("2bak4/4a4/2n1b3c/p3p3p/2p3p2/6P2/P1P1P3P/1C2B4/4A4/2BAK1N2 w - - 0 1");
  REQUIRE(uneven.material(kRed) == uneven.material(kBlack));
  CHECK(total(uneven, Knowledge::kNone) == 0);
  CHECK(total(uneven, Knowledge::kLarge) != 0);
  for (const Knowledge knowledge : kAllKnowledge)
    CHECK(total(position_of(std::string(kStartFen)), knowledge) == 0);
}

TEST_CASE("knowledge: a raised king is worse before the endgame and fine in it") {
  const std::string home = "3k5/9/9/9/9/9/9/9/9/3AKA3 w - - 0 1";
  const std::string raised = "3k5/9/9/9/9/9/9/9/4K4/3A1A3 w - - 0 1";
  const std::string aside = "5k3/9/9/9/9/9/9/9/9/3K1A3 w - - 0 1";  // king d0 and one advisor f0
  const std::string aside_home = "5k3/9/9/9/9/9/9/9/9/4KA3 w - - 0 1";
  for (const Phase phase : {Phase::kOpening, Phase::kMiddlegame}) {
    CHECK(minors_score(home, phase) > minors_score(raised, phase) + 8);
    CHECK(minors_score(aside_home, phase) > minors_score(aside, phase) + 4);
  }
  CHECK(minors_score(home, Phase::kEndgame) - minors_score(raised, Phase::kEndgame) <= 4);
  CHECK(minors_score(aside, Phase::kEndgame) >= minors_score(aside_home, Phase::kEndgame));
}

TEST_CASE("knowledge: a full set of advisors and elephants beats a broken one") {
  // Red has the full set, Black has lost an elephant but has a pawn more instead (material 20 vs 15 + 20).
  const std::string fen = "2baka3/9/9/p3p3p/9/9/P3P4/9/9/2BAKAB2 w - - 0 1";
  for (const Phase phase : kAllPhases) {
    const int shape_terms =
        minors_score(fen, phase, Knowledge::kLarge) - minors_score(fen, phase, Knowledge::kMedium);
    CHECK(shape_terms > 10);
  }
  // Linked elephants (c0 and e2) against unlinked ones (c0 and g0), everything else alike.
  CHECK(minors_score("3k5/9/9/9/9/9/9/4B4/9/2BAKA3 w - - 0 1", Phase::kMiddlegame) >
        minors_score("3k5/9/9/9/9/9/9/9/9/2BAKAB2 w - - 0 1", Phase::kMiddlegame) + 4);
  // Losing both advisors costs more than their material.
  const int with = minors_score("3k5/9/9/9/9/9/9/9/9/2BAKAB2 w - - 0 1", Phase::kMiddlegame);
  const int without = minors_score("3k5/9/9/9/9/9/9/9/9/2B1K1B2 w - - 0 1", Phase::kMiddlegame);
  CHECK(with - without > 2 * 22 + 10);
}

TEST_CASE("knowledge: connected crossed pawns and pawns pressing on the palace") {
  // d5 and e5 side by side against c5 and e5 apart (only the structure term, not the squares, compared).
  const auto structure = [](const std::string& fen) {
    return minors_score(fen, Phase::kEndgame, Knowledge::kMedium) -
           minors_score(fen, Phase::kEndgame, Knowledge::kSmall);
  };
  CHECK(structure("3k5/9/9/9/3PP4/9/9/9/9/5K3 w - - 0 1") >
        structure("3k5/9/9/9/2P1P4/9/9/9/9/5K3 w - - 0 1"));
  // A pawn next to the palace presses harder on a palace without advisors.
  const auto pressure = [](const std::string& fen) {
    return minors_score(fen, Phase::kMiddlegame, Knowledge::kLarge) -
           minors_score(fen, Phase::kMiddlegame, Knowledge::kMedium);
  };
  CHECK(pressure("3k5/9/3P5/9/9/9/9/9/9/4K4 w - - 0 1") > pressure("3k5/9/9/9/3P5/9/9/9/9/4K4 w - - 0 1"));
}

// Around an empty-headed cannon: Black's full set and majors; Red's king d0, rooks, horses and cannons.
TEST_CASE("knowledge: an empty-headed central cannon scores a clear bonus for its side") {
  const std::string empty_headed = "rnbakabnr/9/1c5c1/p1p3p1p/9/9/P1P3P1P/1C2C4/4A4/RNBK1ABNR w - - 0 1";
  const std::string beside = "rnbakabnr/9/1c5c1/p1p3p1p/9/9/P1P3P1P/1C1C5/4A4/RNBK1ABNR w - - 0 1";
  CHECK(global_score(empty_headed) > global_score(beside) + 30);
  // Knowledge below large knows nothing of it beyond the piece-square values.
  CHECK(global_score(empty_headed, Knowledge::kMedium) < global_score(beside, Knowledge::kMedium) + 20);
  // The same for Black, by the colour mirror.
  CHECK(global_score(colour_mirror(empty_headed)) < global_score(colour_mirror(beside)) - 30);
}

TEST_CASE("knowledge: a rook on the enemy king door counts when two advisors make the door") {
  // Black's king e9 with advisors d9 and f9 (door e8) or a single advisor d9 (no door); a Red rook on a8
  // (bearing on e8) or on a7, with a cannon in support.
  const auto difference = [](const std::string& black_back_rank) {
    const std::string on_door = black_back_rank + "/R8/9/9/9/9/9/1C7/9/3K5 w - - 0 1";
    const std::string elsewhere = black_back_rank + "/9/R8/9/9/9/9/1C7/9/3K5 w - - 0 1";
    return global_score(on_door) - global_score(elsewhere);
  };
  const int with_door = difference("3aka3"), without_door = difference("3ak4");
  CHECK(with_door > without_door + 8);
  CHECK(with_door > 8);
  // A rook standing on the door point itself (checking the king) holds it too.
  CHECK(global_score("3aka3/4R4/9/9/9/9/9/1C7/9/3K5 b - - 0 1") >
        global_score("3aka3/9/R8/9/9/9/9/1C7/9/3K5 w - - 0 1") + 8);
}

TEST_CASE("knowledge: fatal pawns are worth more with attacking majors") {
  // The same fatal pawn count read from the record, with and without Red's rooks and cannon.
  const auto gain = [](const std::string& fen) {
    const Position position = position_of(fen);
    const auto& tables = test::hand_set_tables();
    MinorsInfo info = evaluate_minors(position, phase_of_position(position), Knowledge::kLarge, tables);
    info.fatal_pawns[kRed] = 0;
    const int without = evaluate_global(position, info, Knowledge::kLarge, tables);
    info.fatal_pawns[kRed] = 2;
    return evaluate_global(position, info, Knowledge::kLarge, tables) - without;
  };
  const int lone = gain("3aka3/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  const int backed = gain("3aka3/9/9/9/9/9/9/1C7/9/R2K4R w - - 0 1");
  CHECK(lone > 0);
  CHECK(backed > lone + 15);
  // And a real pawn in front of the palace is worth more to Red with the rooks on the board.
  const auto pawn_worth = [](const std::string& majors_rank) {
    const std::string fatal = "3aka3/9/4P4/9/9/9/9/9/9/" + majors_rank + " w - - 0 1";
    const std::string idle = "3aka3/9/9/9/9/9/2P6/9/9/" + majors_rank + " w - - 0 1";
    return total(position_of(fatal), Knowledge::kLarge) - total(position_of(idle), Knowledge::kLarge);
  };
  CHECK(pawn_worth("R2K4R") > pawn_worth("3K5") + 8);
}

}  // namespace
}  // namespace shuai
