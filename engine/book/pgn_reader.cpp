// The PGN reader: a byte-level lexer over a buffered stream (so input of any size and content is read in
// one pass and bounded memory) and the game reader that replays the moves.
#include "engine/book/pgn_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include "engine/board/fen.h"
#include "engine/board/movegen.h"
#include "engine/board/wxf_notation.h"
#include "engine/book/chinese_move_reader.h"

namespace shuai {
namespace {

constexpr std::size_t kBufferSize = 1 << 16;
// Longer words and tag values are cut short: no move or FEN comes near, and garbage stays small.
constexpr std::size_t kMaxWordLength = 256;
constexpr std::size_t kMaxTagNameLength = 64;
constexpr std::size_t kMaxTagValueLength = 1024;
constexpr std::size_t kMaxTags = 64;
// How much of a bad token a report shows.
constexpr std::size_t kShownTokenLength = 40;
constexpr std::string_view kIdeographicSpace = "\u3000";
constexpr std::string_view kByteOrderMark = "\ufeff";

bool is_space(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

bool ends_word(int c) {
  return is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' || c == ';';
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

std::optional<GameOutcome> outcome_named(std::string_view text) {
  if (text == "1-0") return GameOutcome::kRedWins;
  if (text == "0-1") return GameOutcome::kBlackWins;
  if (text == "1/2-1/2") return GameOutcome::kDraw;
  return std::nullopt;
}

// Text for a one-line report: control bytes replaced, long text cut at a character boundary.
std::string shown(std::string_view token, std::size_t max_length = kShownTokenLength) {
  std::string text;
  for (const char c : token) {
    if (text.size() >= max_length && (static_cast<unsigned char>(c) & 0xc0) != 0x80) return text + "...";
    text += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
  }
  return text;
}

// The word without a leading move number ("12.", "12...", glued as in "12.h2e2"), leading dots, and trailing
// annotation marks (! ?). Nothing when the word is a number without a dot, which is no PGN token.
std::optional<std::string_view> move_part(std::string_view word) {
  std::size_t digits = 0;
  while (digits < word.size() && is_digit(word[digits])) ++digits;
  if (digits > 0 && (digits == word.size() || word[digits] != '.')) return std::nullopt;
  word.remove_prefix(digits);
  while (!word.empty() && word.front() == '.') word.remove_prefix(1);
  while (!word.empty() && (word.back() == '!' || word.back() == '?')) word.remove_suffix(1);
  return word;
}

}  // namespace

std::string_view PgnGame::tag(std::string_view name) const {
  for (const auto& [tag_name, value] : tags)
    if (tag_name == name) return value;
  return {};
}

MoveResult parse_move_in_any_notation(Position& position, std::string_view text) {
  std::string iccs(text);
  if (iccs.size() == 5 && iccs[2] == '-') iccs.erase(2, 1);  // "H2-E2"
  if (parse_iccs(iccs)) return parse_legal_move(position, iccs);
  const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; });
  if (!ascii) return parse_chinese_move(position, text);
  MoveResult move = parse_wxf_move(position, text);
  // WXF's own message says why a well-formed WXF move does not fit; anything else is no move at all.
  if (move.move == kNoMove && move.error.starts_with("not a move"))
    move.error = "not a move in ICCS, WXF or Chinese notation";
  return move;
}

PgnReader::PgnReader(std::istream& input, bool keep_comments)
    : input_(input), buffer_(kBufferSize), keep_comments_(keep_comments) {}

int PgnReader::get() {
  if (peek() < 0) return -1;
  const unsigned char c = static_cast<unsigned char>(buffer_[buffer_at_++]);
  ++bytes_read_;
  at_line_start_ = c == '\n';
  if (at_line_start_) ++line_;
  return c;
}

int PgnReader::peek() {
  if (buffer_at_ == buffer_end_) {
    input_.read(buffer_.data(), std::streamsize(buffer_.size()));
    buffer_at_ = 0;
    buffer_end_ = std::size_t(input_.gcount());
    if (buffer_end_ == 0) return -1;
  }
  return static_cast<unsigned char>(buffer_[buffer_at_]);
}

void PgnReader::skip_line() {
  for (int c = get(); c >= 0 && c != '\n'; c = get()) {
  }
}

bool PgnReader::skip_comment(std::string* text) {
  for (int c = get(); c >= 0; c = get()) {
    if (c == '}') return true;
    if (text && text->size() < kMaxTagValueLength) *text += char(c);
  }
  return false;
}

bool PgnReader::skip_variation() {
  int depth = 1;
  for (int c = get(); c >= 0; c = get()) {
    if (c == '(') ++depth;
    if (c == ')' && --depth == 0) return true;
    if (c == '{' && !skip_comment()) return false;
    if (c == ';') skip_line();
  }
  return false;
}

void PgnReader::read_tag(Token& token) {
  token.kind = TokenKind::kTag;
  const auto bad = [&](std::string why) {
    token.kind = TokenKind::kBadTag;
    token.text = std::move(why);
  };
  const auto skip_blanks = [&] {
    while (peek() == ' ' || peek() == '\t') get();
  };
  skip_blanks();
  for (int c = peek(); c >= 0 && (std::isalnum(c) || c == '_'); c = peek()) {
    get();
    if (token.name.size() < kMaxTagNameLength) token.name += char(c);
  }
  skip_blanks();
  if (token.name.empty() || peek() != '"') {
    bad(token.name.empty() ? "a tag without a name" : "tag " + token.name + " has no quoted value");
    if (peek() != '\n') skip_line();
    return;
  }
  get();
  for (int c = get();; c = get()) {
    if (c < 0 || c == '\n') return bad("tag " + token.name + " is not terminated on its line");
    if (c == '"') break;
    if (c == '\\' && (peek() == '"' || peek() == '\\')) c = get();
    if (token.text.size() < kMaxTagValueLength) token.text += char(c);
  }
  skip_blanks();
  if (peek() == ']') {
    get();
    return;
  }
  bad("tag " + token.name + " is not closed by ]");
  if (peek() != '\n') skip_line();
}

void PgnReader::read_word(int first, Token& token) {
  token.text = char(first);
  for (int c = peek(); c >= 0 && !ends_word(c); c = peek()) {
    get();
    if (token.text.size() < kMaxWordLength) token.text += char(c);
    // Chinese records may separate moves by the ideographic space rather than ASCII white space.
    if (token.text.ends_with(kIdeographicSpace)) {
      token.text.resize(token.text.size() - kIdeographicSpace.size());
      if (!token.text.empty()) return;
    }
  }
}

PgnReader::Token PgnReader::next_token() {
  for (;;) {
    const bool line_start = at_line_start_;
    Token token;
    token.line = line_;
    const int c = get();
    if (c < 0) return token;
    if (is_space(c) || c == ')' || c == '}' || c == ']') continue;  // stray closers carry nothing
    if (c == ';' || (c == '%' && line_start)) {
      skip_line();
      continue;
    }
    if (c == '{' && keep_comments_) {
      if (!skip_comment(&token.text)) {
        token.kind = TokenKind::kUnterminated;
        token.text = "comment";
      } else {
        token.kind = TokenKind::kComment;
      }
      return token;
    }
    if (c == '{' || c == '(') {
      if (c == '{' ? skip_comment() : skip_variation()) continue;
      token.kind = TokenKind::kUnterminated;
      token.text = c == '{' ? "comment" : "variation";
      return token;
    }
    if (c == '[') {
      read_tag(token);
      return token;
    }
    read_word(c, token);
    // Files saved by Windows programs start with a byte order mark (and joined files may hold several).
    if (token.text.starts_with(kByteOrderMark)) token.text.erase(0, kByteOrderMark.size());
    if (c == '$' || token.text.empty()) continue;  // a NAG ($12): annotation only
    token.kind = TokenKind::kWord;
    return token;
  }
}

PgnReader::Status PgnReader::next(PgnGame& game, std::string& problem) {
  game.tags.clear();
  game.moves.clear();
  game.comments.clear();
  game.line = 0;
  game.outcome = GameOutcome::kDraw;
  std::string error;  // the first thing wrong with the game; the rest of it is read but not replayed
  std::optional<GameOutcome> final_token;
  bool started = false, has_movetext = false, set_up = false;
  Position current;
  const auto set_up_position = [&] {
    set_up = true;
    const std::string_view fen = game.tag("FEN");
    FenResult parsed = parse_fen(fen.empty() ? kStartFen : fen);
    if (!parsed.position) {
      error = shown(parsed.error, 2 * kMaxWordLength);  // "bad FEN: ..."
      return false;
    }
    game.start = *parsed.position;
    current = game.start;
    return true;
  };

  for (;;) {
    Token token;
    if (has_pending_) {
      token = std::move(pending_);
      has_pending_ = false;
    } else {
      token = next_token();
    }
    if (token.kind == TokenKind::kEnd) {
      if (!started) return Status::kEnd;
      break;
    }
    // A tag after the moves opens the next game: this one ended without a result token.
    if ((token.kind == TokenKind::kTag || token.kind == TokenKind::kBadTag) && has_movetext) {
      pending_ = std::move(token);
      has_pending_ = true;
      break;
    }
    if (token.kind == TokenKind::kComment) {
      // A comment belongs to the move before it; one before the first move, or a second one, is dropped.
      if (error.empty() && !game.moves.empty() && game.comments.back().empty())
        game.comments.back() = std::move(token.text);
      continue;
    }
    if (!started) {
      started = true;
      game.line = token.line;
    }
    if (token.kind == TokenKind::kUnterminated) {  // it ran to the end of the input
      if (error.empty()) error = fmt::format("unterminated {} from line {}", token.text, token.line);
      break;
    }
    if (token.kind == TokenKind::kBadTag) {
      if (error.empty()) error = fmt::format("bad tag at line {}: {}", token.line, token.text);
      continue;
    }
    if (token.kind == TokenKind::kTag) {
      if (game.tags.size() < kMaxTags) game.tags.emplace_back(std::move(token.name), std::move(token.text));
      continue;
    }
    has_movetext = true;
    if (token.text == "*" || outcome_named(token.text)) {
      final_token = outcome_named(token.text);
      break;
    }
    if (!error.empty()) continue;
    const std::optional<std::string_view> word = move_part(token.text);
    const int ply = int(game.moves.size()) + 1;
    if (!word) {
      error = fmt::format("ply {} '{}' at line {}: unknown token", ply, shown(token.text), token.line);
      continue;
    }
    if (word->empty() || (!set_up && !set_up_position())) continue;
    const MoveResult move = parse_move_in_any_notation(current, *word);
    if (move.move == kNoMove) {
      error = fmt::format("ply {} '{}' at line {}: {}", ply, shown(*word), token.line,
                          shown(move.error, 2 * kMaxWordLength));
      continue;
    }
    current.make_move(move.move);
    game.moves.push_back(move.move);
    if (keep_comments_) game.comments.emplace_back();
  }

  game.number = ++games_;
  if (error.empty() && !set_up) set_up_position();
  if (const auto tagged = outcome_named(game.tag("Result")))
    game.outcome = *tagged;
  else if (final_token)
    game.outcome = *final_token;
  else if (error.empty())
    error = "no result (no Result tag and no final 1-0, 0-1 or 1/2-1/2)";
  if (error.empty()) return Status::kGame;
  problem = fmt::format("game {} (line {}): {}", game.number, game.line, error);
  return Status::kSkipped;
}

}  // namespace shuai
