// The protocol-free engine session: position, worker thread, book, draw and resign policy (engine_core.h).
#include "engine/protocol/engine_core.h"

#include <fmt/format.h>
#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>  // GlobalMemoryStatusEx: Windows has no sysconf
#else
#include <unistd.h>
#endif

#include <algorithm>
#include <thread>

#include "engine/board/board.h"
#include "engine/board/text.h"
#include "engine/tablebase/table_file.h"
#include "eval/parameter_file.h"

namespace shuai {

namespace {

// Memory a table may take: three quarters of the machine's, so a mistyped size cannot exhaust it.
std::size_t memory_limit_megabytes() {
#if defined(_WIN32)
  // Windows has no sysconf: the physical memory from GlobalMemoryStatusEx.
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof status;
  if (!GlobalMemoryStatusEx(&status) || status.ullTotalPhys == 0) return 4096;
  return std::size_t(status.ullTotalPhys / 1024 / 1024 * 3 / 4);
#else
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 4096;
  // In bytes first, as on Windows: dividing the page count first would round to 4 MB steps.
  return std::size_t(std::uint64_t(pages) * std::uint64_t(page_size) / 1024 / 1024 * 3 / 4);
#endif
}

}  // namespace

void LineWriter::line(const std::string& text) {
  std::lock_guard lock(mutex_);
  sink_(text);
}

EngineCore::EngineCore(LineWriter& writer, std::size_t hash_megabytes)
    : writer_(writer), searcher_(hash_megabytes), position_(*parse_fen(kStartFen).position) {}

EngineCore::~EngineCore() {
  searcher_.stop();
  perft_stop_ = true;
  wait_for_worker();
}

void EngineCore::message(const std::string& text) {
  if (print_message_)
    print_message_(text);
  else
    writer_.line(text);
}

void EngineCore::print_late_messages() {
  std::vector<std::string> lines;
  {
    const std::lock_guard lock(late_messages_->mutex);
    lines.swap(late_messages_->lines);
  }
  for (const std::string& line : lines) message(line);
}

void EngineCore::set_position(Position position) {
  position_ = std::move(position);
  banned_moves_.clear();
  // A game whose moves already end in a third occurrence is over under the rules: say how it was ruled.
  const RepetitionVerdict ruling = judge_repetition(position_, 2);
  if (ruling.outcome != RuleOutcome::kNone)
    message("the position has occurred three times: " +
            repetition_ruling_text(ruling, position_.side_to_move()));
}

void EngineCore::wait_for_worker() {
  if (worker_.joinable()) worker_.join();
}

void EngineCore::run_on_worker(std::function<std::string()> work) {
  wait_for_worker();  // collect the thread of the previous, finished job
  searching_ = true;
  auto job = [this, work = std::move(work)] {
    const std::string answer = work();
    // Idle before the answer goes out, so a client answering it at once is heard; the lock keeps a racing
    // stop from answering too.
    std::lock_guard lock(answer_mutex_);
    searching_ = false;
    if (!answer.empty()) writer_.line(answer);
  };
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  // The wasm build without threads (a page without cross-origin isolation) works on the caller's thread: the
  // command waits for its answer, and the page's Web Worker is busy until then.
  job();
#else
  worker_ = std::thread(std::move(job));
#endif
}

void EngineCore::start_search(const SearchLimits& limits,
                              std::function<std::string(const SearchResult&)> answer) {
  wait_for_worker();
  // Analysis says what the table knows of the root (the scores stay the search's: plies to conversion are
  // not plies to mate).
  if (const auto& tables = searcher_.options().tablebases)
    if (const auto value = tables->probe(position_); value && tablebase::is_position(*value))
      message(tablebase::value_text(*value));
  searcher_.arm(limits);  // here, not on the worker: a stop sent right after go must not be lost
  run_on_worker(
      [this, limits, answer = std::move(answer)] { return answer(searcher_.run(position_, limits)); });
}

void EngineCore::start_perft(int depth) {
  perft_stop_ = false;
  run_on_worker([this, depth] {
    Position position = position_;
    MoveList moves;
    generate_legal(position, moves);
    const auto divide = perft_divide(position, depth, &perft_stop_);
    std::uint64_t total = 0;
    for (const auto& [move, nodes] : divide) {
      writer_.line(fmt::format("{}: {}", move_to_iccs(move), nodes));
      total += nodes;
    }
    if (divide.size() < std::size_t(moves.size)) {
      message(fmt::format("perft {} stopped: {} of {} root moves counted, {} nodes", depth, divide.size(),
                          moves.size, total));
      return std::string();
    }
    writer_.line("");
    return fmt::format("Nodes searched: {}", total);
  });
}

bool EngineCore::stop() {
  {
    std::lock_guard lock(answer_mutex_);
    if (!thinking()) return false;
  }
  searcher_.stop();
  perft_stop_ = true;
  wait_for_worker();
  return true;
}

std::optional<BoardEnding> EngineCore::board_ending() const {
  Position position = position_;
  const Color mover = position.side_to_move();
  MoveList moves;
  generate_legal(position, moves);
  if (moves.size == 0)
    return BoardEnding{
        position.in_check() ? BoardEnding::Reason::kCheckmate : BoardEnding::Reason::kStalemate, mover};
  const RepetitionVerdict verdict = judge_repetition(position, 2);
  if (verdict.side_to_move == Conduct::kPerpetualCheck && verdict.opponent == Conduct::kAllowed)
    return BoardEnding{BoardEnding::Reason::kPerpetualCheck, mover};
  if (verdict.opponent == Conduct::kPerpetualCheck && verdict.side_to_move == Conduct::kAllowed)
    return BoardEnding{BoardEnding::Reason::kPerpetualCheck, opposite(mover)};
  return std::nullopt;
}

bool EngineCore::dead_drawn() const {
  for (const Color c : {kRed, kBlack})
    for (const PieceType type : {kRook, kHorse, kCannon, kPawn})
      if (position_.count(c, type)) return false;
  return true;
}

bool EngineCore::accepts_draw(int score, int depth) const {
  return settings_.offer_draws && depth > 0 && score < 0;
}

GameDecision EngineCore::decide(const SearchResult& result, bool dead_drawn) const {
  const bool score_searched = result.depth > 0;
  const auto claims_repetition_draw = [&] {
    // The move brings about a third occurrence that the rules call a draw: claim it with the move.
    Position after = position_;
    after.make_move(result.best_move);
    return judge_repetition(after, 2).outcome == RuleOutcome::kDraw;
  };
  if (settings_.offer_draws && ((draw_offered_.load() && accepts_draw(result.score, result.depth)) ||
                                dead_drawn || claims_repetition_draw()))
    return GameDecision::kDraw;
  if (settings_.resign && score_searched && result.score <= -kRuleWinScore + kMaxPly)
    return GameDecision::kResign;
  return GameDecision::kNone;
}

void EngineCore::report_search(const SearchResult& result) {
  if (settings_.debug)
    message(fmt::format("MHT probes {} hits {}, threads {} splits {}", result.minors.probes,
                        result.minors.hits, searcher_.thread_count(), result.splits));
}

void EngineCore::set_use_book(bool use) {
  use_book_ = use;
  if (use_book_) load_book();
}

void EngineCore::set_book_files(const std::string& files) {
  book_files_ = files == "<empty>" ? "" : files;
  book_loaded_ = false;
  if (use_book_) load_book();
}

void EngineCore::set_use_tablebases(bool use) {
  use_tablebases_ = use;
  load_tablebases();
}

void EngineCore::set_tablebase_paths(const std::string& paths) {
  tablebase_paths_ = paths == "<empty>" ? "" : paths;
  load_tablebases();
}

void EngineCore::load_tablebases() {
  searcher_.options().tablebases.reset();
  if (!use_tablebases_ || tablebase_paths_.empty()) return;
  auto tables = std::make_shared<tablebase::TableSet>();
  std::vector<std::string> problems;
  int loaded = 0;
  // The files are mapped, not read: the whole one-sided set is 53 GB, more than most machines' memory. The
  // checksums of the smallest endgames, up to a gigabyte, are checked before the engine answers (a second
  // or so from a cold disk); the rest come into use one by one as the background check reaches them.
  constexpr std::uint64_t kBytesCheckedAtOnce = std::uint64_t(1) << 30;
  std::uint64_t bytes_to_check = kBytesCheckedAtOnce;
  for (const std::string_view folder : split_at(tablebase_paths_, ';'))
    loaded += tablebase::load_table_folder(
        folder, *tables, problems, int(std::max(1U, std::thread::hardware_concurrency())), bytes_to_check);
  for (const std::string& problem : problems) message(problem + ": left out");
  std::uint64_t unchecked = 0, unchecked_bytes = 0;
  for (const tablebase::MappedTable* table : tables->mapped_tables())
    if (!table->checked.load(std::memory_order_relaxed))
      ++unchecked, unchecked_bytes += 2 * table->entry_count();
  if (unchecked == 0)
    message(fmt::format("tablebases: {} endgames loaded", loaded));
  else
    message(fmt::format("tablebases: {} endgames loaded, {} of them ({}) in use once checked", loaded,
                        unchecked, tablebase::memory_text(unchecked_bytes)));
  tablebase::check_in_background(*tables, [late = late_messages_](const std::string& line) {
    const std::lock_guard lock(late->mutex);
    late->lines.push_back(line);
  });
  if (loaded > 0) searcher_.options().tablebases = std::move(tables);
}

void EngineCore::load_book() {
  if (book_loaded_) return;
  book_loaded_ = true;
  book_.clear();
  std::string error;
  const bool loaded = book_files_.empty() ? book_.load_built_in(error) : book_.load(book_files_, error);
  if (!loaded) message(error + "; playing without a book");
}

Move EngineCore::book_move(const std::vector<Move>& excluded) {
  if (!use_book_) return kNoMove;
  std::vector<BookMove> moves = book_.probe(position_);
  std::erase_if(moves, [&](const BookMove& each) {
    return std::find(excluded.begin(), excluded.end(), each.move) != excluded.end();
  });
  if (moves.empty()) return kNoMove;
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
  wait_for_worker();  // collect the thread of the previous, finished search
  return move;
}

bool EngineCore::resize_table(bool transposition, std::string_view name, std::int64_t number) {
  const std::size_t megabytes =
      transposition && number == 0 ? TranspositionTable::kDefaultMegabytes : std::size_t(number);
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
    transposition ? searcher_.table().resize(previous) : searcher_.minors_table().resize_megabytes(previous);
    message(fmt::format("could not allocate {} MB for {}: kept {} MB", megabytes, name, previous));
    return false;
  }
  return true;
}

bool EngineCore::load_parameter_file(const std::string& path) {
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

bool EngineCore::load_search_parameter_file(const std::string& path) {
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

}  // namespace shuai
