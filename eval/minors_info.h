// The minors record of the MHT paper: what the minors evaluator finds about kings, advisors, elephants and
// pawns, kept in the Minors Hash Table and read by the global evaluation instead of being worked out again.
#pragma once

#include <array>
#include <cstdint>

#include "engine/board/types.h"
#include "eval/phase.h"

namespace shuai {

// Shape facts about one side's camp, as bit flags.
enum MinorsShape : std::uint8_t {
  kKingOffHome = 1 << 0,        // the king has left its home point (raised or stepped aside)
  kAdvisorsBroken = 1 << 1,     // fewer than two advisors
  kElephantsBroken = 1 << 2,    // fewer than two elephants
  kKingFileOpen = 1 << 3,       // no own minor in front of the king on its file
  kElephantsLinked = 1 << 4,    // two elephants that guard each other
  kAdvisorsLinked = 1 << 5,     // two advisors that guard each other (one on the palace centre)
  kKingOnSideFile = 1 << 6,     // the king stands on the d or f file
  kEnemyPawnInPalace = 1 << 7,  // an enemy pawn has entered this side's palace
};

struct MinorsInfo {
  int score = 0;  // the minors' evaluation from Red's point of view
  Phase phase = Phase::kOpening;
  // Per side, indexed by Color.
  std::array<std::uint8_t, kColorCount> advisors{};
  std::array<std::uint8_t, kColorCount> elephants{};
  std::array<std::uint8_t, kColorCount> pawns{};
  std::array<std::uint8_t, kColorCount> crossed_pawns{};
  // Pawns on points from which, with the majors' help, they threaten the enemy king (in or before its
  // palace).
  std::array<std::uint8_t, kColorCount> fatal_pawns{};
  // The single escape point left to a king hemmed in by its own advisors, or kNoSquare.
  std::array<Square, kColorCount> king_door{};
  std::array<std::uint16_t, kColorCount> pawn_files{};  // bit f: the side has a pawn on file f
  std::array<std::uint8_t, kColorCount> shape{};        // MinorsShape flags

  bool operator==(const MinorsInfo&) const = default;
};

}  // namespace shuai
