// CECP (the XBoard/WinBoard protocol, version 2) as XBoard 4.9 speaks it for Xiangqi: moves in UCCI
// coordinates (files a-i, ranks 0-9), FEN with either letter set. It parses and prints; the engine core
// plays.
//
// The engine plays one side, or none (force mode, analyze mode). Its own moves are thought on the worker;
// the worker prints the move, plays it on the board, and answers any ping that came while it thought. With
// pondering on (hard), the same worker job goes on to think on the opponent's time from the move it
// expects, and a ponderhit turns that into the next move.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <optional>

#include "engine/board/board.h"
#include "engine/board/text.h"
#include "engine/protocol/dialect.h"
#include "engine/protocol/engine_options.h"
#include "eval/score.h"

namespace shuai {

namespace {

constexpr int kCecpMateScore = 100000;  // CECP's mate scores: +-(100000 + moves)

// "5" minutes or "0:30" minutes and seconds, as level's BASE; in milliseconds.
std::optional<std::int64_t> parse_base_time(std::string_view text) {
  const auto colon = text.find(':');
  const auto minutes = parse_number(text.substr(0, colon));
  if (!minutes || *minutes < 0) return std::nullopt;
  double seconds = 0;
  if (colon != std::string_view::npos) {
    const auto parsed = parse_number(text.substr(colon + 1));
    if (!parsed || *parsed < 0) return std::nullopt;
    seconds = *parsed;
  }
  return std::int64_t((*minutes * 60 + seconds) * 1000);
}

std::string_view color_name(Color color) {
  return color == kRed ? "Red" : "Black";
}
// CECP's result codes name White and Black: Red is White.
std::string_view win_for(Color color) {
  return color == kRed ? "1-0" : "0-1";
}

class CecpDialect final : public Dialect {
 public:
  explicit CecpDialect(EngineCore& core) : core_(core), writer_(core.writer()) {
    core_.set_message_printer([this](const std::string& text) {
      if (collecting_refusal_)
        refusal_ = text;
      else
        writer_.line("# " + text);
    });
    core_.searcher().set_info_callback([this](const SearchInfo& info) { print_thinking(info); });
    core_.searcher().set_root_move_callback(nullptr);
  }

  bool handle(const std::vector<std::string_view>& words, std::string_view line) override;
  void quit() override { halt(); }

 private:
  // Moves and commands.
  void new_game();
  void user_move(std::string_view text, std::string_view line);
  void undo(int plies, std::string_view line);
  void set_board(std::string_view fen, std::string_view line);
  void set_side_to_move(Color color);
  void set_level(const std::vector<std::string_view>& words, std::string_view line);
  void set_engine_option(std::string_view assignment, std::string_view line);
  void print_features();
  void ping(std::string_view number);
  void offer_draw_if_accepted();

  // The engine's turn: a book move at once, or a search on the worker.
  void think();
  void start_analysis();
  // Stops whatever the worker does, its move not made; a ponder move is taken back. Pings waiting on it are
  // answered.
  void halt();
  // Runs `change` (of tables, threads, options: not while a search runs) once the engine's move being thought
  // has gone out (made at once, as "?" makes it), pondering stopped; an analysis starts again after it.
  template <typename Change>
  void between_searches(Change change);
  // The limits of a game move from the clocks and the time control.
  SearchLimits game_limits() const;
  // Under mutex_, on the worker or the commanding thread: the engine's move printed and played, and what
  // it brings (a draw offer before, a result after).
  void deliver(const SearchResult& result, bool dead_drawn);
  // The game ends on the board (mate, stalemate, a perpetual check the judge is certain of): the result
  // line, and the engine stops playing. True when it ended.
  bool report_game_end();
  void answer_pending_pings();
  void print_thinking(const SearchInfo& info);
  // What the worker does for an engine move (and the pondering after it).
  void think_on_worker(SearchLimits limits, bool dead_drawn);
  void error(std::string_view reason, std::string_view line) {
    writer_.line(fmt::format("Error ({}): {}", reason, line));
  }
  // Runs `apply` with the core's messages caught: a refusal is printed as one Error line for `line`.
  template <typename Apply>
  void refusing(std::string_view line, Apply apply);

  EngineCore& core_;
  LineWriter& writer_;

  std::optional<Color> engine_side_ = kBlack;  // none: force or analyze mode
  bool analyzing_ = false;
  bool ponder_ = false;  // hard
  std::atomic<bool> post_{false};
  std::atomic<bool> pondering_now_{false};  // the worker's search is a ponder search: scores turned round

  // Time control: level's moves per session (0: the whole game), base and increment; st's time per move.
  int moves_per_session_ = 0;
  std::int64_t base_ms_ = 5 * 60 * 1000;
  std::int64_t increment_ms_ = 0;
  std::int64_t move_time_ms_ = -1;
  int depth_limit_ = 0;                // sd; 0: none
  std::int64_t engine_clock_ms_ = -1;  // time; -1: not sent, the base then
  std::int64_t opponent_clock_ms_ = -1;

  // Shared with the worker.
  std::mutex mutex_;
  bool move_pending_ = false;   // the worker thinks on an engine move that has not gone out yet
  bool discard_ = false;        // halt: the worker's move is not to be made
  Move ponder_move_ = kNoMove;  // played on the board for a ponder search: the opponent's expected move
  bool ponder_hit_ = false;     // the opponent played it: the ponder search's result is the next move
  std::condition_variable move_sent_;  // move_pending_ cleared
  std::vector<std::string> pending_pongs_;
  SearchInfo last_info_;  // for the analysis status (".")
  std::atomic<bool> collecting_refusal_{false};
  std::string refusal_;
};

template <typename Apply>
void CecpDialect::refusing(std::string_view line, Apply apply) {
  refusal_.clear();
  collecting_refusal_ = true;
  const bool applied = apply();
  collecting_refusal_ = false;
  if (!applied)
    error(refusal_.empty() ? "refused" : refusal_, line);
  else if (!refusal_.empty())
    writer_.line("# " + refusal_);  // taken, with a note (UCI_Elo without UCI_LimitStrength)
}

template <typename Change>
void CecpDialect::between_searches(Change change) {
  {
    std::unique_lock lock(mutex_);
    if (move_pending_) core_.searcher().stop();  // as "?": a long think must not hold the command up
    move_sent_.wait(lock, [&] { return !move_pending_; });
  }
  halt();
  change();
  if (analyzing_) start_analysis();
}

bool CecpDialect::handle(const std::vector<std::string_view>& words, std::string_view line) {
  const std::string_view command = words[0];
  const std::string argument = join_words(words, 1, words.size());
  const auto number_argument = [&]() -> std::optional<double> {
    return words.size() == 2 ? parse_number(words[1]) : std::nullopt;
  };
  // Commands answered at once, whatever the worker does.
  if (command == "xboard" || command == "accepted" || command == "rejected" || command == "computer" ||
      command == "name" || command == "rating" || command == "random" || command == "ics" ||
      command == "hint" || command == "bk") {
    return true;
  }
  if (command == "quit") {
    quit();
    return false;
  }
  if (command == "protover") {
    print_features();
  } else if (command == "ping") {
    ping(argument);
  } else if (command == "post" || command == "nopost") {
    post_ = command == "post";
  } else if (command == "hard" || command == "easy") {
    ponder_ = command == "hard";
  } else if (command == "time" || command == "otim") {
    const auto value = number_argument();
    if (!value) return error("time needs centiseconds", line), true;
    (command == "time" ? engine_clock_ms_ : opponent_clock_ms_) =
        std::max<std::int64_t>(0, std::int64_t(*value) * 10);
  } else if (command == "level") {
    set_level(words, line);
  } else if (command == "st") {
    const auto value = number_argument();
    if (!value || *value <= 0) return error("st needs seconds", line), true;
    move_time_ms_ = std::int64_t(*value * 1000);
  } else if (command == "sd") {
    const auto value = number_argument();
    if (!value || *value < 1) return error("sd needs a depth from 1", line), true;
    depth_limit_ = int(std::min(*value, double(SearchLimits::kUnlimitedDepth)));
  } else if (command == "nps") {
    writer_.line("# nps ignored: Shuai times its moves by the clock");
  } else if (command == "draw") {
    offer_draw_if_accepted();
  } else if (command == "?") {
    std::lock_guard lock(mutex_);
    if (move_pending_) core_.searcher().stop();  // the worker moves at once
  } else if (command == ".") {
    if (analyzing_) {
      std::lock_guard lock(mutex_);
      writer_.line(
          fmt::format("stat01: {} {} {} 0 0", last_info_.time_ms / 10, last_info_.nodes, last_info_.depth));
    }
  } else if (command == "new") {
    halt();
    new_game();
    if (analyzing_) {
      engine_side_.reset();
      start_analysis();
    }
  } else if (command == "variant") {
    if (argument != "xiangqi") return error("unsupported variant: Shuai plays xiangqi only", line), true;
  } else if (command == "force") {
    halt();
    engine_side_.reset();
  } else if (command == "go") {
    halt();
    analyzing_ = false;
    engine_side_ = core_.position().side_to_move();
    think();
  } else if (command == "playother") {
    halt();
    engine_side_ = opposite(core_.position().side_to_move());
  } else if (command == "white" || command == "black") {
    halt();
    set_side_to_move(command == "white" ? kRed : kBlack);
    engine_side_ = command == "white" ? kBlack : kRed;
  } else if (command == "usermove") {
    user_move(argument, line);
  } else if (command == "undo" || command == "remove") {
    undo(command == "undo" ? 1 : 2, line);
  } else if (command == "setboard") {
    set_board(argument, line);
  } else if (command == "result") {
    halt();
    engine_side_.reset();
  } else if (command == "analyze") {
    halt();
    analyzing_ = true;
    engine_side_.reset();
    start_analysis();
  } else if (command == "exit") {
    if (!analyzing_) return error("command not legal now", line), true;
    halt();
    analyzing_ = false;
  } else if (command == "egtpath") {
    // "egtpath shuai FOLDER": the tables of the kind the features named (others are not ours to read).
    const std::string_view kind = words.size() > 1 ? words[1] : std::string_view();
    if (kind == "shuai")
      core_.set_tablebase_paths(join_words(words, 2, words.size()));
    else
      error(fmt::format("unknown tablebase kind '{}', this engine reads shuai", kind), line);
  } else if (command == "memory" || command == "cores") {
    const auto value = number_argument();
    if (!value || *value < 0 || *value != std::floor(*value))
      return error(fmt::format("{} needs a whole number", command), line), true;
    between_searches([&] {
      refusing(line, [&] {
        return command == "memory" ? core_.resize_table(true, "memory", std::int64_t(*value))
                                   : (core_.searcher().set_threads(std::max(1, int(*value))), true);
      });
    });
  } else if (command == "option") {
    between_searches([&] { set_engine_option(argument, line); });
  } else if (parse_iccs(command) && words.size() == 1) {
    user_move(command, line);  // a move without "usermove", as CECP 1 sends it
  } else {
    error("unknown command", line);
  }
  return true;
}

void CecpDialect::print_features() {
  writer_.line("feature done=0");
  writer_.line(fmt::format(
      "feature myname=\"Shuai {}\" variants=\"xiangqi\" setboard=1 usermove=1 ping=1 time=1 memory=1 smp=1 "
      "analyze=1 colors=0 sigint=0 sigterm=0 reuse=1 san=0 draw=1 playother=1 name=0 debug=1 egt=\"shuai\"",
      SHUAI_VERSION));
  for (const EngineOption& option : engine_options()) {
    if (!option.in_cecp || !option.listed) continue;
    std::string text;
    switch (option.type) {
      case OptionType::kCheck:
        text = fmt::format("-check {}", option.default_value == "true" ? 1 : 0);
        break;
      case OptionType::kSpin:
        text = fmt::format("-spin {} {} {}", option.default_value, option.min, option.max);
        break;
      case OptionType::kCombo:
        text = "-combo";
        for (std::size_t i = 0; i < option.choices.size(); ++i)
          text += fmt::format("{} {}{}", i ? " ///" : "",
                              option.choices[i] == option.default_value ? "*" : "", option.choices[i]);
        break;
      case OptionType::kButton:
        text = "-button";
        break;
      case OptionType::kString:
        text = fmt::format("-string {}", option.default_value == "<empty>" ? "" : option.default_value);
        break;
    }
    writer_.line(fmt::format("feature option=\"{} {}\"", option.cecp_name(), text));
  }
  writer_.line("feature done=1");
}

void CecpDialect::ping(std::string_view number) {
  std::lock_guard lock(mutex_);
  const std::string answer = fmt::format("pong {}", number);
  // An engine move being thought comes first; pondering and analysis do not count.
  if (move_pending_)
    pending_pongs_.push_back(answer);
  else
    writer_.line(answer);
}

void CecpDialect::answer_pending_pings() {
  for (const std::string& answer : pending_pongs_) writer_.line(answer);
  pending_pongs_.clear();
}

void CecpDialect::offer_draw_if_accepted() {
  // The offer is weighed by the search of the engine's next move (or the one under way); a position where
  // nobody can win is accepted at once.
  core_.set_draw_offered(true);
  std::lock_guard lock(mutex_);
  if (!move_pending_ && core_.settings().offer_draws && ponder_move_ == kNoMove && core_.dead_drawn())
    writer_.line("offer draw");
}

void CecpDialect::new_game() {
  core_.set_position(*parse_fen(kStartFen).position);
  core_.searcher().clear();
  engine_side_ = kBlack;
  depth_limit_ = 0;
  engine_clock_ms_ = opponent_clock_ms_ = -1;
  core_.set_draw_offered(false);
}

void CecpDialect::set_side_to_move(Color color) {
  if (core_.position().side_to_move() == color) return;
  // Through the FEN: the same placement with the other side to move (its history goes).
  std::string fen = to_fen(core_.position());
  const auto side_at = fen.find(' ');
  fen[side_at + 1] = color == kRed ? 'w' : 'b';
  if (auto parsed = parse_fen(fen); parsed.position) core_.set_position(std::move(*parsed.position));
}

void CecpDialect::set_level(const std::vector<std::string_view>& words, std::string_view line) {
  if (words.size() != 4) return error("level needs MPS BASE INC", line);
  const auto moves = parse_number(words[1]);
  const auto base = parse_base_time(words[2]);
  const auto increment = parse_number(words[3]);
  if (!moves || *moves < 0 || !base || !increment || *increment < 0)
    return error("level needs MPS BASE INC: moves, minutes or m:ss, seconds", line);
  moves_per_session_ = int(*moves);
  base_ms_ = *base;
  increment_ms_ = std::int64_t(*increment * 1000);
  move_time_ms_ = -1;
}

void CecpDialect::set_engine_option(std::string_view assignment, std::string_view line) {
  const auto equals = assignment.find('=');
  const std::string_view name = assignment.substr(0, equals);
  std::string value = equals == std::string_view::npos ? "" : std::string(assignment.substr(equals + 1));
  const EngineOption* option = find_option(name);
  // CECP names an option as listed (the UCI name, else the UCCI one), and sends checks as 1 or 0.
  if (!option || !option->in_cecp) return error(fmt::format("unknown option '{}'", name), line);
  if (option->type == OptionType::kCheck && (value == "1" || value == "0"))
    value = value == "1" ? "true" : "false";
  if (option->type == OptionType::kString && value.empty()) value = "<empty>";
  refusing(line, [&] { return set_option(core_, name, value); });
}

void CecpDialect::user_move(std::string_view text, std::string_view line) {
  {
    std::unique_lock lock(mutex_);
    // The engine is on move: the opponent's move is out of turn.
    if (move_pending_) return error("command not legal now", line);
    if (ponder_move_ != kNoMove && !ponder_hit_ && !discard_) {
      const Move expected = ponder_move_;
      // The board holds the expected move already: the played one is read on the board before it.
      Position before = core_.position();
      before.unmake_move();
      const auto move = parse_legal_move(before, text);
      if (move.move == expected) {
        // Expected: the ponder search becomes the engine's move.
        ponder_hit_ = true;
        move_pending_ = true;
        pondering_now_ = false;
        core_.searcher().ponderhit();
        return;
      }
    }
  }
  halt();
  Position& position = core_.position();
  const auto move = parse_legal_move(position, text);
  if (move.move == kNoMove) return writer_.line(fmt::format("Illegal move: {}", text));
  position.make_move(move.move);
  core_.banned_moves().clear();
  if (report_game_end()) return;
  if (analyzing_)
    start_analysis();
  else if (engine_side_ == position.side_to_move())
    think();
}

void CecpDialect::undo(int plies, std::string_view line) {
  halt();
  Position& position = core_.position();
  if (int(position.history().size()) < plies) return error("command not legal now", line);
  for (int i = 0; i < plies; ++i) position.unmake_move();
  if (analyzing_) start_analysis();
}

void CecpDialect::set_board(std::string_view fen, std::string_view line) {
  auto parsed = parse_fen(fen);
  if (!parsed.position) return error(parsed.error, line);
  halt();
  core_.set_position(std::move(*parsed.position));
  if (analyzing_) start_analysis();
}

SearchLimits CecpDialect::game_limits() const {
  SearchLimits limits;
  if (move_time_ms_ > 0) {
    limits.time.move_time_ms = move_time_ms_;
  } else {
    limits.time.remaining_ms = engine_clock_ms_ >= 0 ? engine_clock_ms_ : base_ms_;
    limits.time.increment_ms = increment_ms_;
    if (moves_per_session_ > 0) {
      // The moves left to the next time control, counted by the engine's moves of this game.
      const int moves_made = core_.position().fullmove_number() - 1;
      limits.time.moves_to_go = moves_per_session_ - moves_made % moves_per_session_;
    }
  }
  if (depth_limit_ > 0) limits.depth = depth_limit_;
  return limits;
}

void CecpDialect::think() {
  if (report_game_end()) return;
  if (const Move move = core_.book_move(core_.banned_moves()); move != kNoMove) {
    SearchResult book;
    book.best_move = move;
    std::lock_guard lock(mutex_);
    deliver(book, false);
    return;
  }
  const SearchLimits limits = game_limits();
  const bool dead_drawn = core_.dead_drawn();
  {
    std::lock_guard lock(mutex_);
    move_pending_ = true;
  }
  core_.wait_for_worker();
  core_.searcher().arm(limits);  // here: a "?" sent at once must not be lost
  core_.run_on_worker([this, limits, dead_drawn] {
    think_on_worker(limits, dead_drawn);
    return std::string();
  });
}

void CecpDialect::think_on_worker(SearchLimits limits, bool dead_drawn) {
  Searcher& searcher = core_.searcher();
  SearchResult result = searcher.run(core_.position(), limits);
  std::unique_lock lock(mutex_);
  while (true) {
    if (discard_) return;
    if (ponder_move_ != kNoMove) {
      // A ponder search ended: by the ponderhit, its result is the move; by a stop, halt takes it back.
      if (!ponder_hit_) return;
      ponder_move_ = kNoMove;
      ponder_hit_ = false;
      dead_drawn = core_.dead_drawn();
    }
    const Move expected = result.ponder_move;
    deliver(result, dead_drawn);
    if (!ponder_ || expected == kNoMove || !engine_side_ || core_.position().side_to_move() == *engine_side_)
      return;
    // Think on the opponent's time from the move it is expected to play.
    Position& position = core_.position();
    if (!is_legal(position, expected)) return;
    position.make_move(expected);
    ponder_move_ = expected;
    limits = game_limits();
    limits.ponder = true;
    pondering_now_ = true;
    searcher.arm(limits);
    // The lock is released while the ponder search runs: the commanding thread answers pings, or a ponderhit.
    lock.unlock();
    result = searcher.run(position, limits);
    pondering_now_ = false;
    lock.lock();
  }
}

void CecpDialect::start_analysis() {
  SearchLimits limits;
  limits.infinite = true;
  limits.excluded_root_moves = core_.banned_moves();
  MoveList moves;
  generate_legal(core_.position(), moves);
  if (moves.size == 0) return;
  core_.start_search(limits, [](const SearchResult&) { return std::string(); });
}

void CecpDialect::halt() {
  {
    std::lock_guard lock(mutex_);
    discard_ = true;
  }
  core_.stop();
  core_.wait_for_worker();
  std::lock_guard lock(mutex_);
  discard_ = false;
  move_pending_ = false;
  pondering_now_ = false;
  // An expected move not played is taken back; once played (ponderhit) it is the opponent's.
  if (ponder_move_ != kNoMove && !ponder_hit_) core_.position().unmake_move();
  ponder_move_ = kNoMove;
  ponder_hit_ = false;
  answer_pending_pings();
}

void CecpDialect::deliver(const SearchResult& result, bool dead_drawn) {
  move_pending_ = false;
  move_sent_.notify_all();
  core_.set_draw_offered(false);
  if (result.best_move == kNoMove) {
    report_game_end();
  } else {
    const GameDecision decision = core_.decide(result, dead_drawn);
    if (decision == GameDecision::kResign) {
      writer_.line("resign");
      engine_side_.reset();
    } else {
      // A draw offer goes before the move: it also claims a repetition draw the move brings about.
      if (decision == GameDecision::kDraw) writer_.line("offer draw");
      writer_.line("move " + move_to_iccs(result.best_move));
      core_.position().make_move(result.best_move);
      core_.banned_moves().clear();
      report_game_end();
    }
    core_.report_search(result);
  }
  answer_pending_pings();
}

bool CecpDialect::report_game_end() {
  const auto ending = core_.board_ending();
  if (!ending) return false;
  const Color winner = opposite(ending->loser);
  const std::string reason = ending->reason == BoardEnding::Reason::kCheckmate
                                 ? fmt::format("{} mates", color_name(winner))
                             : ending->reason == BoardEnding::Reason::kStalemate
                                 ? fmt::format("{} is stalemated", color_name(ending->loser))
                                 : fmt::format("{} checks perpetually", color_name(ending->loser));
  writer_.line(fmt::format("{} {{{}}}", win_for(winner), reason));
  engine_side_.reset();
  return true;
}

void CecpDialect::print_thinking(const SearchInfo& info) {
  {
    std::lock_guard lock(mutex_);
    last_info_ = info;
  }
  if (!post_ || info.line != 1) return;
  // From the engine's side: a ponder search scores the opponent's position.
  const int score = pondering_now_ ? -info.score : info.score;
  const int shown = score >= kMateInMaxPly    ? kCecpMateScore + (kMateScore - score + 1) / 2
                    : score <= -kMateInMaxPly ? -(kCecpMateScore + (kMateScore + score) / 2)
                                              : score;
  std::string text = fmt::format("{} {} {} {}\t", info.depth, shown, info.time_ms / 10, info.nodes);
  for (std::size_t i = 0; i < info.principal_variation.size(); ++i) {
    if (i > 0) text += ' ';
    text += move_to_iccs(info.principal_variation[i]);
  }
  writer_.line(text);
}

}  // namespace

std::unique_ptr<Dialect> make_cecp_dialect(EngineCore& core) {
  return std::make_unique<CecpDialect>(core);
}

}  // namespace shuai
