// The commands UCCI and UCI share (uci_family.h).
#include "engine/protocol/uci_family.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/board/board.h"
#include "engine/board/text.h"
#include "search/win_draw_loss.h"

namespace shuai {

UciFamilyDialect::UciFamilyDialect(EngineCore& core) : core_(core), writer_(core.writer()) {
  Searcher& searcher = core_.searcher();
  searcher.set_info_callback([this](const SearchInfo& info) { print_info(info); });
  searcher.set_root_move_callback([this](Move m, int number, int depth) {
    // Only in debug mode, and from depth 5, where a root move takes long enough to be worth naming.
    if (core_.settings().debug && depth >= 5)
      writer_.line(
          fmt::format("info depth {} currmove {} currmovenumber {}", depth, move_to_iccs(m), number));
  });
}

bool UciFamilyDialect::handle(const std::vector<std::string_view>& words, std::string_view line) {
  const std::string_view command = words[0];
  const std::vector<std::string_view> arguments(words.begin() + 1, words.end());
  if (command == "quit") {
    quit();
    return false;
  }
  if (command == "isready") {
    writer_.line("readyok");
  } else if (command == "stop") {
    stop();
  } else if (command == "ponderhit") {
    // "ponderhit draw": the opponent's move came with a draw offer, which the answer may accept.
    if (!arguments.empty() && (arguments.size() > 1 || arguments[0] != "draw")) {
      core_.message(fmt::format("ponderhit takes only 'draw', not '{}'; ignored",
                                join_words(arguments, 0, arguments.size())));
      return true;
    }
    if (!arguments.empty()) core_.set_draw_offered(true);
    if (core_.thinking()) core_.searcher().ponderhit();
  } else if (command == "probe") {
    probe(arguments);
  } else if (core_.thinking()) {
    core_.message(fmt::format("'{}' ignored while thinking: send stop first", command));
  } else if (command == "ucci" || command == "uci") {
    boot();
  } else if (command == "setoption") {
    set_option(line.substr(line.find("setoption") + 9));
  } else if (command == "position") {
    set_position(arguments);
  } else if (command == "fen" || command == "startpos") {
    // The dialect of the Cyclone engine, which Chinese GUIs (VinXiangQi and others) speak under the name of
    // UCI: the position line without the word "position".
    set_position(words);
  } else if (command == "banmoves") {
    set_banned_moves(arguments);
  } else if (command == "go") {
    go(arguments);
  } else if (command == "ucinewgame") {
    core_.searcher().clear();
  } else {
    core_.message(fmt::format("unknown command '{}'", command));
  }
  return true;
}

void UciFamilyDialect::boot() {
  writer_.line(fmt::format("id name Shuai {}", SHUAI_VERSION));
  for (const std::string& line : version_lines()) writer_.line(line);
  writer_.line("id author the Shuai developers");
  for (const EngineOption& option : engine_options()) {
    std::string text = option_heading(option);
    if (text.empty() || !option.listed) continue;
    text += " type ";
    switch (option.type) {
      case OptionType::kCheck:
        text += fmt::format("check default {}", option.default_value);
        break;
      case OptionType::kSpin:
        text += spin_text(option);
        break;
      case OptionType::kCombo:
        text += combo_text(option);
        break;
      case OptionType::kButton:
        text += "button";
        break;
      case OptionType::kString:
        text += fmt::format("string default {}", option.default_value);
        break;
    }
    writer_.line(text);
  }
  writer_.line(std::string(ok_word()));
}

void UciFamilyDialect::quit() {
  core_.stop();
  core_.wait_for_worker();
  say_goodbye();
}

void UciFamilyDialect::stop() {
  if (!core_.stop()) answer_idle_stop();  // a confused GUI must not hang
}

void UciFamilyDialect::set_option(std::string_view rest) {
  const auto words = split_words(rest);
  std::string name, value;
  // UCI: "name <words...> [value <words...>]"; UCCI: "<name> [<value...>]".
  if (!words.empty() && words[0] == "name") {
    const auto value_at = std::find(words.begin(), words.end(), "value") - words.begin();
    name = join_words(words, 1, std::size_t(value_at));
    value = join_words(words, std::size_t(value_at) + 1, words.size());
  } else if (!words.empty()) {
    name = std::string(words[0]);
    value = join_words(words, 1, words.size());
  }
  if (name.empty()) {
    core_.message("setoption needs an option name");
    return;
  }
  shuai::set_option(core_, name, value);
}

std::optional<Position> UciFamilyDialect::read_position(const std::vector<std::string_view>& words) {
  const std::size_t moves_at = std::size_t(std::find(words.begin(), words.end(), "moves") - words.begin());
  std::string fen;
  if (!words.empty() && words[0] == "startpos") {
    fen = std::string(kStartFen);
  } else if (!words.empty() && words[0] == "fen" && moves_at > 1) {
    fen = join_words(words, 1, moves_at);
  } else {
    core_.message("position needs 'startpos' or 'fen <FEN>', optionally followed by 'moves ...'");
    return std::nullopt;
  }
  auto parsed = parse_fen(fen);
  if (!parsed.position) {
    core_.message(parsed.error + "; position unchanged");
    return std::nullopt;
  }
  Position position = std::move(*parsed.position);
  for (std::size_t i = moves_at + 1; i < words.size(); ++i) {
    const auto move = parse_legal_move(position, words[i]);
    if (move.move == kNoMove) {
      core_.message(fmt::format("{} (move {} of the list); position unchanged", move.error, i - moves_at));
      return std::nullopt;
    }
    position.make_move(move.move);
  }
  return position;
}

void UciFamilyDialect::set_position(const std::vector<std::string_view>& words) {
  if (auto position = read_position(words)) core_.set_position(std::move(*position));
}

void UciFamilyDialect::set_banned_moves(const std::vector<std::string_view>& words) {
  std::vector<Move> banned;
  for (const std::string_view word : words) {
    const auto move = parse_legal_move(core_.position(), word);
    if (move.move == kNoMove) {
      core_.message(move.error + "; banned moves unchanged");
      return;
    }
    banned.push_back(move.move);
  }
  core_.banned_moves() = std::move(banned);
}

void UciFamilyDialect::go(const std::vector<std::string_view>& words) {
  SearchLimits limits;
  const Position& position = core_.position();
  const bool red = position.side_to_move() == kRed;
  bool draw_offered = false;
  const double unit = time_unit();
  std::optional<int> perft_depth;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string_view word = words[i];
    const auto number = [&]() -> std::optional<double> {
      if (i + 1 >= words.size()) return std::nullopt;
      const auto value = parse_number(words[i + 1]);
      if (!value || *value < 0) return std::nullopt;
      ++i;
      return value;
    };
    if (word == "ponder")
      limits.ponder = true;
    else if (word == "draw")
      draw_offered = true;
    else if (word == "infinite")
      limits.infinite = true;
    else if (word == "depth" && i + 1 < words.size() && words[i + 1] == "infinite") {
      limits.infinite = true;
      ++i;
    } else {
      const auto value = number();
      if (!value) {
        core_.message(fmt::format("go: '{}' needs a number; no search started", word));
        return;
      }
      const auto milliseconds = std::int64_t(*value * unit);
      if (word == "depth")
        limits.depth = int(std::min(*value, double(SearchLimits::kUnlimitedDepth)));
      else if (word == "mate") {
        if (*value < 1) {
          core_.message("go: 'mate' needs a number of moves from 1; no search started");
          return;
        }
        limits.mate = int(std::min(*value, double(kMaxPly / 2)));
      } else if (word == "nodes")
        limits.nodes = std::uint64_t(*value);
      else if (word == "perft")
        perft_depth = int(std::min(*value, 12.0));
      else if (word == "movetime")
        limits.time.move_time_ms = std::int64_t(*value);
      else if (word == "time")
        limits.time.remaining_ms = milliseconds;
      else if (word == "increment")
        limits.time.increment_ms = milliseconds;
      else if (word == "movestogo")
        limits.time.moves_to_go = int(*value);
      else if (word == "opptime" || word == "oppincrement" || word == "oppmovestogo")
        continue;
      else if (word == "wtime" || word == "btime") {
        if ((word == "wtime") == red) limits.time.remaining_ms = std::int64_t(*value);
      } else if (word == "winc" || word == "binc") {
        if ((word == "winc") == red) limits.time.increment_ms = std::int64_t(*value);
      } else {
        core_.message(fmt::format("go: unknown word '{}'; no search started", word));
        return;
      }
    }
  }
  if (perft_depth) {
    core_.start_perft(std::max(*perft_depth, 1));
    return;
  }
  const bool timed = limits.time.remaining_ms >= 0 || limits.time.move_time_ms >= 0;
  const bool bounded = limits.depth != SearchLimits().depth || limits.nodes || limits.mate || timed;
  if (!bounded && !limits.ponder) limits.infinite = true;  // a bare "go"
  if (limits.depth <= 0) {
    // UCCI: "go depth 0" reports the static evaluation and no move.
    Evaluator evaluator;
    core_.message(fmt::format("static evaluation {}", evaluator.evaluate(position)));
    writer_.line(no_move());
    return;
  }
  limits.excluded_root_moves = core_.banned_moves();
  limits.time.idle_percent = core_.settings().idle_percent;
  // The book answers games and fixed-depth or timed play; analysis (infinite, ponder, mate) always searches.
  if (!limits.infinite && !limits.ponder && !limits.mate) {
    if (const Move move = core_.book_move(limits.excluded_root_moves); move != kNoMove) {
      writer_.line("bestmove " + move_to_iccs(move));
      return;
    }
  }
  // Judged here, while the position is this search's: the worker must not read it once it has gone idle.
  const bool dead_drawn = core_.dead_drawn();
  core_.set_draw_offered(draw_offered);
  if (batch()) {
    writer_.line(best_move_answer(core_.searcher().search(position, limits), dead_drawn));
    return;
  }
  core_.start_search(limits, [this, dead_drawn](const SearchResult& result) {
    return best_move_answer(result, dead_drawn);
  });
}

void UciFamilyDialect::probe(const std::vector<std::string_view>& words) {
  // Reads the position without touching the session's, which a running search may be using.
  auto read = words.empty() ? std::optional<Position>(core_.position()) : read_position(words);
  if (!read) return;
  Position& position = *read;
  const auto entry = core_.searcher().table().probe(position.key());
  std::string answer = "pophash";
  if (entry) {
    const int score = score_from_table(entry->score, 0);
    if (entry->move != kNoMove && is_legal(position, entry->move))
      answer += fmt::format(" bestmove {}", move_to_iccs(entry->move));
    if (entry->bound == Bound::kLower || entry->bound == Bound::kExact)
      answer += fmt::format(" lowerbound {} depth {}", score, entry->depth);
    if (entry->bound == Bound::kUpper || entry->bound == Bound::kExact)
      answer += fmt::format(" upperbound {} depth {}", score, entry->depth);
  }
  writer_.line(answer);
}

std::string UciFamilyDialect::chances_text(const SearchInfo& info) const {
  if (!core_.settings().show_wdl) return "";
  const WinDrawLoss chances = win_draw_loss(info.score, info.material);
  return fmt::format(" wdl {} {} {}", chances.win, chances.draw, chances.loss);
}

void UciFamilyDialect::print_info(const SearchInfo& info) {
  const std::uint64_t nps =
      info.time_ms > 0 ? info.nodes * 1000 / std::uint64_t(info.time_ms) : info.nodes * 1000;
  std::string text = fmt::format(
      "info depth {} seldepth {} {}{} time {} nodes {} nps {} hashfull {}", info.depth, info.selective_depth,
      numbers_single_line() || core_.searcher().options().multi_pv > 1 ? fmt::format("multipv {} ", info.line)
                                                                       : "",
      score_text(info.score) + chances_text(info), info.time_ms, info.nodes, nps, info.hashfull);
  if (core_.searcher().options().tablebases) text += fmt::format(" tbhits {}", info.tablebase_hits);
  if (!info.principal_variation.empty()) {
    text += " pv";
    for (const Move m : info.principal_variation) {
      text += ' ';
      text += move_to_iccs(m);
    }
  }
  writer_.line(text);
}

std::string UciFamilyDialect::best_move_answer(const SearchResult& result, bool dead_drawn) {
  if (result.best_move == kNoMove) return no_move();
  std::string text = "bestmove " + move_to_iccs(result.best_move);
  if (result.ponder_move != kNoMove) text += " ponder " + move_to_iccs(result.ponder_move);
  text += decision_text(core_.decide(result, dead_drawn));
  core_.report_search(result);
  return text;
}

}  // namespace shuai
