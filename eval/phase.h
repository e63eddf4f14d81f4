// Game phase, derived from the majors on the board, and the knowledge setting of the evaluation.
#pragma once

#include <cstdint>

namespace shuai {

// Game stage from the "majors material value" of the MHT paper (rook 2, horse 1, cannon 1, both sides; 16 at
// the start): opening 11-16, middlegame 7-10, endgame 0-6. The evaluation no longer reads it (the majors'
// weights are blended by the majors value itself, the minors' follow minors_phase_of); the tests name
// positions by it.
enum class Phase : std::uint8_t { kOpening = 0, kMiddlegame = 1, kEndgame = 2 };
inline constexpr int kPhaseCount = 3;

constexpr Phase phase_of(int majors_value) {
  return majors_value >= 11 ? Phase::kOpening : majors_value >= 7 ? Phase::kMiddlegame : Phase::kEndgame;
}

// The minors are judged in two phases only, the paper's BeforeEndgame and InEndgame: before the endgame with
// the middlegame's weights, in it with the endgame's. A Minors Hash Table entry is valid only in the phase it
// was computed for, and every boundary makes the positions near it evict their own entries as captures cross
// it: on the opening bench, three phases gave a 88% hit rate, two give 96%.
constexpr Phase minors_phase_of(int majors_value) {
  return majors_value >= 7 ? Phase::kMiddlegame : Phase::kEndgame;
}

// How much the evaluation knows: none = material only; small = material and piece-square tables;
// medium = also mobility and pawn structure; large = everything, king safety and attack patterns included.
enum class Knowledge : std::uint8_t { kNone = 0, kSmall = 1, kMedium = 2, kLarge = 3 };

}  // namespace shuai
