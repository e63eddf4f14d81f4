// Where a position sits in its endgame's table. The pieces are placed in groups (the two kings, then each
// side's rooks, horses, cannons, pawns, advisors and elephants); a group of identical pieces is one
// combination of the squares its type can stand on (kings in the palace, advisors on their five points,
// elephants on their seven, pawns where a pawn can be), so identical pieces are counted once. The left-right
// mirror halves the table: the kings stand with Red's king on files d or e, and with both on file e also
// Black's king on d or e. Positions with both kings on file e are stored in both orientations.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/board/position.h"
#include "engine/tablebase/material.h"

namespace shuai::tablebase {

inline constexpr int kMaxTablePieces = 12;

// The dense square (0..89) of each piece, in the layout's order: Red's king, Black's king, then the groups.
struct Placement {
  std::array<std::uint8_t, kMaxTablePieces> squares{};
};

struct PieceGroup {
  Color color;
  PieceType type;
  int count;                                       // identical pieces in the group
  int first;                                       // their first slot in a placement
  std::vector<std::uint8_t> domain;                // dense squares the type can stand on, ascending
  std::array<std::int16_t, kSquareCount> ordinal;  // a square's place in the domain, -1 when not in it
  std::uint64_t combinations;                      // ways to place the group
  std::uint64_t reciprocal;                        // ceil(2^64 / combinations), to divide by a multiply
  std::vector<std::uint8_t> combination_ordinals;  // count ordinals per combination, ascending
};

class TableLayout {
 public:
  explicit TableLayout(const Material& material);

  const Material& material() const { return material_; }
  // Entries per side to move.
  std::uint64_t size() const { return size_; }
  int piece_count() const { return piece_count_; }
  Piece piece_at(int slot) const { return pieces_[std::size_t(slot)]; }
  const std::vector<PieceGroup>& groups() const { return groups_; }

  // The placement an index stands for (in stored orientation); false when two pieces share a square.
  bool placement_of(std::uint64_t index, Placement& placement) const;
  // The index of a placement in either orientation and with a group's pieces in any order. Every square must
  // be one its piece can stand on.
  std::uint64_t index_of(Placement placement) const;
  // The index in parts, for a quiet move's neighbour: one group's rank (its combination's number), its
  // weight in the index (the product of the later groups' combinations), and the group a slot belongs to
  // (-1 for the kings). For a placement in stored orientation, index_of is the kings' pair number times
  // the first group's weight plus each group's rank times its weight.
  std::uint64_t group_rank(const Placement& placement, int group) const;
  std::uint64_t group_weight(int group) const { return weights_[std::size_t(group)]; }
  int group_of_slot(int slot) const { return group_of_slot_[std::size_t(slot)]; }
  // The position of a placement with `side` to move (no history, counters zero).
  void set_position(const Placement& placement, Color side, Position& position) const;
  // The same for an entry: false, and the position left as it was, when two pieces share a square.
  bool set_position_of(std::uint64_t index, Color side, Position& position) const;
  // The placement of a position with this material (its callers know it: the probe found the table by it, a
  // quiet move keeps it), with Red's and Black's pieces exchanged (and the board turned) when
  // `exchange_colors`.
  void placement_from(const Position& position, bool exchange_colors, Placement& placement) const;

 private:
  Material material_;
  std::vector<PieceGroup> groups_;
  std::array<Piece, kMaxTablePieces> pieces_{};
  std::array<std::int8_t, kMaxTablePieces> group_of_slot_{};
  std::array<std::uint64_t, kMaxTablePieces> weights_{};
  int piece_count_ = 0;
  std::uint64_t size_ = 0;
};

// The board mirrored left to right (file a to file i).
constexpr std::uint8_t mirrored(std::uint8_t dense_square) {
  return std::uint8_t(dense_square - 2 * (dense_square % kFileCount) + kFileCount - 1);
}
// The board turned about its middle rank (Red's side to Black's).
constexpr std::uint8_t turned(std::uint8_t dense_square) {
  return std::uint8_t((kRankCount - 1 - dense_square / kFileCount) * kFileCount + dense_square % kFileCount);
}
Placement mirrored(const Placement& placement, int piece_count);
// Both kings on file e: the placement and its mirror image are separate entries.
bool kings_on_centre_file(const Placement& placement);
// The placement is in the orientation the table stores (no mirror needed).
bool in_stored_orientation(const Placement& placement);

}  // namespace shuai::tablebase
