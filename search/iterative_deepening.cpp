// The root of the search: iterative deepening, aspiration windows around each iteration, the further lines
// of MultiPV, the loop over the root moves, and the reports. Below the root, node_search.cpp searches.
#include "search/search.h"

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

namespace shuai {
namespace {

// A score that fell since the last move's search earns more time, one that rose less (the first move of a
// game, a mate score and a parameter of 0 leave the plan as it is).
double falling_score_stretch(const SearchParameters& parameters, std::optional<int> previous_search_score,
                             int current) {
  if (parameters.time_falling_per_unit == 0 || !previous_search_score || is_mate_score(current)) return 1.0;
  return std::clamp(1.0 + parameters.time_falling_per_unit * (*previous_search_score - current) / 100.0, 0.6,
                    1.6);
}

// The entry of root move `m` in a root-effort list (const or not), or its end when `m` is not a root move.
template <typename EffortList>
auto find_root_effort(EffortList& efforts, Move m) {
  return std::find_if(efforts.begin(), efforts.end(), [m](const auto& entry) { return entry.first == m; });
}

}  // namespace

SearchResult Searcher::iterate(const SearchLimits& limits, int& partial_score) {
  const SearchParameters& parameters = options_.parameters;
  SearchResult result;
  result.score = mated_in(0);
  last_principal_variation_.clear();
  const int max_depth = std::clamp(limits.depth, 1, SearchLimits::kUnlimitedDepth);
  int score = 0;
  double instability = 1.0, effort = 1.0;
  for (int depth = 1; depth <= max_depth && !root_moves_.empty(); ++depth) {
    start_clock_after_ponderhit();
    if (depth > 1 && !ponder_clock_pending_ &&
        (forced_move_ ||
         (!limits.infinite &&
          !time_.should_start_iteration(
              instability * effort * falling_score_stretch(parameters, previous_search_score_, score),
              parameters.time_iteration_start_percent))))
      break;
    iteration_depth_ = depth;
    root_path_dependent_ = false;
    const Move previous_best = root_moves_[0];
    int searched_depth = depth;
    const int value = aspiration_search(depth, score, instability, searched_depth);
    if (stop_.load(std::memory_order_relaxed)) {
      if (depth == 1) partial_score = value;
      break;
    }
    // MultiPV: the other lines, each searched alone, and every line best first (one of them may come out
    // above the main search's; its move is then the one played).
    const std::span<const Move> main_line = root_line();
    std::vector<RootLine> lines{{value, {main_line.begin(), main_line.end()}}};
    const std::size_t reported_lines = std::size_t(std::max(options_.multi_pv, 1));
    const std::size_t wanted_lines =
        std::max(reported_lines, level_plan_ ? std::size_t(level_plan_->lines) : std::size_t(1));
    if (wanted_lines > 1) search_further_lines(depth, wanted_lines, lines);
    score = lines[0].score;
    instability =
        std::max(parameters.time_instability_floor_percent / 100.0,
                 instability *
                     (root_moves_[0] == previous_best ? parameters.time_instability_stable_percent
                                                      : parameters.time_instability_change_percent) /
                     100.0);
    effort = effort_stretch(depth);
    result.best_move = root_moves_[0];
    // At a root a table holds, the table's score is the truth the search's may not reach (a mate it finds
    // is truer still); the aspiration windows stay on the search's own.
    if (root_tablebase_score_ && !is_mate_score(score)) lines[0].score = *root_tablebase_score_;
    result.score = lines[0].score;
    result.depth = depth;
    last_principal_variation_ = lines[0].principal_variation;
    // The root is stored too, so the protocol's probe finds it and the next search starts from its move
    // (a score that came through a repetition ruling only as the parameters allow: see may_store).
    if (may_store(parameters, root_path_dependent_, score))
      table_.store(pool_.main_thread().position.key(), result.best_move, score_to_table(score, 0),
                   searched_depth, Bound::kExact, kNoStaticEvaluation, true);
    for (std::size_t i = 0; i < std::min(lines.size(), reported_lines); ++i)
      report(int(i) + 1, depth, lines[i].score, lines[i].principal_variation);
    if (level_plan_) level_lines_ = std::move(lines);
    if (node_budget_spent(pool_.nodes(), true)) break;
    // "go mate N": a mate in N moves or fewer for the side to move answers the question (a longer one does
    // not).
    if (limits.mate > 0 && score >= mate_in(2 * limits.mate - 1)) break;
  }
  return result;
}

int Searcher::aspiration_search(int depth, int previous_score, double& instability, int& searched_depth) {
  const SearchParameters& parameters = options_.parameters;
  int delta = parameters.aspiration_window;
  int alpha = -kInfiniteScore, beta = kInfiniteScore;
  if (depth >= parameters.aspiration_min_depth && !is_mate_score(previous_score)) {
    // A score far from level moves more from one iteration to the next, so its windows start wider: the wider
    // delta is also the step each failed window grows from.
    if (parameters.aspiration_score_divisor > 0)
      delta += previous_score * previous_score / parameters.aspiration_score_divisor;
    alpha = std::max(previous_score - delta, -kInfiniteScore);
    beta = std::min(previous_score + delta, kInfiniteScore);
  }
  int failed_high_count = 0;
  while (true) {
    if (options_.aspiration_transactions) table_.begin_transaction();
    searched_depth = std::max((depth + 1) / 2, depth - failed_high_count);
    const int value = search_root(alpha, beta, searched_depth);
    if (stop_.load(std::memory_order_relaxed)) return value;
    if (value <= alpha) {
      if (options_.aspiration_transactions) table_.roll_back_transaction();
      beta = (alpha + beta) / 2;
      alpha = std::max(value - delta, -kInfiniteScore);
      // A failing root earns more time.
      instability = std::min(instability * parameters.time_instability_fail_percent / 100.0, 4.0);
      failed_high_count = 0;
    } else if (value >= beta) {
      if (options_.aspiration_transactions) table_.roll_back_transaction();
      beta = std::min(value + delta, kInfiniteScore);
      failed_high_count += parameters.aspiration_fail_high_reduction;
      if (parameters.aspiration_fail_high_max_reduction > 0)
        failed_high_count = std::min(failed_high_count, parameters.aspiration_fail_high_max_reduction);
    } else {
      return value;
    }
    delta += delta * parameters.aspiration_growth_percent / 100;
  }
}

void Searcher::search_further_lines(int depth, std::size_t wanted, std::vector<RootLine>& lines) {
  // Each the best of the root moves not yet in a line, searched with a full window. The lines are separate
  // searches over a changing table, so a later one may score above an earlier one, even above the main
  // search's: all are put best first (the main line first among equals), and the root moves kept in that
  // order for the next iteration. A stop keeps the lines found by then.
  wanted = std::min(wanted, root_moves_.size());
  for (std::size_t line = 1; line < wanted; ++line) {
    const int line_score = search_root(-kInfiniteScore, kInfiniteScore, depth, line);
    if (stop_.load(std::memory_order_relaxed)) break;
    const std::span<const Move> principal_variation = root_line();
    if (principal_variation.empty() || principal_variation[0] != root_moves_[line]) break;
    lines.push_back({line_score, {principal_variation.begin(), principal_variation.end()}});
  }
  std::stable_sort(lines.begin(), lines.end(),
                   [](const RootLine& a, const RootLine& b) { return a.score > b.score; });
  for (std::size_t i = 0; i < lines.size(); ++i) root_moves_[i] = lines[i].principal_variation[0];
}

void Searcher::add_root_effort(Move m, std::uint64_t nodes) {
  const auto entry = find_root_effort(root_effort_, m);
  if (entry != root_effort_.end()) entry->second += nodes;
}

double Searcher::effort_stretch(int depth) const {
  const SearchParameters& parameters = options_.parameters;
  // Shallow iterations are too few nodes to tell.
  constexpr int kEffortMinDepth = 10;
  if (parameters.time_effort_percent == 0 || depth < kEffortMinDepth || root_moves_.empty()) return 1.0;
  const std::uint64_t total = pool_.nodes();
  const auto best = find_root_effort(root_effort_, root_moves_[0]);
  if (best == root_effort_.end() || total == 0) return 1.0;
  return double(best->second) * 100 >= double(parameters.time_effort_percent) * double(total)
             ? parameters.time_effort_stretch_percent / 100.0
             : 1.0;
}

std::span<const Move> Searcher::root_line() const {
  const SearchThread& thread = pool_.main_thread();
  return {thread.principal_variation[0].data(), std::size_t(thread.principal_variation_length[0])};
}

void Searcher::report(int line, int depth, int score, std::span<const Move> principal_variation) {
  if (!on_info_) return;
  SearchInfo info;
  info.line = line;
  info.depth = depth;
  for (const auto& thread : pool_.threads())
    info.selective_depth =
        std::max(info.selective_depth, thread->selective_depth.load(std::memory_order_relaxed));
  info.score = score;
  info.nodes = pool_.nodes();
  info.time_ms = time_.elapsed_ms();
  info.hashfull = table_.hashfull();
  for (const auto& thread : pool_.threads())
    info.tablebase_hits += thread->tablebase_hits.load(std::memory_order_relaxed);
  info.material = root_material_;
  info.principal_variation.assign(principal_variation.begin(), principal_variation.end());
  on_info_(info);
}

void Searcher::settle_unfinished_search(SearchResult& result, int partial_score) {
  SearchThread& thread = pool_.main_thread();
  Position& position = thread.position;
  // A stopped depth 1 brought its best searched move to the front, with its line. A proven loss among the
  // moves searched says nothing of the others, so it is not shown as the position's score.
  if (partial_score > -kRuleWinScore + kMaxPly) {
    result.best_move = root_moves_[0];
    result.score = partial_score;
    const std::span<const Move> line = root_line();
    last_principal_variation_.assign(line.begin(), line.end());
    report(1, 1, partial_score, last_principal_variation_);
    return;
  }
  // Nothing searched: the move an earlier search stored for this position, else the move whose position
  // scores best statically (a one-ply look, so that a free capture is not passed over for the first move
  // generated). Its score is only an estimate (the result's depth stays 0).
  const auto score_after = [&](Move m) {
    position.make_move(m);
    const int score = -thread.evaluator.evaluate(position);
    position.unmake_move();
    return score;
  };
  Move move = kNoMove;
  if (const auto entry = table_.probe(position.key());
      entry && std::find(root_moves_.begin(), root_moves_.end(), entry->move) != root_moves_.end())
    move = entry->move;
  int score = move != kNoMove ? score_after(move) : -kInfiniteScore;
  if (move == kNoMove)
    for (const Move m : root_moves_)
      if (const int after = score_after(m); after > score) score = after, move = m;
  result.best_move = move;
  result.score = score;
  last_principal_variation_.assign(1, move);
  report(1, 0, result.score, last_principal_variation_);
}

int Searcher::search_root(int alpha, int beta, int depth, std::size_t first) {
  SearchThread& thread = pool_.main_thread();
  Position& position = thread.position;
  thread.principal_variation_length[0] = 0;
  StackFrame& frame = thread.stack[0];
  frame.excluded_move = kNoMove;
  frame.double_extensions = 0;
  frame.raw_evaluation = position.in_check() ? kNoStaticEvaluation : thread.evaluator.evaluate(position);
  frame.static_evaluation =
      position.in_check() ? kNoStaticEvaluation : corrected_evaluation(position, frame.raw_evaluation);
  int best = -kInfiniteScore;
  Move best_move = kNoMove;
  // A new best move goes first: it is played if time runs out, and searched first next iteration.
  const auto bring_to_front = [&](std::vector<Move>::iterator move) {
    std::rotate(root_moves_.begin() + std::ptrdiff_t(first), move, move + 1);
  };
  for (std::size_t i = first; i < root_moves_.size(); ++i) {
    const Move m = root_moves_[i];
    if (on_root_move_) on_root_move_(m, int(i) + 1, depth);
    note_move(thread, 0, m);
    const std::uint64_t nodes_before = pool_.nodes();
    const bool is_capture = position.piece_on(to_square(m)) != kEmpty;
    position.make_move(m);
    thread.stack[1].reached_by_null_move = false;
    const int check_extension_min_depth = options_.parameters.check_extension_min_depth;
    const bool extend =
        position.in_check() && (check_extension_min_depth == 0 || depth >= check_extension_min_depth);
    const int new_depth = depth - 1 + (extend ? 1 : 0);
    int score;
    if (i == first) {
      score = -search_node(thread, -beta, -alpha, new_depth, 1, false);
    } else {
      const int reduction = root_reduction(depth, int(i - first) + 1, is_capture, position.in_check());
      score = -search_node(thread, -alpha - 1, -alpha, new_depth - reduction, 1, true);
      if (score > alpha && reduction > 0 && !stop_.load(std::memory_order_relaxed))
        score = -search_node(thread, -alpha - 1, -alpha, new_depth, 1, true);
      if (score > alpha && score < beta) score = -search_node(thread, -beta, -alpha, new_depth, 1, false);
    }
    position.unmake_move();
    add_root_effort(m, pool_.nodes() - nodes_before);
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
    if (i + 1 < root_moves_.size() && may_split(thread, depth, true, int(i - first) + 1)) {
      NodeState node;
      node.beta = beta;
      node.depth = depth;
      node.pv_node = true;
      node.cut_node = false;
      node.in_check = position.in_check();
      node.static_evaluation = frame.static_evaluation;
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

}  // namespace shuai
