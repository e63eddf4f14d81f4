// ICCS move notation ("h2e2": file a..i from Red's left, rank 0..9 from Red's back rank).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/board/position.h"

namespace shuai {

std::string move_to_iccs(Move m);  // "0000" for kNoMove
// Syntax only: four characters naming two board points.
std::optional<Move> parse_iccs(std::string_view text);

struct MoveResult {
  Move move = kNoMove;  // set on success
  std::string error;    // one line, set on failure
};
// Syntax and legality in the given position.
MoveResult parse_legal_move(Position& position, std::string_view text);

}  // namespace shuai
