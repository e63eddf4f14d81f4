// The tools' one reader of position files and their one sampler. A file holds one position a line: a FEN
// (six fields) or an EPD line (four fields, then operations), either optionally followed by "; comment"
// (positions/openings.fen, tactics.epd); or it is a TSV whose header row names a `fen` column
// (phases-public.tsv). Blank lines and lines starting with '#' are skipped. Every error names the file and
// the line: "path:line: what".
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/board/position.h"

namespace shuai {

struct PositionLine {
  int number = 0;   // the line's number in its file, from 1
  std::string fen;  // the FEN fields, one space apart (an EPD line's four)
  Position position;
  std::string rest;  // what follows the FEN fields, trimmed: EPD operations, "; comment" (empty in a TSV)
};

// The positions of `input`, whose name (a path) the errors give. An error when a FEN is not a legal position
// or when there is no position at all.
std::variant<std::vector<PositionLine>, std::string> read_positions(std::istream& input,
                                                                    const std::string& name);
std::variant<std::vector<PositionLine>, std::string> read_position_file(const std::string& path);

// `count` of `items` spread evenly over them, in their order (item i * size / count), so that every part of
// an ordered file (by phase, by opening family) is sampled; all of them when count >= size.
template <class Item>
std::vector<Item> spread_evenly(std::vector<Item> items, std::size_t count) {
  if (count >= items.size()) return items;
  std::vector<Item> chosen;
  chosen.reserve(count);
  for (std::size_t i = 0; i < count; ++i) chosen.push_back(std::move(items[i * items.size() / count]));
  return chosen;
}

}  // namespace shuai
