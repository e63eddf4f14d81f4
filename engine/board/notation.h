// ICCS move notation ("h2e2": file a..i from Red's left, rank 0..9 from Red's back rank).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/board/movegen.h"
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

// For readers that spell each legal move and compare (WXF, Chinese notation): the one legal move for which
// `reads_as(move)` holds, or an error naming `text` when none does or several do (`ambiguity` says why).
template <typename ReadsAs>
MoveResult unique_legal_move(Position& position, std::string_view text, ReadsAs reads_as,
                             std::string_view ambiguity) {
  MoveList legal;
  generate_legal(position, legal);
  Move found = kNoMove;
  int matches = 0;
  for (const Move move : legal) {
    if (!reads_as(move)) continue;
    found = move;
    ++matches;
  }
  if (matches == 1) return {found, {}};
  if (matches == 0) return {kNoMove, "no legal move matches '" + std::string(text) + "'"};
  return {kNoMove, "ambiguous move '" + std::string(text) + "': " + std::string(ambiguity)};
}

}  // namespace shuai
