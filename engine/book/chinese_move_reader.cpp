// Chinese notation read by comparison: the text's normal form against the normal form of every legal move's
// notation, so the reader can never disagree with the writer (move_to_chinese).
#include "engine/book/chinese_move_reader.h"

#include <algorithm>
#include <array>
#include <iterator>

#include "engine/board/chinese_notation.h"
#include "engine/board/notation.h"

namespace shuai {
namespace {

// Each normal form and the characters that become it (UTF-8, run together; UTF-8 cannot match across
// character boundaries, so a plain search finds a character). Characters not listed are kept.
struct NormalForm {
  std::string_view normal;
  std::string_view spellings;
};
constexpr NormalForm kNormalForms[] = {
    // Black's piece names and the traditional forms become Red's simplified name (包 is a cannon too).
    {"帅", "帥将將"},
    {"仕", "士"},
    {"相", "象"},
    {"马", "馬傌"},
    {"车", "車俥"},
    {"炮", "砲包"},
    {"兵", "卒"},
    // The traditional forms of forward and rear.
    {"进", "進"},
    {"后", "後"},
    // Chinese and full-width numerals become ASCII digits.
    {"1", "一１"},
    {"2", "二２"},
    {"3", "三３"},
    {"4", "四４"},
    {"5", "五５"},
    {"6", "六６"},
    {"7", "七７"},
    {"8", "八８"},
    {"9", "九９"},
    // The ideographic space is dropped like ASCII white space.
    {"", "\u3000"},
};

// The piece type a normal form names (Red's names), or none for a text naming no piece.
int piece_type_named(std::string_view normal) {
  constexpr std::array<std::string_view, kPieceTypeCount> kNames = {"帅", "仕", "相", "马", "车", "炮", "兵"};
  for (int type = 0; type < kPieceTypeCount; ++type)
    if (normal.find(kNames[type]) != std::string_view::npos) return type;
  return -1;
}

}  // namespace

std::string normalize_chinese_move(std::string_view text) {
  std::string normal;
  normal.reserve(text.size());
  std::size_t at = 0;
  while (at < text.size()) {
    const unsigned char lead = static_cast<unsigned char>(text[at]);
    if (lead < 0x80) {
      if (lead != ' ' && lead != '\t' && lead != '\r' && lead != '\n') normal += char(lead);
      ++at;
      continue;
    }
    // A UTF-8 sequence (or a stray byte, kept alone).
    std::size_t length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    if (at + length > text.size()) length = 1;
    const std::string_view character = text.substr(at, length);
    at += length;
    if (length == 1) {  // a stray byte: it could match inside a character of the table
      normal += character;
      continue;
    }
    const auto form = std::find_if(
        std::begin(kNormalForms), std::end(kNormalForms),
        [&](const NormalForm& f) { return f.spellings.find(character) != std::string_view::npos; });
    normal += form == std::end(kNormalForms) ? character : form->normal;
  }
  return normal;
}

MoveResult parse_chinese_move(Position& position, std::string_view text) {
  const std::string wanted = normalize_chinese_move(text);
  const int type = piece_type_named(wanted);
  if (type < 0)
    return {kNoMove, "not a move in Chinese notation (no piece named): '" + std::string(text) + "'"};
  return unique_legal_move(
      position, text,
      [&](Move move) {
        // Only the named kind of piece can match; rendering the others would be wasted work.
        return type_of(position.piece_on(from_square(move))) == type &&
               normalize_chinese_move(move_to_chinese(position, move)) == wanted;
      },
      "more than one legal move reads so");
}

}  // namespace shuai
