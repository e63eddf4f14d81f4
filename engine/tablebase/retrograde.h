// What the retrograde passes share (the generator and the perpetual-check analysis): threads over chunks of
// entries, the squares a piece can have come from by a quiet move, and the entries one quiet move before an
// entry. Internal to the tablebase library.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

#include "engine/board/geometry.h"
#include "engine/board/position.h"
#include "engine/tablebase/table_set.h"

namespace shuai::tablebase {

inline constexpr std::uint64_t kChunk = 4096;

// The eight horse moves: how far the horse goes, and the step from its square to its leg.
struct HorseMove {
  int delta, leg_step;
};
constexpr HorseMove kHorseMoves[8] = {{2 * kBoardStride + 1, kBoardStride},
                                      {2 * kBoardStride - 1, kBoardStride},
                                      {-2 * kBoardStride + 1, -kBoardStride},
                                      {-2 * kBoardStride - 1, -kBoardStride},
                                      {kBoardStride + 2, 1},
                                      {-kBoardStride + 2, 1},
                                      {kBoardStride - 2, -1},
                                      {-kBoardStride - 2, -1}};

// Runs work(begin, end, position) over [0, count) in chunks on `threads` threads, each with a position of its
// own to set up boards in.
inline void for_each_chunk(std::uint64_t count, int threads,
                           const std::function<void(std::uint64_t, std::uint64_t, Position&)>& work) {
  std::atomic<std::uint64_t> next{0};
  const auto run = [&] {
    Position position;
    for (std::uint64_t begin = next.fetch_add(kChunk); begin < count; begin = next.fetch_add(kChunk))
      work(begin, std::min(count, begin + kChunk), position);
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(run);
  run();
  for (std::thread& worker : workers) worker.join();
}

// The value, for the side to move after it, of a capture's position.
inline std::optional<TableValue> value_after(Position& position, Move m, const TableSet& subtables) {
  position.make_move(m);
  const auto value = subtables.probe(position);
  position.unmake_move();
  return value;
}

// Calls visit(origin) for each empty square from which the piece on `to` (of colour `c`, type `type`) could
// have come by a quiet move; `occupied` marks pieces and the padding around the board.
template <typename Visit>
void quiet_origins(const std::array<std::uint8_t, kMailboxSize>& occupied, Color c, PieceType type, Square to,
                   Visit&& visit) {
  const auto empty = [&](int square) { return occupied[std::size_t(square)] == 0; };
  switch (type) {
    case kRook:
    case kCannon:
      for (const int step : kOrthogonalSteps)
        for (int from = to + step; empty(from); from += step) visit(Square(from));
      break;
    case kHorse:
      // A horse's move from `from` is a step along the long side (its leg, which must be empty) and then a
      // diagonal one: it came from to - delta, with its leg next to that square.
      for (const auto [delta, leg_step] : kHorseMoves)
        if (const int from = to - delta; empty(from) && empty(from + leg_step)) visit(Square(from));
      break;
    case kElephant:
      for (const int step : kDiagonalSteps)
        if (empty(to + step) && empty(to + 2 * step) && kElephantPoint[c][std::size_t(to + 2 * step)])
          visit(Square(to + 2 * step));
      break;
    case kAdvisor:
      for (const int step : kDiagonalSteps)
        if (empty(to + step) && kAdvisorPoint[c][std::size_t(to + step)]) visit(Square(to + step));
      break;
    case kKing:
      for (const int step : kOrthogonalSteps)
        if (empty(to + step) && kInPalace[c][std::size_t(to + step)]) visit(Square(to + step));
      break;
    case kPawn: {
      const int behind = to - forward(c);
      if (empty(behind) && kPawnPoint[c][std::size_t(behind)]) visit(Square(behind));
      if (relative_rank(c, rank_of(to)) >= 5)
        for (const int side : {-1, 1})
          if (empty(to + side)) visit(Square(to + side));
      break;
    }
  }
}

// Calls visit(before) with the index of each entry (of the other side to move) one quiet move before entry
// `index` of `side` to move: once for each such entry and move, each entry counted in the orientation the
// table stores. An entry stands for its mirror image too, unless both kings are on file e (the image is an
// entry of its own then): the moves into either image lead to this entry.
// The index, in the same table, of the position after the quiet move `m` (the position is left as it was).
inline std::uint64_t index_after_quiet_move(const TableLayout& layout, Position& position, Move m) {
  position.make_move(m);
  Placement next;
  layout.placement_from(position, false, next);
  position.unmake_move();
  return layout.index_of(next);
}

// The squares around the board marked, as a board with no pieces on it for quiet_origins.
inline constexpr std::array<std::uint8_t, kMailboxSize> kPaddingMarked = [] {
  std::array<std::uint8_t, kMailboxSize> marks{};
  for (int square = 0; square < kMailboxSize; ++square)
    marks[std::size_t(square)] = !kOnBoard[std::size_t(square)];
  return marks;
}();

template <typename Visit>
void for_each_predecessor(const TableLayout& layout, Color side, std::uint64_t index, Visit&& visit) {
  Placement placement;
  layout.placement_of(index, placement);
  const Color mover = opposite(side);
  const int pieces = layout.piece_count();
  const int orientations = kings_on_centre_file(placement) ? 1 : 2;
  for (int orientation = 0; orientation < orientations; ++orientation) {
    const Placement image = orientation == 0 ? placement : mirrored(placement, pieces);
    std::array<std::uint8_t, kMailboxSize> occupied = kPaddingMarked;
    for (int slot = 0; slot < pieces; ++slot)
      occupied[square_from_index(image.squares[std::size_t(slot)])] = 1;
    // The image of a predecessor that needs the mirror is the same entry, reached through the other image of
    // this one. A move of another piece than a king keeps the kings, and so the orientation: such a
    // predecessor's index differs from the image's in its group's rank alone.
    const bool stored = in_stored_orientation(image);
    const std::uint64_t image_index = stored ? layout.index_of(image) : 0;
    for (int slot = 0; slot < pieces; ++slot) {
      const Piece piece = layout.piece_at(slot);
      if (color_of(piece) != mover) continue;
      const int group = layout.group_of_slot(slot);
      if (group >= 0 && !stored) continue;
      const std::uint64_t rank = group >= 0 ? layout.group_rank(image, group) : 0;
      const Square to = square_from_index(image.squares[std::size_t(slot)]);
      quiet_origins(occupied, mover, type_of(piece), to, [&](Square from) {
        Placement before = image;
        before.squares[std::size_t(slot)] = std::uint8_t(square_index(from));
        if (group >= 0) {
          visit(image_index + (layout.group_rank(before, group) - rank) * layout.group_weight(group));
          return;
        }
        if (!kings_on_centre_file(before) && !in_stored_orientation(before)) return;
        visit(layout.index_of(before));
      });
    }
  }
}

}  // namespace shuai::tablebase
