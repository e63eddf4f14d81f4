// Endgame material: names, the stored orientation of colours, and the sets of tables.
#include "engine/tablebase/material.h"

#include <fmt/format.h>
#include <algorithm>

namespace shuai::tablebase {
namespace {

// The order of a side's letters in a name, and of the comparison that picks the stronger side.
constexpr std::array<PieceType, 6> kNameOrder = {kRook, kHorse, kCannon, kPawn, kAdvisor, kElephant};
constexpr std::array<PieceType, 4> kAttackers = {kRook, kHorse, kCannon, kPawn};

char letter_of(PieceType type) {
  constexpr char kLetters[kPieceTypeCount] = {'K', 'A', 'B', 'N', 'R', 'C', 'P'};
  return kLetters[type];
}

std::optional<PieceType> type_of_letter(char letter) {
  for (int type = 0; type < kPieceTypeCount; ++type)
    if (letter_of(PieceType(type)) == letter) return PieceType(type);
  if (letter == 'H') return kHorse;
  if (letter == 'E') return kElephant;
  return std::nullopt;
}

// Every spread of at most `total` advisors and elephants over the two sides (at most two of each per side).
std::vector<std::array<int, 4>> defender_spreads(int total) {
  std::vector<std::array<int, 4>> spreads;
  for (int red_advisors = 0; red_advisors <= 2; ++red_advisors)
    for (int red_elephants = 0; red_elephants <= 2; ++red_elephants)
      for (int black_advisors = 0; black_advisors <= 2; ++black_advisors)
        for (int black_elephants = 0; black_elephants <= 2; ++black_elephants)
          if (red_advisors + red_elephants + black_advisors + black_elephants <= total)
            spreads.push_back({red_advisors, red_elephants, black_advisors, black_elephants});
  return spreads;
}

void add_once(std::vector<Material>& list, const Material& material) {
  if (std::find(list.begin(), list.end(), material) == list.end()) list.push_back(material);
}

// Attacking pieces for Red (`red`) and Black (`black`), with every spread of up to `defenders` advisors and
// elephants.
void add_endgames(std::vector<Material>& list, std::initializer_list<PieceType> red,
                  std::initializer_list<PieceType> black, int defenders) {
  for (const auto& spread : defender_spreads(defenders)) {
    Material material = bare_kings();
    for (const PieceType type : red) ++material.count[kRed][type];
    for (const PieceType type : black) ++material.count[kBlack][type];
    material.count[kRed][kAdvisor] = std::uint8_t(spread[0]);
    material.count[kRed][kElephant] = std::uint8_t(spread[1]);
    material.count[kBlack][kAdvisor] = std::uint8_t(spread[2]);
    material.count[kBlack][kElephant] = std::uint8_t(spread[3]);
    add_once(list, stored_orientation_of(material));
  }
}

}  // namespace

int Material::pieces(Color c) const {
  int total = 0;
  for (const std::uint8_t n : count[c]) total += n;
  return total;
}

int Material::attackers(Color c) const {
  int total = 0;
  for (const PieceType type : kAttackers) total += count[c][type];
  return total;
}

Material bare_kings() {
  Material material;
  material.count[kRed][kKing] = material.count[kBlack][kKing] = 1;
  return material;
}

Material material_of(const Position& position) {
  Material material;
  for (int c = 0; c < kColorCount; ++c)
    for (int type = 0; type < kPieceTypeCount; ++type)
      material.count[c][type] = std::uint8_t(position.count(Color(c), PieceType(type)));
  return material;
}

Material with_colors_exchanged(const Material& material) {
  Material exchanged;
  exchanged.count[kRed] = material.count[kBlack];
  exchanged.count[kBlack] = material.count[kRed];
  return exchanged;
}

bool is_stored_orientation(const Material& material) {
  for (const PieceType type : kNameOrder) {
    if (material.count[kRed][type] != material.count[kBlack][type])
      return material.count[kRed][type] > material.count[kBlack][type];
  }
  return true;
}

Material stored_orientation_of(const Material& material) {
  return is_stored_orientation(material) ? material : with_colors_exchanged(material);
}

std::string endgame_name(const Material& material) {
  std::string name;
  for (const Color c : {kRed, kBlack}) {
    if (c == kBlack) name += 'v';
    name += 'K';
    for (const PieceType type : kNameOrder) name.append(material.count[c][type], letter_of(type));
  }
  return name;
}

std::optional<Material> parse_endgame_name(std::string_view name, std::string& error) {
  const std::size_t separator = name.find('v');
  if (separator == std::string_view::npos || name.find('v', separator + 1) != std::string_view::npos) {
    error = fmt::format("'{}' is not an endgame name like KRvKAABB", name);
    return std::nullopt;
  }
  Material material;
  const std::string_view sides[2] = {name.substr(0, separator), name.substr(separator + 1)};
  for (const Color c : {kRed, kBlack}) {
    for (const char letter : sides[c]) {
      const auto type = type_of_letter(letter);
      if (!type) {
        error = fmt::format("'{}' in endgame '{}' is not a piece letter (K A B N R C P)", letter, name);
        return std::nullopt;
      }
      ++material.count[c][*type];
    }
    for (int type = 0; type < kPieceTypeCount; ++type)
      if (material.count[c][type] > kPiecesInSet[type] || material.count[c][kKing] != 1) {
        error = fmt::format("endgame '{}' needs one king a side and no more pieces than a set has", name);
        return std::nullopt;
      }
  }
  return material;
}

std::vector<Material> endgames_after_one_capture(const Material& material) {
  std::vector<Material> after;
  for (const Color c : {kRed, kBlack})
    for (int type = kAdvisor; type < kPieceTypeCount; ++type)
      if (material.count[c][type] > 0) {
        Material smaller = material;
        --smaller.count[c][type];
        add_once(after, stored_orientation_of(smaller));
      }
  return after;
}

std::vector<Material> with_subtables(const std::vector<Material>& endgames) {
  std::vector<Material> all;
  for (const Material& material : endgames) add_once(all, stored_orientation_of(material));
  for (std::size_t i = 0; i < all.size(); ++i)
    for (const Material& smaller : endgames_after_one_capture(all[i])) add_once(all, smaller);
  std::stable_sort(all.begin(), all.end(), [](const Material& a, const Material& b) {
    const int pieces_a = a.pieces(kRed) + a.pieces(kBlack), pieces_b = b.pieces(kRed) + b.pieces(kBlack);
    return pieces_a != pieces_b ? pieces_a < pieces_b : endgame_name(a) < endgame_name(b);
  });
  return all;
}

std::optional<std::vector<Material>> endgame_set(std::string_view name) {
  std::vector<Material> list;
  const bool one = name == "one", one_sided = name == "one-sided" || name == "all",
             two_sided = name == "two-sided" || name == "all";
  if (!one && !one_sided && !two_sided) return std::nullopt;
  if (one || one_sided)
    for (const PieceType attacker : kAttackers) add_endgames(list, {attacker}, {}, 4);
  if (one_sided)
    for (std::size_t first = 0; first < kAttackers.size(); ++first)
      for (std::size_t second = first; second < kAttackers.size(); ++second)
        add_endgames(list, {kAttackers[first], kAttackers[second]}, {}, 4);
  if (two_sided)
    for (const PieceType red : kAttackers)
      for (const PieceType black : kAttackers) add_endgames(list, {red}, {black}, 2);
  return with_subtables(list);
}

}  // namespace shuai::tablebase
