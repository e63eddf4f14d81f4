// ICCS move notation.
#include "engine/board/notation.h"

#include <fmt/format.h>

#include "engine/board/movegen.h"

namespace shuai {

std::string move_to_iccs(Move m) {
  if (m == kNoMove) return "0000";
  const Square from = from_square(m), to = to_square(m);
  return {char('a' + file_of(from)), char('0' + rank_of(from)), char('a' + file_of(to)),
          char('0' + rank_of(to))};
}

std::optional<Move> parse_iccs(std::string_view text) {
  if (text.size() != 4) return std::nullopt;
  auto point = [&](int offset) -> std::optional<Square> {
    const char file = char(text[offset] | 0x20), rank = text[offset + 1];  // ICCS files may be upper case
    if (file < 'a' || file > 'i' || rank < '0' || rank > '9') return std::nullopt;
    return make_square(file - 'a', rank - '0');
  };
  const auto from = point(0), to = point(2);
  if (!from || !to) return std::nullopt;
  return make_move(*from, *to);
}

MoveResult parse_legal_move(Position& position, std::string_view text) {
  const auto parsed = parse_iccs(text);
  if (!parsed)
    return {kNoMove, fmt::format("bad move '{}': expected ICCS like h2e2 (files a-i, ranks 0-9)", text)};
  if (!is_legal(position, *parsed)) return {kNoMove, fmt::format("illegal move '{}' in this position", text)};
  return {*parsed, {}};
}

}  // namespace shuai
