// Game phase, derived from the majors on the board, and the knowledge setting of the evaluation.
#pragma once

#include <cstdint>

namespace shuai {

// Phase from the "majors material value" of the MHT paper (rook 2, horse 1, cannon 1, both sides; 16 at the
// start): opening 11-16, middlegame 7-10, endgame 0-6. The minors are judged differently in each, so a Minors
// Hash Table entry is valid only in the phase it was computed for.
enum class Phase : std::uint8_t { kOpening = 0, kMiddlegame = 1, kEndgame = 2 };
inline constexpr int kPhaseCount = 3;

constexpr Phase phase_of(int majors_value) {
  return majors_value >= 11 ? Phase::kOpening : majors_value >= 7 ? Phase::kMiddlegame : Phase::kEndgame;
}

// How much the evaluation knows: none = material only; small = material and piece-square tables;
// medium = also mobility and pawn structure; large = everything, king safety and attack patterns included.
enum class Knowledge : std::uint8_t { kNone = 0, kSmall = 1, kMedium = 2, kLarge = 3 };

}  // namespace shuai
