// The parameters as the evaluators read them in play: the piece-square values (material included) laid out
// for every piece, phase and point, so that one lookup gives a piece's whole value.
#pragma once

#include <array>
#include <cstdint>

#include "engine/board/types.h"
#include "eval/parameters.h"

namespace shuai {

struct EvaluationTables {
  EvaluationParameters parameters{};
  // [stage][piece_index(piece)][square]: the stage is the minors phase index for a minor, the taper end for
  // a major. Zero off the board.
  std::array<std::array<std::array<std::int16_t, kMailboxSize>, kPieceIndexCount>, 2> piece_square{};
  // Some king-danger weight is not zero: when all are, the evaluation skips counting the danger features
  // (it would add nothing) and costs what it did before them.
  bool king_danger = false;

  int piece_value(int stage, Piece piece, Square square) const {
    return piece_square[std::size_t(stage)][std::size_t(piece_index(piece))][square];
  }
};

EvaluationTables make_evaluation_tables(const EvaluationParameters& parameters);

// Built once from default_parameters().
const EvaluationTables& default_evaluation_tables();

}  // namespace shuai
