// Scheduling and playing the games of a match on worker threads, and reporting the result.
#include "tools/match_runner/match.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <mutex>
#include <optional>
#include <random>

#include "engine/board/fen.h"
#include "engine/board/notation.h"
#include "engine/board/position_file.h"
#include "engine/board/text.h"
#include "engine/command_line/progress.h"
#include "tools/common/processor_use.h"
#include "tools/common/work_queue.h"
#include "tools/match_runner/pgn.h"

namespace shuai::match {
namespace {

struct ScheduledGame {
  int pairing = 0;
  int index = 0;  // within the pairing: games 2k and 2k+1 share an opening
  int red = 0, black = 0;
  Opening opening;
};

std::vector<ScheduledGame> schedule(const MatchSettings& settings, std::vector<PairingResult>& pairings) {
  std::vector<Opening> openings = settings.openings;
  if (openings.empty()) openings.push_back({std::string(kStartFen), {}});
  if (settings.seed) std::shuffle(openings.begin(), openings.end(), std::mt19937_64(*settings.seed));
  const int engine_count = int(settings.engines.size());
  for (int first = 0; first < engine_count; ++first)
    for (int second = first + 1; second < engine_count; ++second) pairings.push_back({first, second, {}, {}});
  // Interleaved by pairing, so a round robin cut short is still fair between pairings.
  std::vector<ScheduledGame> games;
  // A measure split across runs or machines: each plays its own range of one schedule.
  for (int index = settings.first_game; index < settings.games; ++index) {
    for (int pairing = 0; pairing < int(pairings.size()); ++pairing) {
      const auto& pair = pairings[pairing];
      const bool swapped = index % 2 == 1;
      games.push_back({pairing, index, swapped ? pair.second : pair.first, swapped ? pair.first : pair.second,
                       openings[std::size_t(index / 2) % openings.size()]});
    }
  }
  return games;
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  localtime_r(&now, &parts);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &parts);
  return text;
}

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "?";
  return name;
}

// "game 7", "games 7-9": the games of a stretch, numbered as the progress lines number them.
std::string stretch_name(int first, int last) {
  return first == last ? fmt::format("game {}", last) : fmt::format("games {}-{}", first, last);
}

// The first engine's score in a game of its pairing (1, 0.5, 0).
double first_engine_score(const ScheduledGame& game, const PairingResult& pairing, GameResult result) {
  return score_for(result, game.red == pairing.first ? kRed : kBlack);
}

}  // namespace

namespace {

// The ICCS moves after the last ':' of an opening line's comment, when they lead from the start position to
// `position`; empty when the comment gives none. False when it gives moves that are illegal or lead
// elsewhere.
bool moves_from_start(const std::string& comment, const Position& position, std::vector<std::string>& moves) {
  moves.clear();
  const std::size_t colon = comment.rfind(':');
  if (colon == std::string::npos) return true;
  const std::string list = comment.substr(colon + 1);
  const auto words = split_words(list);
  if (words.empty() || !parse_iccs(words[0])) return true;  // a comment, not a move list
  Position replay = *parse_fen(kStartFen).position;
  for (const auto& word : words) {
    const auto move = parse_legal_move(replay, word);
    if (move.move == kNoMove) return false;
    replay.make_move(move.move);
    moves.emplace_back(word);
  }
  return replay.key() == position.key();
}

}  // namespace

bool read_openings(const std::string& path, std::vector<Opening>& openings, std::string& error) {
  auto read = read_position_file(path);
  if (auto* message = std::get_if<std::string>(&read)) {
    error = std::move(*message);
    return false;
  }
  openings.clear();
  for (const PositionLine& line : std::get<std::vector<PositionLine>>(read)) {
    const std::size_t semicolon = line.rest.find(';');
    const std::string comment = semicolon == std::string::npos ? "" : line.rest.substr(semicolon + 1);
    std::vector<std::string> moves;
    if (!moves_from_start(comment, line.position, moves)) {
      error = fmt::format("{}:{}: the moves after ':' do not lead from the start position to the FEN", path,
                          line.number);
      return false;
    }
    if (moves.empty())
      openings.push_back({to_fen(line.position), {}});
    else
      openings.push_back({std::string(kStartFen), std::move(moves)});
  }
  return true;
}

MatchResult run_match(const MatchSettings& settings) {
  MatchResult result;
  result.faults.resize(settings.engines.size());
  result.alarms.resize(settings.engines.size());
  const std::vector<ScheduledGame> games = schedule(settings, result.pairings);
  // Per pairing and opening pair: the first engine's score in the pair's games so far, and how many.
  std::vector<std::map<int, std::pair<double, int>>> pair_scores(result.pairings.size());

  std::mutex mutex;  // guards result, pair_scores, the PGN file and standard output
  std::FILE* pgn = settings.pgn_path.empty() ? nullptr : std::fopen(settings.pgn_path.c_str(), "a");
  if (!settings.pgn_path.empty() && !pgn)
    fmt::print(stderr, "cannot open PGN file '{}': games are not saved\n", settings.pgn_path);
  const PgnTags base_tags{"Shuai match", host_name(), today(), 1, settings.time_control_text};
  tools::WorkQueue queue(games.size());
  Progress progress(settings.progress ? stdout : nullptr);
  int finished = 0;
  const std::optional<tools::ProcessorUse> use_at_start = tools::read_processor_use();
  std::optional<tools::ProcessorUse> use_at_last_stretch = use_at_start;

  // Other programs' share over the games since the last stretch ended (with concurrency 1, during them).
  int games_judged = 0;
  const auto watch_others = [&] {
    // The clock first: reading /proc walks every process, which a game shorter than a stretch need not do.
    if (!use_at_last_stretch ||
        tools::steady_seconds() - use_at_last_stretch->wall_seconds < settings.watched_stretch_seconds)
      return;
    const std::optional<tools::ProcessorUse> now = tools::read_processor_use();
    if (!now) return;
    OthersUse& others = result.others;
    others.known = true;
    others.average = tools::others_processors(*use_at_start, *now);
    const double share = tools::others_processors(*use_at_last_stretch, *now);
    const std::string games_named = stretch_name(games_judged + 1, finished);
    use_at_last_stretch = now;
    games_judged = finished;
    if (share > others.most) {
      others.most = share;
      others.most_in_games = games_named;
    }
    if (share < OthersUse::kDisturbingProcessors) return;
    ++others.disturbed_stretches;
    progress.note(
        fmt::format("warning: other programs took {:.2f} of a processor's time during {}: the clocks "
                    "were not fair",
                    share, games_named));
  };

  const auto record_game = [&](const ScheduledGame& game, const GameRecord& record) {
    std::lock_guard lock(mutex);
    PairingResult& pairing = result.pairings[game.pairing];
    const double score = first_engine_score(game, pairing, record.verdict.result);
    (score == 1 ? pairing.tally.wins : score == 0 ? pairing.tally.losses : pairing.tally.draws)++;
    auto& pair = pair_scores[game.pairing][game.index / 2];
    pair.first += score;
    if (++pair.second == 2) pairing.tally.pairs[int(pair.first * 2 + 0.5)]++;
    pairing.terminations[std::string(termination_name(record.verdict.termination))]++;
    if (record.verdict.result != GameResult::kDraw) {
      const int loser = record.verdict.result == GameResult::kRedWins ? game.black : game.red;
      const LossAlarms alarm = read_loss_alarm(record);
      LossAlarms& alarms = result.alarms[loser];
      alarms.losses += alarm.losses;
      alarms.winner_alarmed += alarm.winner_alarmed;
      alarms.loser_unaware += alarm.loser_unaware;
      switch (record.verdict.termination) {
        case Termination::kTimeForfeit:
          result.faults[loser].time_losses++;
          break;
        case Termination::kIllegalMove:
          result.faults[loser].illegal_moves++;
          break;
        case Termination::kCrash:
          result.faults[loser].crashes++;
          break;
        default:
          break;
      }
    }
    ++finished;
    if (pgn) {
      PgnTags tags = base_tags;
      tags.round = settings.first_game + finished;  // split runs number their games apart
      std::fputs(to_pgn(record, tags).c_str(), pgn);
      std::fflush(pgn);
    }
    std::string sprt_progress;
    if (settings.sprt.enabled && settings.engines.size() == 2) {
      const SprtState state = sprt(pairing.tally, settings.sprt);
      sprt_progress = fmt::format(", LLR {:.2f} [{:.2f}, {:.2f}]", state.llr, state.lower, state.upper);
      if (state.accepted_h0() || state.accepted_h1()) {
        result.stopped_by_sprt = true;
        queue.stop();
      }
    }
    // The game's line, read by tools/sprt.sh and the tests: its text must stay as it is.
    const Tally& tally = pairing.tally;
    progress.note(fmt::format(
        "[{}/{}] {} vs {}: {} {} | {} vs {}: W {} D {} L {}, Elo {}{}", finished, games.size(), record.red,
        record.black, result_text(record.verdict.result), termination_name(record.verdict.termination),
        settings.engines[pairing.first].name, settings.engines[pairing.second].name, tally.wins, tally.draws,
        tally.losses, format_elo(trinomial_elo(tally)), sprt_progress));
    watch_others();
  };

  const auto worker = [&](int) {
    // Each worker runs its own copy of every engine it needs, kept between games.
    std::vector<std::unique_ptr<EnginePlayer>> players(settings.engines.size());
    const auto player = [&](int engine) -> EnginePlayer& {
      if (!players[engine]) players[engine] = std::make_unique<EnginePlayer>(settings.engines[engine]);
      return *players[engine];
    };
    while (const auto index = queue.next()) {
      const ScheduledGame& game = games[*index];
      const GameRecord record = play_game(player(game.red), player(game.black), game.opening, settings.game);
      record_game(game, record);
    }
  };
  const int thread_count = std::max(1, std::min<int>(settings.concurrency, int(games.size())));
  tools::run_workers(thread_count, worker, &queue);
  if (pgn) std::fclose(pgn);
  return result;
}

namespace {

// A reported score in pawns, the mover's view: "+0.22", "-1.50"; a mate ("+M5", "-M3") as a hundred pawns.
std::optional<double> reported_pawns(std::string_view score) {
  if (score.size() < 2 || (score[0] != '+' && score[0] != '-')) return std::nullopt;
  const double sign = score[0] == '-' ? -1 : 1;
  if (score[1] == 'M') return sign * 100;
  const std::string digits(score.substr(1));
  char* end = nullptr;
  const double pawns = std::strtod(digits.c_str(), &end);
  if (end != digits.c_str() + digits.size()) return std::nullopt;
  return sign * pawns;
}

}  // namespace

LossAlarms read_loss_alarm(const GameRecord& record) {
  LossAlarms alarm;
  if (record.verdict.result == GameResult::kDraw) return alarm;
  alarm.losses = 1;
  // Who made each move: the side to move in the start position, then turn about.
  const std::size_t side_field = record.start_fen.find(' ');
  const bool red_starts = side_field == std::string::npos || side_field + 1 >= record.start_fen.size() ||
                          record.start_fen[side_field + 1] != 'b';
  const bool red_won = record.verdict.result == GameResult::kRedWins;
  std::optional<double> loser_last;
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const PlayedMove& move = record.moves[i];
    const bool red_moved = (i % 2 == 0) == red_starts;
    if (move.from_opening) continue;
    const std::optional<double> pawns = reported_pawns(move.score);
    if (!pawns) continue;
    if (red_moved != red_won) {
      loser_last = pawns;
    } else if (*pawns >= LossAlarms::kAlarmWinnerPawns) {
      alarm.winner_alarmed = 1;
      alarm.loser_unaware = loser_last && *loser_last >= LossAlarms::kUnawareLoserPawns ? 1 : 0;
      break;
    }
  }
  return alarm;
}

std::string match_report(const MatchSettings& settings, const MatchResult& result) {
  std::string text;
  for (const PairingResult& pairing : result.pairings) {
    const Tally& tally = pairing.tally;
    const std::string& first = settings.engines[pairing.first].name;
    const std::string& second = settings.engines[pairing.second].name;
    text += fmt::format("{} vs {}: {} games, W {} D {} L {} (from {}'s side), score {:.1f}%\n", first, second,
                        tally.games(), tally.wins, tally.draws, tally.losses, first, tally.score() * 100);
    text += fmt::format("  Elo difference: {} (95%, pentanomial model over {} game pairs)\n",
                        format_elo(pentanomial_elo(tally)), tally.pair_count());
    text += fmt::format("  Elo difference: {} (95%, trinomial model over {} games)\n",
                        format_elo(trinomial_elo(tally)), tally.games());
    text += fmt::format("  pairs LL {} LD {} DD+WL {} WD {} WW {}\n", tally.pairs[0], tally.pairs[1],
                        tally.pairs[2], tally.pairs[3], tally.pairs[4]);
    if (settings.sprt.enabled) {
      const SprtState state = sprt(tally, settings.sprt);
      text += fmt::format("  SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2f} [{:.2f}, {:.2f}] {}\n",
                          settings.sprt.elo0, settings.sprt.elo1, settings.sprt.alpha, settings.sprt.beta,
                          state.llr, state.lower, state.upper,
                          state.accepted_h1()   ? "H1 accepted"
                          : state.accepted_h0() ? "H0 accepted"
                                                : "no decision yet");
    }
    std::string endings;
    for (const auto& [name, count] : pairing.terminations)
      endings += fmt::format("{}{} {}", endings.empty() ? "" : ", ", name, count);
    text += fmt::format("  endings: {}\n", endings.empty() ? "none" : endings);
  }
  for (std::size_t engine = 0; engine < settings.engines.size(); ++engine) {
    const Faults& faults = result.faults[engine];
    text += fmt::format("{}: time losses {}, illegal moves {}, crashes {}\n", settings.engines[engine].name,
                        faults.time_losses, faults.illegal_moves, faults.crashes);
  }
  for (std::size_t engine = 0; engine < settings.engines.size() && engine < result.alarms.size(); ++engine) {
    const LossAlarms& alarms = result.alarms[engine];
    if (alarms.losses == 0) continue;
    text += fmt::format(
        "{}: losses {}: in {} the winner scored {:+.2f} or more, and in {} of those {} still scored "
        "{:+.2f} or better at that move\n",
        settings.engines[engine].name, alarms.losses, alarms.winner_alarmed, LossAlarms::kAlarmWinnerPawns,
        alarms.loser_unaware, settings.engines[engine].name, LossAlarms::kUnawareLoserPawns);
  }
  if (const OthersUse& others = result.others; others.known)
    text += fmt::format(
        "other programs: {:.2f} of a processor's time on average while the games ran, at most {:.2f} (during "
        "{}); {} stretches of games with {:.2f} or more, whose clocks were not fair\n",
        others.average, others.most, others.most_in_games.empty() ? "none" : others.most_in_games,
        others.disturbed_stretches, OthersUse::kDisturbingProcessors);
  if (result.stopped_by_sprt) text += "stopped early: the SPRT reached a decision\n";
  return text;
}

}  // namespace shuai::match
