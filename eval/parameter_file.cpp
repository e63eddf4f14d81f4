// Parameter table to and from text, and to source.
#include "eval/parameter_file.h"

#include <cctype>
#include <charconv>
#include <fstream>
#include <sstream>
#include <vector>

#include <fmt/format.h>

namespace shuai {

namespace {

// The length of a parameter's rows when printed: its innermost dimension (1 for a scalar).
template <class T>
constexpr int row_length() {
  if constexpr (std::is_array_v<T>)
    return row_length<std::remove_extent_t<T>>() == 1 && !std::is_array_v<std::remove_extent_t<T>>
               ? int(std::extent_v<T>)
               : row_length<std::remove_extent_t<T>>();
  else
    return 1;
}

template <class T>
void append_source(std::string& out, const T& value, int indent) {
  if constexpr (!std::is_array_v<T>) {
    out += fmt::format("{}", value);
  } else if constexpr (!std::is_array_v<std::remove_extent_t<T>>) {
    out += '{';
    for (std::size_t i = 0; i < std::extent_v<T>; ++i) out += fmt::format("{}{}", i ? ", " : "", value[i]);
    out += '}';
  } else {
    out += "{\n";
    for (std::size_t i = 0; i < std::extent_v<T>; ++i) {
      out += std::string(std::size_t(indent + 4), ' ');
      append_source(out, value[i], indent + 4);
      out += ",\n";
    }
    out += std::string(std::size_t(indent), ' ') + '}';
  }
}

bool is_name(std::string_view token) {
  return std::isalpha(static_cast<unsigned char>(token[0])) || token[0] == '_';
}

}  // namespace

std::vector<std::string_view> parameter_file_tokens(std::string_view text) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else {
      const std::size_t start = i;
      while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) && text[i] != '#') ++i;
      tokens.push_back(text.substr(start, i - start));
    }
  }
  return tokens;
}

std::optional<std::string> read_parameter_file(const std::string& path) {
  std::ifstream file(path);
  if (!file) return std::nullopt;
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string parameters_to_text(const EvaluationParameters& parameters) {
  std::string out = "# Shuai evaluation parameters (eval/parameters.h says what each one means)\n";
  visit_parameters(parameters, [&](std::string_view name, const auto& member, bool) {
    using Member = std::remove_cvref_t<decltype(member)>;
    constexpr int length = row_length<Member>();
    out += name;
    int column = 0;
    for_each_element(member, [&](const int value) {
      // A table's rows on lines of their own, and a blank line between its phases.
      if (std::is_array_v<Member> && column % length == 0)
        out +=
            column > 0 && column % (length * kRankCount) == 0 && length == kHalfFileCount ? "\n\n " : "\n ";
      out += fmt::format(" {}", value);
      ++column;
    });
    out += '\n';
  });
  return out;
}

std::optional<std::string> parse_parameters(std::string_view text, EvaluationParameters& parameters) {
  const std::vector<std::string_view> tokens = parameter_file_tokens(text);
  EvaluationParameters result = parameters;
  std::size_t i = 0;
  while (i < tokens.size()) {
    const std::string_view name = tokens[i++];
    if (!is_name(name)) return fmt::format("parameter file: expected a parameter name, found '{}'", name);
    std::vector<int> values;
    for (; i < tokens.size() && !is_name(tokens[i]); ++i) {
      int value = 0;
      const std::string_view token = tokens[i];
      const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
      if (error != std::errc() || end != token.data() + token.size())
        return fmt::format("parameter file: '{}' in {} is not an integer", token, name);
      values.push_back(value);
    }
    bool known = false;
    std::optional<std::string> error;
    visit_parameters(result, [&](std::string_view member_name, auto& member, bool) {
      if (member_name != name || known) return;
      known = true;
      constexpr int count = element_count<std::remove_cvref_t<decltype(member)>>();
      if (int(values.size()) != count) {
        error = fmt::format("parameter file: {} takes {} values, found {}", name, count, values.size());
        return;
      }
      std::size_t next = 0;
      for_each_element(member, [&](int& value) { value = values[next++]; });
    });
    if (!known) return fmt::format("parameter file: unknown parameter '{}'", name);
    if (error) return error;
  }
  parameters = result;
  return std::nullopt;
}

std::optional<std::string> load_parameters(const std::string& path, EvaluationParameters& parameters) {
  const auto text = read_parameter_file(path);
  if (!text) return fmt::format("parameter file: cannot read '{}'", path);
  return parse_parameters(*text, parameters);
}

std::string parameters_to_source(const EvaluationParameters& parameters) {
  std::string out =
      "// The evaluation's parameter values (eval/parameters.h says what each one means). Written by\n"
      "// `shuai-tune fit --source`, then reviewed; edit by hand only for a reason stated in the commit.\n"
      "#include \"eval/parameters.h\"\n\nnamespace shuai {\n\nnamespace {\n\n"
      "// clang-format off\nconstexpr EvaluationParameters kDefaultParameters = {\n";
  visit_parameters(parameters, [&](std::string_view name, const auto& member, bool) {
    out += fmt::format("    .{} = ", name);
    append_source(out, member, 4);
    out += ",\n";
  });
  out +=
      "};\n// clang-format on\n\n}  // namespace\n\nconst EvaluationParameters& default_parameters() {\n"
      "  return kDefaultParameters;\n}\n\n}  // namespace shuai\n";
  return out;
}

}  // namespace shuai
