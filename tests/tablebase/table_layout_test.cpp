// The index of a table: every entry's placement indexes back to it, a mirror image to the same entry, and the
// positions a table holds are exactly the legal ones, counted by brute force over the whole board with the
// FEN reader as judge.
#include <doctest/doctest.h>

#include "engine/board/board.h"
#include "engine/tablebase/tablebase.h"

namespace shuai::tablebase {
namespace {

Material named(std::string_view name) {
  std::string error;
  return *parse_endgame_name(name, error);
}

TEST_CASE("every entry's placement indexes back to the entry, and its mirror image too") {
  for (const char* name : {"KvK", "KRvKAABB", "KPPvKB", "KNCvKA", "KRRvKAABB"}) {
    INFO(name);
    const TableLayout layout(named(name));
    std::uint64_t placements = 0, mismatches = 0, mirror_mismatches = 0, sum_mismatches = 0;
    // Every index of the small tables, a stride through the large ones.
    const std::uint64_t step = std::max<std::uint64_t>(1, layout.size() / 200000);
    for (std::uint64_t index = 0; index < layout.size(); index += step) {
      Placement placement;
      if (!layout.placement_of(index, placement)) continue;
      ++placements;
      CHECK(in_stored_orientation(placement));
      mismatches += layout.index_of(placement) != index;
      // The index in parts, as the walk over predecessors changes one group's rank: the kings' pair number
      // times the first group's weight, plus each group's rank times its weight.
      std::uint64_t sum =
          index / (layout.groups().empty() ? 1 : layout.group_weight(0) * layout.groups()[0].combinations);
      sum *= layout.groups().empty() ? 1 : layout.group_weight(0) * layout.groups()[0].combinations;
      for (int group = 0; group < int(layout.groups().size()); ++group)
        sum += layout.group_rank(placement, group) * layout.group_weight(group);
      sum_mismatches += sum != index;
      if (!kings_on_centre_file(placement))
        mirror_mismatches += layout.index_of(mirrored(placement, layout.piece_count())) != index;
    }
    CHECK(placements > 0);
    CHECK(mismatches == 0);
    CHECK(mirror_mismatches == 0);
    CHECK(sum_mismatches == 0);
  }
  // 45 king pairs under the mirror; advisors on 5 points, elephants on 7, pawns on 55 squares.
  CHECK(TableLayout(named("KvK")).size() == 45);
  CHECK(TableLayout(named("KRvKAABB")).size() == 45ULL * 90 * 10 * 21);
  CHECK(TableLayout(named("KPPvKB")).size() == 45ULL * 1485 * 7);
}

// The legal positions of an endgame with `side` to move, by brute force: every piece on every square of the
// board (identical pieces once), and the FEN reader's rules decide.
std::uint64_t legal_positions_by_brute_force(const Material& material, Color side) {
  std::vector<Piece> pieces;
  for (const Color c : {kRed, kBlack})
    for (int type = 0; type < kPieceTypeCount; ++type)
      for (int n = 0; n < material.count[c][type]; ++n) pieces.push_back(make_piece(c, PieceType(type)));
  std::uint64_t legal = 0;
  std::vector<int> squares(pieces.size(), 0);
  Position position;
  const auto place = [&](auto&& self, std::size_t slot) -> void {
    if (slot == pieces.size()) {
      position.clear();
      for (std::size_t i = 0; i < pieces.size(); ++i)
        position.put_piece(pieces[i], square_from_index(squares[i]));
      position.set_side_to_move(side);
      legal += parse_fen(to_fen(position)).position.has_value();
      return;
    }
    // Identical pieces go on ascending squares, so each set of squares is counted once.
    const int first = slot > 0 && pieces[slot] == pieces[slot - 1] ? squares[slot - 1] + 1 : 0;
    for (int square = first; square < kSquareCount; ++square) {
      bool taken = false;
      for (std::size_t i = 0; i < slot; ++i) taken |= squares[i] == square;
      if (taken) continue;
      squares[slot] = square;
      self(self, slot + 1);
    }
  };
  place(place, 0);
  return legal;
}

TEST_CASE("a table holds exactly the legal positions, counted by brute force") {
  for (const char* name : {"KvK", "KAvK", "KPvK"}) {
    const Material material = named(name);
    std::string error;
    TableSet tables;
    for (const Material& endgame : with_subtables({material})) {
      GenerationResult result = generate_table(endgame, tables, 2);
      REQUIRE_MESSAGE(result.table, result.error);
      tables.add(std::move(result.table));
    }
    for (const Color side : {kRed, kBlack}) {
      INFO(name, side == kRed ? " red" : " black", " to move");
      CHECK(statistics_of(*tables.find(material), side).positions ==
            legal_positions_by_brute_force(material, side));
    }
  }
}

}  // namespace
}  // namespace shuai::tablebase
