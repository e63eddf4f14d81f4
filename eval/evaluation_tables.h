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
  // [phase][piece_index(piece)][square]; a minor reads its minors phase's values in every phase, the
  // opening's included. Zero off the board.
  std::array<std::array<std::array<std::int16_t, kMailboxSize>, kPieceIndexCount>, kPhaseCount>
      piece_square{};

  int piece_value(Phase phase, Piece piece, Square square) const {
    return piece_square[static_cast<int>(phase)][std::size_t(piece_index(piece))][square];
  }
};

EvaluationTables make_evaluation_tables(const EvaluationParameters& parameters);

// Built once from default_parameters().
const EvaluationTables& default_evaluation_tables();

}  // namespace shuai
