// `shuai parameters search|evaluation [FILE]`: prints a parameter table as the text its option loads
// (`SearchParameterFile`, `ParameterFile`): the built-in values, or FILE's over them (a check that FILE
// loads).
#include <fmt/format.h>

#include <string>
#include <vector>

#include "engine/command_line/command_options.h"
#include "engine/commands/commands.h"
#include "eval/parameter_file.h"
#include "search/search_parameters.h"

namespace shuai::commands {

namespace {

constexpr CommandText kParametersCommand = {"parameters", "shuai parameters search|evaluation [FILE]",
                                            "Prints the table as a parameter file: the built-in values, or "
                                            "FILE's over them (a check that FILE loads)."};

}  // namespace

int run_parameters_command(std::span<const std::string_view> words) {
  std::vector<std::string> arguments;
  if (const auto done = read_command_line(kParametersCommand, {}, words, stdout, stderr, &arguments))
    return *done;
  if (arguments.empty() || arguments.size() > 2 ||
      (arguments[0] != "search" && arguments[0] != "evaluation")) {
    fmt::print(stderr, "parameters: name the table, search or evaluation, and at most a FILE (try --help)\n");
    return 2;
  }
  const std::string path = arguments.size() == 2 ? arguments[1] : "";
  if (arguments[0] == "search") {
    SearchParameters parameters = default_search_parameters();
    if (!path.empty())
      if (const auto error = load_search_parameters(path, parameters))
        return fmt::print(stderr, "{}\n", *error), 2;
    fmt::print("{}", search_parameters_to_text(parameters));
    return 0;
  }
  EvaluationParameters parameters = default_parameters();
  if (!path.empty())
    if (const auto error = load_parameters(path, parameters)) return fmt::print(stderr, "{}\n", *error), 2;
  fmt::print("{}", parameters_to_text(parameters));
  return 0;
}

}  // namespace shuai::commands
