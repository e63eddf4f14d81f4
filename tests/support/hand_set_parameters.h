// The evaluation's hand-set weights (positions/earlier-builds/hand-set-parameters.txt), for the tests that
// judge its knowledge: whether a term sees what it was written to see is tested with the weights it was
// written with; the tuned weights the engine plays with are judged by games.
#pragma once

#include <stdexcept>
#include <string>

#include "eval/evaluation_tables.h"
#include "eval/parameter_file.h"

namespace shuai::test {

inline const EvaluationTables& hand_set_tables() {
  static const EvaluationTables tables = [] {
    EvaluationParameters parameters = default_parameters();
    if (const auto error = load_parameters(
            std::string(SHUAI_POSITIONS_DIR) + "/earlier-builds/hand-set-parameters.txt", parameters))
      throw std::runtime_error(*error);
    return make_evaluation_tables(parameters);
  }();
  return tables;
}

}  // namespace shuai::test
