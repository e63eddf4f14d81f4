// The endgames a tablebase covers: what material each side has, the endgame's name ("KRvKAABB"), the one
// orientation of colours a table is stored in, the endgames one capture leads to, and the sets the generator
// builds.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/position.h"
#include "engine/board/types.h"

namespace shuai::tablebase {

// How many pieces of each type each side has; the kings are always there (one each).
struct Material {
  std::array<std::array<std::uint8_t, kPieceTypeCount>, kColorCount> count{};

  int pieces(Color c) const;
  // Rooks, horses, cannons and pawns: the pieces that can give check.
  int attackers(Color c) const;
  int defenders(Color c) const { return count[c][kAdvisor] + count[c][kElephant]; }
  bool operator==(const Material&) const = default;
};

// The material with one king each and nothing else.
Material bare_kings();
Material material_of(const Position& position);
// Red's and Black's pieces exchanged.
Material with_colors_exchanged(const Material& material);

// A table is stored with the stronger side as Red (rooks, then horses, cannons, pawns, advisors, elephants
// compared in turn; equal sets are their own orientation). True when `material` is in that orientation.
bool is_stored_orientation(const Material& material);
// The material as its table stores it: `material`, or its colours exchanged.
Material stored_orientation_of(const Material& material);

// "KRvKAABB": Red's pieces, "v", Black's, each side's king first, then rooks (R), horses (N), cannons (C),
// pawns (P), advisors (A) and elephants (B), the letters of FEN.
std::string endgame_name(const Material& material);
// The reverse, with one line of what is wrong on failure (no more pieces than a set has).
std::optional<Material> parse_endgame_name(std::string_view name, std::string& error);

// The endgames (in stored orientation, each once) one capture of a piece of `material` leads to.
std::vector<Material> endgames_after_one_capture(const Material& material);

// The sets of tables the generator knows, each in stored orientation and ordered so that every endgame comes
// after those its captures lead to:
//  - "one": one side has one attacking piece, the other none, with up to four advisors and elephants in all;
//  - "one-sided": one side has one or two attacking pieces, the other none, with up to four advisors and
//    elephants in all;
//  - "two-sided": one attacking piece on each side and up to two advisors and elephants in all;
//  - "all": both of the last two.
// The subtables their captures lead to are included. Nothing for an unknown name.
std::optional<std::vector<Material>> endgame_set(std::string_view name);
// The endgame and every endgame a sequence of captures leads to, each once, smallest first.
std::vector<Material> with_subtables(const std::vector<Material>& endgames);

}  // namespace shuai::tablebase
