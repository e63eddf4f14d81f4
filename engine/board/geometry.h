// Where each kind of piece may stand: board, palace, own half, elephant points, pawn points.
// Built at compile time as 256-entry lookup tables over the padded mailbox.
#pragma once

#include <array>

#include "engine/board/types.h"

namespace shuai {

namespace geometry_detail {

template <typename Predicate>
constexpr std::array<bool, kMailboxSize> make_table(Predicate predicate) {
  std::array<bool, kMailboxSize> table{};
  for (int rank = 0; rank < kRankCount; ++rank)
    for (int file = 0; file < kFileCount; ++file) table[make_square(file, rank)] = predicate(file, rank);
  return table;
}

}  // namespace geometry_detail

inline constexpr auto kOnBoard = geometry_detail::make_table([](int, int) { return true; });

// Ranks 0..4 are Red's half, 5..9 Black's; palaces are files d..f of ranks 0..2 and 7..9.
constexpr bool in_own_half(Color c, int rank) {
  return c == kRed ? rank <= 4 : rank >= 5;
}

inline constexpr std::array<bool, kMailboxSize> kInPalace[kColorCount] = {
    geometry_detail::make_table([](int file, int rank) { return file >= 3 && file <= 5 && rank <= 2; }),
    geometry_detail::make_table([](int file, int rank) { return file >= 3 && file <= 5 && rank >= 7; })};

inline constexpr std::array<bool, kMailboxSize> kInHalf[kColorCount] = {
    geometry_detail::make_table([](int, int rank) { return in_own_half(kRed, rank); }),
    geometry_detail::make_table([](int, int rank) { return in_own_half(kBlack, rank); })};

// Points an advisor can ever reach: the palace corners and centre.
inline constexpr std::array<bool, kMailboxSize> kAdvisorPoint[kColorCount] = {
    geometry_detail::make_table(
        [](int file, int rank) { return rank <= 2 && file >= 3 && file <= 5 && (file + rank) % 2 == 1; }),
    geometry_detail::make_table(
        [](int file, int rank) { return rank >= 7 && file >= 3 && file <= 5 && (file + rank) % 2 == 0; })};

// The seven points an elephant can ever reach on its own side.
inline constexpr std::array<bool, kMailboxSize> kElephantPoint[kColorCount] = {
    geometry_detail::make_table([](int file, int rank) {
      return rank <= 4 && file % 2 == 0 && rank % 2 == 0 && (file / 2 + rank / 2) % 2 == 1;
    }),
    geometry_detail::make_table([](int file, int rank) {
      return rank >= 5 && file % 2 == 0 && rank % 2 == 1 && (file / 2 + (9 - rank) / 2) % 2 == 1;
    })};

// Rank counted from a side's own back rank (0..9).
constexpr int relative_rank(Color c, int rank) {
  return c == kRed ? rank : 9 - rank;
}

// A pawn starts on relative rank 3 of files a, c, e, g, i; it can never stand behind that rank, nor off
// those files before it has crossed the river.
constexpr bool pawn_can_stand(Color c, int file, int rank) {
  int relative = relative_rank(c, rank);
  if (relative < 3) return false;
  return relative >= 5 || file % 2 == 0;
}

inline constexpr std::array<bool, kMailboxSize> kPawnPoint[kColorCount] = {
    geometry_detail::make_table([](int file, int rank) { return pawn_can_stand(kRed, file, rank); }),
    geometry_detail::make_table([](int file, int rank) { return pawn_can_stand(kBlack, file, rank); })};

// Orthogonal steps and diagonal steps on the mailbox.
inline constexpr int kOrthogonalSteps[4] = {-kBoardStride, -1, 1, kBoardStride};
inline constexpr int kDiagonalSteps[4] = {-kBoardStride - 1, -kBoardStride + 1, kBoardStride - 1,
                                          kBoardStride + 1};

// A horse that attacks a square stands two steps beyond one of its diagonal neighbours (the horse's leg):
// for the diagonal step (file a, rank b) the horses are at (a, 2b) and (2a, b).
struct HorseAttack {
  int leg;
  int horses[2];
};
inline constexpr HorseAttack kHorseAttacks[4] = {
    {-kBoardStride - 1, {-2 * kBoardStride - 1, -kBoardStride - 2}},
    {-kBoardStride + 1, {-2 * kBoardStride + 1, -kBoardStride + 2}},
    {kBoardStride - 1, {2 * kBoardStride - 1, kBoardStride - 2}},
    {kBoardStride + 1, {2 * kBoardStride + 1, kBoardStride + 2}},
};

}  // namespace shuai
