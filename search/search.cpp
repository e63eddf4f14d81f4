// The Searcher: the owner that wires the search together. It keeps the tables, the thread pool, the time
// manager and the root moves, prepares them for each search, and hands the iterations to
// iterative_deepening.cpp (whose nodes node_search.cpp searches, with parallel.cpp's helpers).
#include "search/search.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "engine/board/movegen.h"
#include "search/win_draw_loss.h"

namespace shuai {

Searcher::Searcher(std::size_t hash_megabytes)
    : table_(hash_megabytes), shared_history_(std::make_unique<SharedHistory>()) {
  root_moves_.reserve(kMaxMoves);
}

Searcher::~Searcher() = default;

void Searcher::set_threads(int count) {
  pool_.set_size(count, [this](SearchThread& thread) { help_while_searching(thread); });
}

void Searcher::clear() {
  previous_search_score_.reset();
  table_.clear();
  minors_table_.clear();
  clear_histories();
}

void Searcher::clear_histories() {
  shared_history_->clear();
  for (const auto& thread : pool_.threads()) thread->history = {};
}

void Searcher::prepare_minors_table(const Position& root) {
  const Phase root_phase = minors_phase_of(root.majors_value());
  // Entering the endgame leaves the earlier entries useless (the paper resets the table then); entries made
  // with other knowledge or other weights hold other scores; and the Table 7 experiment resets before every
  // move.
  if ((root_phase == Phase::kEndgame && last_root_phase_ != Phase::kEndgame) ||
      options_.evaluation.knowledge != last_knowledge_ || options_.evaluation.tables != last_tables_ ||
      options_.reset_minors_table_every_move)
    minors_table_.clear();
  last_root_phase_ = root_phase;
  last_knowledge_ = options_.evaluation.knowledge;
  last_tables_ = options_.evaluation.tables;
}

void Searcher::ponderhit() {
  pondering_.store(false, std::memory_order_relaxed);
}

SearchResult Searcher::search(const Position& root, const SearchLimits& limits) {
  arm(limits);
  return run(root, limits);
}

void Searcher::arm(const SearchLimits& limits) {
  stop_.store(false, std::memory_order_relaxed);
  pondering_.store(limits.ponder, std::memory_order_relaxed);
}

SearchResult Searcher::run(const Position& root, const SearchLimits& limits) {
  prepare_search(root, limits);
  pool_.begin_search();  // the helpers wake
  choose_root_moves(limits);
  int partial_score = -kInfiniteScore;  // the best root move searched when depth 1 was stopped
  SearchResult result = iterate(limits, partial_score);
  pool_.end_search();
  if (result.depth == 0 && !root_moves_.empty()) settle_unfinished_search(result, partial_score);
  if (level_plan_ && result.depth > 0) play_level_choice(result);
  previous_search_score_.reset();
  if (result.depth > 0 && !is_mate_score(result.score)) previous_search_score_ = result.score;
  wait_until_released(limits);
  finish_result(result);
  return result;
}

void Searcher::prepare_search(const Position& root, const SearchLimits& limits) {
  limits_ = limits;
  root_material_ = outcome_material(root);
  level_plan_.reset();
  if (options_.level < kFullStrengthLevel) level_plan_ = plan_for_level(options_.level);
  level_lines_.clear();
  ponder_clock_pending_ = limits.ponder;
  const SearchParameters& parameters = options_.parameters;
  time_.start(limits.time, options_.move_overhead_ms, parameters, root.fullmove_number());
  reductions_ = ReductionTable(parameters);
  table_.new_search();
  table_.set_transactions_enabled(options_.aspiration_transactions);
  table_.set_same_key_keep_plies(parameters.table_same_key_keep_plies);
  table_.set_same_key_keep_older(parameters.table_keep_older != 0);

  // The table and the move-ordering statistics carry over between searches (unless the parameters say the
  // statistics do not), so a search depends on nothing else that ran before since the last clear(). The
  // helpers are idle (no split point is open between searches), so their state can be reset here.
  prepare_minors_table(root);
  if (!parameters.keep_histories) clear_histories();
  // Learnt afresh in every search; when it is off nothing reads it, so there is nothing to clear.
  if (parameters.low_ply_history_plies > 0) shared_history_->clear_low_ply();
  reset_threads(root);
}

void Searcher::reset_threads(const Position& root) {
  for (const auto& each : pool_.threads()) {
    SearchThread& state = *each;
    state.position = root;
    state.position.reserve_history(2 * kMaxPly);  // make_move must not allocate during the search
    state.evaluator.set_table(options_.use_minors_table ? &minors_table_ : nullptr);
    state.evaluator.settings() = options_.evaluation;
    state.evaluator.clear_statistics();
    state.stack.fill({});
    state.nodes.store(0, std::memory_order_relaxed);
    state.selective_depth.store(0, std::memory_order_relaxed);
    state.splits.store(0, std::memory_order_relaxed);
    state.split_cutoffs.store(0, std::memory_order_relaxed);
    state.thrown_away_nodes.store(0, std::memory_order_relaxed);
    state.stale_alpha_nodes.store(0, std::memory_order_relaxed);
    state.tablebase_hits.store(0, std::memory_order_relaxed);
    state.idle_nanoseconds.store(0, std::memory_order_relaxed);
    state.active_split_point = nullptr;
    state.null_move_barred_below_ply = 0;
    if (pool_.size() > 1)
      for (auto& split_point : state.split_points) {
        std::lock_guard lock(split_point.mutex);
        // Room for a copy of any board of this search, so a split allocates nothing.
        split_point.position = state.position;
        split_point.position.reserve_history(2 * kMaxPly);
      }
  }
}

void Searcher::choose_root_moves(const SearchLimits& limits) {
  MoveList legal;
  generate_legal(pool_.main_thread().position, legal);
  root_moves_.clear();
  for (const Move m : legal)
    if (std::find(limits.excluded_root_moves.begin(), limits.excluded_root_moves.end(), m) ==
        limits.excluded_root_moves.end())
      root_moves_.push_back(m);
  root_effort_.clear();
  for (const Move m : root_moves_) root_effort_.emplace_back(m, 0);
  // Nothing to decide in a game: the one move is played once depth 1 has scored it (after ponderhit when
  // pondering). An analysis (a depth, nodes, a move time, a mate asked, or infinite) runs as asked instead,
  // so that the score it shows is true.
  keep_tablebase_root_moves();
  forced_move_ = root_moves_.size() == 1 && limits.game_clock_only();
}

void Searcher::keep_tablebase_root_moves() {
  const tablebase::TableSet* tables = options_.tablebases.get();
  Position& position = pool_.main_thread().position;
  root_tablebase_score_.reset();
  const auto root = tables != nullptr ? tables->probe(position) : std::nullopt;
  if (!root || !tablebase::is_position(*root) || root_moves_.empty()) return;
  // Each move's outcome for the side to move, ranked: a win by its plies to conversion (fewer is better), a
  // draw, a loss by its plies (more is better). A capture converts at once.
  std::vector<std::pair<Move, int>> ranked;
  for (const Move m : root_moves_) {
    const bool capture = position.piece_on(to_square(m)) != kEmpty;
    position.make_move(m);
    const auto after = tables->probe(position);
    position.unmake_move();
    if (!after || !tablebase::is_position(*after)) return;
    const int plies = capture ? 1 : tablebase::distance_of(*after) + 1;
    const int rank = tablebase::is_loss(*after)  ? 1000 - plies
                     : tablebase::is_win(*after) ? -1000 + plies
                                                 : 0;
    ranked.emplace_back(m, rank);
  }
  const int best = std::max_element(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
                     return a.second < b.second;
                   })->second;
  root_moves_.clear();
  for (const auto& [m, rank] : ranked)
    if (rank == best) root_moves_.push_back(m);
  root_tablebase_score_ = tablebase_score(*root);
  std::erase_if(root_effort_, [&](const auto& effort) {
    return std::find(root_moves_.begin(), root_moves_.end(), effort.first) == root_moves_.end();
  });
}

void Searcher::play_level_choice(SearchResult& result) {
  if (level_lines_.size() <= 1) return;
  std::vector<int> scores;
  for (const RootLine& line : level_lines_) scores.push_back(line.score);
  const std::size_t chosen = choose_level_line(scores, level_plan_->temperature,
                                               std::uniform_real_distribution<double>(0, 1)(level_random_));
  RootLine& line = level_lines_[chosen];
  result.best_move = line.principal_variation[0];
  result.score = line.score;
  last_principal_variation_ = line.principal_variation;
}

void Searcher::wait_until_released(const SearchLimits& limits) {
  // Infinite and ponder searches report only when told to, even when there is nothing left to search.
  while (!stop_.load(std::memory_order_relaxed) &&
         (limits.infinite || pondering_.load(std::memory_order_relaxed)))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

void Searcher::finish_result(SearchResult& result) const {
  if (last_principal_variation_.size() > 1 && last_principal_variation_[0] == result.best_move)
    result.ponder_move = last_principal_variation_[1];
  result.nodes = pool_.nodes();
  for (const auto& each : pool_.threads()) {
    result.minors += each->evaluator.statistics();
    result.splits += each->splits.load(std::memory_order_relaxed);
    result.split_cutoffs += each->split_cutoffs.load(std::memory_order_relaxed);
    result.thrown_away_nodes += each->thrown_away_nodes.load(std::memory_order_relaxed);
    result.stale_alpha_nodes += each->stale_alpha_nodes.load(std::memory_order_relaxed);
    result.idle_seconds += 1e-9 * double(each->idle_nanoseconds.load(std::memory_order_relaxed));
    result.tablebase_hits += each->tablebase_hits.load(std::memory_order_relaxed);
  }
}

}  // namespace shuai
