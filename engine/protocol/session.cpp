// UCCI and UCI command handling: boot, options, position, banmoves, go, probe, stop, ponderhit, quit.
#include "engine/protocol/session.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "engine/board/board.h"
#include "engine/board/text.h"
#include "eval/parameter_file.h"

namespace shuai {

namespace {

constexpr std::string_view kVersion = SHUAI_VERSION;
constexpr std::size_t kDefaultHashMegabytes = TranspositionTable::kDefaultMegabytes;

std::string lower(std::string_view text) {
  std::string result(text);
  for (char& c : result) c = char(std::tolower(static_cast<unsigned char>(c)));
  return result;
}

std::string join(const std::vector<std::string_view>& words, std::size_t from, std::size_t to) {
  std::string text;
  for (std::size_t i = from; i < to && i < words.size(); ++i) {
    if (i > from) text += ' ';
    text.append(words[i]);
  }
  return text;
}

std::optional<std::int64_t> parse_integer(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// Memory a table may take: three quarters of the machine's, so a mistyped size cannot exhaust it.
std::size_t memory_limit_megabytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 4096;
  return std::size_t(pages) / 1024 * std::size_t(page_size) / 1024 * 3 / 4;
}

enum class OptionType { kCheck, kSpin, kCombo, kButton, kString };

struct OptionSpec {
  std::string_view ucci_name;  // one lower-case word
  std::string_view uci_name;   // as Stockfish-family GUIs show it
  OptionType type;
  std::string_view default_value;
  std::int64_t min = 0, max = 0;
  std::vector<std::string_view> choices = {};
};

const std::vector<std::string_view> kLevels = {"none", "small", "medium", "large"};

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {"usemillisec", "", OptionType::kCheck, "false"},
      {"batch", "", OptionType::kCheck, "false"},
      {"debug", "", OptionType::kCheck, "false"},
      {"ponder", "Ponder", OptionType::kCheck, "false"},
      {"usebook", "OwnBook", OptionType::kCheck, "false"},
      {"bookfiles", "BookFile", OptionType::kString, "<empty>"},
      {"useegtb", "", OptionType::kCheck, "false"},
      {"egtbpaths", "", OptionType::kString, "<empty>"},
      {"hashsize", "Hash", OptionType::kSpin, "64", 0, 65536},
      {"threads", "Threads", OptionType::kSpin, "1", 0, 512},
      {"idle", "", OptionType::kCombo, "none", 0, 0, kLevels},
      {"promotion", "", OptionType::kCheck, "false"},
      {"pruning", "Pruning", OptionType::kCombo, "large", 0, 0, kLevels},
      {"knowledge", "Knowledge", OptionType::kCombo, "large", 0, 0, kLevels},
      {"randomness", "", OptionType::kCombo, "none", 0, 0, kLevels},
      {"style", "", OptionType::kCombo, "normal", 0, 0, {"solid", "normal", "risky"}},
      {"newgame", "Clear Hash", OptionType::kButton, ""},
      {"minorshashsize", "MinorsHash", OptionType::kSpin, "5", 0, 32768},
      {"moveoverhead", "Move Overhead", OptionType::kSpin, "50", 0, 5000},
      {"multipv", "MultiPV", OptionType::kSpin, "1", 1, 128},
      {"nullmove", "NullMove", OptionType::kCheck, "true"},
      {"latemovereductions", "LateMoveReductions", OptionType::kCheck, "true"},
      {"futility", "Futility", OptionType::kCheck, "true"},
      {"razoring", "Razoring", OptionType::kCheck, "true"},
      {"transactions", "AspirationTransactions", OptionType::kCheck, "false"},
      {"minorsverify", "MinorsVerify", OptionType::kCheck, "false"},
      {"minorslockless", "MinorsLockless", OptionType::kCheck, "true"},
      {"minorsreset", "MinorsResetEveryMove", OptionType::kCheck, "false"},
      {"naturalmovelimit", "NaturalMoveLimit", OptionType::kSpin, "120", 0, 1000},
      {"drawoffers", "DrawOffers", OptionType::kCheck, "true"},
      {"resign", "Resign", OptionType::kCheck, "false"},
      {"parameterfile", "ParameterFile", OptionType::kString, "<empty>"},
      {"searchparameterfile", "SearchParameterFile", OptionType::kString, "<empty>"},
      {"", "UCI_Variant", OptionType::kCombo, "xiangqi", 0, 0, {"xiangqi"}},
  };
  return specs;
}

const OptionSpec* find_option(std::string_view name) {
  const std::string wanted = lower(name);
  for (const OptionSpec& spec : option_specs())
    if ((!spec.ucci_name.empty() && wanted == spec.ucci_name) ||
        (!spec.uci_name.empty() && wanted == lower(spec.uci_name)))
      return &spec;
  return nullptr;
}

// Only kings, advisors and elephants are left: none of them can reach the other side, so nobody can win.
bool no_attackers_left(const Position& position) {
  for (const Color c : {kRed, kBlack})
    for (const PieceType type : {kRook, kHorse, kCannon, kPawn})
      if (position.count(c, type)) return false;
  return true;
}

PruningLevel level_of(const std::string& value) {
  return value == "none"     ? PruningLevel::kNone
         : value == "small"  ? PruningLevel::kSmall
         : value == "medium" ? PruningLevel::kMedium
                             : PruningLevel::kLarge;
}

}  // namespace

void LineWriter::line(const std::string& text) {
  std::lock_guard lock(mutex_);
  sink_(text);
}

Session::Session(LineWriter& writer, std::size_t hash_megabytes)
    : writer_(writer), searcher_(hash_megabytes), position_(*parse_fen(kStartFen).position) {
  searcher_.set_info_callback([this](const SearchInfo& info) { print_info(info); });
  searcher_.set_root_move_callback([this](Move m, int number, int depth) {
    // Only in debug mode, and from depth 5, where a root move takes long enough to be worth naming.
    if (debug_ && depth >= 5)
      writer_.line(
          fmt::format("info depth {} currmove {} currmovenumber {}", depth, move_to_iccs(m), number));
  });
}

Session::~Session() {
  searcher_.stop();
  wait_for_search();
}

void Session::message(const std::string& text) {
  if (protocol_ == Protocol::kUcci)
    writer_.line("info message " + text);
  else if (protocol_ == Protocol::kUci)
    writer_.line("info string " + text);
  else
    writer_.line(text);
}

bool Session::handle(std::string_view line) {
  if (ended_) return false;
  const auto words = split_words(line);
  if (words.empty()) return true;
  const std::string_view command = words[0];
  const std::vector<std::string_view> arguments(words.begin() + 1, words.end());

  if (command == "quit") {
    quit();
    return false;
  }
  if (protocol_ == Protocol::kUndecided) {
    if (command == "ucci")
      boot(Protocol::kUcci);
    else if (command == "uci")
      boot(Protocol::kUci);
    else
      message(fmt::format("Shuai {}: send 'ucci' or 'uci' first (or 'quit'); 'shuai --help' lists the rest",
                          kVersion));
    return true;
  }
  if (command == "isready") {
    writer_.line("readyok");
  } else if (command == "stop") {
    stop();
  } else if (command == "ponderhit") {
    // "ponderhit draw": the opponent's move came with a draw offer, which the answer may accept.
    if (arguments.size() == 1 && arguments[0] == "draw") draw_offered_ = true;
    if (thinking()) searcher_.ponderhit();
  } else if (command == "probe") {
    probe(arguments);
  } else if (thinking()) {
    message(fmt::format("'{}' ignored while thinking: send stop first", command));
  } else if (command == "ucci" || command == "uci") {
    boot(command == "ucci" ? Protocol::kUcci : Protocol::kUci);
  } else if (command == "setoption") {
    set_option(line.substr(line.find("setoption") + 9));
  } else if (command == "position") {
    set_position(arguments);
  } else if (command == "banmoves") {
    set_banned_moves(arguments);
  } else if (command == "go") {
    go(arguments);
  } else if (command == "ucinewgame") {
    searcher_.clear();
  } else {
    message(fmt::format("unknown command '{}'", command));
  }
  return true;
}

void Session::finish() {
  if (!ended_) quit();
}

void Session::boot(Protocol protocol) {
  protocol_ = protocol;
  writer_.line(fmt::format("id name Shuai {}", kVersion));
  if (protocol == Protocol::kUcci) {
    writer_.line(fmt::format("id version {}", kVersion));
    writer_.line("id copyright 2026 the Shuai developers, open source");
  }
  writer_.line("id author the Shuai developers");
  print_options();
  writer_.line(protocol == Protocol::kUcci ? "ucciok" : "uciok");
}

void Session::print_options() {
  const bool ucci = protocol_ == Protocol::kUcci;
  for (const OptionSpec& spec : option_specs()) {
    const std::string_view name = ucci ? spec.ucci_name : spec.uci_name;
    if (name.empty()) continue;
    std::string text =
        ucci ? fmt::format("option {} type ", name) : fmt::format("option name {} type ", name);
    switch (spec.type) {
      case OptionType::kCheck:
        text += fmt::format("check default {}", spec.default_value);
        break;
      case OptionType::kSpin:
        text += ucci ? fmt::format("spin min {} max {} default {}", spec.min, spec.max, spec.default_value)
                     : fmt::format("spin default {} min {} max {}", spec.default_value, spec.min, spec.max);
        break;
      case OptionType::kCombo:
        text += "combo";
        if (!ucci) text += fmt::format(" default {}", spec.default_value);
        for (const std::string_view choice : spec.choices) text += fmt::format(" var {}", choice);
        if (ucci) text += fmt::format(" default {}", spec.default_value);
        break;
      case OptionType::kButton:
        text += "button";
        break;
      case OptionType::kString:
        text += fmt::format("string default {}", spec.default_value);
        break;
    }
    writer_.line(text);
  }
}

bool Session::load_parameter_file(const std::string& path) {
  SearchOptions& options = searcher_.options();
  if (path.empty() || path == "<empty>") {
    options.evaluation.tables = &default_evaluation_tables();
    loaded_tables_.reset();
    searcher_.clear();  // the tables hold scores and static evaluations made with the old weights
    return true;
  }
  EvaluationParameters parameters = default_parameters();
  if (const auto error = load_parameters(path, parameters)) {
    message(fmt::format("{}: evaluation parameters unchanged", *error));
    return false;
  }
  // The new tables replace the old only once the search no longer points at them (no search runs now).
  auto tables = std::make_unique<EvaluationTables>(make_evaluation_tables(parameters));
  options.evaluation.tables = tables.get();
  loaded_tables_ = std::move(tables);
  searcher_.clear();
  return true;
}

bool Session::load_search_parameter_file(const std::string& path) {
  SearchParameters parameters = default_search_parameters();
  if (!path.empty() && path != "<empty>") {
    if (const auto error = load_search_parameters(path, parameters)) {
      message(fmt::format("{}: search parameters unchanged", *error));
      return false;
    }
  }
  searcher_.options().parameters = parameters;
  return true;
}

void Session::set_option(std::string_view rest) {
  const auto words = split_words(rest);
  std::string name, value;
  // UCI: "name <words...> [value <words...>]"; UCCI: "<name> [<value...>]".
  if (!words.empty() && words[0] == "name") {
    const auto value_at = std::find(words.begin(), words.end(), "value") - words.begin();
    name = join(words, 1, std::size_t(value_at));
    value = join(words, std::size_t(value_at) + 1, words.size());
  } else if (!words.empty()) {
    name = std::string(words[0]);
    value = join(words, 1, words.size());
  }
  if (name.empty()) {
    message("setoption needs an option name");
    return;
  }
  apply_option(name, value);
}

bool Session::apply_option(const std::string& name, const std::string& value) {
  const OptionSpec* spec = find_option(name);
  if (!spec) {
    message(fmt::format("unknown option '{}' ignored", name));
    return false;
  }
  const std::string key(spec->ucci_name.empty() ? lower(spec->uci_name) : std::string(spec->ucci_name));
  const std::string lowered = lower(value);
  bool flag = false;
  std::int64_t number = 0;
  switch (spec->type) {
    case OptionType::kCheck:
      if (lowered != "true" && lowered != "false") {
        message(fmt::format("option {} takes true or false, not '{}'", name, value));
        return false;
      }
      flag = lowered == "true";
      break;
    case OptionType::kSpin: {
      const auto parsed = parse_integer(lowered);
      if (!parsed || *parsed < spec->min || *parsed > spec->max) {
        message(fmt::format("option {} takes a whole number from {} to {}, not '{}'", name, spec->min,
                            spec->max, value));
        return false;
      }
      number = *parsed;
      break;
    }
    case OptionType::kCombo:
      if (std::find(spec->choices.begin(), spec->choices.end(), lowered) == spec->choices.end()) {
        message(key == "uci_variant"
                    ? fmt::format("variant '{}' is not supported: Shuai plays xiangqi only", value)
                    : fmt::format("option {} does not take '{}'", name, value));
        return false;
      }
      break;
    default:
      break;
  }

  SearchOptions& options = searcher_.options();
  if (key == "usemillisec")
    milliseconds_ = flag;
  else if (key == "batch")
    batch_ = flag;
  else if (key == "debug")
    debug_ = flag;
  else if (key == "promotion" && flag) {
    message("promotion of advisors and elephants is not supported: the option stays off");
    return false;
  } else if (key == "hashsize" || key == "minorshashsize") {
    const bool transposition = key == "hashsize";
    const std::size_t megabytes = transposition && number == 0 ? kDefaultHashMegabytes : std::size_t(number);
    if (megabytes > memory_limit_megabytes()) {
      message(fmt::format("{} {} MB is more than this machine can give (at most {} MB): size unchanged", name,
                          megabytes, memory_limit_megabytes()));
      return false;
    }
    const std::size_t previous =
        transposition ? searcher_.table().megabytes() : searcher_.minors_table().megabytes();
    try {
      transposition ? searcher_.table().resize(megabytes)
                    : searcher_.minors_table().resize_megabytes(megabytes);
    } catch (const std::bad_alloc&) {
      transposition ? searcher_.table().resize(previous)
                    : searcher_.minors_table().resize_megabytes(previous);
      message(fmt::format("could not allocate {} MB for {}: kept {} MB", megabytes, name, previous));
      return false;
    }
  } else if (key == "threads") {
    searcher_.set_threads(int(number));  // 0: one per processor
  } else if (key == "pruning")
    options.pruning = pruning_for_level(level_of(lowered));
  else if (key == "knowledge")
    options.evaluation.knowledge = Knowledge(int(level_of(lowered)));
  else if (key == "newgame")
    searcher_.clear();
  else if (key == "moveoverhead")
    options.move_overhead_ms = number;
  else if (key == "multipv")
    options.multi_pv = int(number);
  else if (key == "nullmove")
    options.pruning.null_move = flag;
  else if (key == "latemovereductions")
    options.pruning.late_move_reductions = flag;
  else if (key == "futility")
    options.pruning.futility = flag;
  else if (key == "razoring")
    options.pruning.razoring = flag;
  else if (key == "transactions")
    options.aspiration_transactions = flag;
  else if (key == "minorsverify")
    options.evaluation.verify_minors_hits = flag;
  else if (key == "minorslockless")
    searcher_.minors_table().set_lockless_encoding(flag);
  else if (key == "minorsreset")
    options.reset_minors_table_every_move = flag;
  else if (key == "naturalmovelimit")
    options.natural_move_limit = int(number);
  else if (key == "drawoffers")
    offer_draws_ = flag;
  else if (key == "resign")
    resign_ = flag;
  else if (key == "parameterfile")
    return load_parameter_file(value);
  else if (key == "searchparameterfile")
    return load_search_parameter_file(value);
  else if (key == "usebook") {
    use_book_ = flag;
    if (use_book_) load_book();
  } else if (key == "bookfiles") {
    book_files_ = value == "<empty>" ? "" : value;
    book_loaded_ = false;
    if (use_book_) load_book();
  } else if (key == "randomness") {
    // The book's choice: none follows the record, each level flattens it further toward uniform.
    book_sharpness_ = lowered == "none" ? 1.0 : lowered == "small" ? 0.75 : lowered == "medium" ? 0.5 : 0.25;
  }
  // ponder, useegtb, egtbpaths, idle, style, UCI_Variant: accepted; they change nothing (no tablebases;
  // pondering is driven by "go ponder").
  return true;
}

void Session::load_book() {
  if (book_loaded_) return;
  book_loaded_ = true;
  book_.clear();
  std::string error;
  if (!book_.load(book_files_.empty() ? std::string(SHUAI_DEFAULT_BOOK) : book_files_, error))
    message(error + "; playing without a book");
}

bool Session::play_book_move(const SearchLimits& limits) {
  std::vector<BookMove> moves = book_.probe(position_);
  std::erase_if(moves, [&](const BookMove& each) {
    return std::find(limits.excluded_root_moves.begin(), limits.excluded_root_moves.end(), each.move) !=
           limits.excluded_root_moves.end();
  });
  if (moves.empty()) return false;
  const Move move =
      choose_book_move(moves, book_sharpness_, std::uniform_real_distribution<double>(0, 1)(book_random_));
  std::uint64_t total_weight = 0;
  for (const BookMove& each : moves) total_weight += each.weight;
  const BookMove& chosen =
      *std::find_if(moves.begin(), moves.end(), [&](const BookMove& each) { return each.move == move; });
  message(fmt::format(
      "book move {} {}, one of {}: played in {} games, +{} ={} -{} for the mover, weight {:.1f}%",
      move_to_iccs(move), move_to_chinese(position_, move), moves.size(), chosen.games, chosen.wins,
      chosen.draws, chosen.losses, 100.0 * chosen.weight / double(std::max<std::uint64_t>(total_weight, 1))));
  wait_for_search();  // collect the thread of the previous, finished search
  writer_.line("bestmove " + move_to_iccs(move));
  return true;
}

std::optional<Position> Session::read_position(const std::vector<std::string_view>& words) {
  const std::size_t moves_at = std::size_t(std::find(words.begin(), words.end(), "moves") - words.begin());
  std::string fen;
  if (!words.empty() && words[0] == "startpos") {
    fen = std::string(kStartFen);
  } else if (!words.empty() && words[0] == "fen" && moves_at > 1) {
    fen = join(words, 1, moves_at);
  } else {
    message("position needs 'startpos' or 'fen <FEN>', optionally followed by 'moves ...'");
    return std::nullopt;
  }
  auto parsed = parse_fen(fen);
  if (!parsed.position) {
    message(parsed.error + "; position unchanged");
    return std::nullopt;
  }
  Position position = std::move(*parsed.position);
  for (std::size_t i = moves_at + 1; i < words.size(); ++i) {
    const auto move = parse_legal_move(position, words[i]);
    if (move.move == kNoMove) {
      message(fmt::format("{} (move {} of the list); position unchanged", move.error, i - moves_at));
      return std::nullopt;
    }
    position.make_move(move.move);
  }
  return position;
}

void Session::set_position(const std::vector<std::string_view>& words) {
  auto position = read_position(words);
  if (!position) return;
  position_ = std::move(*position);
  banned_moves_.clear();
  // A game whose moves already end in a third occurrence is over under the rules: say how it was ruled.
  const RepetitionVerdict ruling = judge_repetition(position_, 2);
  if (ruling.outcome != RuleOutcome::kNone)
    message("the position has occurred three times: " +
            repetition_ruling_text(ruling, position_.side_to_move()));
}

void Session::set_banned_moves(const std::vector<std::string_view>& words) {
  std::vector<Move> banned;
  for (const std::string_view word : words) {
    const auto move = parse_legal_move(position_, word);
    if (move.move == kNoMove) {
      message(move.error + "; banned moves unchanged");
      return;
    }
    banned.push_back(move.move);
  }
  banned_moves_ = std::move(banned);
}

void Session::go(const std::vector<std::string_view>& words) {
  SearchLimits limits;
  const bool red = position_.side_to_move() == kRed;
  bool draw_offered = false;
  const double time_unit = protocol_ == Protocol::kUcci && !milliseconds_ ? 1000.0 : 1.0;
  std::optional<int> perft_depth;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string_view word = words[i];
    const auto number = [&]() -> std::optional<double> {
      if (i + 1 >= words.size()) return std::nullopt;
      double value = 0;
      const std::string_view text = words[i + 1];
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || value < 0)
        return std::nullopt;
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
        message(fmt::format("go: '{}' needs a number; no search started", word));
        return;
      }
      const auto milliseconds = std::int64_t(*value * time_unit);
      if (word == "depth")
        limits.depth = int(std::min(*value, double(SearchLimits::kUnlimitedDepth)));
      else if (word == "mate") {
        if (*value < 1) {
          message("go: 'mate' needs a number of moves from 1; no search started");
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
        message(fmt::format("go: unknown word '{}'; no search started", word));
        return;
      }
    }
  }
  if (perft_depth) {
    std::uint64_t total = 0;
    for (const auto& [move, nodes] : perft_divide(position_, std::max(*perft_depth, 1))) {
      writer_.line(fmt::format("{}: {}", move_to_iccs(move), nodes));
      total += nodes;
    }
    writer_.line("");
    writer_.line(fmt::format("Nodes searched: {}", total));
    return;
  }
  const bool timed = limits.time.remaining_ms >= 0 || limits.time.move_time_ms >= 0;
  const bool bounded = limits.depth != SearchLimits().depth || limits.nodes || limits.mate || timed;
  if (!bounded && !limits.ponder) limits.infinite = true;  // a bare "go"
  if (limits.depth <= 0) {
    // UCCI: "go depth 0" reports the static evaluation and no move.
    Evaluator evaluator;
    message(fmt::format("static evaluation {}", evaluator.evaluate(position_)));
    writer_.line(protocol_ == Protocol::kUcci ? "nobestmove" : "bestmove (none)");
    return;
  }
  limits.excluded_root_moves = banned_moves_;
  // The book answers games and fixed-depth or timed play; analysis (infinite, ponder, mate) always searches.
  if (use_book_ && !limits.infinite && !limits.ponder && !limits.mate && play_book_move(limits)) return;
  // Judged here, while the position is this search's: the worker must not read it once it has gone idle.
  const bool dead_drawn = no_attackers_left(position_);
  draw_offered_ = draw_offered;
  if (batch_ && protocol_ == Protocol::kUcci) {
    writer_.line(best_move_answer(searcher_.search(position_, limits), dead_drawn));
    return;
  }
  wait_for_search();  // collect the thread of the previous, finished search
  searching_ = true;
  searcher_.arm(limits);  // here, not on the worker: a stop sent right after go must not be lost
  worker_ = std::thread([this, limits, dead_drawn] {
    const SearchResult result = searcher_.run(position_, limits);
    // Idle before the bestmove goes out, so a GUI answering it at once is heard; the lock keeps a racing
    // stop from answering too.
    // The answer is composed while still searching: once idle, the commanding thread may change the settings.
    const std::string answer = best_move_answer(result, dead_drawn);
    std::lock_guard lock(bestmove_mutex_);
    searching_ = false;
    writer_.line(answer);
  });
}

void Session::probe(const std::vector<std::string_view>& words) {
  // Reads the position without touching the session's, which a running search may be using.
  auto read = words.empty() ? std::optional<Position>(position_) : read_position(words);
  if (!read) return;
  Position& position = *read;
  const auto entry = searcher_.table().probe(position.key());
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

void Session::wait_for_search() {
  if (worker_.joinable()) worker_.join();
}

void Session::stop() {
  {
    std::lock_guard lock(bestmove_mutex_);
    if (!thinking()) {
      if (protocol_ == Protocol::kUcci) writer_.line("nobestmove");  // a confused GUI must not hang
      return;
    }
  }
  searcher_.stop();
  wait_for_search();
}

void Session::quit() {
  searcher_.stop();
  wait_for_search();
  if (protocol_ == Protocol::kUcci) writer_.line("bye");
  ended_ = true;
}

std::string Session::score_text(int score) const {
  if (protocol_ == Protocol::kUcci) return fmt::format("score {}", score);
  // UCI counts a mate in moves: positive when the side to move mates (its Nth move mates, 2N - 1 plies),
  // negative when it is mated (after its Nth move, 2N plies; 0 when mated now).
  if (score >= kMateInMaxPly) return fmt::format("score mate {}", (kMateScore - score + 1) / 2);
  if (score <= -kMateInMaxPly) return fmt::format("score mate {}", -((kMateScore + score) / 2));
  return fmt::format("score cp {}", score);
}

void Session::print_info(const SearchInfo& info) {
  const std::uint64_t nps =
      info.time_ms > 0 ? info.nodes * 1000 / std::uint64_t(info.time_ms) : info.nodes * 1000;
  std::string text = fmt::format(
      "info depth {} seldepth {} {}{} time {} nodes {} nps {} hashfull {}", info.depth, info.selective_depth,
      protocol_ == Protocol::kUci || searcher_.options().multi_pv > 1 ? fmt::format("multipv {} ", info.line)
                                                                      : "",
      score_text(info.score), info.time_ms, info.nodes, nps, info.hashfull);
  if (!info.principal_variation.empty()) {
    text += " pv";
    for (const Move m : info.principal_variation) {
      text += ' ';
      text += move_to_iccs(m);
    }
  }
  writer_.line(text);
}

bool Session::claims_repetition_draw(Move move) const {
  // The move brings about a third occurrence that the rules call a draw: claim it with the move.
  Position after = position_;
  after.make_move(move);
  return judge_repetition(after, 2).outcome == RuleOutcome::kDraw;
}

std::string Session::best_move_answer(const SearchResult& result, bool dead_drawn) {
  const bool draw_offered = draw_offered_.load();
  if (result.best_move == kNoMove) return protocol_ == Protocol::kUcci ? "nobestmove" : "bestmove (none)";
  std::string text = "bestmove " + move_to_iccs(result.best_move);
  if (result.ponder_move != kNoMove) text += " ponder " + move_to_iccs(result.ponder_move);
  if (protocol_ == Protocol::kUcci) {
    // Accept an offered draw when worse, offer one when neither side can ever attack, claim one when the move
    // makes a third occurrence ruled a draw; resign only when a loss is proven. A search stopped before its
    // first iteration finished has only estimated its score: no decision rests on it.
    const bool score_searched = result.depth > 0;
    if (offer_draws_ && ((draw_offered && score_searched && result.score < 0) || dead_drawn ||
                         claims_repetition_draw(result.best_move)))
      text += " draw";
    else if (resign_ && score_searched && result.score <= -kRuleWinScore + kMaxPly)
      text += " resign";
  }
  if (debug_) message(fmt::format("MHT probes {} hits {}", result.minors.probes, result.minors.hits));
  return text;
}

}  // namespace shuai
