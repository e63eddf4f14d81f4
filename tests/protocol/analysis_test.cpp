// Analysis through the protocol (issue 18): a forced move searched as asked, "go mate", mate scores in UCI,
// MultiPV lines in UCI and UCCI, and searches stopped before their first iteration finished.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/board/board.h"
#include "engine/board/text.h"
#include "eval/score.h"
#include "tests/support/engine_process.h"

namespace shuai {
namespace {

using test::EngineProcess;

// Red's king on d1 is checked by the rook on d4 and has one legal move, the capture d6d4 (d0 and d2 stay on
// the file, e1 would face the black king); the rook and king then mate in two more moves: Red mates in 3, as
// Fairy-Stockfish 11.1 also finds. Before issue 18 a UCI "go depth 9 movetime 5000" answered at depth 1 with
// "score cp 267".
constexpr std::string_view kForcedMateFen = "9/4k4/9/3R5/9/3r5/9/9/3K5/9 w - - 0 1";
constexpr std::string_view kForcedMove = "d6d4";

// From positions/mates.epd: Red mates in 2 beginning with i9i8 ("mate-2-01"), and in 3 beginning with b6c8
// ("mate-3-01").
constexpr std::string_view kMateInTwoFen = "C4a2R/2N1rk3/3ab3b/9/3C5/9/2c6/5p3/9/4K4 w - - 0 1";
constexpr std::string_view kMateInThreeFen = "2bk5/C3a4/9/1NP6/9/9/3C5/9/9/3AK4 w - - 0 1";

constexpr std::string_view kMiddlegame =
    "2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/2BAKAB2 w - - 0 1";

// What an "info depth" line says.
struct InfoLine {
  int depth = -1;
  int line = 1;  // multipv
  bool mate = false;
  int score = 0;  // centipawns, moves to mate when `mate` (UCI), or the raw score (UCCI)
  std::string first_move;
};

std::optional<InfoLine> parse_info(const std::string& text) {
  if (!text.starts_with("info depth ")) return std::nullopt;
  const auto words = split_words(text);
  InfoLine info;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    const std::string_view word = words[i];
    if (word == "depth") {
      info.depth = std::stoi(std::string(words[i + 1]));
    } else if (word == "multipv") {
      info.line = std::stoi(std::string(words[i + 1]));
    } else if (word == "score") {
      std::size_t value_at = i + 1;
      if (words[i + 1] == "cp" || words[i + 1] == "mate") {
        info.mate = words[i + 1] == "mate";
        value_at = i + 2;
      }
      if (value_at < words.size()) info.score = std::stoi(std::string(words[value_at]));
    } else if (word == "pv") {
      info.first_move = std::string(words[i + 1]);
    }
  }
  if (info.depth < 0) return std::nullopt;
  return info;
}

// A score for ordering: mates beyond every centipawn score, nearer mates better.
int ordering_value(const InfoLine& info) {
  if (!info.mate) return info.score;
  return info.score > 0 ? 100'000 - info.score : -100'000 - info.score;
}

// The lines of one search up to its bestmove: the "info depth" reports and the answer.
struct SearchOutput {
  std::vector<InfoLine> infos;
  std::string best_move_line;
  std::string best_move() const { return best_move_line.substr(9, 4); }
  const InfoLine& last() const { return infos.back(); }
};

SearchOutput read_search(EngineProcess& engine, int timeout_ms = 30'000) {
  SearchOutput output;
  const auto deadline = EngineProcess::Clock::now() + std::chrono::milliseconds(timeout_ms);
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - EngineProcess::Clock::now()).count();
    REQUIRE(left > 0);
    const auto line = engine.read_line(int(left));
    REQUIRE(line);
    if (line->starts_with("bestmove") || line->starts_with("nobestmove")) {
      output.best_move_line = *line;
      return output;
    }
    if (const auto info = parse_info(*line)) output.infos.push_back(*info);
  }
}

void boot(EngineProcess& engine, bool uci) {
  engine.send(uci ? "uci" : "ucci");
  REQUIRE(engine.wait_for(uci ? "uciok" : "ucciok"));
}

bool is_legal_in(std::string_view fen, const std::string& move) {
  auto position = *parse_fen(fen).position;
  return parse_legal_move(position, move).move != kNoMove;
}

TEST_SUITE("threads") {
  TEST_CASE("a forced move is searched as asked when analysing and played at once under a clock") {
    {
      auto position = *parse_fen(kForcedMateFen).position;
      MoveList legal;
      generate_legal(position, legal);
      REQUIRE(legal.size == 1);
      CHECK(move_to_iccs(legal.moves[0]) == kForcedMove);
    }
    EngineProcess engine;
    boot(engine, true);
    engine.send(fmt::format("position fen {}", kForcedMateFen));
    engine.send("go depth 9 movetime 5000");
    SearchOutput output = read_search(engine);
    REQUIRE_FALSE(output.infos.empty());
    CHECK(output.last().depth > 1);
    CHECK(output.last().mate);
    CHECK(output.last().score == 3);
    CHECK(output.best_move() == kForcedMove);

    // Under a game clock nothing is left to decide: depth 1, at once.
    const auto start = EngineProcess::Clock::now();
    engine.send("go wtime 60000 btime 60000 winc 0 binc 0");
    output = read_search(engine);
    CHECK(EngineProcess::Clock::now() - start < std::chrono::milliseconds(1'000));
    REQUIRE(output.infos.size() == 1);
    CHECK(output.last().depth == 1);
    CHECK(output.best_move() == kForcedMove);

    // A node limit is an analysis too.
    engine.send("go nodes 50000");
    output = read_search(engine);
    CHECK(output.last().depth > 1);
    CHECK(output.best_move() == kForcedMove);

    // Infinite: searched until stopped, with the true score.
    engine.send("go infinite");
    const auto deep = engine.wait_for("info depth 9 ");
    REQUIRE(deep);
    engine.send("stop");
    output = read_search(engine);
    output.infos.insert(output.infos.begin(), *parse_info(*deep));
    CHECK(output.best_move() == kForcedMove);
    CHECK(output.last().mate);
    CHECK(output.last().score == 3);

    // Pondering searches on; once the move is the engine's on the clock, it is played at once.
    engine.send("go ponder wtime 60000 btime 60000");
    CHECK_FALSE(engine.wait_for("bestmove", 300));
    const auto ponderhit = EngineProcess::Clock::now();
    engine.send("ponderhit");
    output = read_search(engine);
    CHECK(EngineProcess::Clock::now() - ponderhit < std::chrono::milliseconds(500));
    CHECK(output.best_move() == kForcedMove);

    // UCCI gives the same mate as a raw score: 10000 less the 5 plies.
    EngineProcess ucci;
    boot(ucci, false);
    ucci.send(fmt::format("position fen {}", kForcedMateFen));
    ucci.send("go depth 9");
    output = read_search(ucci);
    CHECK(output.last().score == kMateScore - 5);
    CHECK(output.best_move() == kForcedMove);
  }

  TEST_CASE("go mate stops at a mate in the number of moves asked and not at a longer one") {
    for (const bool uci : {true, false}) {
      INFO((uci ? "UCI" : "UCCI"));
      EngineProcess engine;
      boot(engine, uci);
      engine.send(fmt::format("position fen {}", kMateInThreeFen));
      // Found and answered before the depth limit.
      engine.send("go mate 3 depth 13");
      SearchOutput output = read_search(engine);
      CHECK(output.last().depth < 13);
      CHECK(output.last().score == (uci ? 3 : kMateScore - 5));
      CHECK(output.best_move() == "b6c8");
      // A mate in 3 does not answer "mate in 2": the search runs to its other limit.
      engine.send("go mate 2 depth 13");
      output = read_search(engine);
      CHECK(output.last().depth == 13);
      CHECK(output.last().score == (uci ? 3 : kMateScore - 5));
      // Nor does being mated: Black, after b6c8, is mated in 2 whatever it does.
      engine.send(fmt::format("position fen {} moves b6c8", kMateInThreeFen));
      engine.send("go mate 5 depth 10");
      output = read_search(engine);
      CHECK(output.last().depth == 10);
      CHECK(output.last().score == (uci ? -2 : -kMateScore + 4));
      engine.send("go mate 0");
      CHECK(engine.wait_for(uci ? "info string go: 'mate' needs a number of moves from 1"
                                : "info message go: 'mate' needs a number of moves from 1"));
    }
  }

  TEST_CASE(
      "UCI mate scores count moves, positive when the side to move mates and negative when it is mated") {
    EngineProcess engine;
    boot(engine, true);
    const auto mate_reported = [&](const std::string& position, int depth) {
      engine.send("position fen " + position);
      engine.send(fmt::format("go depth {}", depth));
      const SearchOutput output = read_search(engine);
      REQUIRE(output.last().mate);
      return output.last().score;
    };
    CHECK(mate_reported(std::string(kMateInTwoFen), 7) == 2);
    CHECK(mate_reported(std::string(kMateInThreeFen), 9) == 3);
    CHECK(mate_reported(std::string(kMateInTwoFen) + " moves i9i8", 6) == -1);
    CHECK(mate_reported(std::string(kMateInThreeFen) + " moves b6c8", 8) == -2);
    CHECK(mate_reported("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", 3) == 1);
  }

  TEST_CASE("MultiPV gives distinct lines, best first, at every depth in UCI and UCCI") {
    // Line 3's own search at depth 5 scores above line 2's here (140 against 139, with the king-danger
    // weights), and with pruning at PV nodes line 2's at depth 6 above line 1's (151 against 148): the lines
    // must still be reported best first, and the move played is line 1's.
    for (const bool uci : {true, false}) {
      const std::string protocol = uci ? "UCI" : "UCCI";
      INFO(protocol);
      EngineProcess engine;
      boot(engine, uci);
      engine.send(uci ? "setoption name MultiPV value 3" : "setoption multipv 3");
      engine.send(fmt::format("position fen {}", kMiddlegame));
      engine.send("go depth 6");
      const SearchOutput output = read_search(engine);
      std::map<int, std::vector<InfoLine>> by_depth;
      for (const InfoLine& info : output.infos) by_depth[info.depth].push_back(info);
      REQUIRE(by_depth.size() == 6);
      for (const auto& entry : by_depth) {
        const int depth = entry.first;  // not a structured binding: clang cannot capture those in INFO
        const std::vector<InfoLine>& lines = entry.second;
        INFO("depth ", depth);
        REQUIRE(lines.size() == 3);
        for (int i = 0; i < 3; ++i) CHECK(lines[std::size_t(i)].line == i + 1);
        CHECK(lines[0].first_move != lines[1].first_move);
        CHECK(lines[0].first_move != lines[2].first_move);
        CHECK(lines[1].first_move != lines[2].first_move);
        CHECK(ordering_value(lines[0]) >= ordering_value(lines[1]));
        CHECK(ordering_value(lines[1]) >= ordering_value(lines[2]));
      }
      CHECK(output.best_move() == by_depth[6][0].first_move);
    }
  }

  TEST_CASE("a search stopped before its first iteration answers a legal move with an estimate") {
    EngineProcess engine;
    boot(engine, false);
    engine.send("setoption resign true");
    engine.send("position startpos");
    // One node: nothing is searched. The move comes with a static score, never a mate, and the engine neither
    // resigns nor accepts the offered draw on a score it never searched.
    engine.send("go draw nodes 1");
    SearchOutput output = read_search(engine);
    REQUIRE(output.infos.size() == 1);
    CHECK(output.last().depth == 0);
    CHECK(std::abs(output.last().score) < kMateScore - kMaxPly);
    CHECK(is_legal_in(kStartFen, output.last().first_move));
    CHECK(output.best_move_line == "bestmove " + output.last().first_move);
    // Stopped at once: the same, whatever the search had time for.
    engine.send("go infinite");
    engine.send("stop");
    output = read_search(engine);
    CHECK(is_legal_in(kStartFen, output.best_move()));
    CHECK(output.best_move_line.find("resign") == std::string::npos);
    REQUIRE_FALSE(output.infos.empty());
    CHECK(std::abs(output.last().score) < kMateScore - kMaxPly);

    EngineProcess uci;
    boot(uci, true);
    uci.send("position startpos");
    uci.send("go nodes 1");
    output = read_search(uci);
    REQUIRE(output.infos.size() == 1);
    CHECK_FALSE(output.last().mate);
    CHECK(output.best_move_line == "bestmove " + output.last().first_move);
  }
}

}  // namespace
}  // namespace shuai
