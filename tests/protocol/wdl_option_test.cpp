// UCI_ShowWDL (UCCI showwdl): info lines add "wdl W D L" beside the score, permille from the side to move's
// view that sum to 1000 and favour the side the score favours; off, the lines are as before; a bad value
// gets the protocol's one line and changes nothing.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/text.h"
#include "engine/command_line/arguments.h"
#include "tests/support/session_lines.h"

namespace shuai {
namespace {

using test::SessionLines;

struct ScoreAndChances {
  int score = 0;
  std::optional<std::vector<int>> chances;  // win, draw, loss
};

// The score (UCI "cp" or UCCI's plain number) and the wdl words of an info depth line.
ScoreAndChances read_info(const std::string& line) {
  const std::vector<std::string_view> words = split_words(line);
  ScoreAndChances read;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "score" && i + 1 < words.size()) {
      const std::size_t at = words[i + 1] == "cp" ? i + 2 : i + 1;
      if (at < words.size()) read.score = parse_int(words[at], -100000, 100000).value_or(0);
    }
    if (words[i] == "wdl" && i + 3 < words.size())
      read.chances = std::vector<int>{parse_int(words[i + 1], -1, 2000).value_or(-1),
                                      parse_int(words[i + 2], -1, 2000).value_or(-1),
                                      parse_int(words[i + 3], -1, 2000).value_or(-1)};
  }
  return read;
}

// The info depth lines of one search, up to its bestmove.
std::vector<ScoreAndChances> search_lines(SessionLines& session, std::string_view position) {
  session.send(position);
  session.send("go depth 6");
  std::vector<ScoreAndChances> lines;
  while (const auto line = session.read_line()) {
    if (line->starts_with("bestmove")) break;
    if (line->starts_with("info depth")) lines.push_back(read_info(*line));
  }
  return lines;
}

// Black has lost both rooks: Red's chances lead, and from Black's view, Black to move, they trail.
constexpr std::string_view kRedAhead =
    "position fen 1nbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
constexpr std::string_view kBlackToMoveBehind =
    "position fen 1nbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";

TEST_CASE("UCI_ShowWDL adds win/draw/loss permille to every info line, in UCI and UCCI") {
  for (const bool uci : {true, false}) {
    CAPTURE(uci);
    SessionLines session;
    session.send(uci ? "uci" : "ucci");
    REQUIRE(session.wait_for(uci ? "option name UCI_ShowWDL type check default false"
                                 : "option showwdl type check default false"));
    std::vector<ScoreAndChances> lines = search_lines(session, kRedAhead);
    REQUIRE_FALSE(lines.empty());
    for (const ScoreAndChances& line : lines) CHECK_FALSE(line.chances);

    session.send(uci ? "setoption name UCI_ShowWDL value maybe" : "setoption showwdl maybe");
    CHECK(session.wait_for(uci ? "info string" : "info message")
              ->ends_with("takes true or false, not 'maybe'"));
    lines = search_lines(session, kRedAhead);
    for (const ScoreAndChances& line : lines) CHECK_FALSE(line.chances);

    session.send(uci ? "setoption name UCI_ShowWDL value true" : "setoption showwdl true");
    for (const std::string_view position : {kRedAhead, kBlackToMoveBehind}) {
      lines = search_lines(session, position);
      REQUIRE_FALSE(lines.empty());
      for (const ScoreAndChances& line : lines) {
        REQUIRE(line.chances);
        const std::vector<int>& chances = *line.chances;
        CHECK(chances[0] + chances[1] + chances[2] == 1000);
        if (line.score > 200) CHECK(chances[0] > chances[2]);
        if (line.score < -200) CHECK(chances[2] > chances[0]);
      }
      if (position == kRedAhead)
        CHECK(lines.back().score > 200);
      else
        CHECK(lines.back().score < -200);
    }
  }
}

}  // namespace
}  // namespace shuai
