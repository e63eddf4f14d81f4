// The minors record of the MHT paper: what the minors evaluator finds about kings, advisors, elephants and
// pawns, kept in the Minors Hash Table and read by the global evaluation instead of being worked out again.
#pragma once

#include <array>
#include <cstdint>

#include "engine/board/geometry.h"
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

// Palace points as bits 0..8 of a mask: bit (file - 3) + 3 * (rank counted from the owner's back rank).
inline constexpr int kPalacePointCount = 9;
constexpr int palace_bit(Color owner, Square square) {
  return file_of(square) - 3 + 3 * relative_rank(owner, rank_of(square));
}
constexpr Square palace_square(Color owner, int bit) {
  const int relative = bit / 3;
  return make_square(3 + bit % 3, owner == kRed ? relative : kRankCount - 1 - relative);
}

// The horse legs around a king are its four diagonal neighbours: a horse checks over a free one. Their index
// 0..3 adds 2 for the two ahead of the king (toward the enemy) and 1 for the two on the higher file.
constexpr int horse_leg_bit(Color owner, int file_step, int rank_step) {
  const bool ahead = owner == kRed ? rank_step > 0 : rank_step < 0;
  return (ahead ? 2 : 0) + (file_step > 0 ? 1 : 0);
}

// What the minors alone decide about one side's king, for the global evaluation's king danger (the MHT
// paper's 4.4: computed once per placement of the minors). Majors are ignored throughout: a major on an
// elephant's eye or a horse leg is the global evaluation's to see.
struct KingShelter {
  std::uint16_t guarded = 0;      // palace points its own king, advisors and elephants guard
  std::uint16_t flights = 0;      // the king's palace neighbours free of its own minors
  std::uint8_t free_legs = 0;     // its diagonal neighbours on the board free of any minor (horse_leg_bit)
  std::uint16_t file_minors = 0;  // bit r: a minor (either side's, the king aside) on the king's file at
                                  // rank r counted from the king's back rank
  std::uint16_t rank_minors = 0;  // bit f: a minor (the king aside) on the king's rank at file f
  std::uint8_t pinnable = 0;      // own advisors and elephants ahead of the king on its file
  std::uint16_t pawn_hits = 0;    // palace points the enemy pawns attack
  std::uint8_t pawn_checks = 0;   // enemy pawns that check the king, or can with one step (at most 3)

  bool operator==(const KingShelter&) const = default;
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
  std::array<KingShelter, kColorCount> shelter{};       // each side's own king

  bool operator==(const MinorsInfo&) const = default;
};

}  // namespace shuai
