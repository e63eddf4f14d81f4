// WXF move notation ("R8=7", "h3+2", "C+-1"): the letter of the piece, its file counted from the mover's
// right (or + / - for the front or rear of two on one file), then + (forward), - (back) or = (sideways)
// and a number. The notation of published rule books and game records in English.
#pragma once

#include <string>
#include <string_view>

#include "engine/board/notation.h"
#include "engine/board/position.h"

namespace shuai {

// The move in WXF notation, the piece letter upper-case for Red and lower-case for Black: K A E H R C P.
// `move` must be legal in `position`; two like pieces on one file are told apart by + (front) and - (rear).
std::string move_to_wxf(const Position& position, Move move);

// A legal move of the side to move given in WXF notation. Accepts either case, B or M for the elephant, N
// for the horse, G for the advisor (guard), '.' for '=', the file number even where two like pieces share the
// file (if the rest of the move tells them apart), and the front/rear sign before or after the letter
// ("+R=2", "R+=2").
MoveResult parse_wxf_move(Position& position, std::string_view text);

}  // namespace shuai
