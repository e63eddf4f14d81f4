// A match or round robin: the schedule of games over openings (each played twice, colours swapped), the
// worker threads that play them, the running tally, the SPRT stop, the PGN file and the final report.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tools/match_runner/engine_player.h"
#include "tools/match_runner/game.h"
#include "tools/match_runner/statistics.h"

namespace shuai::match {

struct MatchSettings {
  std::vector<EngineConfig> engines;
  GameSettings game;
  std::string time_control_text;  // for the report and the PGN
  int games = 2;                  // per pairing
  int first_game = 0;             // per pairing, even: the games before it are left to another run
  int concurrency = 1;
  std::vector<Opening> openings;  // empty: the start position
  std::string pgn_path;
  SprtSettings sprt;
  std::optional<std::uint64_t> seed;  // shuffles the opening order when set
  bool progress = true;
  // Other programs' share of the processors is judged over stretches of games at least this long: the kernel
  // counts the machine's time in ticks and a process's more finely, so a fraction of a second can show a
  // tenth of a processor that is nobody's.
  double watched_stretch_seconds = 5;
};

// Faults a player committed, each counted apart.
struct Faults {
  int time_losses = 0, illegal_moves = 0, crashes = 0;
};

// How early the losers saw their losses coming, per engine: of its decided losses, those in which the winner
// at some move reported a score of at least kAlarmWinnerPawns, and of those the ones in which the loser's own
// last score before that move was still kUnawareLoserPawns or better. Engines' scales differ; the figure
// compares builds of one engine against one opponent.
struct LossAlarms {
  static constexpr double kAlarmWinnerPawns = 1.5, kUnawareLoserPawns = -0.5;
  int losses = 0, winner_alarmed = 0, loser_unaware = 0;
};
// One decided game's contribution to the loser's LossAlarms (losses 1; the other two 0 or 1); all zero for
// a draw. Reads the scores the engines reported with their moves ("+0.22", "-M3"), not the opening's moves.
LossAlarms read_loss_alarm(const GameRecord& record);

// Other programs' use of the processors while the games ran (tools/common/processor_use.h), in processors'
// worth (0.3: 30% of one); unknown where /proc cannot be read or no stretch of games was long enough to
// judge (MatchSettings::watched_stretch_seconds). From kDisturbingProcessors on, the clocks are no longer
// fair: the match warns at the end of each stretch so disturbed and counts those stretches.
struct OthersUse {
  static constexpr double kDisturbingProcessors = 0.1;
  bool known = false;
  double average = 0, most = 0;  // over the match, and in the worst stretch
  std::string most_in_games;     // the worst stretch's games: "game 7", "games 7-9"
  int disturbed_stretches = 0;
};

struct PairingResult {
  int first = 0, second = 0;  // engine indexes; the tally is from the first engine's side
  Tally tally;
  std::map<std::string, int> terminations;
};

struct MatchResult {
  std::vector<PairingResult> pairings;
  std::vector<Faults> faults;      // per engine
  std::vector<LossAlarms> alarms;  // per engine
  OthersUse others;
  bool stopped_by_sprt = false;
};

// Reads a position file (engine/board/position_file.h). After a ';' a line may name the opening and
// end with ':' and the ICCS moves that reach its position from the start position (positions/openings.fen
// does): the games then start at the start position with those moves. False with a message naming the line
// when one is not a legal position or its moves do not reach it.
bool read_openings(const std::string& path, std::vector<Opening>& openings, std::string& error);

// Plays the whole match; prints progress lines to standard output when settings.progress is set.
MatchResult run_match(const MatchSettings& settings);

// The closing report: per pairing W/D/L, score, Elo with margins, SPRT, faults and terminations.
std::string match_report(const MatchSettings& settings, const MatchResult& result);

}  // namespace shuai::match
