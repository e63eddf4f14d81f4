// The parameter table as text (for tuning runs and experiments: `setoption name ParameterFile`) and as C++
// source (what `shuai-tune fit` writes for eval/default_parameters.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "eval/parameters.h"

namespace shuai {

// The words of a parameter file, its '#' comments (to the end of their line) dropped.
std::vector<std::string_view> parameter_file_tokens(std::string_view text);
// A parameter file's whole text; nothing if it cannot be read.
std::optional<std::string> read_parameter_file(const std::string& path);

// One parameter per block: its name on a line, then its values (a table's rows on lines of their own).
// '#' starts a comment that runs to the end of the line.
std::string parameters_to_text(const EvaluationParameters& parameters);

// Reads text in that form. Parameters it does not name keep their values, so a file may set just a few.
// On an error (unknown name, a value that is not an integer, too few or too many values) returns a one-line
// message and leaves `parameters` as it was.
std::optional<std::string> parse_parameters(std::string_view text, EvaluationParameters& parameters);
std::optional<std::string> load_parameters(const std::string& path, EvaluationParameters& parameters);

// The body of eval/default_parameters.cpp for these values.
std::string parameters_to_source(const EvaluationParameters& parameters);

}  // namespace shuai
