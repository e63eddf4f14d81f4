// Reading Xiangqi games from PGN text, one game at a time from a stream of any size: tags, moves in ICCS,
// WXF or Chinese notation, and the result. A game that cannot be replayed is reported in one line and
// skipped; reading goes on with the next game.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/board/notation.h"
#include "engine/board/position.h"

namespace shuai {

enum class GameOutcome : std::uint8_t { kRedWins, kBlackWins, kDraw };

struct PgnGame {
  int number = 0;  // 1 for the stream's first game; skipped games count too
  int line = 0;    // the line the game starts on
  std::vector<std::pair<std::string, std::string>> tags;
  Position start;           // from the FEN tag, else the standard start
  std::vector<Move> moves;  // legal, in order from `start`
  // The comment after each move ("" when none), kept only by a reader asked to keep comments: match records
  // hold each move's score there.
  std::vector<std::string> comments;
  GameOutcome outcome = GameOutcome::kDraw;

  // The tag's value, or "" when the game has no such tag.
  std::string_view tag(std::string_view name) const;
};

// A legal move of the side to move in ICCS ("H2-E2", "h2e2", "H2E2"), WXF ("C2.5", "C2=5", "H8+7") or
// Chinese notation ("炮二平五", "馬8進7"), whichever the text is written in.
MoveResult parse_move_in_any_notation(Position& position, std::string_view text);

class PgnReader {
 public:
  enum class Status { kGame, kSkipped, kEnd };

  explicit PgnReader(std::istream& input, bool keep_comments = false);

  // The next game. kGame: `game` holds it. kSkipped: it has an illegal or unreadable move, a bad FEN or tag,
  // no result, or an unterminated comment or variation; `problem` says so in one line ("game 3 (line 41):
  // ply 7 'h9h8' at line 45: illegal move in this position"). kEnd: the input is used up.
  Status next(PgnGame& game, std::string& problem);

  // Bytes of input consumed so far.
  std::uint64_t bytes_read() const { return bytes_read_; }

 private:
  enum class TokenKind { kEnd, kTag, kBadTag, kWord, kComment, kUnterminated };
  struct Token {
    TokenKind kind = TokenKind::kEnd;
    int line = 0;
    std::string name;  // a tag's name
    std::string text;  // a tag's value, a word, a comment, or what a bad tag or unterminated token lacks
  };

  int get();   // the next byte, or -1 at the end of the input
  int peek();  // the next byte without consuming it
  void skip_line();
  bool skip_comment(std::string* text = nullptr);  // after '{'; false when the input ends first
  bool skip_variation();                           // after '('; false when the input ends first
  void read_tag(Token& token);
  void read_word(int first, Token& token);
  Token next_token();

  std::istream& input_;
  std::vector<char> buffer_;
  std::size_t buffer_at_ = 0, buffer_end_ = 0;
  std::uint64_t bytes_read_ = 0;
  int line_ = 1;
  bool at_line_start_ = true;
  bool keep_comments_ = false;
  bool has_pending_ = false;
  Token pending_;  // a tag read while finishing the previous game: it opens the next one
  int games_ = 0;
};

}  // namespace shuai
