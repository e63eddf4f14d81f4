// WXF notation, written and read by comparing with every legal move's own spellings.
#include "engine/board/wxf_notation.h"

#include <cctype>
#include <cstdlib>

namespace shuai {

namespace {

constexpr char kLetters[kPieceTypeCount] = {'K', 'A', 'E', 'H', 'R', 'C', 'P'};

// Files counted 1..9 from the mover's right.
int file_number(Color mover, int file) {
  return mover == kRed ? 9 - file : file + 1;
}

bool moves_diagonally(PieceType type) {
  return type == kAdvisor || type == kElephant || type == kHorse;
}

// The parts of a move's spelling. `place` is a file digit '1'..'9' or '+' / '-' for front / rear.
struct Spelling {
  char letter = 0;
  char place = 0;
  char direction = 0;
  int number = 0;
};

// Whether another piece of the mover's kind shares the file, and if so whether `from` is the front one.
struct FileShare {
  bool shared = false;
  bool front = false;
};

FileShare share_of(const Position& position, Square from) {
  const Piece piece = position.piece_on(from);
  const Color mover = color_of(piece);
  FileShare share;
  int ahead = 0, behind = 0;
  for (const Square other : position.squares(mover, type_of(piece))) {
    if (other == from || file_of(other) != file_of(from)) continue;
    share.shared = true;
    const int advance = (rank_of(other) - rank_of(from)) * (mover == kRed ? 1 : -1);
    (advance > 0 ? ahead : behind) += 1;
  }
  share.front = ahead == 0;
  // Three or more on a file have no front/rear spelling: the file number alone then has to do.
  if (ahead + behind >= 2) share.shared = false;
  return share;
}

Spelling spell(const Position& position, Move move, bool use_sign) {
  const Square from = from_square(move), to = to_square(move);
  const Piece piece = position.piece_on(from);
  const Color mover = color_of(piece);
  const PieceType type = type_of(piece);
  Spelling spelling;
  spelling.letter = kLetters[type];
  const FileShare share = share_of(position, from);
  spelling.place =
      use_sign && share.shared ? (share.front ? '+' : '-') : char('0' + file_number(mover, file_of(from)));
  const int advance = (rank_of(to) - rank_of(from)) * (mover == kRed ? 1 : -1);
  spelling.direction = advance > 0 ? '+' : advance < 0 ? '-' : '=';
  spelling.number =
      advance == 0 || moves_diagonally(type) ? file_number(mover, file_of(to)) : std::abs(advance);
  return spelling;
}

bool same(const Spelling& a, const Spelling& b) {
  return a.letter == b.letter && a.place == b.place && a.direction == b.direction && a.number == b.number;
}

bool read_spelling(std::string_view text, Spelling& spelling) {
  std::string compact;
  for (const char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) compact += c;
  if (compact.size() != 4) return false;
  // A sign before the letter ("+R=2") means the same as after it ("R+=2").
  if ((compact[0] == '+' || compact[0] == '-') && std::isalpha(static_cast<unsigned char>(compact[1])))
    std::swap(compact[0], compact[1]);
  char letter = char(std::toupper(static_cast<unsigned char>(compact[0])));
  if (letter == 'B') letter = 'E';
  if (letter == 'N') letter = 'H';
  if (letter == 'M') letter = 'E';  // minister
  if (letter == 'G') letter = 'A';  // guard
  spelling.letter = letter;
  spelling.place = compact[1];
  spelling.direction = compact[2] == '.' ? '=' : compact[2];
  if (compact[3] < '1' || compact[3] > '9') return false;
  spelling.number = compact[3] - '0';
  const bool place_ok =
      spelling.place == '+' || spelling.place == '-' || (spelling.place >= '1' && spelling.place <= '9');
  const bool direction_ok =
      spelling.direction == '+' || spelling.direction == '-' || spelling.direction == '=';
  return place_ok && direction_ok;
}

}  // namespace

std::string move_to_wxf(const Position& position, Move move) {
  const Spelling spelling = spell(position, move, true);
  const bool black = color_of(position.piece_on(from_square(move))) == kBlack;
  std::string text;
  text += black ? char(std::tolower(static_cast<unsigned char>(spelling.letter))) : spelling.letter;
  text += spelling.place;
  text += spelling.direction;
  text += char('0' + spelling.number);
  return text;
}

MoveResult parse_wxf_move(Position& position, std::string_view text) {
  Spelling wanted;
  if (!read_spelling(text, wanted))
    return {kNoMove, "not a move in WXF notation: '" + std::string(text) + "'"};
  return unique_legal_move(
      position, text,
      [&](Move move) {
        return same(spell(position, move, false), wanted) || same(spell(position, move, true), wanted);
      },
      "two pieces on that file can make it");
}

}  // namespace shuai
