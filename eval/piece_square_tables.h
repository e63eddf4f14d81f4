// Piece-square values by phase: material plus a positional bonus per piece type and square, one set of tables
// for each game phase (opening, middlegame, endgame). Written from Red's side, mirrored for Black, built at
// compile time; one lookup gives a piece's whole value, so the evaluators never add material separately.
#pragma once

#include <array>
#include <cstdint>

#include "engine/board/types.h"
#include "eval/phase.h"

namespace shuai {

namespace piece_square_detail {

// A table as it is read on a diagram with Red at the bottom: the first row is rank 9 (Black's back rank),
// the last row rank 0 (Red's back rank); columns are files a..i. Values are bonuses for a Red piece.
using BoardLayout = std::array<std::array<int, kFileCount>, kRankCount>;
// One layout per phase, in Phase order.
using PhaseLayouts = std::array<BoardLayout, kPhaseCount>;

constexpr int layout_value(const BoardLayout& layout, int file, int rank) {
  return layout[kRankCount - 1 - rank][file];
}

// Every table must score file f and file 8 - f alike, so that mirroring a position left to right keeps the
// evaluation unchanged; checked at compile time below.
constexpr bool is_left_right_symmetric(const PhaseLayouts& layouts) {
  for (const auto& layout : layouts)
    for (const auto& row : layout)
      for (int file = 0; file < kFileCount; ++file)
        if (row[file] != row[kFileCount - 1 - file]) return false;
  return true;
}

// Material by phase, in PieceType order (king, advisor, elephant, horse, rook, cannon, pawn). The guards are
// worth a little more while many attackers are about; the horse gains and the cannon loses as the board
// empties (fewer screens, more room to jump); pawns become a real force in the endgame.
inline constexpr int kPhaseMaterial[kPhaseCount][kPieceTypeCount] = {
    {0, 20, 20, 95, 220, 105, 15},   // opening
    {0, 22, 22, 100, 220, 100, 17},  // middlegame
    {0, 20, 20, 110, 230, 92, 22},   // endgame
};

// Pawn: next to nothing on its own side, valuable once across the river (it may then step sideways), best
// on the ranks facing the enemy palace, and an "old pawn" again on the enemy back rank, where it can only
// shuffle sideways. Worth more in every phase as the board empties. Unreachable points are zero.
inline constexpr PhaseLayouts kPawnLayouts = {{
    {{
        {0, 2, 4, 8, 10, 8, 4, 2, 0},        // rank 9: the old pawn
        {6, 12, 20, 30, 36, 30, 20, 12, 6},  // rank 8: inside or beside the enemy palace
        {6, 12, 18, 28, 32, 28, 18, 12, 6},  // rank 7: the enemy palace's front rank
        {6, 10, 16, 20, 22, 20, 16, 10, 6},  // rank 6
        {4, 6, 10, 14, 16, 14, 10, 6, 4},    // rank 5: just across the river
        {0, 0, 2, 0, 6, 0, 2, 0, 0},         // rank 4: own river bank
        {0, 0, 0, 0, 0, 0, 0, 0, 0},         // rank 3: start rank
        {0, 0, 0, 0, 0, 0, 0, 0, 0},         // ranks 2..0: unreachable
        {0, 0, 0, 0, 0, 0, 0, 0, 0},         //
        {0, 0, 0, 0, 0, 0, 0, 0, 0},         //
    }},
    {{
        {0, 2, 6, 10, 12, 10, 6, 2, 0},      //
        {8, 14, 24, 34, 40, 34, 24, 14, 8},  //
        {8, 14, 22, 32, 36, 32, 22, 14, 8},  //
        {8, 12, 18, 22, 24, 22, 18, 12, 8},  //
        {6, 8, 12, 16, 18, 16, 12, 8, 6},    //
        {0, 0, 2, 0, 4, 0, 2, 0, 0},         //
        {0, 0, 0, 0, 0, 0, 0, 0, 0},         //
        {0, 0, 0, 0, 0, 0, 0, 0, 0},         //
        {0, 0, 0, 0, 0, 0, 0, 0, 0},         //
        {0, 0, 0, 0, 0, 0, 0, 0, 0},         //
    }},
    {{
        {0, 2, 6, 10, 12, 10, 6, 2, 0},        //
        {10, 18, 28, 40, 46, 40, 28, 18, 10},  //
        {12, 20, 28, 38, 42, 38, 28, 20, 12},  //
        {12, 18, 24, 30, 32, 30, 24, 18, 12},  //
        {10, 14, 18, 22, 24, 22, 18, 14, 10},  //
        {2, 0, 6, 0, 8, 0, 6, 0, 2},           // rank 4: one step from crossing counts now
        {0, 0, 0, 0, 0, 0, 0, 0, 0},           //
        {0, 0, 0, 0, 0, 0, 0, 0, 0},           //
        {0, 0, 0, 0, 0, 0, 0, 0, 0},           //
        {0, 0, 0, 0, 0, 0, 0, 0, 0},           //
    }},
}};

// Advisor: the palace centre covers the king and all four corners; a raised corner advisor bares a flank.
inline constexpr BoardLayout kAdvisorOpening = {{
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, -2, 0, -2, 0, 0, 0},  // rank 2: raised advisors
    {0, 0, 0, 0, 4, 0, 0, 0, 0},    // rank 1: palace centre
    {0, 0, 0, 0, 0, 0, 0, 0, 0},    // rank 0: home points
}};
inline constexpr PhaseLayouts kAdvisorLayouts = {{
    kAdvisorOpening,
    {{
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, -3, 0, -3, 0, 0, 0},
        {0, 0, 0, 0, 5, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
    }},
    {{
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, -1, 0, -1, 0, 0, 0},
        {0, 0, 0, 0, 3, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
    }},
}};

// Elephant: the central point in front of the palace guards most and links both elephants; the edge points
// and the river bank leave the palace exposed.
inline constexpr PhaseLayouts kElephantLayouts = {{
    {{
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, -2, 0, 0, 0, -2, 0, 0},  // rank 4: river bank
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {-3, 0, 0, 0, 4, 0, 0, 0, -3},  // rank 2: edge points and the central point
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},  // rank 0: home points
    }},
    {{
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, -2, 0, 0, 0, -2, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {-3, 0, 0, 0, 5, 0, 0, 0, -3},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
    }},
    {{
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, -1, 0, 0, 0, -1, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {-2, 0, 0, 0, 3, 0, 0, 0, -2},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
    }},
}};

// King: before the endgame it is safest on its home point behind its advisors, and every step sideways or up
// exposes it to rooks and cannons on open lines; in the endgame it is a fighter, and a king on a side file
// helps to attack by commanding that file.
inline constexpr PhaseLayouts kKingLayouts = {{
    {{
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, -30, -26, -30, 0, 0, 0},  // rank 2: top of the palace
        {0, 0, 0, -18, -12, -18, 0, 0, 0},  // rank 1
        {0, 0, 0, -8, 0, -8, 0, 0, 0},      // rank 0: home point
    }},
    {{
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, -26, -22, -26, 0, 0, 0},
        {0, 0, 0, -16, -10, -16, 0, 0, 0},
        {0, 0, 0, -6, 0, -6, 0, 0, 0},
    }},
    {{
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, -6, -6, -6, 0, 0, 0},
        {0, 0, 0, -2, -2, -2, 0, 0, 0},
        {0, 0, 0, 2, 0, 2, 0, 0, 0},
    }},
}};

// Horse: its reach grows toward the centre and the enemy palace; on the rim or its own back rank half its
// jumps are lost, and on its own palace centre it smothers its king. The points beside the enemy palace are
// the attacking posts before the endgame; in the endgame a central horse near the enemy palace is best.
inline constexpr PhaseLayouts kHorseLayouts = {{
    {{
        {-4, -6, 0, 2, -4, 2, 0, -6, -4},         // rank 9: deep, few jumps left
        {-2, 4, 10, 10, 4, 10, 10, 4, -2},        // rank 8: checking posts beside the palace
        {0, 6, 12, 14, 10, 14, 12, 6, 0},         // rank 7
        {0, 8, 10, 14, 12, 14, 10, 8, 0},         // rank 6
        {-2, 6, 10, 10, 12, 10, 10, 6, -2},       // rank 5: across the river
        {-4, 4, 8, 8, 10, 8, 8, 4, -4},           // rank 4
        {-6, 2, 6, 4, 6, 4, 6, 2, -6},            // rank 3
        {-8, 0, 6, 4, 2, 4, 6, 0, -8},            // rank 2: developed
        {-10, -4, 0, -2, -12, -2, 0, -4, -10},    // rank 1: e1 smothers the king
        {-14, -8, -4, -6, -10, -6, -4, -8, -14},  // rank 0: undeveloped
    }},
    {{
        {-4, -4, 2, 4, -4, 4, 2, -4, -4},        //
        {0, 6, 14, 14, 6, 14, 14, 6, 0},         //
        {2, 8, 14, 16, 14, 16, 14, 8, 2},        //
        {2, 8, 12, 14, 14, 14, 12, 8, 2},        //
        {0, 6, 10, 12, 12, 12, 10, 6, 0},        //
        {-2, 4, 8, 8, 10, 8, 8, 4, -2},          //
        {-4, 2, 4, 4, 6, 4, 4, 2, -4},           //
        {-6, 0, 4, 2, 2, 2, 4, 0, -6},           //
        {-8, -4, 0, -2, -10, -2, 0, -4, -8},     //
        {-12, -8, -4, -6, -8, -6, -4, -8, -12},  //
    }},
    {{
        {-4, 0, 2, 4, 2, 4, 2, 0, -4},           //
        {0, 6, 10, 14, 10, 14, 10, 6, 0},        //
        {2, 8, 12, 14, 16, 14, 12, 8, 2},        //
        {2, 8, 12, 14, 14, 14, 12, 8, 2},        //
        {0, 6, 10, 12, 12, 12, 10, 6, 0},        //
        {-2, 4, 8, 10, 10, 10, 8, 4, -2},        //
        {-4, 2, 6, 8, 8, 8, 6, 2, -4},           //
        {-6, 0, 4, 6, 6, 6, 4, 0, -6},           //
        {-8, -2, 0, 2, 0, 2, 0, -2, -8},         //
        {-10, -6, -4, -2, -4, -2, -4, -6, -10},  //
    }},
}};

// Rook: a table cannot see open lines (mobility and the open-file term do), so it rewards the squares from
// which a rook usually controls them: the rib files d and f beside the palaces, the enemy pawn rank, both
// river banks, and leaving the corner. In the endgame only centralisation is left.
inline constexpr PhaseLayouts kRookLayouts = {{
    {{
        {4, 6, 4, 10, 8, 10, 4, 6, 4},       // rank 9: enemy back rank
        {6, 8, 6, 12, 14, 12, 6, 8, 6},      // rank 8
        {4, 8, 6, 12, 12, 12, 6, 8, 4},      // rank 7
        {6, 10, 10, 14, 14, 14, 10, 10, 6},  // rank 6: enemy pawn rank
        {4, 8, 8, 12, 12, 12, 8, 8, 4},      // rank 5: enemy river bank
        {4, 8, 6, 10, 10, 10, 6, 8, 4},      // rank 4: own river bank, the patrolling rook
        {0, 6, 2, 8, 8, 8, 2, 6, 0},         // rank 3
        {-2, 4, 2, 8, 4, 8, 2, 4, -2},       // rank 2
        {-2, 4, 0, 8, 2, 8, 0, 4, -2},       // rank 1
        {-8, 2, -2, 6, -2, 6, -2, 2, -8},    // rank 0: the corner rook is still asleep
    }},
    {{
        {6, 8, 6, 12, 10, 12, 6, 8, 6},      //
        {8, 10, 8, 16, 16, 16, 8, 10, 8},    //
        {6, 10, 8, 14, 14, 14, 8, 10, 6},    //
        {8, 12, 12, 16, 16, 16, 12, 12, 8},  //
        {6, 10, 10, 14, 14, 14, 10, 10, 6},  //
        {4, 8, 8, 12, 12, 12, 8, 8, 4},      //
        {2, 6, 4, 10, 10, 10, 4, 6, 2},      //
        {0, 4, 2, 8, 6, 8, 2, 4, 0},         //
        {-2, 2, 0, 8, 4, 8, 0, 2, -2},       //
        {-6, 0, -2, 6, 0, 6, -2, 0, -6},     //
    }},
    {{
        {4, 4, 4, 6, 6, 6, 4, 4, 4},    //
        {4, 6, 6, 8, 10, 8, 6, 6, 4},   //
        {4, 6, 6, 8, 8, 8, 6, 6, 4},    //
        {4, 6, 6, 8, 8, 8, 6, 6, 4},    //
        {2, 4, 4, 6, 6, 6, 4, 4, 2},    //
        {2, 4, 4, 6, 6, 6, 4, 4, 2},    //
        {0, 2, 2, 4, 4, 4, 2, 2, 0},    //
        {0, 2, 2, 4, 4, 4, 2, 2, 0},    //
        {-2, 0, 0, 4, 4, 4, 0, 0, -2},  //
        {-4, 0, 0, 2, 2, 2, 0, 0, -4},  //
    }},
}};

// Cannon: the central cannon on file e is the main opening asset; on the enemy back rank it threatens mate
// behind a screen; inside the enemy palace it is easily trapped. In the endgame it needs screens and goes
// home, behind its own pieces.
inline constexpr PhaseLayouts kCannonLayouts = {{
    {{
        {4, 4, 0, -2, -4, -2, 0, 4, 4},  // rank 9: the bottom cannon
        {2, 2, 0, -4, -8, -4, 0, 2, 2},  // rank 8: inside the enemy palace
        {2, 2, 0, -2, 2, -2, 0, 2, 2},   // rank 7
        {0, 2, 2, 2, 6, 2, 2, 2, 0},     // rank 6
        {0, 0, 0, 2, 8, 2, 0, 0, 0},     // rank 5
        {0, 2, 2, 2, 8, 2, 2, 2, 0},     // rank 4: river bank
        {0, 0, 0, 2, 8, 2, 0, 0, 0},     // rank 3
        {-2, 2, 4, 6, 14, 6, 4, 2, -2},  // rank 2: the central cannon of the opening
        {0, 0, 2, 4, 4, 4, 2, 0, 0},     // rank 1
        {0, 0, 2, 4, 6, 4, 2, 0, 0},     // rank 0
    }},
    {{
        {4, 4, 0, -2, -4, -2, 0, 4, 4},  //
        {2, 2, 0, -4, -6, -4, 0, 2, 2},  //
        {2, 2, 0, -2, 4, -2, 0, 2, 2},   //
        {0, 2, 2, 2, 6, 2, 2, 2, 0},     //
        {0, 0, 0, 2, 6, 2, 0, 0, 0},     //
        {0, 2, 2, 2, 6, 2, 2, 2, 0},     //
        {0, 0, 0, 2, 6, 2, 0, 0, 0},     //
        {0, 2, 4, 4, 10, 4, 4, 2, 0},    //
        {0, 0, 2, 4, 4, 4, 2, 0, 0},     //
        {0, 0, 2, 4, 4, 4, 2, 0, 0},     //
    }},
    {{
        {0, 0, 0, -2, -4, -2, 0, 0, 0},  //
        {0, 0, 0, -2, -4, -2, 0, 0, 0},  //
        {0, 0, 0, 0, 0, 0, 0, 0, 0},     //
        {0, 0, 0, 0, 2, 0, 0, 0, 0},     //
        {0, 0, 0, 0, 2, 0, 0, 0, 0},     //
        {0, 0, 0, 0, 2, 0, 0, 0, 0},     //
        {0, 0, 0, 2, 2, 2, 0, 0, 0},     //
        {0, 2, 2, 4, 6, 4, 2, 2, 0},     //
        {0, 2, 2, 4, 6, 4, 2, 2, 0},     //
        {0, 2, 2, 4, 4, 4, 2, 2, 0},     //
    }},
}};

static_assert(is_left_right_symmetric(kPawnLayouts));
static_assert(is_left_right_symmetric(kAdvisorLayouts));
static_assert(is_left_right_symmetric(kElephantLayouts));
static_assert(is_left_right_symmetric(kKingLayouts));
static_assert(is_left_right_symmetric(kHorseLayouts));
static_assert(is_left_right_symmetric(kRookLayouts));
static_assert(is_left_right_symmetric(kCannonLayouts));

// Laid out in PieceType order.
inline constexpr const PhaseLayouts* kLayouts[kPieceTypeCount] = {
    &kKingLayouts, &kAdvisorLayouts, &kElephantLayouts, &kHorseLayouts,
    &kRookLayouts, &kCannonLayouts,  &kPawnLayouts};

using SquareTable = std::array<std::int16_t, kMailboxSize>;
using PieceSquareTables = std::array<SquareTable, kPieceIndexCount>;

// Black reads Red's table with its ranks turned round (rank r -> 9 - r), files unchanged.
constexpr std::array<PieceSquareTables, kPhaseCount> make_piece_square_values() {
  std::array<PieceSquareTables, kPhaseCount> tables{};
  for (int phase = 0; phase < kPhaseCount; ++phase)
    for (int type = 0; type < kPieceTypeCount; ++type)
      for (int rank = 0; rank < kRankCount; ++rank)
        for (int file = 0; file < kFileCount; ++file) {
          const int value = kPhaseMaterial[phase][type] + layout_value((*kLayouts[type])[phase], file, rank);
          const Square red_square = make_square(file, rank);
          const Square black_square = make_square(file, kRankCount - 1 - rank);
          tables[phase][piece_index(make_piece(kRed, PieceType(type)))][red_square] = std::int16_t(value);
          tables[phase][piece_index(make_piece(kBlack, PieceType(type)))][black_square] = std::int16_t(value);
        }
  return tables;
}

}  // namespace piece_square_detail

// Material plus positional bonus of a piece on a square, indexed [phase][piece_index(piece)][square]; zero
// off the board (and meaningless on points the piece can never reach).
inline constexpr auto kPieceSquareValues = piece_square_detail::make_piece_square_values();

constexpr const piece_square_detail::PieceSquareTables& piece_square_values(Phase phase) {
  return kPieceSquareValues[static_cast<int>(phase)];
}

}  // namespace shuai
