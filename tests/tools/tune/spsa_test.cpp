// `shuai-tune spsa`: the schedules shrink as planned, the update moves each parameter toward the side that
// scored and stays in range, the state reads back, shards split an iteration's pairs, a tiny run plays real
// games and resumes, and bad input is one line and no change.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "eval/parameter_file.h"
#include "tests/support/subcommand_run.h"
#include "tests/support/temporary_file.h"
#include "tools/tune/spsa.h"

namespace shuai::tune {
namespace {

using test::TemporaryFile;

SpsaState two_parameter_state() {
  SpsaState state;
  state.engine = SHUAI_BINARY;
  state.openings_path = std::string(SHUAI_POSITIONS_DIR) + "/openings.fen";
  state.iterations = 100;
  state.parameters = {{"reverse_futility_per_ply", 65, 8, 0.002}, {"late_move_percent", 40, 6, 0.002}};
  return state;
}

using Run = test::SubcommandRun;

Run spsa(const std::vector<std::string>& words) {
  return test::run_subcommand(run_spsa, words);
}

SpsaState read_state(const std::string& path) {
  const auto parsed = parse_spsa_state(*read_parameter_file(path));
  REQUIRE(std::holds_alternative<SpsaState>(parsed));
  return std::get<SpsaState>(parsed);
}

TEST_CASE("spsa schedules: the perturbation and the gain shrink to their final values") {
  const SpsaState state = two_parameter_state();
  const SpsaParameter& parameter = state.parameters[0];
  CHECK(spsa_step(state, parameter, 0) > spsa_step(state, parameter, 50));
  CHECK(spsa_step(state, parameter, state.iterations - 1) == doctest::Approx(parameter.step_end));
  CHECK(spsa_gain(state, parameter, 0) > spsa_gain(state, parameter, 50));
  CHECK(spsa_gain(state, parameter, state.iterations - 1) ==
        doctest::Approx(parameter.rate_end * parameter.step_end * parameter.step_end));
  // The same perturbation on every machine, and not the same every iteration.
  CHECK(spsa_signs(state, 7) == spsa_signs(state, 7));
  bool differ = false;
  for (int iteration = 1; iteration < 20; ++iteration)
    differ |= spsa_signs(state, iteration) != spsa_signs(state, 0);
  CHECK(differ);
}

TEST_CASE("spsa update: a parameter moves toward the candidate that scored, within its range") {
  SpsaState state = two_parameter_state();
  const auto [plus, minus] = spsa_candidates(state);
  const std::vector<int> signs = spsa_signs(state, 0);
  CHECK(plus.reverse_futility_per_ply - 65 == -(minus.reverse_futility_per_ply - 65));
  CHECK((plus.reverse_futility_per_ply > 65) == (signs[0] > 0));
  // Every other parameter is the engine's default in both.
  CHECK(plus.razor_base == default_search_parameters().razor_base);
  CHECK(minus.razor_base == default_search_parameters().razor_base);
  spsa_update(state, 3, 1, 0);  // the plus candidate won
  CHECK(state.iteration == 1);
  CHECK(state.wins == 3);
  CHECK((state.parameters[0].value > 65) == (signs[0] > 0));
  CHECK((state.parameters[1].value > 40) == (signs[1] > 0));
  // A huge result cannot take a parameter out of its range.
  SpsaState extreme = two_parameter_state();
  extreme.parameters[0].rate_end = 1000;
  spsa_update(extreme, 0, 0, 1000);
  const SearchParameterSpec& spec = *find_search_parameter("reverse_futility_per_ply");
  CHECK(extreme.parameters[0].value >= spec.min);
  CHECK(extreme.parameters[0].value <= spec.max);
}

TEST_CASE("spsa state: its text reads back, and a bad one is refused") {
  SpsaState state = two_parameter_state();
  state.iteration = 12;
  state.wins = 5;
  state.parameters[1].value = 41.25;
  const auto parsed = parse_spsa_state(spsa_state_to_text(state));
  REQUIRE(std::holds_alternative<SpsaState>(parsed));
  const SpsaState& read = std::get<SpsaState>(parsed);
  CHECK(read.iteration == 12);
  CHECK(read.wins == 5);
  CHECK(read.engine == state.engine);
  CHECK(read.parameters.size() == 2);
  CHECK(read.parameters[1].value == doctest::Approx(41.25));
  CHECK(
      std::holds_alternative<std::string>(parse_spsa_state("iteration 3\nparameter no_such_thing 1 1 1\n")));
  CHECK(std::holds_alternative<std::string>(parse_spsa_state("bogus_key 3\n")));
  CHECK(std::holds_alternative<std::string>(parse_spsa_state("iteration three\n")));
}

TEST_CASE("spsa at a tiny scale: init, shards and update, run, show, and resuming") {
  const TemporaryFile state_file("spsa.state"), log_file("spsa.state.log"), first("spsa.1"), second("spsa.2");
  const auto init = spsa({"init", "--state", state_file.path, "--engine", SHUAI_BINARY, "--parameters",
                          "reverse_futility_per_ply,late_move_percent", "--nodes", "300", "--hash", "1",
                          "--pairs", "2", "--iterations", "3"});
  REQUIRE(init.code == 0);
  // A second init would lose the run.
  CHECK(spsa({"init", "--state", state_file.path}).code == 2);
  // Two shards of iteration 0, then the update.
  REQUIRE(
      spsa({"play", "--state", state_file.path, "--out", first.path, "--shard", "1/2", "--concurrency", "1"})
          .code == 0);
  CHECK(spsa({"update", "--state", state_file.path, first.path}).code == 2);  // a shard missing
  CHECK(read_state(state_file.path).iteration == 0);
  REQUIRE(
      spsa({"play", "--state", state_file.path, "--out", second.path, "--shard", "2/2", "--concurrency", "1"})
          .code == 0);
  const auto update = spsa({"update", "--state", state_file.path, first.path, second.path});
  REQUIRE(update.code == 0);
  SpsaState state = read_state(state_file.path);
  CHECK(state.iteration == 1);
  CHECK(state.wins + state.draws + state.losses == 4);  // two pairs
  // The old results are of iteration 0: refused now.
  CHECK(spsa({"update", "--state", state_file.path, first.path, second.path}).code == 2);
  // One more iteration, then the rest.
  REQUIRE(spsa({"run", "--state", state_file.path, "--for", "1", "--concurrency", "1"}).code == 0);
  CHECK(read_state(state_file.path).iteration == 2);
  REQUIRE(spsa({"run", "--state", state_file.path, "--concurrency", "1"}).code == 0);
  state = read_state(state_file.path);
  CHECK(state.iteration == 3);
  CHECK(state.wins + state.draws + state.losses == 12);
  const auto show = spsa({"show", "--state", state_file.path});
  CHECK(show.code == 0);
  CHECK(show.out.find("reverse_futility_per_ply ") != std::string::npos);
  SearchParameters reached = default_search_parameters();
  CHECK_FALSE(parse_search_parameters(show.out, reached));
  CHECK(std::filesystem::exists(log_file.path));
}

TEST_CASE("spsa: bad arguments are one line and exit code 2") {
  const TemporaryFile state_file("spsa_bad.state");
  for (const std::vector<std::string>& words : std::vector<std::vector<std::string>>{
           {"init", "--state", state_file.path, "--parameters", "no_such_parameter"},
           {"init", "--state", state_file.path, "--parameters", "store_path_dependent"},
           {"init", "--state", state_file.path, "--tc", "soon"},
           {"init", "--state", state_file.path, "--pairs", "0"},
           {"init"},
           {"play", "--state", "/nonexistent/state", "--out", "/tmp/x"},
           {"run", "--state", state_file.path, "--concurrency", "lots"},
           {"frobnicate"}}) {
    CAPTURE(words.size() > 1 ? words[1] : words[0]);
    const Run run = spsa(words);
    CHECK(run.code == 2);
    CHECK(run.error.find('\n') == run.error.size() - 1);
    CHECK_FALSE(std::filesystem::exists(state_file.path));
  }
}

}  // namespace
}  // namespace shuai::tune
