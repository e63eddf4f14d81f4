// Iterative deepening alpha-beta search with PVS, quiescence, pruning switches and the repetition rules.
#include "search/search.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <thread>

#include <pthread.h>
#include <sched.h>

#include "engine/board/movegen.h"

namespace shuai {
cpu_set_t bind_to_processor(int index) {
  cpu_set_t previous, allowed, chosen;
  CPU_ZERO(&previous);
  pthread_getaffinity_np(pthread_self(), sizeof previous, &previous);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return previous;
  const int count = CPU_COUNT(&allowed);
  if (count < 2) return previous;
  int wanted = index % count;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &allowed)) continue;
    if (wanted-- == 0) {
      CPU_ZERO(&chosen);
      CPU_SET(cpu, &chosen);
      pthread_setaffinity_np(pthread_self(), sizeof chosen, &chosen);
      break;
    }
  }
  return previous;
}

namespace {

constexpr int kAspirationWindow = 30;
constexpr int kRazorMargin = 250;                       // per ply of depth
constexpr int kFutilityMargin[4] = {0, 120, 220, 320};  // by remaining depth

// Late move reductions grow with the logarithms of depth and move number.
struct ReductionTable {
  std::array<std::array<int, 64>, 64> plies{};
  ReductionTable() {
    for (int depth = 1; depth < 64; ++depth)
      for (int moves = 1; moves < 64; ++moves)
        plies[depth][moves] = int(0.75 + std::log(depth) * std::log(moves) / 2.25);
  }
};
const ReductionTable kReductions;

// A quiet move that failed high becomes its ply's first killer and gains history; the quiet moves tried
// before it lose as much.
void reward_quiet_cutoff(SearchThread& thread, int ply, Move move, int depth,
                         std::span<const Move> tried_before) {
  auto& killers = thread.stack[std::size_t(ply)].killers;
  if (killers[0] != move) killers = {move, killers[0]};
  const auto history_of = [&](Move m) -> int& {
    return thread.history[piece_index(thread.position.piece_on(from_square(m)))][to_square(m)];
  };
  const int bonus = std::min(depth * depth, 400);
  update_history(history_of(move), bonus);
  for (const Move tried : tried_before) update_history(history_of(tried), -bonus);
}

// History rows are indexed by mailbox square; only this span holds board squares.
constexpr std::size_t kFirstBoardSquare = make_square(0, 0);
constexpr std::size_t kBoardSquaresEnd = make_square(kFileCount - 1, kRankCount - 1) + 1;

// Adds what a thread learnt working at a split point (its history now, against the copy it started from).
void add_history_gain(SplitPoint& split_point, const HistoryTable& now) {
  for (std::size_t piece = 0; piece < now.size(); ++piece)
    for (std::size_t square = kFirstBoardSquare; square < kBoardSquaresEnd; ++square)
      split_point.history_gain[piece][square] += now[piece][square] - split_point.history[piece][square];
}

// The line a split point's best move leads to becomes the master's at that ply (if one raised alpha there).
void take_principal_variation(SearchThread& master, const SplitPoint& split_point) {
  if (split_point.principal_variation_length < 0) return;
  std::copy_n(split_point.principal_variation.begin(), split_point.principal_variation_length,
              master.principal_variation[std::size_t(split_point.ply)].begin());
  master.principal_variation_length[std::size_t(split_point.ply)] = split_point.principal_variation_length;
}

// What the master knows after a join: its history at the split and what every thread learnt there.
void take_history_gain(SearchThread& master, const SplitPoint& split_point) {
  for (std::size_t piece = 0; piece < master.history.size(); ++piece)
    for (std::size_t square = kFirstBoardSquare; square < kBoardSquaresEnd; ++square)
      master.history[piece][square] =
          std::clamp(split_point.history[piece][square] + split_point.history_gain[piece][square],
                     -kHistoryMax, kHistoryMax);
}

int reduction(int depth, int moves_searched) {
  return kReductions.plies[std::min(depth, 63)][std::min(moves_searched, 63)];
}

// Passing is only a fair test when the side to move has majors enough to make zugzwang unlikely.
bool null_move_is_safe(const Position& position) {
  const Color us = position.side_to_move();
  return position.count(us, kRook) > 0 || position.count(us, kHorse) + position.count(us, kCannon) >= 2;
}

}  // namespace

PruningSwitches pruning_for_level(PruningLevel level) {
  switch (level) {
    case PruningLevel::kNone:
      return {false, false, false, false};
    case PruningLevel::kSmall:
      return {true, false, false, false};
    case PruningLevel::kMedium:
      return {true, true, false, false};
    case PruningLevel::kLarge:
      return {true, true, true, true};
  }
  return {};
}

Searcher::Searcher(std::size_t hash_megabytes) : table_(hash_megabytes) {
  root_moves_.reserve(kMaxMoves);
  threads_.push_back(std::make_unique<SearchThread>());
}

Searcher::~Searcher() {
  stop_workers();
}

void Searcher::stop_workers() {
  {
    std::lock_guard lock(pool_mutex_);
    pool_quit_ = true;
  }
  pool_wake_.notify_all();
  for (auto& worker : workers_) worker.join();
  workers_.clear();
  pool_quit_ = false;
}

void Searcher::set_threads(int count) {
  if (count <= 0) count = int(std::max(1u, std::thread::hardware_concurrency()));
  stop_workers();
  threads_.resize(1);
  for (int i = 1; i < count; ++i) threads_.push_back(std::make_unique<SearchThread>());
  for (int i = 1; i < count; ++i)
    workers_.emplace_back([this, i] {
      bind_to_processor(i);
      idle_loop(*threads_[std::size_t(i)]);
    });
}

std::uint64_t Searcher::total_nodes() const {
  std::uint64_t nodes = 0;
  for (const auto& thread : threads_) nodes += thread->nodes.load(std::memory_order_relaxed);
  return nodes;
}

void Searcher::clear() {
  table_.clear();
  minors_table_.clear();
}

void Searcher::prepare_minors_table(const Position& root) {
  const Phase root_phase = minors_phase_of(root.majors_value());
  // Entering the endgame leaves the earlier entries useless (the paper resets the table then); entries made
  // with other knowledge hold other scores; and the Table 7 experiment resets before every move.
  if ((root_phase == Phase::kEndgame && last_root_phase_ != Phase::kEndgame) ||
      options_.evaluation.knowledge != last_knowledge_ || options_.reset_minors_table_every_move)
    minors_table_.clear();
  last_root_phase_ = root_phase;
  last_knowledge_ = options_.evaluation.knowledge;
}

void Searcher::ponderhit() {
  pondering_.store(false, std::memory_order_relaxed);
}

int Searcher::rule_score(RuleOutcome outcome, int ply) const {
  switch (outcome) {
    case RuleOutcome::kWin:
      return kRuleWinScore - ply;
    case RuleOutcome::kLoss:
      return -kRuleWinScore + ply;
    default:
      return kDrawScore;
  }
}

void Searcher::poll_limits(SearchThread& thread) {
  // The thread that runs the iterations keeps the clock and the node limit; helpers only count.
  if (&thread != threads_[0].get()) return;
  const std::uint64_t nodes = thread.nodes.load(std::memory_order_relaxed);
  if (limits_.nodes && threads_.size() == 1 && nodes >= limits_.nodes)
    stop_.store(true, std::memory_order_relaxed);
  if ((nodes & 1023) != 0) return;
  if (limits_.nodes && threads_.size() > 1 && total_nodes() >= limits_.nodes)
    stop_.store(true, std::memory_order_relaxed);
  if (ponder_clock_pending_ && !pondering_.load(std::memory_order_relaxed)) {
    ponder_clock_pending_ = false;
    time_.restart_clock();
  }
  // Depth 1 always finishes, so there is a move to play.
  if (!ponder_clock_pending_ && !limits_.infinite && iteration_depth_ > 1 && time_.out_of_time())
    stop_.store(true, std::memory_order_relaxed);
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
  limits_ = limits;
  ponder_clock_pending_ = limits.ponder;
  time_.start(limits.time, options_.move_overhead_ms);
  table_.new_search();
  table_.set_transactions_enabled(options_.aspiration_transactions);

  // Only the table carries over between searches, so a search depends on nothing else that ran before.
  // The helpers are idle (no split point is open between searches), so their state can be reset here.
  prepare_minors_table(root);
  for (auto& each : threads_) {
    SearchThread& state = *each;
    state.position = root;
    state.position.reserve_history(2 * kMaxPly);  // make_move must not allocate during the search
    state.evaluator.set_table(options_.use_minors_table ? &minors_table_ : nullptr);
    state.evaluator.settings() = options_.evaluation;
    state.evaluator.clear_statistics();
    state.history = {};
    for (auto& frame : state.stack) frame = {};
    state.nodes.store(0, std::memory_order_relaxed);
    state.selective_depth.store(0, std::memory_order_relaxed);
    state.active_split_point = nullptr;
    if (threads_.size() > 1)
      for (auto& split_point : state.split_points) {
        std::lock_guard lock(split_point.mutex);
        // Room for a copy of any board of this search, so a split allocates nothing.
        split_point.position = state.position;
        split_point.position.reserve_history(2 * kMaxPly);
      }
  }
  SearchThread& thread = *threads_[0];
  const bool parallel = threads_.size() > 1;
  const cpu_set_t caller_binding = parallel ? bind_to_processor(0) : cpu_set_t{};
  if (parallel) {
    {
      std::lock_guard lock(pool_mutex_);
      searching_.store(true, std::memory_order_release);
    }
    pool_wake_.notify_all();
  }

  MoveList legal;
  generate_legal(thread.position, legal);
  root_moves_.clear();
  for (const Move m : legal)
    if (std::find(limits.excluded_root_moves.begin(), limits.excluded_root_moves.end(), m) ==
        limits.excluded_root_moves.end())
      root_moves_.push_back(m);

  SearchResult result;
  result.score = mated_in(0);
  last_principal_variation_.clear();
  int max_depth = std::clamp(limits.depth, 1, kMaxPly - 8);
  if (root_moves_.size() == 1 && time_.limited() && !limits.infinite) max_depth = 1;  // nothing to decide

  int score = 0;
  double instability = 1.0;
  for (int depth = 1; depth <= max_depth && !root_moves_.empty(); ++depth) {
    if (ponder_clock_pending_ && !pondering_.load(std::memory_order_relaxed)) {
      ponder_clock_pending_ = false;
      time_.restart_clock();
    }
    if (depth > 1 && !ponder_clock_pending_ && !limits.infinite && !time_.should_start_iteration(instability))
      break;
    iteration_depth_ = depth;
    root_path_dependent_ = false;
    int delta = kAspirationWindow;
    int alpha = -kInfiniteScore, beta = kInfiniteScore;
    if (depth >= 5 && !is_mate_score(score)) {
      alpha = std::max(score - delta, -kInfiniteScore);
      beta = std::min(score + delta, kInfiniteScore);
    }
    const Move previous_best = root_moves_[0];
    int value = 0;
    while (true) {
      if (options_.aspiration_transactions) table_.begin_transaction();
      value = search_root(alpha, beta, depth);
      if (stop_.load(std::memory_order_relaxed)) break;
      if (value <= alpha) {
        if (options_.aspiration_transactions) table_.roll_back_transaction();
        beta = (alpha + beta) / 2;
        alpha = std::max(value - delta, -kInfiniteScore);
        instability = std::min(instability * 1.5, 4.0);  // a failing root earns more time
      } else if (value >= beta) {
        if (options_.aspiration_transactions) table_.roll_back_transaction();
        beta = std::min(value + delta, kInfiniteScore);
      } else {
        break;
      }
      delta *= 2;
    }
    if (stop_.load(std::memory_order_relaxed)) break;
    score = value;
    instability = std::max(1.0, instability * (root_moves_[0] == previous_best ? 0.8 : 1.3));
    result.best_move = root_moves_[0];
    result.score = score;
    result.depth = depth;
    last_principal_variation_.assign(
        thread.principal_variation[0].begin(),
        thread.principal_variation[0].begin() + thread.principal_variation_length[0]);
    // The root is stored too, so the protocol's probe finds it and the next search starts from its move,
    // unless its score came through a repetition ruling that holds only on this path.
    if (!root_path_dependent_)
      table_.store(thread.position.key(), result.best_move, score_to_table(score, 0), depth, Bound::kExact);
    report(1, depth, score, last_principal_variation_);
    // Further MultiPV lines: each the best of the moves not yet reported, searched with a full window.
    const std::size_t lines =
        std::min<std::size_t>(std::size_t(std::max(options_.multi_pv, 1)), root_moves_.size());
    for (std::size_t line = 1; line < lines; ++line) {
      const int line_score = search_root(-kInfiniteScore, kInfiniteScore, depth, line);
      if (stop_.load(std::memory_order_relaxed)) break;
      report(int(line) + 1, depth, line_score,
             {thread.principal_variation[0].begin(),
              thread.principal_variation[0].begin() + thread.principal_variation_length[0]});
    }
    if (limits.nodes && total_nodes() >= limits.nodes) break;
  }
  searching_.store(false, std::memory_order_release);
  if (parallel) pthread_setaffinity_np(pthread_self(), sizeof caller_binding, &caller_binding);
  // A stopped first iteration still leaves the move ordered first, which is legal.
  if (result.best_move == kNoMove && !root_moves_.empty()) result.best_move = root_moves_[0];

  // Infinite and ponder searches report only when told to, even when there is nothing left to search.
  while (!stop_.load(std::memory_order_relaxed) &&
         (limits.infinite || pondering_.load(std::memory_order_relaxed)))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));

  if (last_principal_variation_.size() > 1 && last_principal_variation_[0] == result.best_move)
    result.ponder_move = last_principal_variation_[1];
  result.nodes = total_nodes();
  for (const auto& each : threads_) result.minors += each->evaluator.statistics();
  return result;
}

void Searcher::report(int line, int depth, int score, const std::vector<Move>& principal_variation) {
  if (!on_info_) return;
  SearchInfo info;
  info.line = line;
  info.depth = depth;
  for (const auto& thread : threads_)
    info.selective_depth =
        std::max(info.selective_depth, thread->selective_depth.load(std::memory_order_relaxed));
  info.score = score;
  info.nodes = total_nodes();
  info.time_ms = time_.elapsed_ms();
  info.hashfull = table_.hashfull();
  info.principal_variation = principal_variation;
  on_info_(info);
}

void Searcher::update_principal_variation(SearchThread& thread, int ply, Move m) {
  auto& line = thread.principal_variation[ply];
  const auto& child = thread.principal_variation[ply + 1];
  const int child_length = thread.principal_variation_length[ply + 1];
  line[0] = m;
  std::copy(child.begin(), child.begin() + child_length, line.begin() + 1);
  thread.principal_variation_length[ply] = child_length + 1;
}

int Searcher::search_root(int alpha, int beta, int depth, std::size_t first) {
  SearchThread& thread = *threads_[0];
  Position& position = thread.position;
  thread.principal_variation_length[0] = 0;
  int best = -kInfiniteScore;
  Move best_move = kNoMove;
  // A new best move goes first: it is played if time runs out, and searched first next iteration.
  const auto bring_to_front = [&](std::vector<Move>::iterator move) {
    std::rotate(root_moves_.begin() + std::ptrdiff_t(first), move, move + 1);
  };
  for (std::size_t i = first; i < root_moves_.size(); ++i) {
    const Move m = root_moves_[i];
    if (on_root_move_) on_root_move_(m, int(i) + 1, depth);
    position.make_move(m);
    thread.stack[1].reached_by_null_move = false;
    const int new_depth = depth - 1 + (position.in_check() ? 1 : 0);
    int score;
    if (i == first) {
      score = -search_node(thread, -beta, -alpha, new_depth, 1);
    } else {
      score = -search_node(thread, -alpha - 1, -alpha, new_depth, 1);
      if (score > alpha && score < beta) score = -search_node(thread, -beta, -alpha, new_depth, 1);
    }
    position.unmake_move();
    if (stop_.load(std::memory_order_relaxed)) return best;
    root_path_dependent_ |= thread.stack[1].path_dependent;
    best = std::max(best, score);
    if (score > alpha) {
      bring_to_front(root_moves_.begin() + std::ptrdiff_t(i));
      update_principal_variation(thread, 0, m);
      best_move = m;
      if (score >= beta) return score;
      alpha = score;
    }
    // The root splits like any node: once its first move is searched, helpers may take the others.
    if (i + 1 < root_moves_.size() && may_split(thread, depth)) {
      const NodeState node{beta, depth, 0, true, position.in_check(), false};
      SplitPoint& split_point = split(thread, node, alpha, best, best_move, int(i - first) + 1,
                                      std::span(root_moves_).subspan(i + 1));
      if (stop_.load(std::memory_order_relaxed)) return best;
      root_path_dependent_ |= split_point.any_child_path_dependent;
      if (split_point.best_move != best_move) {
        bring_to_front(
            std::find(root_moves_.begin() + std::ptrdiff_t(first), root_moves_.end(), split_point.best_move));
        take_principal_variation(thread, split_point);
      }
      return split_point.best;
    }
  }
  return best;
}

bool Searcher::aborted(const SearchThread& thread) const {
  if (stop_.load(std::memory_order_relaxed)) return true;
  for (const SplitPoint* split_point = thread.active_split_point; split_point;
       split_point = split_point->parent.load(std::memory_order_relaxed))
    if (split_point->cutoff.load(std::memory_order_relaxed)) return true;
  return false;
}

std::optional<int> Searcher::enter_node(SearchThread& thread, int ply) {
  SearchThread::Frame& frame = thread.stack[ply];
  frame.path_dependent = false;
  thread.principal_variation_length[ply] = 0;

  thread.nodes.store(thread.nodes.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  poll_limits(thread);
  if (aborted(thread)) return 0;
  if (ply > thread.selective_depth.load(std::memory_order_relaxed))
    thread.selective_depth.store(ply, std::memory_order_relaxed);

  const RuleOutcome rule = rule_outcome(thread.position, options_.natural_move_limit);
  if (rule != RuleOutcome::kNone) {
    frame.path_dependent = true;
    return rule_score(rule, ply);
  }
  if (ply >= kMaxPly) return thread.evaluator.evaluate(thread.position);
  return std::nullopt;
}

int Searcher::search_node(SearchThread& thread, int alpha, int beta, int depth, int ply) {
  if (depth <= 0) return quiescence(thread, alpha, beta, ply);
  Position& position = thread.position;
  SearchThread::Frame& frame = thread.stack[ply];
  if (const auto ended = enter_node(thread, ply)) return *ended;

  // Mate-distance pruning: no line from here can beat a mate already found nearer the root.
  alpha = std::max(alpha, mated_in(ply));
  beta = std::min(beta, mate_in(ply + 1));
  if (alpha >= beta) return alpha;

  const bool pv_node = beta - alpha > 1;
  const bool in_check = position.in_check();
  const std::uint64_t key = position.key();
  const auto entry = table_.probe(key);
  const Move table_move = entry ? entry->move : kNoMove;
  if (entry && !pv_node && entry->depth >= depth) {
    const int stored = score_from_table(entry->score, ply);
    if (entry->bound == Bound::kExact || (entry->bound == Bound::kLower && stored >= beta) ||
        (entry->bound == Bound::kUpper && stored <= alpha))
      return stored;
  }

  const int static_evaluation = in_check ? -kInfiniteScore : thread.evaluator.evaluate(position);
  const PruningSwitches& pruning = options_.pruning;

  if (!pv_node && !in_check) {
    if (pruning.razoring && depth <= 2 && static_evaluation + kRazorMargin * depth < alpha) {
      const int value = quiescence(thread, alpha, alpha + 1, ply);
      if (value <= alpha) return value;
    }
    if (pruning.null_move && depth >= 2 && static_evaluation >= beta && !frame.reached_by_null_move &&
        null_move_is_safe(position)) {
      const int reduction_plies = 2 + depth / 4;
      position.make_null_move();
      thread.stack[ply + 1].reached_by_null_move = true;
      const int value = -search_node(thread, -beta, -beta + 1, depth - 1 - reduction_plies, ply + 1);
      position.unmake_null_move();
      if (aborted(thread)) return 0;
      if (value >= beta) {
        frame.path_dependent = thread.stack[ply + 1].path_dependent;
        return value >= kMateInMaxPly ? beta : value;  // a mate found by passing is not proven
      }
    }
  }

  const NodeState node{beta,
                       depth,
                       ply,
                       pv_node,
                       in_check,
                       pruning.futility && !pv_node && !in_check && depth <= 3 &&
                           static_evaluation + kFutilityMargin[depth] <= alpha};
  MovePicker picker(position, table_move, frame.killers, thread.history, true);
  const int original_alpha = alpha;
  int best = -kInfiniteScore;
  Move best_move = kNoMove;
  int moves_searched = 0;
  bool failed_high = false, any_child_path_dependent = false;
  std::array<Move, 64> quiets_tried;
  int quiet_count = 0;

  for (Move m = picker.next(); m != kNoMove; m = picker.next()) {
    MoveFacts facts;
    if (!enter_move(thread, node, m, moves_searched, facts)) continue;
    ++moves_searched;
    const int score = search_move(thread, node, m, facts, alpha, moves_searched);
    position.unmake_move();
    if (aborted(thread)) return 0;

    const bool child_path_dependent = thread.stack[ply + 1].path_dependent;
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (pv_node) update_principal_variation(thread, ply, m);
        if (score >= beta) {
          failed_high = true;
          frame.path_dependent = child_path_dependent;  // only the refutation matters
          if (!facts.is_capture)
            reward_quiet_cutoff(thread, ply, m, depth,
                                std::span(quiets_tried.data(), std::size_t(quiet_count)));
          break;
        }
        alpha = score;
      }
    }
    any_child_path_dependent |= child_path_dependent;
    if (!facts.is_capture && quiet_count < int(quiets_tried.size())) quiets_tried[quiet_count++] = m;

    // Young brothers wait: with the first move searched, idle helpers may take the rest.
    if (may_split(thread, depth)) {
      // The move picker reads this thread's board, which helpers must not: it hands over all its moves now.
      MoveList remaining;
      for (Move next = picker.next(); next != kNoMove; next = picker.next()) remaining.push(next);
      SplitPoint& split_point = split(thread, node, alpha, best, best_move, moves_searched, remaining);
      if (aborted(thread)) return 0;
      // The split point is closed and its helpers gone: its results are the master's alone now.
      best = split_point.best;
      moves_searched = split_point.moves_searched;
      any_child_path_dependent |= split_point.any_child_path_dependent;
      if (split_point.best_move != best_move) {
        best_move = split_point.best_move;
        if (pv_node) take_principal_variation(thread, split_point);
      }
      if (split_point.failed_high) {
        failed_high = true;
        frame.path_dependent = split_point.refutation_path_dependent;
        if (position.piece_on(to_square(best_move)) == kEmpty)
          reward_quiet_cutoff(thread, ply, best_move, depth, {});
      }
      break;
    }
  }

  // No legal move: checkmate or stalemate, and in Xiangqi both lose.
  if (moves_searched == 0) return mated_in(ply);
  if (!failed_high) frame.path_dependent = any_child_path_dependent;
  if (!frame.path_dependent) {
    const Bound bound = failed_high ? Bound::kLower : (best > original_alpha ? Bound::kExact : Bound::kUpper);
    table_.store(key, best_move, score_to_table(best, ply), depth, bound);
  }
  return best;
}

bool Searcher::enter_move(SearchThread& thread, const NodeState& node, Move m, int moves_searched,
                          MoveFacts& facts) {
  Position& position = thread.position;
  if (!keeps_king_safe(position, m)) return false;
  facts.is_capture = position.piece_on(to_square(m)) != kEmpty;
  position.make_move(m);
  facts.gives_check = position.in_check();
  // Futility: near the leaves, a quiet move cannot lift a hopeless static score above alpha.
  if (node.futility_applies && moves_searched > 0 && !facts.is_capture && !facts.gives_check) {
    position.unmake_move();
    return false;
  }
  return true;
}

int Searcher::search_move(SearchThread& thread, const NodeState& node, Move m, const MoveFacts& facts,
                          int alpha, int moves_searched, const std::atomic<int>* shared_alpha) {
  const int depth = node.depth, ply = node.ply, beta = node.beta;
  const SearchThread::Frame& frame = thread.stack[ply];
  thread.stack[ply + 1].reached_by_null_move = false;
  // Check extension, bounded so a long series of checks cannot run the search to its maximum ply.
  const int new_depth = depth - 1 + (facts.gives_check && ply < 2 * iteration_depth_ ? 1 : 0);
  if (moves_searched == 1) return -search_node(thread, -beta, -alpha, new_depth, ply + 1);
  int reduction_plies = 0;
  // Root moves are never reduced: each may become the move played.
  if (options_.pruning.late_move_reductions && ply > 0 && depth >= 3 && moves_searched > 3 &&
      !facts.is_capture && !node.in_check && !facts.gives_check && m != frame.killers[0] &&
      m != frame.killers[1])
    reduction_plies = std::clamp(reduction(depth, moves_searched) - (node.pv_node ? 1 : 0), 0, new_depth - 1);
  // At a split point another thread may have raised alpha meanwhile: a move that does not beat the new alpha
  // needs no re-search.
  const auto raise_alpha = [&] {
    if (shared_alpha) alpha = std::max(alpha, shared_alpha->load(std::memory_order_relaxed));
  };
  int score = -search_node(thread, -alpha - 1, -alpha, new_depth - reduction_plies, ply + 1);
  if (score > alpha && reduction_plies > 0) {
    raise_alpha();
    if (score > alpha) score = -search_node(thread, -alpha - 1, -alpha, new_depth, ply + 1);
  }
  if (score > alpha && score < beta) {
    raise_alpha();
    if (score > alpha) score = -search_node(thread, -beta, -alpha, new_depth, ply + 1);
  }
  return score;
}

int Searcher::quiescence(SearchThread& thread, int alpha, int beta, int ply) {
  Position& position = thread.position;
  SearchThread::Frame& frame = thread.stack[ply];
  if (const auto ended = enter_node(thread, ply)) return *ended;

  const bool in_check = position.in_check();
  int best = -kInfiniteScore;
  if (!in_check) {
    best = thread.evaluator.evaluate(position);  // standing pat: the side to move need not capture
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
  }
  // In check every evasion is searched; otherwise captures that do not lose material.
  MovePicker picker(position, kNoMove, frame.killers, thread.history, in_check);
  const bool pv_node = beta - alpha > 1;
  int legal_moves = 0;
  bool failed_high = false, any_child_path_dependent = false;
  for (Move m = picker.next(); m != kNoMove; m = picker.next()) {
    if (!keeps_king_safe(position, m)) continue;
    ++legal_moves;
    position.make_move(m);
    const int score = -quiescence(thread, -beta, -alpha, ply + 1);
    position.unmake_move();
    if (aborted(thread)) return 0;
    const bool child_path_dependent = thread.stack[ply + 1].path_dependent;
    if (score > best) {
      best = score;
      if (score > alpha) {
        if (pv_node) update_principal_variation(thread, ply, m);
        if (score >= beta) {
          failed_high = true;
          frame.path_dependent = child_path_dependent;
          break;
        }
        alpha = score;
      }
    }
    any_child_path_dependent |= child_path_dependent;
  }
  if (in_check && legal_moves == 0) return mated_in(ply);
  if (!failed_high) frame.path_dependent = any_child_path_dependent;
  return best;
}

bool Searcher::may_split(const SearchThread& thread, int depth) const {
  return threads_.size() > 1 && depth >= options_.min_split_depth &&
         idle_helpers_.load(std::memory_order_relaxed) > 0 &&
         thread.split_point_count.load(std::memory_order_relaxed) < SearchThread::kMaxSplitPoints;
}

SplitPoint& Searcher::split(SearchThread& thread, const NodeState& node, int alpha, int best, Move best_move,
                            int moves_searched, std::span<const Move> moves) {
  const int index = thread.split_point_count.load(std::memory_order_relaxed);
  SplitPoint& split_point = thread.split_points[std::size_t(index)];
  {
    std::lock_guard lock(split_point.mutex);
    split_point.parent.store(thread.active_split_point, std::memory_order_relaxed);
    split_point.cutoff.store(false, std::memory_order_relaxed);
    split_point.master = &thread;
    split_point.position = thread.position;
    split_point.history = thread.history;
    for (auto& row : split_point.history_gain)
      std::fill(row.begin() + kFirstBoardSquare, row.begin() + kBoardSquaresEnd, 0);
    for (int ply = node.ply; ply < int(split_point.killers.size()); ++ply)
      split_point.killers[std::size_t(ply)] = thread.stack[std::size_t(ply)].killers;
    split_point.beta = node.beta;
    split_point.depth = node.depth;
    split_point.ply = node.ply;
    split_point.pv_node = node.pv_node;
    split_point.in_check = node.in_check;
    split_point.futility_applies = node.futility_applies;
    split_point.moves.size = 0;
    for (const Move m : moves) split_point.moves.push(m);
    split_point.next_move = 0;
    split_point.exhausted.store(split_point.moves.size == 0, std::memory_order_relaxed);
    split_point.moves_searched = moves_searched;
    split_point.alpha.store(alpha, std::memory_order_relaxed);
    split_point.best = best;
    split_point.best_move = best_move;
    split_point.failed_high = split_point.refutation_path_dependent = false;
    split_point.any_child_path_dependent = false;
    split_point.principal_variation_length = -1;
    split_point.helpers = 0;
  }
  thread.split_point_count.store(index + 1, std::memory_order_release);
  split_point.joinable.store(true, std::memory_order_release);

  SplitPoint* const outer = thread.active_split_point;
  thread.active_split_point = &split_point;
  work_at(thread, split_point);
  {
    std::lock_guard lock(split_point.mutex);
    split_point.joinable.store(false, std::memory_order_relaxed);
    add_history_gain(split_point, thread.history);
  }
  // Helpful master: while helpers are still busy below, help them instead of waiting idle. Meanwhile it
  // counts as idle, so a helper below may split for it.
  idle_helpers_.fetch_add(1, std::memory_order_relaxed);
  while (true) {
    {
      std::lock_guard lock(split_point.mutex);
      if (split_point.helpers == 0) break;
    }
    if (help(thread, &split_point))
      thread.position = split_point.position;  // back to this node's board
    else
      std::this_thread::yield();
  }
  idle_helpers_.fetch_sub(1, std::memory_order_relaxed);
  thread.active_split_point = outer;
  take_history_gain(thread, split_point);
  // Closed: the slot is free for this thread's next split, which cannot come before the caller has read the
  // results (and an aborted caller does not read them).
  thread.split_point_count.store(index, std::memory_order_release);
  return split_point;
}

void Searcher::work_at(SearchThread& thread, SplitPoint& split_point) {
  const NodeState node{split_point.beta,    split_point.depth,    split_point.ply,
                       split_point.pv_node, split_point.in_check, split_point.futility_applies};
  const int ply = node.ply;
  while (!aborted(thread)) {
    Move m = kNoMove;
    {
      std::lock_guard lock(split_point.mutex);
      if (split_point.next_move >= split_point.moves.size) break;
      m = split_point.moves[split_point.next_move++];
      if (split_point.next_move >= split_point.moves.size)
        split_point.exhausted.store(true, std::memory_order_relaxed);
    }
    MoveFacts facts;
    if (!enter_move(thread, node, m, 1, facts)) continue;
    int alpha = 0, moves_searched = 0;
    {
      std::lock_guard lock(split_point.mutex);
      moves_searched = ++split_point.moves_searched;
      alpha = split_point.alpha.load(std::memory_order_relaxed);
    }
    // The root's moves are announced by the thread that talks to the interface, as a serial search does, with
    // their place in the root move list (which stays as it is while the root's split point is open).
    if (ply == 0 && on_root_move_ && &thread == threads_[0].get()) {
      const auto place = std::find(root_moves_.begin(), root_moves_.end(), m) - root_moves_.begin();
      on_root_move_(m, int(place) + 1, node.depth);
    }
    const int score = search_move(thread, node, m, facts, alpha, moves_searched, &split_point.alpha);
    thread.position.unmake_move();
    if (aborted(thread)) break;
    const bool child_path_dependent = thread.stack[ply + 1].path_dependent;
    std::lock_guard lock(split_point.mutex);
    if (split_point.failed_high) break;
    split_point.any_child_path_dependent |= child_path_dependent;
    if (score <= split_point.best) continue;
    split_point.best = score;
    if (score <= split_point.alpha.load(std::memory_order_relaxed)) continue;
    split_point.best_move = m;
    if (node.pv_node) {
      const int child_length = thread.principal_variation_length[ply + 1];
      split_point.principal_variation[0] = m;
      std::copy_n(thread.principal_variation[ply + 1].begin(), child_length,
                  split_point.principal_variation.begin() + 1);
      split_point.principal_variation_length = child_length + 1;
    }
    if (score >= node.beta) {
      split_point.failed_high = true;
      split_point.refutation_path_dependent = child_path_dependent;
      split_point.cutoff.store(true, std::memory_order_relaxed);
      break;
    }
    split_point.alpha.store(score, std::memory_order_relaxed);
  }
}

bool Searcher::help(SearchThread& thread, const SplitPoint* below) {
  for (const auto& owner : threads_) {
    const int count = owner->split_point_count.load(std::memory_order_acquire);
    for (int index = 0; index < count && index < SearchThread::kMaxSplitPoints; ++index) {
      SplitPoint& split_point = owner->split_points[std::size_t(index)];
      // Checked without the lock first, so that idle threads polling do not take the cache line of a lock the
      // threads working there need.
      if (!split_point.joinable.load(std::memory_order_acquire) ||
          split_point.exhausted.load(std::memory_order_relaxed) ||
          split_point.cutoff.load(std::memory_order_relaxed))
        continue;
      {
        std::lock_guard lock(split_point.mutex);
        if (!split_point.joinable.load(std::memory_order_relaxed) ||
            split_point.cutoff.load(std::memory_order_relaxed) ||
            split_point.next_move >= split_point.moves.size)
          continue;
        // An open split point's ancestors stay open, so its chain can be walked while it is locked.
        // Below `below` if asked, and not under a split point that has already failed high (its master is
        // about to close this one).
        bool is_below = below == nullptr, doomed = false;
        for (const SplitPoint* up = split_point.parent.load(std::memory_order_relaxed); up;
             up = up->parent.load(std::memory_order_relaxed)) {
          is_below |= up == below;
          doomed |= up->cutoff.load(std::memory_order_relaxed);
        }
        if (!is_below || doomed) continue;
        ++split_point.helpers;
        idle_helpers_.fetch_sub(1, std::memory_order_relaxed);
      }
      thread.position = split_point.position;
      thread.history = split_point.history;
      for (std::size_t ply = std::size_t(split_point.ply); ply < split_point.killers.size(); ++ply)
        thread.stack[ply].killers = split_point.killers[ply];
      SplitPoint* const outer = thread.active_split_point;
      thread.active_split_point = &split_point;
      work_at(thread, split_point);
      thread.active_split_point = outer;
      {
        std::lock_guard lock(split_point.mutex);
        --split_point.helpers;
        idle_helpers_.fetch_add(1, std::memory_order_relaxed);
      }
      return true;
    }
  }
  return false;
}

void Searcher::idle_loop(SearchThread& thread) {
  while (true) {
    {
      std::unique_lock lock(pool_mutex_);
      pool_wake_.wait(lock, [&] { return pool_quit_ || searching_.load(std::memory_order_acquire); });
      if (pool_quit_) return;
    }
    idle_helpers_.fetch_add(1, std::memory_order_relaxed);
    while (searching_.load(std::memory_order_acquire))
      if (!help(thread, nullptr)) std::this_thread::yield();
    idle_helpers_.fetch_sub(1, std::memory_order_relaxed);
  }
}

}  // namespace shuai
