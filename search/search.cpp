// Iterative deepening alpha-beta search with PVS, quiescence, pruning switches and the repetition rules.
#include "search/search.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include "engine/board/movegen.h"

namespace shuai {

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

void Searcher::poll_limits() {
  if (limits_.nodes && thread_.nodes >= limits_.nodes) stop_.store(true, std::memory_order_relaxed);
  if ((thread_.nodes & 1023) != 0) return;
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
  SearchThread& thread = thread_;
  thread.position = root;
  thread.position.reserve_history(2 * kMaxPly);  // make_move must not allocate during the search
  prepare_minors_table(root);
  thread.evaluator.set_table(options_.use_minors_table ? &minors_table_ : nullptr);
  thread.evaluator.settings() = options_.evaluation;
  thread.evaluator.clear_statistics();
  thread.history = {};
  for (auto& frame : thread.stack) frame = {};
  thread.nodes = 0;
  thread.selective_depth = 0;

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
    if (limits.nodes && thread.nodes >= limits.nodes) break;
  }
  // A stopped first iteration still leaves the move ordered first, which is legal.
  if (result.best_move == kNoMove && !root_moves_.empty()) result.best_move = root_moves_[0];

  // Infinite and ponder searches report only when told to, even when there is nothing left to search.
  while (!stop_.load(std::memory_order_relaxed) &&
         (limits.infinite || pondering_.load(std::memory_order_relaxed)))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));

  if (last_principal_variation_.size() > 1 && last_principal_variation_[0] == result.best_move)
    result.ponder_move = last_principal_variation_[1];
  result.nodes = thread.nodes;
  result.minors = thread.evaluator.statistics();
  return result;
}

void Searcher::report(int line, int depth, int score, const std::vector<Move>& principal_variation) {
  if (!on_info_) return;
  SearchInfo info;
  info.line = line;
  info.depth = depth;
  info.selective_depth = thread_.selective_depth;
  info.score = score;
  info.nodes = thread_.nodes;
  info.time_ms = time_.elapsed_ms();
  info.hashfull = table_.hashfull();
  info.principal_variation = principal_variation;
  on_info_(info);
}

void Searcher::update_principal_variation(int ply, Move m) {
  SearchThread& thread = thread_;
  auto& line = thread.principal_variation[ply];
  const auto& child = thread.principal_variation[ply + 1];
  const int child_length = thread.principal_variation_length[ply + 1];
  line[0] = m;
  std::copy(child.begin(), child.begin() + child_length, line.begin() + 1);
  thread.principal_variation_length[ply] = child_length + 1;
}

int Searcher::search_root(int alpha, int beta, int depth, std::size_t first) {
  SearchThread& thread = thread_;
  Position& position = thread.position;
  thread.principal_variation_length[0] = 0;
  int best = -kInfiniteScore;
  for (std::size_t i = first; i < root_moves_.size(); ++i) {
    const Move m = root_moves_[i];
    if (on_root_move_) on_root_move_(m, int(i) + 1, depth);
    position.make_move(m);
    thread.stack[1].reached_by_null_move = false;
    const int new_depth = depth - 1 + (position.in_check() ? 1 : 0);
    int score;
    if (i == first) {
      score = -search_node(-beta, -alpha, new_depth, 1);
    } else {
      score = -search_node(-alpha - 1, -alpha, new_depth, 1);
      if (score > alpha && score < beta) score = -search_node(-beta, -alpha, new_depth, 1);
    }
    position.unmake_move();
    if (stop_.load(std::memory_order_relaxed)) return best;
    root_path_dependent_ |= thread.stack[1].path_dependent;
    best = std::max(best, score);
    if (score > alpha) {
      // The new best move goes first: it is played if time runs out, and searched first next iteration.
      std::rotate(root_moves_.begin() + std::ptrdiff_t(first), root_moves_.begin() + std::ptrdiff_t(i),
                  root_moves_.begin() + std::ptrdiff_t(i) + 1);
      update_principal_variation(0, m);
      if (score >= beta) return score;
      alpha = score;
    }
  }
  return best;
}

std::optional<int> Searcher::enter_node(int ply) {
  SearchThread& thread = thread_;
  SearchThread::Frame& frame = thread.stack[ply];
  frame.path_dependent = false;
  thread.principal_variation_length[ply] = 0;

  ++thread.nodes;
  poll_limits();
  if (stop_.load(std::memory_order_relaxed)) return 0;
  thread.selective_depth = std::max(thread.selective_depth, ply);

  const RuleOutcome rule = rule_outcome(thread.position, options_.natural_move_limit);
  if (rule != RuleOutcome::kNone) {
    frame.path_dependent = true;
    return rule_score(rule, ply);
  }
  if (ply >= kMaxPly) return thread.evaluator.evaluate(thread.position);
  return std::nullopt;
}

int Searcher::search_node(int alpha, int beta, int depth, int ply) {
  if (depth <= 0) return quiescence(alpha, beta, ply);
  SearchThread& thread = thread_;
  Position& position = thread.position;
  SearchThread::Frame& frame = thread.stack[ply];
  if (const auto ended = enter_node(ply)) return *ended;

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
      const int value = quiescence(alpha, alpha + 1, ply);
      if (value <= alpha) return value;
    }
    if (pruning.null_move && depth >= 2 && static_evaluation >= beta && !frame.reached_by_null_move &&
        null_move_is_safe(position)) {
      const int reduction_plies = 2 + depth / 4;
      position.make_null_move();
      thread.stack[ply + 1].reached_by_null_move = true;
      const int value = -search_node(-beta, -beta + 1, depth - 1 - reduction_plies, ply + 1);
      position.unmake_null_move();
      if (stop_.load(std::memory_order_relaxed)) return 0;
      if (value >= beta) {
        frame.path_dependent = thread.stack[ply + 1].path_dependent;
        return value >= kMateInMaxPly ? beta : value;  // a mate found by passing is not proven
      }
    }
  }

  const bool futility_applies = pruning.futility && !pv_node && !in_check && depth <= 3 &&
                                static_evaluation + kFutilityMargin[depth] <= alpha;
  MovePicker picker(position, table_move, frame.killers, thread.history, true);
  const int original_alpha = alpha;
  int best = -kInfiniteScore;
  Move best_move = kNoMove;
  int moves_searched = 0;
  bool failed_high = false, any_child_path_dependent = false;
  std::array<Move, 64> quiets_tried;
  int quiet_count = 0;

  for (Move m = picker.next(); m != kNoMove; m = picker.next()) {
    if (!keeps_king_safe(position, m)) continue;
    const bool is_capture = position.piece_on(to_square(m)) != kEmpty;
    position.make_move(m);
    const bool gives_check = position.in_check();
    // Futility: near the leaves, a quiet move cannot lift a hopeless static score above alpha.
    if (futility_applies && moves_searched > 0 && !is_capture && !gives_check) {
      position.unmake_move();
      continue;
    }
    ++moves_searched;
    thread.stack[ply + 1].reached_by_null_move = false;
    // Check extension, bounded so a long series of checks cannot run the search to its maximum ply.
    const int new_depth = depth - 1 + (gives_check && ply < 2 * iteration_depth_ ? 1 : 0);
    int score;
    if (moves_searched == 1) {
      score = -search_node(-beta, -alpha, new_depth, ply + 1);
    } else {
      int reduction_plies = 0;
      if (pruning.late_move_reductions && depth >= 3 && moves_searched > 3 && !is_capture && !in_check &&
          !gives_check && m != frame.killers[0] && m != frame.killers[1])
        reduction_plies = std::clamp(reduction(depth, moves_searched) - (pv_node ? 1 : 0), 0, new_depth - 1);
      score = -search_node(-alpha - 1, -alpha, new_depth - reduction_plies, ply + 1);
      if (score > alpha && reduction_plies > 0) score = -search_node(-alpha - 1, -alpha, new_depth, ply + 1);
      if (score > alpha && score < beta) score = -search_node(-beta, -alpha, new_depth, ply + 1);
    }
    position.unmake_move();
    if (stop_.load(std::memory_order_relaxed)) return 0;

    const bool child_path_dependent = thread.stack[ply + 1].path_dependent;
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (pv_node) update_principal_variation(ply, m);
        if (score >= beta) {
          failed_high = true;
          frame.path_dependent = child_path_dependent;  // only the refutation matters
          if (!is_capture) {
            if (frame.killers[0] != m) frame.killers = {m, frame.killers[0]};
            const int bonus = std::min(depth * depth, 400);
            update_history(thread.history[piece_index(position.piece_on(from_square(m)))][to_square(m)],
                           bonus);
            for (int i = 0; i < quiet_count; ++i) {
              const Move tried = quiets_tried[i];
              update_history(
                  thread.history[piece_index(position.piece_on(from_square(tried)))][to_square(tried)],
                  -bonus);
            }
          }
          break;
        }
        alpha = score;
      }
    }
    any_child_path_dependent |= child_path_dependent;
    if (!is_capture && quiet_count < int(quiets_tried.size())) quiets_tried[quiet_count++] = m;
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

int Searcher::quiescence(int alpha, int beta, int ply) {
  SearchThread& thread = thread_;
  Position& position = thread.position;
  SearchThread::Frame& frame = thread.stack[ply];
  if (const auto ended = enter_node(ply)) return *ended;

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
    const int score = -quiescence(-beta, -alpha, ply + 1);
    position.unmake_move();
    if (stop_.load(std::memory_order_relaxed)) return 0;
    const bool child_path_dependent = thread.stack[ply + 1].path_dependent;
    if (score > best) {
      best = score;
      if (score > alpha) {
        if (pv_node) update_principal_variation(ply, m);
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

}  // namespace shuai
