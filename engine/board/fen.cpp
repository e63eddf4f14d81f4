// FEN reader with full validation, and writer.
#include "engine/board/fen.h"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <vector>

#include "engine/board/geometry.h"
#include "engine/board/text.h"

namespace shuai {

namespace {

constexpr std::string_view kPieceNames[kPieceTypeCount] = {"king", "advisor", "elephant", "horse",
                                                           "rook", "cannon",  "pawn"};
constexpr std::string_view kColorNames[kColorCount] = {"Red", "Black"};

std::optional<PieceType> piece_type_from_letter(char letter) {
  switch (letter | 0x20) {
    case 'k':
      return kKing;
    case 'a':
      return kAdvisor;
    case 'b':
    case 'e':
      return kElephant;
    case 'n':
    case 'h':
      return kHorse;
    case 'r':
      return kRook;
    case 'c':
      return kCannon;
    case 'p':
      return kPawn;
    default:
      return std::nullopt;
  }
}

constexpr char kLetters[kPieceTypeCount] = {'k', 'a', 'b', 'n', 'r', 'c', 'p'};

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('0' + rank_of(s))};
}

// Where a piece of this kind may never stand; empty when the point is fine.
std::string placement_error(Color c, PieceType type, Square s) {
  const auto fail = [&](std::string_view why) {
    return fmt::format("{} {} on {} {}", kColorNames[c], kPieceNames[type], square_name(s), why);
  };
  switch (type) {
    case kKing:
      return kInPalace[c][s] ? "" : fail("is outside its palace");
    case kAdvisor:
      return kAdvisorPoint[c][s] ? "" : fail("is not on one of its five palace points");
    case kElephant:
      return kElephantPoint[c][s] ? "" : fail("is not on one of its seven points");
    case kPawn:
      return kPawnPoint[c][s] ? "" : fail("is where no pawn can stand");
    default:
      return "";
  }
}

std::optional<int> parse_count(std::string_view field) {
  int value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc() || end != field.data() + field.size() || value < 0) return std::nullopt;
  return value;
}

}  // namespace

FenResult parse_fen(std::string_view fen) {
  const auto fail = [](std::string message) { return FenResult{std::nullopt, "bad FEN: " + message}; };
  const auto fields = split_words(fen);
  if (fields.empty()) return fail("empty");
  if (fields.size() > 6) return fail(fmt::format("{} fields, expected at most 6", fields.size()));

  const auto ranks = split(fields[0], '/');
  if (ranks.size() != kRankCount) return fail(fmt::format("{} ranks, expected 10", ranks.size()));

  Position position;
  int counts[kColorCount][kPieceTypeCount] = {};
  for (int row = 0; row < kRankCount; ++row) {
    const int rank = kRankCount - 1 - row;  // the first FEN row is Black's back rank
    int file = 0;
    for (const char letter : ranks[row]) {
      if (letter >= '1' && letter <= '9') {
        file += letter - '0';
        continue;
      }
      const auto type = piece_type_from_letter(letter);
      if (!type) return fail(fmt::format("unknown piece letter '{}'", letter));
      if (file >= kFileCount)
        return fail(fmt::format("rank {} (row {}) spans more than 9 files", rank, row + 1));
      const Color color = (letter >= 'A' && letter <= 'Z') ? kRed : kBlack;
      const Square square = make_square(file, rank);
      if (++counts[color][*type] > kPiecesInSet[*type])
        return fail(fmt::format("more than {} {} {}{}", kPiecesInSet[*type], kColorNames[color],
                                kPieceNames[*type], kPiecesInSet[*type] > 1 ? "s" : ""));
      if (auto error = placement_error(color, *type, square); !error.empty()) return fail(error);
      position.put_piece(make_piece(color, *type), square);
      ++file;
    }
    if (file != kFileCount)
      return fail(fmt::format("rank {} (row {}) spans {} files, expected 9", rank, row + 1, file));
  }
  for (const Color color : {kRed, kBlack})
    if (counts[color][kKing] == 0) return fail(fmt::format("no {} king", kColorNames[color]));

  Color side = kRed;
  if (fields.size() > 1) {
    if (fields[1] == "w" || fields[1] == "r")
      side = kRed;
    else if (fields[1] == "b")
      side = kBlack;
    else
      return fail(fmt::format("side to move '{}', expected w, r or b", fields[1]));
  }
  position.set_side_to_move(side);

  int plies_since_capture = 0, fullmove_number = 1;
  if (fields.size() > 4) {
    const auto value = parse_count(fields[4]);
    if (!value) return fail(fmt::format("halfmove clock '{}' is not a number", fields[4]));
    plies_since_capture = *value;
  }
  if (fields.size() > 5) {
    const auto value = parse_count(fields[5]);
    if (!value || *value == 0)
      return fail(fmt::format("fullmove number '{}' is not a positive number", fields[5]));
    fullmove_number = *value;
  }
  position.set_counters(plies_since_capture, fullmove_number);

  if (position.is_king_attacked(opposite(side)))
    return fail(fmt::format("{} is not to move but is in check", kColorNames[opposite(side)]));
  return {std::move(position), {}};
}

std::string to_fen(const Position& position) {
  std::string fen;
  for (int rank = kRankCount - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFileCount; ++file) {
      const Piece piece = position.piece_on(make_square(file, rank));
      if (piece == kEmpty) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      const char letter = kLetters[type_of(piece)];
      fen += color_of(piece) == kRed ? char(letter - 'a' + 'A') : letter;
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  fen += fmt::format(" {} - - {} {}", position.side_to_move() == kRed ? 'w' : 'b',
                     position.plies_since_capture(), position.fullmove_number());
  return fen;
}

}  // namespace shuai
