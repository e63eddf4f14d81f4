// A table of results (named, formatted columns; text, number or missing cells) and its two renderings:
// Markdown for reading and CSV for other programs.
#pragma once

#include <string>
#include <variant>
#include <vector>

namespace shuai::stats {

// How a column's numbers read in Markdown. CSV always holds the plain number (a percentage as a fraction:
// 0.985 for 98.5%), with neither thousands separators nor rounding.
enum class Format { kText, kInteger, kDecimal, kPercent, kSignedPercent };

struct Column {
  std::string name;
  Format format = Format::kText;
  int decimals = 2;  // kDecimal and the percentages
};

// No value (the paper has no figure there, say) renders as "—" in Markdown and as an empty CSV field.
using Cell = std::variant<std::monostate, std::string, double>;

struct Table {
  std::vector<Column> columns;
  std::vector<std::vector<Cell>> rows;  // each row as long as `columns`

  void add_row(std::vector<Cell> row) { rows.push_back(std::move(row)); }
};

// One Markdown (GitHub) table: header, alignment row (numbers right-aligned), one line per row.
std::string to_markdown(const Table& table);
// RFC 4180: a header line, then one line per row; fields with commas, quotes or newlines are quoted.
std::string to_csv(const Table& table);

// A number as a Markdown cell would show it, e.g. 36592662 -> "36,592,662", 0.985 -> "98.50%".
std::string format_cell(const Cell& cell, const Column& column);

}  // namespace shuai::stats
