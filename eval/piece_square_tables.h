// Piece-square tables of the plain evaluation: a positional bonus per piece type and square, added to the
// material Position keeps. Written from Red's side, mirrored for Black, and built at compile time.
#pragma once

#include <array>
#include <cstdint>

#include "engine/board/types.h"

namespace shuai {

namespace piece_square_detail {

// A table as it is read on a diagram with Red at the bottom: the first row is rank 9 (Black's back rank),
// the last row rank 0 (Red's back rank); columns are files a..i. Values are bonuses for a Red piece.
using BoardLayout = std::array<std::array<int, kFileCount>, kRankCount>;

constexpr int layout_value(const BoardLayout& layout, int file, int rank) {
  return layout[kRankCount - 1 - rank][file];
}

// Every table must score file f and file 8 - f alike, so that mirroring a position left to right keeps the
// evaluation unchanged; checked at compile time below.
constexpr bool is_left_right_symmetric(const BoardLayout& layout) {
  for (const auto& row : layout)
    for (int file = 0; file < kFileCount; ++file)
      if (row[file] != row[kFileCount - 1 - file]) return false;
  return true;
}

// Pawn: nearly worthless to advance on its own side (it only loosens the defence a little), much stronger
// across the river where it may also step sideways, strongest on the ranks facing the enemy palace, and
// weaker again on the enemy back rank, where it can only move sideways. Entries a pawn can never reach are
// zero.
inline constexpr BoardLayout kPawnLayout = {{
    {4, 6, 10, 16, 20, 16, 10, 6, 4},      // rank 9: enemy back rank, a spent "old pawn"
    {12, 18, 28, 40, 46, 40, 28, 18, 12},  // rank 8: inside or beside the enemy palace
    {12, 18, 26, 38, 42, 38, 26, 18, 12},  // rank 7: the enemy palace's front rank
    {10, 14, 20, 26, 30, 26, 20, 14, 10},  // rank 6
    {8, 10, 14, 18, 20, 18, 14, 10, 8},    // rank 5: just across the river
    {0, 0, 2, 0, 4, 0, 2, 0, 0},           // rank 4: own river bank, one step from crossing
    {0, 0, 0, 0, 0, 0, 0, 0, 0},           // rank 3: start rank
    {0, 0, 0, 0, 0, 0, 0, 0, 0},           // ranks 0..2: unreachable
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
}};

// Advisor: the palace centre covers both the king and all four corners; a raised advisor on the front corners
// leaves the king's flank bare.
inline constexpr BoardLayout kAdvisorLayout = {{
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, -2, 0, -2, 0, 0, 0},  // rank 2: raised advisors
    {0, 0, 0, 0, 3, 0, 0, 0, 0},    // rank 1: palace centre
    {0, 0, 0, 0, 0, 0, 0, 0, 0},    // rank 0: home points
}};

// Elephant: the central point in front of the palace guards the most and links both elephants; the edge
// points and the river bank leave the palace exposed.
inline constexpr BoardLayout kElephantLayout = {{
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, -1, 0, 0, 0, -1, 0, 0},  // rank 4: river bank
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {-2, 0, 0, 0, 3, 0, 0, 0, -2},  // rank 2: edge points and the central point
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},  // rank 0: home points
}};

// King: safest on its home point behind its advisors; every step sideways or up exposes it to rooks and
// cannons on open files and ranks, and the top of the palace is the most exposed.
inline constexpr BoardLayout kKingLayout = {{
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, -16, -14, -16, 0, 0, 0},  // rank 2: top of the palace
    {0, 0, 0, -10, -8, -10, 0, 0, 0},   // rank 1
    {0, 0, 0, -4, 0, -4, 0, 0, 0},      // rank 0: home point
}};

// Horse: its reach grows toward the centre and the enemy palace; on the rim or its own back rank half its
// jumps are lost, and on the palace centre it smothers its own king. The points beside the enemy palace
// (ranks 7 and 8, files c, d, f, g) are the classic attacking posts.
inline constexpr BoardLayout kHorseLayout = {{
    {-2, -4, 2, 4, -2, 4, 2, -4, -2},        // rank 9: deep, few jumps left
    {0, 6, 14, 12, 6, 12, 14, 6, 0},         // rank 8: checking posts beside the palace
    {2, 8, 14, 16, 12, 16, 14, 8, 2},        // rank 7
    {2, 8, 12, 14, 14, 14, 12, 8, 2},        // rank 6
    {0, 6, 10, 12, 12, 12, 10, 6, 0},        // rank 5: across the river
    {-2, 4, 8, 10, 10, 10, 8, 4, -2},        // rank 4
    {-4, 2, 6, 6, 8, 6, 6, 2, -4},           // rank 3
    {-6, 0, 4, 4, 2, 4, 4, 0, -6},           // rank 2: developed
    {-8, -4, 0, -2, -10, -2, 0, -4, -8},     // rank 1: e1 is the king-smothering "palace-heart" horse
    {-12, -6, -4, -6, -8, -6, -4, -6, -12},  // rank 0: undeveloped
}};

// Rook: a table cannot see open lines, so it rewards the squares from which a rook usually controls them:
// the rib files d and f beside the palaces, the enemy pawn rank, both river banks, and leaving the corner.
inline constexpr BoardLayout kRookLayout = {{
    {6, 8, 6, 12, 10, 12, 6, 8, 6},      // rank 9: enemy back rank
    {8, 10, 8, 14, 16, 14, 8, 10, 8},    // rank 8
    {6, 10, 8, 14, 14, 14, 8, 10, 6},    // rank 7
    {8, 12, 12, 16, 16, 16, 12, 12, 8},  // rank 6: enemy pawn rank
    {6, 10, 10, 14, 14, 14, 10, 10, 6},  // rank 5: enemy river bank
    {6, 8, 8, 12, 12, 12, 8, 8, 6},      // rank 4: own river bank, the patrolling rook
    {2, 6, 4, 10, 10, 10, 4, 6, 2},      // rank 3
    {0, 4, 4, 8, 6, 8, 4, 4, 0},         // rank 2
    {-2, 4, 2, 8, 4, 8, 2, 4, -2},       // rank 1
    {-6, 2, 0, 6, 0, 6, 0, 2, -6},       // rank 0: the corner rook is still asleep
}};

// Cannon: the central cannon on file e pins the enemy king's file and is the main opening asset; cannons on
// the palace files d..f at home defend; the rim gives it few screens. Deep inside the enemy camp without a
// screen it is mostly harmless, except on the back rank where it can threaten mate behind a screen.
inline constexpr BoardLayout kCannonLayout = {{
    {4, 4, 0, -2, -4, -2, 0, 4, 4},  // rank 9: the "bottom cannon"
    {2, 2, 0, -4, -6, -4, 0, 2, 2},  // rank 8: inside the enemy palace, easily trapped
    {2, 2, 0, -2, 4, -2, 0, 2, 2},   // rank 7
    {0, 2, 2, 2, 8, 2, 2, 2, 0},     // rank 6
    {0, 0, 0, 2, 8, 2, 0, 0, 0},     // rank 5
    {0, 2, 2, 2, 8, 2, 2, 2, 0},     // rank 4: river bank
    {0, 0, 0, 2, 8, 2, 0, 0, 0},     // rank 3
    {-2, 2, 4, 6, 12, 6, 4, 2, -2},  // rank 2: the central cannon of the opening
    {0, 0, 2, 4, 4, 4, 2, 0, 0},     // rank 1
    {0, 0, 2, 6, 6, 6, 2, 0, 0},     // rank 0
}};

static_assert(is_left_right_symmetric(kPawnLayout));
static_assert(is_left_right_symmetric(kAdvisorLayout));
static_assert(is_left_right_symmetric(kElephantLayout));
static_assert(is_left_right_symmetric(kKingLayout));
static_assert(is_left_right_symmetric(kHorseLayout));
static_assert(is_left_right_symmetric(kRookLayout));
static_assert(is_left_right_symmetric(kCannonLayout));

// Laid out in PieceType order.
inline constexpr const BoardLayout* kLayouts[kPieceTypeCount] = {
    &kKingLayout, &kAdvisorLayout, &kElephantLayout, &kHorseLayout,
    &kRookLayout, &kCannonLayout,  &kPawnLayout};

using SquareTable = std::array<std::int16_t, kMailboxSize>;

// Black reads Red's table with its ranks turned round (rank r -> 9 - r), files unchanged.
constexpr std::array<SquareTable, kPieceIndexCount> make_piece_square_tables() {
  std::array<SquareTable, kPieceIndexCount> tables{};
  for (int type = 0; type < kPieceTypeCount; ++type)
    for (int rank = 0; rank < kRankCount; ++rank)
      for (int file = 0; file < kFileCount; ++file) {
        const int value = layout_value(*kLayouts[type], file, rank);
        const Square red_square = make_square(file, rank);
        const Square black_square = make_square(file, kRankCount - 1 - rank);
        tables[piece_index(make_piece(kRed, PieceType(type)))][red_square] = std::int16_t(value);
        tables[piece_index(make_piece(kBlack, PieceType(type)))][black_square] = std::int16_t(value);
      }
  return tables;
}

}  // namespace piece_square_detail

// Positional bonus of a piece on a square, indexed [piece_index(piece)][square]; zero off the board.
inline constexpr auto kPieceSquareTables = piece_square_detail::make_piece_square_tables();

}  // namespace shuai
