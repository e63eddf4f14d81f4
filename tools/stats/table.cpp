// Markdown and CSV renderings of a results table.
#include "tools/stats/table.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

namespace shuai::stats {

namespace {

// 36592662 -> "36,592,662" (the paper's way of writing counts).
std::string with_separators(double value) {
  const std::int64_t rounded = std::llround(value);
  std::string digits = std::to_string(rounded < 0 ? -rounded : rounded);
  std::string grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return rounded < 0 ? "-" + grouped : grouped;
}

bool is_numeric(Format format) {
  return format != Format::kText;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// Markdown cells may not hold a pipe or a line break.
std::string markdown_text(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '|')
      escaped += "\\|";
    else if (c == '\n' || c == '\r')
      escaped += ' ';
    else
      escaped += c;
  }
  return escaped;
}

}  // namespace

std::string format_cell(const Cell& cell, const Column& column) {
  if (std::holds_alternative<std::monostate>(cell)) return "—";
  if (const auto* text = std::get_if<std::string>(&cell)) return *text;
  const double value = std::get<double>(cell);
  if (!std::isfinite(value)) return "—";
  switch (column.format) {
    case Format::kInteger:
      return with_separators(value);
    case Format::kPercent:
      return fmt::format("{:.{}f}%", 100 * value, column.decimals);
    case Format::kSignedPercent:
      return fmt::format("{:+.{}f}%", 100 * value, column.decimals);
    case Format::kDecimal:
    case Format::kText:
      break;
  }
  return fmt::format("{:.{}f}", value, column.decimals);
}

std::string to_markdown(const Table& table) {
  std::string text = "|";
  for (const Column& column : table.columns) text += fmt::format(" {} |", markdown_text(column.name));
  text += "\n|";
  for (const Column& column : table.columns) text += is_numeric(column.format) ? "---:|" : "---|";
  text += "\n";
  for (const auto& row : table.rows) {
    text += "|";
    for (std::size_t i = 0; i < table.columns.size(); ++i)
      text +=
          fmt::format(" {} |", markdown_text(i < row.size() ? format_cell(row[i], table.columns[i]) : "—"));
    text += "\n";
  }
  return text;
}

std::string to_csv(const Table& table) {
  std::string text;
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    if (i) text += ",";
    text += csv_field(table.columns[i].name);
  }
  text += "\n";
  for (const auto& row : table.rows) {
    for (std::size_t i = 0; i < table.columns.size(); ++i) {
      if (i) text += ",";
      if (i >= row.size()) continue;
      if (const auto* cell_text = std::get_if<std::string>(&row[i]))
        text += csv_field(*cell_text);
      else if (const auto* value = std::get_if<double>(&row[i]); value && std::isfinite(*value))
        text += table.columns[i].format == Format::kInteger ? fmt::format("{}", std::llround(*value))
                                                            : fmt::format("{}", *value);
    }
    text += "\n";
  }
  return text;
}

}  // namespace shuai::stats
