// FEN in and out. The reader rejects any position that cannot arise in Xiangqi (see parse_fen) with a
// one-line message, and never yields a half-built position.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/board/position.h"

namespace shuai {

inline constexpr std::string_view kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

struct FenResult {
  std::optional<Position> position;  // set on success
  std::string error;                 // one line, set on failure
};

// Accepts B or E for elephants, N or H for horses, w or r for Red. Fields after the side are optional.
// Rejects: wrong rank or file counts, unknown letters, missing or extra kings, more pieces of a kind than
// a set has, kings or advisors off their palace points, elephants off their seven points, pawns where no
// pawn can stand, and positions where the side not to move is in check (kings facing included).
FenResult parse_fen(std::string_view fen);

std::string to_fen(const Position& position);

}  // namespace shuai
