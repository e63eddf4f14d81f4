// The search parameter table: defaults inside their ranges, the text form reads back, bad files change
// nothing, and the switches reproduce the search of issue 16 node for node.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "engine/commands/bench.h"
#include "eval/evaluation_tables.h"
#include "eval/parameter_file.h"
#include "eval/parameters.h"
#include "search/search_parameters.h"

namespace shuai {
namespace {

bool same_parameters(const SearchParameters& a, const SearchParameters& b) {
  return search_parameters_to_text(a) == search_parameters_to_text(b);
}

TEST_CASE("every search parameter's default lies in its range and names are unique") {
  for (const SearchParameterSpec& spec : search_parameter_specs()) {
    CAPTURE(spec.name);
    CHECK(spec.min <= spec.default_value);
    CHECK(spec.default_value <= spec.max);
    CHECK(default_search_parameters().*spec.field == spec.default_value);
    CHECK(find_search_parameter(spec.name) == &spec);
    CHECK_FALSE(spec.meaning.empty());
    CHECK(spec.tuning_step >= 0);
  }
}

TEST_CASE("the search parameter table's text form reads back as the same table") {
  SearchParameters changed = default_search_parameters();
  changed.reverse_futility_per_ply += 7;
  changed.late_move_percent = 33;
  SearchParameters read = default_search_parameters();
  REQUIRE_FALSE(parse_search_parameters(search_parameters_to_text(changed), read));
  CHECK(same_parameters(read, changed));
}

TEST_CASE("a search parameter file may set a few, and a bad one changes nothing") {
  SearchParameters parameters = default_search_parameters();
  REQUIRE_FALSE(parse_search_parameters("# two of them\nrazor_base 99\nlate_move_max_depth 4  # a comment\n",
                                        parameters));
  CHECK(parameters.razor_base == 99);
  CHECK(parameters.late_move_max_depth == 4);
  CHECK(parameters.probcut_margin == default_search_parameters().probcut_margin);
  const SearchParameters before = parameters;
  const char* bad_files[] = {"no_such_parameter 3",
                             "razor_base",
                             "razor_base ten",
                             "razor_base 3.5",
                             "razor_base 100000",
                             "razor_base 1 razor_base 2",
                             "razor_base 50 store_path_dependent 3"};
  for (const char* text : bad_files) {
    CAPTURE(text);
    const auto error = parse_search_parameters(text, parameters);
    REQUIRE(error);
    CHECK(error->find('\n') == std::string::npos);
    CHECK(same_parameters(parameters, before));
  }
  CHECK(load_search_parameters("/nonexistent/parameters.txt", parameters));
  CHECK(same_parameters(parameters, before));
}

TEST_CASE("the search of aa2d1a4 in parameters gives its bench signature") {
  // positions/earlier-builds/search-parameters-aa2d1a4.txt switches off or sets back everything the search
  // rework after aa2d1a4 changed, the evaluation's weights are those from before the refit on match games
  // (positions/earlier-builds/evaluation-before-refit.txt), and the king danger weighs nothing when its
  // weights are zero; the signature is the one `shuai bench depth 6` printed at aa2d1a4.
  static const EvaluationTables without_king_danger = [] {
    EvaluationParameters parameters = default_parameters();
    REQUIRE_FALSE(load_parameters(
        std::string(SHUAI_POSITIONS_DIR) + "/earlier-builds/evaluation-before-refit.txt", parameters));
    visit_parameters(parameters, [](std::string_view name, auto& member, bool) {
      if (name.starts_with("danger_") || name.starts_with("shape_"))
        for_each_element(member, [](int& value) { value = 0; });
    });
    parameters.danger_divisor = parameters.danger_endgame_divisor = 1;
    return make_evaluation_tables(parameters);
  }();
  commands::BenchSettings settings;
  settings.depth = 6;
  settings.options.evaluation.tables = &without_king_danger;
  REQUIRE_FALSE(load_search_parameters(
      std::string(SHUAI_POSITIONS_DIR) + "/earlier-builds/search-parameters-aa2d1a4.txt",
      settings.options.parameters));
  CHECK(commands::run_bench(settings, false).nodes == 130745);
}

}  // namespace
}  // namespace shuai
