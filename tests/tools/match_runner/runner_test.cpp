// The match runner: adjudication in played games against a scripted engine (perpetual check, repetition,
// stalemate, flag fall, illegal move, crash), its statistics, its PGN, and the shuai-match program end to
// end.
#include <doctest/doctest.h>

#include <cmath>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "engine/board/board.h"
#include "engine/game/referee.h"
#include "tests/support/program_run.h"
#include "tools/common/child_process.h"
#include "tools/match_runner/game.h"
#include "tools/match_runner/match.h"
#include "tools/match_runner/pgn.h"
#include "tools/match_runner/statistics.h"

namespace shuai::match {
namespace {

using test::ProgramRun;
using test::run_program;

// Red is a rook up; its rook can check the black king from a9 and a8 in turn.
constexpr std::string_view kRookUp = "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1";

EnginePlayer scripted(const std::string& name, const std::string& arguments,
                      Protocol protocol = Protocol::kUcci) {
  EngineConfig config;
  config.name = name;
  config.command = std::string(SHUAI_FAKE_ENGINE) + " " + arguments;
  config.protocol = protocol;
  return EnginePlayer(config);
}

GameSettings depth_one() {
  GameSettings settings;
  settings.limits.depth = 1;
  return settings;
}

GameSettings clock(std::int64_t base_ms) {
  GameSettings settings;
  settings.limits.base_ms = base_ms;
  return settings;
}

TEST_CASE("the referee: a perpetual check loses at the third occurrence") {
  auto red = scripted("Red", "--moves a7a9,a9a8,a8a9,a9a8,a8a9");
  auto black = scripted("Black", "--moves e9e8,e8e9,e9e8,e8e9");
  const GameRecord game = play_game(red, black, std::string(kRookUp), depth_one());
  CHECK(game.verdict.result == GameResult::kBlackWins);
  CHECK(game.verdict.termination == Termination::kPerpetualCheck);
  CHECK(game.moves.size() == 9);
}

// Red's rook chases the unprotected black cannon along the a and i files: a6a5 attacks it on rank 5, the
// cannon steps to i6, a5a6 attacks it again, and so on.
constexpr std::string_view kRookChasesCannon = "3k5/9/9/R8/8c/9/9/9/9/4K4 w - - 0 1";

TEST_CASE("the referee: a perpetual chase loses at the third occurrence, in UCCI and in UCI") {
  for (const Protocol protocol : {Protocol::kUcci, Protocol::kUci}) {
    CAPTURE(int(protocol));
    auto red = scripted("Red", "--moves a6a5,a5a6,a6a5,a5a6,a6a5", protocol);
    auto black = scripted("Black", "--moves i5i6,i6i5,i5i6,i6i5", protocol);
    const GameRecord game = play_game(red, black, std::string(kRookChasesCannon), depth_one());
    CHECK(game.verdict.result == GameResult::kBlackWins);
    CHECK(game.verdict.termination == Termination::kPerpetualChase);
    CHECK(game.moves.size() == 8);
    CHECK(termination_name(game.verdict.termination) == "perpetual chase");
  }
}

TEST_CASE("the referee: an idle repetition is a draw") {
  auto red = scripted("Red", "--moves a7a6,a6a7,a7a6,a6a7");
  auto black = scripted("Black", "--moves e9e8,e8e9,e9e8,e8e9");
  const GameRecord game = play_game(red, black, std::string(kRookUp), depth_one());
  CHECK(game.verdict.result == GameResult::kDraw);
  CHECK(game.verdict.termination == Termination::kRepetition);
  CHECK(game.moves.size() == 8);
}

TEST_CASE("the referee: the stalemated side loses and the mated side loses") {
  // a7a8 leaves the black king e9 no move: d9 faces the red king, f9 is on the f5 rook's file, e8 on rank 8.
  auto red = scripted("Red", "--moves a7a8");
  auto black = scripted("Black", "");
  const GameRecord stalemate = play_game(red, black, "4k4/9/R8/9/5R3/9/9/9/9/3K5 w - - 0 1", depth_one());
  CHECK(stalemate.verdict.result == GameResult::kRedWins);
  CHECK(stalemate.verdict.termination == Termination::kStalemate);

  // With a red pawn on d8 guarding d9 and e8, a7a9 is check and mate.
  auto mating = scripted("Red", "--moves a7a9");
  auto mated = scripted("Black", "");
  const GameRecord mate = play_game(mating, mated, "4k4/3P5/R8/9/5R3/9/9/9/9/3K5 w - - 0 1", depth_one());
  CHECK(mate.verdict.result == GameResult::kRedWins);
  CHECK(mate.verdict.termination == Termination::kCheckmate);
}

TEST_CASE("the referee: the natural move limit and the ply limit draw") {
  auto red = scripted("Red", "--moves a7a6,a6a5");
  auto black = scripted("Black", "--moves e9e8,e8e9");
  GameSettings settings = depth_one();
  settings.rules.natural_move_limit = 3;
  const GameRecord limit = play_game(red, black, std::string(kRookUp), settings);
  CHECK(limit.verdict.termination == Termination::kNaturalMoveLimit);
  CHECK(limit.moves.size() == 3);
  // A scripted engine's moves run on from game to game: fresh ones for the next game.
  auto red_again = scripted("Red", "--moves a7a6,a6a5");
  auto black_again = scripted("Black", "--moves e9e8,e8e9");
  settings = depth_one();
  settings.rules.max_plies = 2;
  const GameRecord plies = play_game(red_again, black_again, std::string(kRookUp), settings);
  CHECK(plies.verdict.termination == Termination::kMaxPlies);
  CHECK(plies.verdict.result == GameResult::kDraw);
}

TEST_CASE("a flag fall loses on time and a hung engine cannot hang the game") {
  auto slow = scripted("Slow", "--sleep 400 --moves h2e2");
  auto black = scripted("Black", "--moves h9g7");
  const GameRecord late = play_game(slow, black, std::string(kStartFen), clock(150));
  CHECK(late.verdict.result == GameResult::kBlackWins);
  CHECK(late.verdict.termination == Termination::kTimeForfeit);
  CHECK(late.moves.empty());

  // An engine that ignores stop is killed; a second game restarts it.
  auto hung = scripted("Hung", "--hang");
  auto red = scripted("Red", "--moves h2e2,h0g2");
  const auto started = Clock::now();
  const GameRecord hung_game = play_game(red, hung, std::string(kStartFen), clock(200));
  CHECK(hung_game.verdict.result == GameResult::kRedWins);
  CHECK(hung_game.verdict.termination == Termination::kTimeForfeit);
  CHECK(Clock::now() - started < std::chrono::seconds(5));
  CHECK_FALSE(hung.running());

  // Without a clock the move timeout applies.
  GameSettings settings = depth_one();
  settings.move_timeout_ms = 300;
  const GameRecord timed_out = play_game(hung, red, std::string(kStartFen), settings);
  CHECK(timed_out.verdict.termination == Termination::kTimeForfeit);
  CHECK(timed_out.verdict.result == GameResult::kBlackWins);
}

TEST_CASE("time odds: an engine's own clock (tc=) replaces the match's for that engine alone") {
  // The match gives 150 ms; the slow engine's own clock of 2 s lets it answer in 400 ms, and its opponent,
  // on the match's clock, plays on.
  EngineConfig slow_config;
  slow_config.name = "Slow";
  slow_config.command = std::string(SHUAI_FAKE_ENGINE) + " --sleep 400 --moves h2e2,h0g2";
  slow_config.protocol = Protocol::kUcci;
  slow_config.clock_base_ms = 2000;
  EnginePlayer slow(slow_config);
  auto black = scripted("Black", "--moves h9g7,i9h9");
  GameSettings settings = clock(150);
  settings.rules.max_plies = 4;
  const GameRecord game = play_game(slow, black, std::string(kStartFen), settings);
  CHECK(game.verdict.termination == Termination::kMaxPlies);
  CHECK(game.moves.size() == 4);
  // The same engine on the match's clock loses on time.
  auto slow_again = scripted("Slow", "--sleep 400 --moves h2e2");
  auto black_again = scripted("Black", "--moves h9g7");
  CHECK(play_game(slow_again, black_again, std::string(kStartFen), clock(150)).verdict.termination ==
        Termination::kTimeForfeit);
}

TEST_CASE("an illegal move and a move-less answer lose") {
  auto cheat = scripted("Cheat", "--illegal");
  auto black = scripted("Black", "--moves h9g7");
  const GameRecord game = play_game(cheat, black, std::string(kStartFen), depth_one());
  CHECK(game.verdict.result == GameResult::kBlackWins);
  CHECK(game.verdict.termination == Termination::kIllegalMove);
  CHECK(game.detail.find("a0a5") != std::string::npos);

  auto silent = scripted("Silent", "");  // answers nobestmove with legal moves on the board
  const GameRecord none = play_game(black, silent, std::string(kStartFen), depth_one());
  // Black's script has h9g7 but Red moves first: Red's h9g7 is illegal.
  CHECK(none.verdict.termination == Termination::kIllegalMove);
  auto red = scripted("Red", "--moves h2e2");
  const GameRecord no_move = play_game(red, silent, std::string(kStartFen), depth_one());
  CHECK(no_move.verdict.result == GameResult::kRedWins);
  CHECK(no_move.verdict.termination == Termination::kIllegalMove);
  CHECK(no_move.moves.size() == 1);
}

TEST_CASE("a CECP engine's claimed result is no answer: its move is awaited, and resigning loses") {
  auto claimer = scripted("Claimer", "--claim --moves h2e2,h0g2", Protocol::kCecp);
  auto black = scripted("Black", "--moves h9g7,b9c7");
  const GameRecord game = play_game(claimer, black, std::string(kStartFen), depth_one());
  INFO(game.detail);
  REQUIRE(game.moves.size() == 4);
  CHECK(game.moves[2].iccs == "h0g2");
  CHECK(game.moves[2].score == "+0.12");  // from its thinking output
  CHECK(game.verdict.result == GameResult::kBlackWins);
  CHECK(game.verdict.termination == Termination::kResignation);
}

TEST_CASE("a crash loses and the engine is restarted for the next game") {
  auto fragile = scripted("Fragile", "--crash-after 1 --moves h2e2,h0g2");
  auto black = scripted("Black", "--moves h9g7,b9c7");
  const GameRecord first = play_game(fragile, black, std::string(kStartFen), depth_one());
  CHECK(first.verdict.result == GameResult::kBlackWins);
  CHECK(first.verdict.termination == Termination::kCrash);
  CHECK(first.moves.size() == 2);
  CHECK_FALSE(fragile.running());
  // Restarted: the fresh process plays its first scripted move again before crashing.
  auto black_again = scripted("Black", "--moves h9g7");
  const GameRecord second = play_game(fragile, black_again, std::string(kStartFen), depth_one());
  CHECK(second.verdict.termination == Termination::kCrash);
  CHECK(second.moves.size() == 2);
  CHECK(second.moves[0].iccs == "h2e2");
}

TEST_CASE("an engine that will not start loses by crash") {
  auto missing = scripted("Missing", "");
  EngineConfig config;
  config.name = "Nothing";
  config.command = "/nonexistent/engine";
  EnginePlayer nothing(config);
  const GameRecord game = play_game(nothing, missing, std::string(kStartFen), depth_one());
  CHECK(game.verdict.result == GameResult::kBlackWins);
  CHECK(game.verdict.termination == Termination::kCrash);
}

TEST_CASE("engine specifications parse and bad ones are refused") {
  EngineConfig config;
  std::string error;
  REQUIRE(parse_engine_config("name=A,cmd=./shuai,proto=uci,ranks=1,Hash=64,knowledge=small", config, error));
  CHECK(config.name == "A");
  CHECK(config.command == "./shuai");
  CHECK(config.protocol == Protocol::kUci);
  CHECK(config.rank_base == 1);
  REQUIRE(config.options.size() == 2);
  CHECK(config.options[0].first == "Hash");
  CHECK(config.options[1].second == "small");
  CHECK_FALSE(parse_engine_config("name=A,proto=uci", config, error));
  CHECK(error.find("cmd") != std::string::npos);
  CHECK_FALSE(parse_engine_config("cmd=x,proto=xboard", config, error));
  REQUIRE(parse_engine_config("cmd=x,proto=cecp,Skill Level=3", config, error));
  CHECK(config.protocol == Protocol::kCecp);
  REQUIRE(config.options.size() == 1);
  CHECK(config.options[0].first == "Skill Level");
  CHECK_FALSE(parse_engine_config("cmd=x,proto=uci,ranks=2", config, error));
  CHECK_FALSE(parse_engine_config("cmd=x,proto=uci,oops", config, error));
  REQUIRE(parse_engine_config("cmd=x,proto=ucci,tc=4+0.04", config, error));
  CHECK(config.clock_base_ms == 4000);
  CHECK(config.clock_increment_ms == 40);
  CHECK(config.options.empty());
  CHECK_FALSE(parse_engine_config("cmd=x,proto=ucci,tc=soon", config, error));
  CHECK(error.find("tc") != std::string::npos);
}

TEST_CASE("Fairy-Stockfish rank numbers are translated both ways") {
  // The fake engine says its name is Fake: ranks=1 must be given; it then receives h3e3 for h2e2.
  EngineConfig config;
  config.name = "Fairy-like";
  config.command = std::string(SHUAI_FAKE_ENGINE) + " --moves h10g8";  // Black's h9g7 in 1-based ranks
  config.protocol = Protocol::kUci;
  config.rank_base = 1;
  EnginePlayer fairy(config);
  auto red = scripted("Red", "--moves h2e2,h0g2");
  GameSettings settings = depth_one();
  settings.rules.max_plies = 3;
  const GameRecord game = play_game(red, fairy, std::string(kStartFen), settings);
  REQUIRE(game.moves.size() == 3);
  CHECK(game.moves[1].iccs == "h9g7");
}

TEST_CASE("Elo and its margins follow the logistic model") {
  CHECK(elo_from_score(0.5) == doctest::Approx(0));
  CHECK(elo_from_score(0.75) == doctest::Approx(190.85).epsilon(0.001));
  CHECK(score_from_elo(elo_from_score(0.3)) == doctest::Approx(0.3));
  CHECK(std::isinf(elo_from_score(1.0)));

  Tally even;
  even.wins = even.losses = 40;
  even.draws = 120;
  even.pairs = {2, 18, 60, 18, 2};
  const EloEstimate trinomial = trinomial_elo(even);
  CHECK(trinomial.elo == doctest::Approx(0));
  // Per game: variance (40*0.25 + 40*0.25) / 200 = 0.1; half width 1.96 * sqrt(0.1 / 200) = 0.0438.
  CHECK(
      trinomial.margin ==
      doctest::Approx((elo_from_score(0.5 + 0.043827) - elo_from_score(0.5 - 0.043827)) / 2).epsilon(0.001));
  const EloEstimate pentanomial = pentanomial_elo(even);
  CHECK(pentanomial.elo == doctest::Approx(0));
  CHECK(pentanomial.margin < trinomial.margin);  // balanced pairs carry less noise than single games
}

TEST_CASE("the SPRT accepts H1 for a clearly stronger engine and H0 for an equal one") {
  SprtSettings settings;
  std::string error;
  REQUIRE(parse_sprt("elo0=0,elo1=10,alpha=0.05,beta=0.05", settings, error));
  CHECK_FALSE(parse_sprt("elo0=5,elo1=0", settings, error));
  CHECK_FALSE(parse_sprt("elo0=zero", settings, error));
  REQUIRE(parse_sprt("elo0=0,elo1=10", settings, error));
  Tally stronger;
  stronger.pairs = {20, 100, 300, 300, 80};
  const SprtState accepted = sprt(stronger, settings);
  CHECK(accepted.upper == doctest::Approx(std::log(0.95 / 0.05)));
  CHECK(accepted.accepted_h1());
  Tally equal;
  equal.pairs = {120, 480, 800, 480, 120};
  CHECK(sprt(equal, settings).accepted_h0());
}

TEST_CASE("the PGN carries the tags, ICCS moves, Chinese notation, scores and the ending") {
  auto red = scripted("Red", "--moves a7a9,a9a8,a8a9,a9a8,a8a9");
  auto black = scripted("Black", "--moves e9e8,e8e9,e9e8,e8e9");
  const GameRecord game = play_game(red, black, std::string(kRookUp), depth_one());
  const std::string pgn = to_pgn(game, PgnTags{"Test", "here", "2026.11.21", 7, "depth 1"});
  CHECK(pgn.find("[Format \"ICCS\"]") != std::string::npos);
  CHECK(pgn.find("[Red \"Red\"]") != std::string::npos);
  CHECK(pgn.find("[Result \"0-1\"]") != std::string::npos);
  CHECK(pgn.find("[FEN \"4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1\"]") != std::string::npos);
  CHECK(pgn.find("[Termination \"perpetual check\"]") != std::string::npos);
  CHECK(pgn.find("1. A7-A9 {车九进二 +0.12/1") != std::string::npos);
  CHECK(pgn.find("E9-E8 {将５进１") != std::string::npos);  // Black's forward is down the board
  CHECK(pgn.find("0-1\n") != std::string::npos);
}

TEST_CASE("a game from an opening line starts at the start position and its record holds the line") {
  // The runner plays the opening's moves; the engines then play on (Red's rook a0a1 and back, Black's
  // likewise) until the threefold repetition ends it.
  auto red = scripted("Red", "--moves a0a1,a1a0,a0a1,a1a0");
  auto black = scripted("Black", "--moves a9a8,a8a9,a9a8,a8a9");
  const Opening opening{std::string(kStartFen), {"h2e2", "h9g7"}};
  const GameRecord game = play_game(red, black, opening, depth_one());
  CHECK(game.start_fen == kStartFen);
  REQUIRE(game.moves.size() >= 4);
  CHECK(game.moves[0].from_opening);
  CHECK(game.moves[1].from_opening);
  CHECK_FALSE(game.moves[2].from_opening);
  CHECK(game.moves[2].iccs == "a0a1");
  std::string pgn = to_pgn(game, PgnTags{});
  std::replace(pgn.begin(), pgn.end(), '\n', ' ');  // the movetext is wrapped
  CHECK(pgn.find("1. H2-E2 {炮二平五 opening} H9-G7 {马８进７ opening} 2. A0-A1 {车九进一") !=
        std::string::npos);

  auto illegal_red = scripted("Red", "--moves a0a1");
  auto illegal_black = scripted("Black", "--moves a9a8");
  const GameRecord bad =
      play_game(illegal_red, illegal_black, Opening{std::string(kStartFen), {"a0a5"}}, depth_one());
  CHECK(bad.detail.find("bad opening") != std::string::npos);
  CHECK(bad.moves.empty());
}

TEST_CASE("openings files are read as FEN or EPD and a bad line is named") {
  const std::string path = "match_runner_test_openings.fen";
  {
    std::ofstream file(path);
    file << "# a comment\n\n"
         << kStartFen << " ; start\n"
         << "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - bm h9g7; id \"x\";\n";
  }
  std::vector<Opening> openings;
  std::string error;
  REQUIRE(read_openings(path, openings, error));
  REQUIRE(openings.size() == 2);
  CHECK(openings[1].start_fen.starts_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"));
  CHECK(openings[1].moves.empty());
  {
    std::ofstream file(path, std::ios::app);
    // As in positions/openings.fen: the moves after the name lead from the start position to the FEN.
    file << "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1 ; Central cannon: h2e2\n";
  }
  REQUIRE(read_openings(path, openings, error));
  REQUIRE(openings.size() == 3);
  CHECK(openings[2].start_fen == kStartFen);
  CHECK(openings[2].moves == std::vector<std::string>{"h2e2"});
  {
    std::ofstream file(path, std::ios::app);
    file << "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1 ; Wrong: b2e2\n";
  }
  CHECK_FALSE(read_openings(path, openings, error));
  CHECK(error.find(":6:") != std::string::npos);
  {
    std::ofstream file(path);
    file << "rnbakabnr/9/9 w - - 0 1\n";
  }
  CHECK_FALSE(read_openings(path, openings, error));
  CHECK(error.find(":1:") != std::string::npos);
  std::remove(path.c_str());
}

// A decided game from the scores its engines reported: one score per move, Red first unless `black_starts`.
GameRecord scored_game(GameResult result, const std::vector<std::string>& scores, bool black_starts = false) {
  GameRecord record;
  record.red = "Red";
  record.black = "Black";
  record.start_fen = black_starts ? "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1" : "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
  for (const std::string& score : scores) {
    PlayedMove move;
    move.score = score;
    record.moves.push_back(move);
  }
  record.verdict = {result, Termination::kCheckmate};
  return record;
}

TEST_CASE("loss alarms: the loser's own score when the winner first scored +1.50") {
  // Red wins; Black still thought itself level (-0.20) when Red first reported +1.60.
  LossAlarms alarm = read_loss_alarm(scored_game(GameResult::kRedWins, {"+0.10", "-0.20", "+1.60", "-1.80"}));
  CHECK(alarm.losses == 1);
  CHECK(alarm.winner_alarmed == 1);
  CHECK(alarm.loser_unaware == 1);
  // Black had seen it: -0.90 before Red's +1.50.
  alarm = read_loss_alarm(scored_game(GameResult::kRedWins, {"+0.10", "-0.90", "+1.50"}));
  CHECK(alarm.winner_alarmed == 1);
  CHECK(alarm.loser_unaware == 0);
  // Black wins from a position with Black to move: Black's moves are the even ones; a mate counts as a score.
  alarm = read_loss_alarm(scored_game(GameResult::kBlackWins, {"+0.30", "+0.00", "+M5"}, true));
  CHECK(alarm.winner_alarmed == 1);
  CHECK(alarm.loser_unaware == 1);
  // The winner never reported +1.50: a loss without an alarm; moves without a score are passed over.
  alarm = read_loss_alarm(scored_game(GameResult::kBlackWins, {"", "+1.40", "-M3", "bad"}));
  CHECK(alarm.losses == 1);
  CHECK(alarm.winner_alarmed == 0);
  CHECK(alarm.loser_unaware == 0);
  // A draw is nobody's loss.
  alarm = read_loss_alarm(scored_game(GameResult::kDraw, {"+2.00", "-2.00"}));
  CHECK(alarm.losses == 0);
  CHECK(alarm.winner_alarmed == 0);
}

TEST_CASE("loss alarms: the report names them per engine") {
  MatchSettings settings;
  settings.engines.resize(2);
  settings.engines[0].name = "New";
  settings.engines[1].name = "Base";
  MatchResult result;
  result.faults.resize(2);
  result.alarms.resize(2);
  result.alarms[0] = {3, 2, 1};
  const std::string report = match_report(settings, result);
  CHECK(report.find(
            "New: losses 3: in 2 the winner scored +1.50 or more, and in 1 of those New still scored -0.50 "
            "or better at that move") != std::string::npos);
  CHECK(report.find("Base: losses") == std::string::npos);  // no losses, no line
}

TEST_CASE("other programs' use of the processors: the report gives it when known") {
  MatchSettings settings;
  settings.engines.resize(2);
  MatchResult result;
  result.faults.resize(2);
  result.alarms.resize(2);
  CHECK(match_report(settings, result).find("other programs") == std::string::npos);  // /proc unread
  result.others = {true, 0.05, 0.4, "games 7-9", 2};
  CHECK(match_report(settings, result)
            .find("other programs: 0.05 of a processor's time on average while the games ran, at most 0.40 "
                  "(during games 7-9); 2 stretches of games with 0.10 or more, whose clocks were not fair") !=
        std::string::npos);
}

TEST_CASE("a match warns of another program's use of the processors and counts the stretches it disturbed") {
  // A loop left behind by a shell that has exited is no process of the match's: it takes about a processor
  // while short games are judged one by one (stretches of any length).
  std::string error;
  tools::ChildProcess burner;
  REQUIRE(burner.start("sh -c \"(timeout 2 sh -c 'while :; do :; done' &)\"", "", error));
  REQUIRE(burner.wait_exit(tools::Clock::now() + std::chrono::seconds(20)));
  MatchSettings settings;
  for (const char* name : {"A", "B"}) {
    EngineConfig config;
    config.name = name;
    config.command = SHUAI_BINARY;
    config.protocol = Protocol::kUcci;
    settings.engines.push_back(config);
  }
  settings.game.limits.depth = 2;
  settings.game.rules.max_plies = 20;
  settings.progress = false;
  settings.watched_stretch_seconds = 0;
  const MatchResult result = run_match(settings);
  REQUIRE(result.others.known);
  CHECK(result.others.disturbed_stretches >= 1);
  CHECK(result.others.most >= 0.3);
  CHECK(result.others.most_in_games.find("game") == 0);
  CHECK(match_report(settings, result).find("whose clocks were not fair") != std::string::npos);
}

}  // namespace
}  // namespace shuai::match

namespace shuai::match {
namespace {

TEST_SUITE("threads") {
  TEST_CASE("shuai-match plays Shuai against itself over UCCI and UCI and reports the match") {
    const std::string pgn_path = "match_runner_test_games.pgn";
    std::remove(pgn_path.c_str());
    const std::string engine = std::string("--engine name=Ucci,cmd=") + SHUAI_BINARY +
                               ",proto=ucci,hashsize=4 " + "--engine name=Uci,cmd=" + SHUAI_BINARY +
                               ",proto=uci,Hash=4 ";
    const ProgramRun run = run_program(std::string(SHUAI_MATCH_BINARY) + " " + engine +
                                       "--depth 2 --games 4 --concurrency 2 --maxplies 40 --pgn " + pgn_path);
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("[4/4]") != std::string::npos);
    CHECK(run.output.find("Ucci vs Uci: 4 games") != std::string::npos);
    CHECK(run.output.find("pentanomial model over 2 game pairs") != std::string::npos);
    CHECK(run.output.find("Ucci: time losses 0, illegal moves 0, crashes 0") != std::string::npos);
    CHECK(run.output.find("Uci: time losses 0, illegal moves 0, crashes 0") != std::string::npos);
    std::ifstream file(pgn_path);
    const std::string pgn((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    int games = 0;
    for (std::size_t at = pgn.find("[Game \"Chinese Chess\"]"); at != std::string::npos;
         at = pgn.find("[Game \"Chinese Chess\"]", at + 1))
      ++games;
    CHECK(games == 4);
    std::remove(pgn_path.c_str());
  }

  TEST_CASE("shuai-match plays a CECP (XBoard) engine: Shuai's own CECP side against its UCCI side") {
    // Over openings, so the CECP side is told a game's moves in force mode and then only each new one; on a
    // clock, so it gets `level`, `time` and `otim`; with an option, sent as `option NAME=VALUE`.
    const std::string pgn_path = "match_runner_cecp_games.pgn";
    std::remove(pgn_path.c_str());
    const std::string engine = std::string("--engine name=Ucci,cmd=") + SHUAI_BINARY +
                               ",proto=ucci,hashsize=4 --engine \"name=Cecp,cmd=" + SHUAI_BINARY +
                               ",proto=cecp,Skill Level=12\" ";
    const ProgramRun run = run_program(
        std::string(SHUAI_MATCH_BINARY) + " " + engine + "--tc 4+0.05 --games 2 --concurrency 2 " +
        "--maxplies 60 --openings " + SHUAI_POSITIONS_DIR + "/openings.fen --pgn " + pgn_path);
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("Ucci vs Cecp: 2 games") != std::string::npos);
    CHECK(run.output.find("Ucci: time losses 0, illegal moves 0, crashes 0") != std::string::npos);
    CHECK(run.output.find("Cecp: time losses 0, illegal moves 0, crashes 0") != std::string::npos);
    // Every game went past its opening: the CECP side moved in each, and its thinking output gave scores.
    std::ifstream file(pgn_path);
    const std::string pgn((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    int games = 0, short_games = 0;
    for (std::size_t at = pgn.find("[PlyCount \""); at != std::string::npos;
         at = pgn.find("[PlyCount \"", at + 1)) {
      ++games;
      short_games += std::stoi(pgn.substr(at + 11)) < 20;
    }
    CHECK(games == 2);
    CHECK(short_games == 0);
    std::remove(pgn_path.c_str());
    const ProgramRun nodes = run_program(std::string(SHUAI_MATCH_BINARY) + " " + engine + "--nodes 1000");
    CHECK(nodes.exit_code == 2);
    CHECK(nodes.output == "shuai-match: Cecp speaks CECP, which has no node limit: give it a clock (tc=)\n");
  }

  TEST_CASE("shuai-match --first-game plays the rest of the same schedule: a measure split across runs") {
    // The opening moves of a PGN's games, in order (each a move followed by a comment that ends "opening}";
    // the movetext is joined first, as a comment may wrap onto the next line).
    const auto opening_lines = [](const std::string& pgn_path) {
      std::ifstream file(pgn_path);
      std::vector<std::string> movetexts;
      for (std::string line; std::getline(file, line);) {
        if (line.starts_with("[Round ")) movetexts.emplace_back();
        if (!line.starts_with("[") && !movetexts.empty()) movetexts.back() += line + " ";
      }
      std::vector<std::string> lines;
      for (const std::string& text : movetexts) {
        std::string& opening = lines.emplace_back();
        for (std::size_t end = text.find(" opening}"); end != std::string::npos;
             end = text.find(" opening}", end + 1)) {
          const std::size_t comment = text.rfind(" {", end);
          if (comment != std::string::npos && comment >= 5) opening += text.substr(comment - 5, 5) + " ";
        }
      }
      return lines;
    };
    const std::string whole_path = "match_runner_test_whole.pgn", rest_path = "match_runner_test_rest.pgn";
    std::remove(whole_path.c_str());
    std::remove(rest_path.c_str());
    const std::string common =
        std::string(SHUAI_MATCH_BINARY) + " --engine name=A,cmd=" + SHUAI_BINARY +
        ",proto=ucci,hashsize=4 --engine name=B,cmd=" + SHUAI_BINARY +
        ",proto=ucci,hashsize=4 --depth 1 --games 6 --maxplies 20 --seed 7 --openings " +
        SHUAI_POSITIONS_DIR + "/openings.fen";
    const ProgramRun whole = run_program(common + " --pgn " + whole_path);
    const ProgramRun rest = run_program(common + " --first-game 4 --pgn " + rest_path);
    INFO(rest.output);
    CHECK(whole.exit_code == 0);
    CHECK(rest.exit_code == 0);
    CHECK(rest.output.find("2 (from game 4) games per pairing") != std::string::npos);
    CHECK(rest.output.find("[2/2]") != std::string::npos);
    CHECK(rest.output.find("A vs B: 2 games") != std::string::npos);
    CHECK(rest.output.find("pentanomial model over 1 game pairs") != std::string::npos);
    const std::vector<std::string> whole_lines = opening_lines(whole_path),
                                   rest_lines = opening_lines(rest_path);
    REQUIRE(whole_lines.size() == 6);
    REQUIRE(rest_lines.size() == 2);
    // The rest is the whole schedule's last pair: the third opening of the shuffled order, not the first.
    CHECK(rest_lines[0] == whole_lines[4]);
    CHECK(rest_lines[1] == whole_lines[5]);
    CHECK(rest_lines[0] != whole_lines[0]);
    std::ifstream rest_file(rest_path);
    const std::string rest_pgn((std::istreambuf_iterator<char>(rest_file)), std::istreambuf_iterator<char>());
    CHECK(rest_pgn.find("[Round \"5\"]") != std::string::npos);
    std::remove(whole_path.c_str());
    std::remove(rest_path.c_str());
  }

  TEST_CASE("shuai-match refuses bad arguments with one line") {
    const std::string program = SHUAI_MATCH_BINARY;
    const std::string engines = std::string(" --engine cmd=") + SHUAI_BINARY +
                                ",proto=ucci --engine cmd=" + SHUAI_BINARY + ",proto=ucci";
    for (const std::string& arguments :
         {engines + " --tc ten", engines + " --games 0", engines, engines + " --depth 3 --tc 1+0",
          std::string(" --engine cmd=x --depth 2"), engines + " --depth 3 --openings /nonexistent",
          engines + " --depth 3 --bogus 1", engines + " --depth 3 --sprt elo0=5,elo1=1",
          engines + " --depth 3 --games 4 --first-game 3", engines + " --depth 3 --games 4 --first-game 4"}) {
      const ProgramRun run = run_program(program + arguments);
      INFO(arguments);
      CHECK(run.exit_code == 2);
      CHECK(run.output.starts_with("shuai-match: "));
      CHECK(std::count(run.output.begin(), run.output.end(), '\n') == 1);
    }
  }
}

}  // namespace
}  // namespace shuai::match
