// Positions one move from a repetition the Asian rules judge, for the tests of the rules in the search (one
// thread and several): a perpetual check, a perpetual chase, and a repetition that the chaser loses.
#pragma once

#include <string_view>

#include "engine/board/board.h"
#include "tests/support/played_position.h"

namespace shuai::test {

// Red is a rook up; its rook can check the black king from a9 and a8 in turn.
inline constexpr std::string_view kRookUpFen = "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1";

// Red to move after a9+ Ke8 a8+ Ke9: a8a9, check again, completes the perpetual check (a loss for Red).
inline Position perpetual_check_position() {
  return play_moves(kRookUpFen, {"a7a9", "e9e8", "a9a8", "e8e9"});
}

// Red, a rook down, chases the unprotected black cannon along the i file with its rook: a5a6 completes the
// perpetual chase (a loss for Red, though a draw would suit it).
inline Position perpetual_chase_position() {
  return play_moves("1r1k5/9/9/R8/8c/9/9/9/9/4K4 w - - 0 1",
                    {"a6a5", "i5i6", "a5a6", "i6i5", "a6a5", "i5i6"});
}

// Black's rook chases Red's unprotected cannon along the i file; Red, a rook down, flees between i3 and i4:
// i2i3 completes the repetition, a win for Red.
inline Position chased_position() {
  return play_moves("3k1r3/9/9/9/9/9/8C/r8/9/4K4 b - - 0 1",
                    {"a2a3", "i3i2", "a3a2", "i2i3", "a2a3", "i3i2", "a3a2"});
}

}  // namespace shuai::test
