// King danger (KingDangerFeatures in eval/global_evaluation.h): each classical shape and each count
// recognised on a hand-built position and not on its near miss, and the penalty growing with the attack.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "engine/board/board.h"
#include "eval/evaluation_tables.h"
#include "eval/global_evaluation.h"
#include "eval/minors_evaluation.h"
#include "eval/parameter_file.h"
#include "eval/phase.h"
#include "tests/support/hand_set_parameters.h"

namespace shuai {
namespace {

// Red's attack on Black's king in the position (the fen's board; the side to move as written).
KingDangerFeatures red_attack(const std::string& fen) {
  const auto parsed = parse_fen(fen);
  REQUIRE_MESSAGE(parsed.position, fen, ": ", parsed.error);
  const Position& position = *parsed.position;
  const MinorsInfo info =
      evaluate_minors(position, minors_phase_of(position.majors_value()), Knowledge::kLarge);
  return king_danger_features(position, info, kRed);
}

// Black: king e9 between advisors d9, f9 (its one flight e8). Red: king d0, a rook on a8 bearing on e8.
TEST_CASE("king danger: an attack is real with a rook or two attackers, and only then counted") {
  const KingDangerFeatures rook = red_attack("3aka3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
  CHECK(rook.real);
  CHECK(rook.attackers[0] == 1);
  CHECK(rook.weak_points == 2);  // d8 and f8: the king and the advisors guard e8
  // One horse bearing on e8 is not an attack; two are.
  const KingDangerFeatures lone_horse = red_attack("3aka3/9/9/3H5/9/9/9/9/9/3K5 w - - 0 1");
  CHECK_FALSE(lone_horse.real);
  CHECK(lone_horse == KingDangerFeatures{});
  const KingDangerFeatures two = red_attack("3aka3/9/9/3H1H3/9/9/9/9/9/3K5 w - - 0 1");
  CHECK(two.attackers[1] == 2);
  CHECK(two.real);
  CHECK(two.double_attacks == 1);  // e8
}

TEST_CASE("king danger: hollow cannon and iron bolt") {
  // Cannon e4 with nothing before the king; the rook on a8 bears on e8, the king's one flight.
  const KingDangerFeatures bolt = red_attack("3aka3/R8/9/9/9/9/4C4/9/9/3K5 w - - 0 1");
  CHECK(bolt.hollow_cannon == 1);
  CHECK(bolt.iron_bolt == 1);
  // Near misses: the rook on a7 bears on rank 7, not on the flight; a pawn on e6 fills the cannon's head.
  const KingDangerFeatures no_bolt = red_attack("3aka3/9/R8/9/9/9/4C4/9/9/3K5 w - - 0 1");
  CHECK(no_bolt.hollow_cannon == 1);
  CHECK(no_bolt.iron_bolt == 0);
  const KingDangerFeatures headed = red_attack("3aka3/R8/9/4p4/9/9/4C4/9/9/3K5 b - - 0 1");
  CHECK(headed.hollow_cannon == 0);
  CHECK(headed.iron_bolt == 0);
  CHECK(headed.safe_checks[2] >= 1);  // but the cannon now checks over the pawn
}

TEST_CASE("king danger: double cannons and the horse behind the cannon") {
  // Cannons e4 and e2: the front one empty-headed, the rear one checking over it.
  const KingDangerFeatures doubled = red_attack("3aka3/R8/9/9/9/9/4C4/9/4C4/3K5 b - - 0 1");
  CHECK(doubled.double_cannons == 1);
  // An advisor between the two cannons: the rear one has two screens.
  const KingDangerFeatures apart = red_attack("3aka3/R8/9/9/9/9/4C4/9/4A4/3KC4 w - - 0 1");
  CHECK(apart.double_cannons == 0);
  // Horse e7 before the king (the advisors stand on d9 and f9), cannon e2 behind it: a check.
  const KingDangerFeatures horse = red_attack("3aka3/9/4H4/9/9/9/9/4C4/9/3K5 b - - 0 1");
  CHECK(horse.horse_behind_cannon == 1);
  CHECK(horse.double_cannons == 0);
  // The same with a rook as the screen.
  const KingDangerFeatures rook_screen = red_attack("3aka3/9/4R4/9/9/9/9/4C4/9/3K5 b - - 0 1");
  CHECK(rook_screen.horse_behind_cannon == 0);
}

TEST_CASE("king danger: horses on the palace corner and the elbow") {
  const KingDangerFeatures corner = red_attack("3aka3/R8/3H5/9/9/9/9/9/9/3K5 b - - 0 1");
  CHECK(corner.corner_horses == 1);
  CHECK(corner.elbow_horses == 0);
  const KingDangerFeatures elbow = red_attack("3aka3/2H3R2/9/9/9/9/9/9/9/3K5 b - - 0 1");
  CHECK(elbow.elbow_horses == 1);
  CHECK(elbow.corner_horses == 0);
  // One point off each: c7 and b8.
  const KingDangerFeatures off = red_attack("3aka3/1H4R2/2H6/9/9/9/9/9/9/3K5 w - - 0 1");
  CHECK(off.corner_horses == 0);
  CHECK(off.elbow_horses == 0);
}

TEST_CASE("king danger: a cannon on the centre horse, the bottom cannon, a rook on the king file") {
  // Black's horse on e8 in front of its king at home, Red's cannon e4 behind it.
  const KingDangerFeatures centre = red_attack("3aka3/R3n4/9/9/9/9/4C4/9/9/3K5 b - - 0 1");
  CHECK(centre.centre_horse == 1);
  const KingDangerFeatures two_screens = red_attack("3aka3/R3n4/9/4p4/9/9/4C4/9/9/3K5 w - - 0 1");
  CHECK(two_screens.centre_horse == 0);
  // Cannon a9 on the king's back rank, the advisor d9 its screen.
  const KingDangerFeatures bottom = red_attack("C2aka3/R8/9/9/9/9/9/9/9/3K5 b - - 0 1");
  CHECK(bottom.bottom_cannons == 1);
  const KingDangerFeatures raised = red_attack("C2a1a3/R3k4/9/9/9/9/9/9/9/3K5 b - - 0 1");
  CHECK(raised.bottom_cannons == 0);
  // Rook e5 with the advisor e8 between it and the king: on the file, one defender pinnable and pinned.
  const KingDangerFeatures file = red_attack("4ka3/4a4/9/9/4R4/9/9/9/9/3K5 w - - 0 1");
  CHECK(file.rook_on_king_file == 1);
  CHECK(file.pinned_defenders == 1);
  const KingDangerFeatures far = red_attack("4ka3/4a4/9/4p4/4R4/9/9/9/9/3K5 w - - 0 1");
  CHECK(far.rook_on_king_file == 0);  // two pieces between
}

TEST_CASE("king danger: safe checks, flights and defenders") {
  // Bare black king e9; Red rook a7 can check from a9 and e7 (neither guarded).
  const KingDangerFeatures rook = red_attack("4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1");
  CHECK(rook.safe_checks[0] == 2);
  CHECK(rook.safe_flights == 3);  // d9, f9, e8: the rook on rank 7 hits d7, e7, f7
  // An advisor on e8 closes the e7 check; the a9 check stays.
  const KingDangerFeatures blocked = red_attack("4k4/4a4/R8/9/9/9/9/9/9/3K5 w - - 0 1");
  CHECK(blocked.safe_checks[0] == 1);
  // Horse b6 reaches d7 and c8, both checking over the free leg d8 (the rook d1 makes the attack real).
  const KingDangerFeatures horse = red_attack("4k4/9/9/1H7/9/9/9/9/3R5/3K5 w - - 0 1");
  CHECK(horse.safe_checks[1] == 2);
  // A Red pawn on d8 fills the leg.
  const KingDangerFeatures no_leg = red_attack("4k4/3P5/9/1H7/9/9/9/9/3R5/3K5 w - - 0 1");
  CHECK(no_leg.safe_checks[1] == 0);
  // A Black rook at home in its palace on d9 defends it.
  const KingDangerFeatures defended = red_attack("3rk4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1");
  CHECK(defended.defenders == 1);
  CHECK(rook.defenders == 0);
}

TEST_CASE(
    "king danger: the penalty grows with the attack, shrinks with a defender, and is colour-symmetric") {
  // With the hand-set weights (tests/support/hand_set_parameters.h), which the terms were written with.
  static const EvaluationTables without_danger = [] {
    EvaluationParameters parameters = test::hand_set_tables().parameters;
    visit_parameters(parameters, [](std::string_view name, auto& member, bool) {
      if (name.starts_with("danger_") || name.starts_with("shape_"))
        for_each_element(member, [](int& value) { value = 0; });
    });
    return make_evaluation_tables(parameters);
  }();
  // The part of the global score (Red's view) the king danger makes.
  const auto danger = [](const std::string& fen) {
    const Position position = *parse_fen(fen).position;
    const MinorsInfo info =
        evaluate_minors(position, minors_phase_of(position.majors_value()), Knowledge::kLarge);
    return evaluate_global(position, info, Knowledge::kLarge, test::hand_set_tables()) -
           evaluate_global(position, info, Knowledge::kLarge, without_danger);
  };
  CHECK(test::hand_set_tables().king_danger);
  CHECK_FALSE(without_danger.king_danger);  // all weights zero: the features are not even counted
  const int rook = danger("3aka3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
  const int rook_and_cannon = danger("3aka3/R8/9/9/9/9/4C4/9/9/3K5 w - - 0 1");
  const int defended = danger("2raka3/R8/9/9/9/9/4C4/9/9/3K5 w - - 0 1");
  CHECK(rook > 0);
  CHECK(rook_and_cannon > rook);
  CHECK(defended < rook_and_cannon);
  CHECK(danger("3k5/9/9/9/9/9/9/9/r8/3AKA3 b - - 0 1") == -rook);  // the colours swapped
  MESSAGE("danger: rook ", rook, ", rook and hollow cannon ", rook_and_cannon, ", with a defending rook ",
          defended);
}

TEST_CASE("king danger: the fitted weights' file loads and turns the danger on") {
  EvaluationParameters parameters = default_parameters();
  const auto error = load_parameters(
      std::string(SHUAI_POSITIONS_DIR) + "/earlier-builds/king-danger-fitted.txt", parameters);
  REQUIRE_FALSE(error);
  CHECK(make_evaluation_tables(parameters).king_danger);
  CHECK(parameters.danger_divisor == 16);
}

}  // namespace
}  // namespace shuai
