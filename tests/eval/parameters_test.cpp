// The parameter table: its text form round-trips and rejects bad input, the committed defaults are what the
// source writer writes, and the symbolic evaluation the tuner differentiates is the evaluation itself.
#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "engine/board/board.h"
#include "eval/evaluator.h"
#include "eval/linear_score.h"
#include "eval/parameter_file.h"
#include "eval/winning_chances.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

bool same_parameters(const EvaluationParameters& a, const EvaluationParameters& b) {
  return parameters_to_text(a) == parameters_to_text(b);
}

// Positions from all phases: the phase files' positions and the positions of random games from them.
std::vector<Position> sample_positions() {
  std::vector<Position> positions;
  std::mt19937 random(20261123);
  for (const char* file : {"phases-public.tsv", "phases-selfplay.tsv"}) {
    for (const PositionLine& line : test::load_positions(file)) {
      Position position = line.position;
      positions.push_back(position);
      for (int ply = 0; ply < 12; ++ply) {
        MoveList moves;
        generate_legal(position, moves);
        if (moves.size == 0) break;
        position.make_move(moves[random() % moves.size]);
        positions.push_back(position);
      }
    }
  }
  return positions;
}

TEST_CASE("the parameter table's text form reads back as the same table") {
  const EvaluationParameters& defaults = default_parameters();
  EvaluationParameters read{};
  REQUIRE_FALSE(parse_parameters(parameters_to_text(defaults), read));
  CHECK(same_parameters(read, defaults));
  CHECK(fitted_parameter_count() > 500);
}

TEST_CASE("a parameter file may set a few parameters, and a bad one changes nothing") {
  EvaluationParameters parameters = default_parameters();
  REQUIRE_FALSE(
      parse_parameters("# two changes\ntempo 9\nrook_open_file 1 2  # opening, endgame\n", parameters));
  CHECK(parameters.tempo == 9);
  CHECK(parameters.rook_open_file[1] == 2);
  CHECK(parameters.rook_half_open_file[0] == default_parameters().rook_half_open_file[0]);

  const EvaluationParameters before = parameters;
  const auto unknown = parse_parameters("tempo 5\nrook_speed 3\n", parameters);
  REQUIRE(unknown);
  CHECK(unknown->find("rook_speed") != std::string::npos);
  const auto short_row = parse_parameters("rook_open_file 1\n", parameters);
  REQUIRE(short_row);
  CHECK(short_row->find("takes 2 values") != std::string::npos);
  CHECK(parse_parameters("tempo 4x\n", parameters));
  CHECK(parse_parameters("17\n", parameters));
  CHECK(load_parameters("/nonexistent/parameters.txt", parameters));
  CHECK(same_parameters(parameters, before));
}

TEST_CASE("the committed default parameters are what the source writer writes") {
  std::ifstream file(std::string(SHUAI_POSITIONS_DIR) + "/../eval/default_parameters.cpp");
  REQUIRE(file);
  std::ostringstream text;
  text << file.rdbuf();
  CHECK(text.str() == parameters_to_source(default_parameters()));
}

TEST_CASE("the symbolic evaluation is the evaluation, at the defaults and at any other values") {
  const std::vector<Position> positions = sample_positions();
  REQUIRE(positions.size() > 1000);
  const SymbolicTables symbolic = make_symbolic_tables(default_parameters());

  // Other values: every fitted parameter moved at random, so that a weight the symbolic path missed or
  // read in the wrong place shows.
  EvaluationParameters moved = default_parameters();
  std::vector<double> values = fitted_values(moved);
  std::mt19937 random(7);
  for (double& value : values) value += double(int(random() % 21) - 10);
  set_fitted_values(moved, values);
  const EvaluationTables moved_tables = make_evaluation_tables(moved);
  const std::vector<double> defaults = fitted_values(default_parameters());

  Evaluator plain, changed;
  changed.settings().tables = &moved_tables;
  int largest_gap = 0;
  for (const Position& position : positions) {
    if (position.in_check()) continue;
    const int sign = position.side_to_move() == kRed ? 1 : -1;
    const LinearScore score = linear_evaluation(position, symbolic);
    // The scaled attack terms (per side) and the taper are divided by 16 in integers, exactly in the symbolic
    // form: up to three points.
    const double at_defaults = score.value(defaults), at_moved = score.value(values);
    const int gap_defaults = int(std::lround(std::abs(at_defaults - sign * plain.evaluate(position))));
    // Which side a drawn balance scales down is read from the evaluation at the built-in values, so with
    // other values the two may scale different sides.
    const bool drawn_balance = winning_chances(position, kRed) < 16 || winning_chances(position, kBlack) < 16;
    const int gap_moved =
        drawn_balance ? 0 : int(std::lround(std::abs(at_moved - sign * changed.evaluate(position))));
    largest_gap = std::max({largest_gap, gap_defaults, gap_moved});
  }
  CHECK(largest_gap <= 3);
}

TEST_CASE("the symbolic evaluation names the parameters it used") {
  const SymbolicTables symbolic = make_symbolic_tables(default_parameters());
  auto position = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  REQUIRE(position.position);
  LinearScore score = linear_evaluation(*position.position, symbolic);
  // The start position is symmetric: everything cancels but the tempo.
  REQUIRE(score.terms().size() == 1);
  CHECK(fitted_parameter_name(score.terms()[0].first) == "tempo[0]");
  CHECK(score.terms()[0].second == 1.0);
}

}  // namespace
}  // namespace shuai

namespace shuai {
namespace {

// The coefficient of one named fitted parameter in a position's linear form (0 when absent).
double coefficient_of(const std::string& fen, const std::string& name) {
  const SymbolicTables symbolic = make_symbolic_tables(default_parameters());
  const FenResult parsed = parse_fen(fen);
  REQUIRE_MESSAGE(parsed.position, parsed.error);
  const LinearScore score = linear_evaluation(*parsed.position, symbolic);
  for (const auto& [index, coefficient] : score.terms())
    if (fitted_parameter_name(index) == name) return coefficient;
  return 0.0;
}

TEST_CASE("palace attacks are counted per point and attacker, a cannon's over its screen") {
  // The attack terms earn attack_scale[units] / 16 of their weight: a cannon alone is 1 unit (2/16), a rook
  // alone 2 units (6/16).
  // A cannon on e2 behind the pawn on e6 attacks e7, e8 and e9 (where the king stands: it is in check).
  CHECK(coefficient_of("4k4/9/9/4P4/9/9/9/4C4/9/4K4 b - - 0 1", "cannon_palace_attack[0]") ==
        doctest::Approx(3 * 2 / 16.0));
  // Without a screen it attacks nothing.
  CHECK(coefficient_of("4k4/9/9/9/9/9/9/4C4/9/4K4 w - - 0 1", "cannon_palace_attack[0]") == 0.0);
  // A rook on a8 sweeps d8, e8 and f8; Black's rook on i1 sweeps f1 and stops at Red's advisor on e1, a
  // point it attacks too: Red 3, Black 2 (the pawns keep it from being a drawn balance).
  CHECK(coefficient_of("4k4/R8/9/8p/9/9/P8/9/4A3r/4K4 w - - 0 1", "rook_palace_attack[0]") ==
        doctest::Approx((3 - 2) * 6 / 16.0));
  // A horse on d6 reaches e8 (leg d7 free); f7 is barred by the pawn on e6, the leg of that jump.
  CHECK(coefficient_of("4k4/9/9/3NP4/9/9/9/9/9/4K4 w - - 0 1", "horse_palace_attack[0]") ==
        doctest::Approx(1 * 2 / 16.0));
}

}  // namespace
}  // namespace shuai
