// shuai-tune fit: the analytic gradient is the loss's slope, and fitting finds weights that labels were made
// with; training files are read with duplicates dropped and a stable validation part.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <numeric>
#include <random>

#include <unistd.h>

#include "engine/board/board.h"
#include "eval/evaluator.h"
#include "eval/parameter_file.h"
#include "tests/support/hand_set_parameters.h"
#include "tests/support/reference_positions.h"
#include "tools/tune/fit.h"
#include "tools/tune/training_file.h"

namespace shuai {
namespace {

// Positions of random games from the phase files' positions (not in check).
std::vector<Position> random_positions(int plies_each) {
  std::vector<Position> positions;
  std::mt19937 random(11);
  for (const char* file : {"phases-public.tsv", "phases-selfplay.tsv"}) {
    for (const PositionLine& line : test::load_positions(file)) {
      Position position = line.position;
      for (int ply = 0; ply < plies_each; ++ply) {
        MoveList moves;
        generate_legal(position, moves);
        if (moves.size == 0) break;
        position.make_move(moves[random() % moves.size]);
        if (!position.in_check()) positions.push_back(position);
      }
    }
  }
  return positions;
}

int rook_material_index(int phase) {
  // rook_material is majors_material[phase][1]: find it by name.
  for (int i = 0; i < fitted_parameter_count(); ++i)
    if (fitted_parameter_name(i) == "majors_material[" + std::to_string(3 * phase + 1) + "]") return i;
  return -1;
}

TEST_CASE("the loss gradient is the slope of the loss") {
  // At the hand-set weights, whose king-danger weights are not zero (the defaults' may be).
  const EvaluationParameters& start = test::hand_set_tables().parameters;
  const SymbolicTables tables = make_symbolic_tables(start);
  const std::vector<double> parameters = fitted_values(start);
  tune::LinearPositions positions;
  std::mt19937 random(3);
  int mismatches = 0;
  for (const Position& position : random_positions(6)) {
    const LinearScore score = linear_evaluation(position, tables);
    positions.add(score, double(random() % 3) / 2);
    // The compact form gives back each position's own score, hinges included.
    mismatches +=
        std::abs(positions.evaluate(positions.size() - 1, parameters) - score.value(parameters)) > 1e-3;
  }
  REQUIRE(positions.size() > 500);
  CHECK(mismatches == 0);
  std::vector<std::uint32_t> all(positions.size());
  std::iota(all.begin(), all.end(), 0u);
  constexpr double kScale = 0.008;
  const std::vector<double> gradient = tune::loss_gradient(positions, all, parameters, kScale, 2);
  const auto check_slope = [&](std::size_t p) {
    std::vector<double> up = parameters, down = parameters;
    up[p] += 0.5;
    down[p] -= 0.5;
    const double slope =
        (tune::mean_loss(positions, up, kScale, 1) - tune::mean_loss(positions, down, kScale, 1)) / 1.0;
    INFO(fitted_parameter_name(int(p)));
    CHECK(slope == doctest::Approx(gradient[p]).epsilon(0.05).scale(0));  // 5% of the value (kinks)
  };
  int checked = 0;
  for (std::size_t p = 0; p < parameters.size() && checked < 40; ++p)
    if (std::abs(gradient[p]) >= 1e-6) {
      check_slope(p);
      ++checked;
    }
  CHECK(checked == 40);
  // The king-danger weights act through the non-linear penalty: their slope is exact too.
  int danger_checked = 0;
  for (std::size_t p = 0; p < parameters.size(); ++p) {
    const std::string name = fitted_parameter_name(int(p));
    if (!(name.starts_with("danger_") || name.starts_with("shape_")) || std::abs(gradient[p]) < 1e-6)
      continue;
    check_slope(p);
    ++danger_checked;
  }
  CHECK(danger_checked >= 10);
  std::size_t hinges = 0;
  for (std::size_t i = 0; i < positions.size(); ++i)
    hinges += positions.first_hinge[i + 1] - positions.first_hinge[i];
  MESSAGE("king-danger penalties among the positions: ", hinges,
          ", danger weights checked: ", danger_checked);
}

TEST_CASE("fitting recovers a weight the labels were made with") {
  // Labels made by an evaluation whose rook is worth 60 more, as win probabilities.
  EvaluationParameters truth = default_parameters();
  for (auto& phase : truth.majors_material) phase[1] += 60;
  const EvaluationTables truth_tables = make_evaluation_tables(truth);
  Evaluator evaluator;
  evaluator.settings().tables = &truth_tables;
  constexpr double kScale = 0.01;
  const SymbolicTables tables = make_symbolic_tables(default_parameters());
  tune::TrainingSet set;
  int index = 0;
  for (const Position& position : random_positions(40)) {
    const int sign = position.side_to_move() == kRed ? 1 : -1;
    const double probability = 1 / (1 + std::exp(-kScale * sign * evaluator.evaluate(position)));
    (++index % 10 == 0 ? set.validation : set.training).add(linear_evaluation(position, tables), probability);
  }
  REQUIRE(set.training.size() > 2000);
  std::vector<double> parameters = fitted_values(default_parameters());
  const double before = tune::mean_loss(set.validation, parameters, kScale, 2);
  tune::FitOptions options;
  options.epochs = 60;
  options.batch_size = 256;
  options.learning_rate = 1.0;
  options.threads = 2;
  double last_validation = before;
  tune::fit_parameters(set, parameters, kScale, options,
                       [&](const tune::EpochReport& report) { last_validation = report.validation_loss; });
  MESSAGE("validation loss ", before, " -> ", last_validation);
  CHECK(last_validation < before / 2);
  const int middlegame_rook = rook_material_index(1);
  REQUIRE(middlegame_rook >= 0);
  // The rook's material, or the rook's squares with it, must carry the 60.
  CHECK(parameters[std::size_t(middlegame_rook)] - default_parameters().majors_material[1][1] > 20);

  // With --only naming the majors' material, nothing else moves, and the rook takes the 60 alone.
  std::vector<double> only_material = fitted_values(default_parameters());
  options.only = {"majors_material"};
  tune::fit_parameters(set, only_material, kScale, options, [](const tune::EpochReport&) {});
  const std::vector<double> start = fitted_values(default_parameters());
  int moved_outside = 0;
  for (std::size_t p = 0; p < start.size(); ++p)
    if (!fitted_parameter_name(int(p)).starts_with("majors_material"))
      moved_outside += only_material[p] != start[p];
  CHECK(moved_outside == 0);
  CHECK(only_material[std::size_t(middlegame_rook)] - default_parameters().majors_material[1][1] > 30);
}

TEST_CASE("training files are read once per position, with a stable validation part") {
  const std::string path = "/tmp/shuai_fit_test_" + std::to_string(::getpid()) + ".txt";
  {
    std::ofstream file(path);
    file << "# game 0: 3 positions, 1-0 checkmate\n"
         << tune::position_line("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", 1)
         << "\n"
         << tune::position_line("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", 1)
         << "\n"
         << tune::position_line("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2", 0.5)
         << "\n";
  }
  const SymbolicTables tables = make_symbolic_tables(default_parameters());
  const auto read = tune::read_training_set({path, path}, tables, 0.5);
  REQUIRE(std::holds_alternative<tune::TrainingSet>(read));
  const auto& set = std::get<tune::TrainingSet>(read);
  CHECK(set.lines == 6);
  CHECK(set.duplicates == 4);
  CHECK(set.training.size() + set.validation.size() == 2);
  const auto again = tune::read_training_set({path}, tables, 0.5);
  CHECK(std::get<tune::TrainingSet>(again).validation.size() == set.validation.size());

  std::ofstream(path, std::ios::app) << "this is not a position\n";
  const auto bad = tune::read_training_set({path}, tables, 0.5);
  REQUIRE(std::holds_alternative<std::string>(bad));
  CHECK(std::get<std::string>(bad).find(":5:") != std::string::npos);
  CHECK(std::holds_alternative<std::string>(tune::read_training_set({"/nonexistent/file"}, tables, 0.1)));
  std::remove(path.c_str());
}

TEST_CASE("fit's arguments: bad ones are refused with one line") {
  const auto parse = [](std::initializer_list<std::string_view> words) {
    const std::vector<std::string_view> arguments(words);
    return tune::parse_fit_options(arguments);
  };
  CHECK(std::holds_alternative<tune::FitOptions>(parse({"data.txt", "--epochs", "5"})));
  CHECK(std::holds_alternative<std::string>(parse({})));
  CHECK(std::holds_alternative<std::string>(parse({"data.txt", "--epochs", "many"})));
  CHECK(std::holds_alternative<std::string>(parse({"data.txt", "--validation", "1.5"})));
  CHECK(std::holds_alternative<std::string>(parse({"data.txt", "--frobnicate", "1"})));
  CHECK(std::holds_alternative<std::string>(parse({"data.txt", "--rate"})));
  CHECK(std::holds_alternative<std::string>(parse({"data.txt", "--only", "no_such_parameter"})));
  const auto only = parse({"data.txt", "--only", "danger_,shape_"});
  REQUIRE(std::holds_alternative<tune::FitOptions>(only));
  CHECK(std::get<tune::FitOptions>(only).only == std::vector<std::string>{"danger_", "shape_"});
}

}  // namespace
}  // namespace shuai
