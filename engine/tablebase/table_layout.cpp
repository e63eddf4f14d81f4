// The index of a position in its endgame's table: kings as a pair under the mirror, the other pieces as
// combinations over the squares their type can stand on.
#include "engine/tablebase/table_layout.h"

#include <algorithm>
#include <cassert>
#include <span>
#include <utility>

#include "engine/board/geometry.h"

namespace shuai::tablebase {
namespace {

constexpr int kCentreFile = 4;
constexpr int kPalaceSquares = 9;

// C(n, k) for the squares of a board and the pieces of a table, looked up: the index of every entry of every
// pass sums a few of them.
constexpr auto kBinomials = [] {
  std::array<std::array<std::uint64_t, kMaxTablePieces + 1>, kSquareCount + 1> table{};
  for (int n = 0; n <= kSquareCount; ++n) {
    table[std::size_t(n)][0] = 1;
    for (int k = 1; k <= kMaxTablePieces && k <= n; ++k)
      table[std::size_t(n)][std::size_t(k)] =
          table[std::size_t(n - 1)][std::size_t(k - 1)] + table[std::size_t(n - 1)][std::size_t(k)];
  }
  return table;
}();

std::uint64_t binomial(int n, int k) {
  return k < 0 || k > kMaxTablePieces || k > n ? 0 : kBinomials[std::size_t(n)][std::size_t(k)];
}

bool can_stand(Color c, PieceType type, Square square) {
  switch (type) {
    case kKing:
      return kInPalace[c][square];
    case kAdvisor:
      return kAdvisorPoint[c][square];
    case kElephant:
      return kElephantPoint[c][square];
    case kPawn:
      return kPawnPoint[c][square];
    default:
      return true;
  }
}

std::vector<std::uint8_t> domain_of(Color c, PieceType type) {
  std::vector<std::uint8_t> domain;
  for (int index = 0; index < kSquareCount; ++index)
    if (can_stand(c, type, square_from_index(index))) domain.push_back(std::uint8_t(index));
  return domain;
}

// The two kings as one number: (Red's king, Black's king) in stored orientation, 45 pairs in all.
struct KingPairs {
  std::array<std::array<std::int8_t, kPalaceSquares>, kPalaceSquares> index_of{};
  std::vector<std::array<std::uint8_t, 2>> squares;
  std::array<std::vector<std::uint8_t>, kColorCount> domains;
  std::array<std::array<std::int8_t, kSquareCount>, kColorCount> ordinal{};
};

const KingPairs& king_pairs() {
  static const KingPairs pairs = [] {
    KingPairs built;
    for (const Color c : {kRed, kBlack}) {
      built.domains[c] = domain_of(c, kKing);
      built.ordinal[c].fill(-1);
      for (std::size_t i = 0; i < built.domains[c].size(); ++i)
        built.ordinal[c][built.domains[c][i]] = std::int8_t(i);
    }
    for (int red = 0; red < kPalaceSquares; ++red)
      for (int black = 0; black < kPalaceSquares; ++black) {
        Placement kings;
        kings.squares[0] = built.domains[kRed][std::size_t(red)];
        kings.squares[1] = built.domains[kBlack][std::size_t(black)];
        built.index_of[std::size_t(red)][std::size_t(black)] = -1;
        if (!in_stored_orientation(kings)) continue;
        built.index_of[std::size_t(red)][std::size_t(black)] = std::int8_t(built.squares.size());
        built.squares.push_back({kings.squares[0], kings.squares[1]});
      }
    return built;
  }();
  return pairs;
}

}  // namespace

Placement mirrored(const Placement& placement, int piece_count) {
  Placement image = placement;
  for (int slot = 0; slot < piece_count; ++slot)
    image.squares[std::size_t(slot)] = mirrored(placement.squares[std::size_t(slot)]);
  return image;
}

bool kings_on_centre_file(const Placement& placement) {
  return placement.squares[0] % kFileCount == kCentreFile && placement.squares[1] % kFileCount == kCentreFile;
}

bool in_stored_orientation(const Placement& placement) {
  const int red_file = placement.squares[0] % kFileCount, black_file = placement.squares[1] % kFileCount;
  return red_file < kCentreFile || (red_file == kCentreFile && black_file <= kCentreFile);
}

TableLayout::TableLayout(const Material& material) : material_(material) {
  pieces_[0] = make_piece(kRed, kKing);
  pieces_[1] = make_piece(kBlack, kKing);
  piece_count_ = 2;
  size_ = king_pairs().squares.size();
  constexpr PieceType kGroupOrder[] = {kRook, kHorse, kCannon, kPawn, kAdvisor, kElephant};
  for (const Color c : {kRed, kBlack})
    for (const PieceType type : kGroupOrder) {
      const int count = material.count[c][type];
      if (count == 0) continue;
      PieceGroup group{c, type, count, piece_count_, domain_of(c, type), {}, 0, 0, {}};
      group.ordinal.fill(-1);
      for (std::size_t i = 0; i < group.domain.size(); ++i) group.ordinal[group.domain[i]] = std::int16_t(i);
      const int n = int(group.domain.size());
      group.combinations = binomial(n, count);
      assert(group.combinations >= 2);  // no group fills its whole domain
      group.reciprocal = ~std::uint64_t(0) / group.combinations + 1;
      group.combination_ordinals.resize(group.combinations * std::size_t(count));
      // Every ascending choice of `count` ordinals, stored at its rank sum C(o_i, i).
      std::vector<int> choice(std::size_t(count), 0);
      for (int i = 0; i < count; ++i) choice[std::size_t(i)] = i;
      while (true) {
        std::uint64_t rank = 0;
        for (int i = 0; i < count; ++i) rank += binomial(choice[std::size_t(i)], i + 1);
        for (int i = 0; i < count; ++i)
          group.combination_ordinals[rank * std::size_t(count) + std::size_t(i)] =
              std::uint8_t(choice[std::size_t(i)]);
        int i = count - 1;
        while (i >= 0 && choice[std::size_t(i)] == n - count + i) --i;
        if (i < 0) break;
        ++choice[std::size_t(i)];
        for (int j = i + 1; j < count; ++j) choice[std::size_t(j)] = choice[std::size_t(j - 1)] + 1;
      }
      for (int i = 0; i < count; ++i) {
        group_of_slot_[std::size_t(piece_count_)] = std::int8_t(groups_.size());
        pieces_[std::size_t(piece_count_++)] = make_piece(c, type);
      }
      size_ *= group.combinations;
      groups_.push_back(std::move(group));
    }
  group_of_slot_[0] = group_of_slot_[1] = -1;
  std::uint64_t weight = 1;
  for (std::size_t g = groups_.size(); g-- > 0;) {
    weights_[g] = weight;
    weight *= groups_[g].combinations;
  }
}

bool TableLayout::placement_of(std::uint64_t index, Placement& placement) const {
  for (std::size_t g = groups_.size(); g-- > 0;) {
    const PieceGroup& group = groups_[g];
    // index / combinations as the high half of a product: exact while index * combinations < 2^64 (a table
    // has fewer than 2^35 entries, a group fewer than 2^13 combinations). The division it replaces was the
    // generator's costliest instruction, several for every entry of every pass.
    const auto quotient = std::uint64_t((unsigned __int128)index * group.reciprocal >> 64);
    const std::uint64_t rank = index - quotient * group.combinations;
    index = quotient;
    for (int i = 0; i < group.count; ++i)
      placement.squares[std::size_t(group.first + i)] =
          group.domain[group.combination_ordinals[rank * std::size_t(group.count) + std::size_t(i)]];
  }
  const auto& kings = king_pairs().squares[index];
  placement.squares[0] = kings[0];
  placement.squares[1] = kings[1];
  std::uint64_t occupied[2] = {0, 0};
  for (int slot = 0; slot < piece_count_; ++slot) {
    const int square = placement.squares[std::size_t(slot)];
    std::uint64_t& word = occupied[square / 64];
    const std::uint64_t bit = std::uint64_t(1) << (square % 64);
    if (word & bit) return false;
    word |= bit;
  }
  return true;
}

std::uint64_t TableLayout::index_of(Placement placement) const {
  if (!in_stored_orientation(placement)) placement = mirrored(placement, piece_count_);
  const KingPairs& pairs = king_pairs();
  const int red = pairs.ordinal[kRed][placement.squares[0]],
            black = pairs.ordinal[kBlack][placement.squares[1]];
  assert(red >= 0 && black >= 0);
  std::uint64_t index = std::uint64_t(pairs.index_of[std::size_t(red)][std::size_t(black)]);
  for (std::size_t g = 0; g < groups_.size(); ++g)
    index = index * groups_[g].combinations + group_rank(placement, int(g));
  return index;
}

std::uint64_t TableLayout::group_rank(const Placement& placement, int group_number) const {
  const PieceGroup& group = groups_[std::size_t(group_number)];
  if (group.count == 1) return std::uint64_t(group.ordinal[placement.squares[std::size_t(group.first)]]);
  if (group.count == 2) {  // the common pair (two rooks, two advisors...): C(low, 1) + C(high, 2)
    const std::uint64_t a = std::uint64_t(group.ordinal[placement.squares[std::size_t(group.first)]]),
                        b = std::uint64_t(group.ordinal[placement.squares[std::size_t(group.first + 1)]]);
    const std::uint64_t low = std::min(a, b), high = std::max(a, b);
    return low + high * (high - 1) / 2;
  }
  std::array<int, kMaxTablePieces> ordinals{};
  for (int i = 0; i < group.count; ++i) {
    ordinals[std::size_t(i)] = group.ordinal[placement.squares[std::size_t(group.first + i)]];
    assert(ordinals[std::size_t(i)] >= 0);
  }
  // Ascending (an insertion sort: a group holds at most a few pieces).
  for (int i = 1; i < group.count; ++i)
    for (int j = i; j > 0 && ordinals[std::size_t(j - 1)] > ordinals[std::size_t(j)]; --j)
      std::swap(ordinals[std::size_t(j - 1)], ordinals[std::size_t(j)]);
  std::uint64_t rank = 0;
  for (int i = 0; i < group.count; ++i) rank += binomial(ordinals[std::size_t(i)], i + 1);
  return rank;
}

void TableLayout::set_position(const Placement& placement, Color side, Position& position) const {
  std::array<Square, kMaxTablePieces> squares;
  for (int slot = 0; slot < piece_count_; ++slot)
    squares[std::size_t(slot)] = square_from_index(placement.squares[std::size_t(slot)]);
  const auto count = std::size_t(piece_count_);
  position.set_up(std::span(pieces_).first(count), std::span(squares).first(count), side);
}

bool TableLayout::set_position_of(std::uint64_t index, Color side, Position& position) const {
  Placement placement;
  if (!placement_of(index, placement)) return false;
  set_position(placement, side, position);
  return true;
}

void TableLayout::placement_from(const Position& position, bool exchange_colors, Placement& placement) const {
  const auto square_of = [&](Square square) {
    const auto dense = std::uint8_t(square_index(square));
    return exchange_colors ? turned(dense) : dense;
  };
  const auto side = [&](Color c) { return exchange_colors ? opposite(c) : c; };
  placement.squares[0] = square_of(position.king_square(side(kRed)));
  placement.squares[1] = square_of(position.king_square(side(kBlack)));
  for (const PieceGroup& group : groups_) {
    const auto squares = position.squares(side(group.color), group.type);
    for (int i = 0; i < group.count; ++i)
      placement.squares[std::size_t(group.first + i)] = square_of(squares[std::size_t(i)]);
  }
}

}  // namespace shuai::tablebase
