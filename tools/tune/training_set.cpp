// Reading training files into linear forms.
#include "tools/tune/training_set.h"

#include <fstream>
#include <unordered_set>

#include <fmt/format.h>

#include "engine/board/board.h"
#include "tools/tune/training_file.h"

namespace shuai::tune {

void LinearPositions::add(const LinearScore& score, double result) {
  for (const auto& [index, value] : score.terms()) {
    parameter.push_back(std::uint16_t(index));
    coefficient.push_back(float(value));
  }
  first_term.push_back(std::uint32_t(parameter.size()));
  for (const HingeTerm& hinge : score.hinges()) {
    for (const auto& [index, value] : hinge.terms) {
      hinge_parameter.push_back(std::uint16_t(index));
      hinge_coefficient.push_back(float(value));
    }
    hinge_first_term.push_back(std::uint32_t(hinge_parameter.size()));
    hinge_square.push_back(float(hinge.square_coefficient));
    hinge_linear.push_back(float(hinge.linear_coefficient));
    hinge_constant.push_back(float(hinge.constant));
  }
  first_hinge.push_back(std::uint32_t(hinge_square.size()));
  constant.push_back(float(score.constant()));
  red_score.push_back(float(result));
}

std::variant<TrainingSet, std::string> read_training_set(const std::vector<std::string>& paths,
                                                         const SymbolicTables& tables,
                                                         double validation_share) {
  TrainingSet set;
  std::unordered_set<std::uint64_t> seen;
  // Keys are uniform 64-bit numbers: their top bits choose the validation positions.
  const auto validation_limit = std::uint64_t(validation_share * 18446744073709551615.0);
  for (const std::string& path : paths) {
    std::ifstream file(path);
    if (!file) return fmt::format("cannot read training file '{}'", path);
    std::string line;
    for (int number = 1; std::getline(file, line); ++number) {
      if (line.empty() || line[0] == '#') continue;
      const auto parsed = parse_position_line(line);
      if (!parsed) return fmt::format("{}:{}: not a training position line", path, number);
      const FenResult fen = parse_fen(parsed->fen);
      if (!fen.position) return fmt::format("{}:{}: {}", path, number, fen.error);
      ++set.lines;
      const Position& position = *fen.position;
      if (!seen.insert(position.key()).second) {
        ++set.duplicates;
        continue;
      }
      // The evaluation is not asked to judge a position in check: the search never stands pat there.
      if (position.in_check()) {
        ++set.in_check;
        continue;
      }
      const bool validation = position.key() < validation_limit;
      (validation ? set.validation : set.training)
          .add(linear_evaluation(position, tables), parsed->red_score);
    }
  }
  return set;
}

}  // namespace shuai::tune
