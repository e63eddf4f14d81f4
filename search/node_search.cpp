// The node search: alpha-beta with PVS, quiescence, extensions, pruning under switches, the repetition rules,
// move-ordering statistics, and the polling of the limits. The root's iterations are
// iterative_deepening.cpp's.
#include "search/search.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "engine/board/movegen.h"
#include "search/static_exchange.h"

namespace shuai {
namespace {

// Quiet moves searched at most, by depth, before the rest are pruned (late move pruning).
int late_move_count(const SearchParameters& parameters, int depth, bool improving) {
  return (parameters.late_move_base + depth * depth) *
         (improving ? parameters.late_move_improving_percent : parameters.late_move_percent) / 100;
}

// A capture's victim in evaluation units, for the futility of captures (twice its exchange value: a horse
// is worth about 200 in the middle game).
int victim_value(Piece victim) {
  return 2 * exchange_value(type_of(victim));
}

// Passing is a fair test, and a static score is trusted without a look at the moves, only when the side to
// move has majors enough to make zugzwang and stalemate (a loss in Xiangqi) unlikely.
bool has_major_force(const Position& position) {
  const Color us = position.side_to_move();
  return position.count(us, kRook) > 0 || position.count(us, kHorse) + position.count(us, kCannon) >= 2;
}

// A stored score bounds the true one from the side its bound says: is it a better estimate than `score`?
bool table_score_refines(const TableEntry& entry, int table_score, int score) {
  const Bound wanted = table_score > score ? Bound::kLower : Bound::kUpper;
  return !is_mate_score(table_score) && (int(entry.bound) & int(wanted)) != 0;
}

bool table_score_cuts(const TableEntry& entry, int table_score, int alpha, int beta) {
  return entry.bound == Bound::kExact || (entry.bound == Bound::kLower && table_score >= beta) ||
         (entry.bound == Bound::kUpper && table_score <= alpha);
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

ReductionTable::ReductionTable(const SearchParameters& parameters) {
  for (int depth = 1; depth < kSize; ++depth)
    for (int moves = 1; moves < kSize; ++moves)
      plies[depth][moves] =
          int(parameters.reduction_base_percent / 100.0 +
              std::log(depth) * std::log(moves) / (parameters.reduction_divisor_percent / 100.0));
}

int tablebase_score(tablebase::TableValue value) {
  if (tablebase::is_win(value)) return kTablebaseWinScore - tablebase::distance_of(value);
  if (tablebase::is_loss(value)) return -kTablebaseWinScore + tablebase::distance_of(value);
  return kDrawScore;
}

std::optional<int> Searcher::probe_tablebase(SearchThread& thread) const {
  const tablebase::TableSet* tables = options_.tablebases.get();
  if (tables == nullptr) return std::nullopt;
  const auto history = thread.position.history();
  if (history.empty() || history.back().captured == kEmpty) return std::nullopt;
  const auto value = tables->probe(thread.position);
  if (!value || !tablebase::is_position(*value)) return std::nullopt;
  thread.tablebase_hits.store(thread.tablebase_hits.load(std::memory_order_relaxed) + 1,
                              std::memory_order_relaxed);
  return tablebase_score(*value);
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

void Searcher::start_clock_after_ponderhit() {
  if (ponder_clock_pending_ && !pondering_.load(std::memory_order_relaxed)) {
    ponder_clock_pending_ = false;
    time_.restart_clock();
  }
}

bool Searcher::node_budget_spent(std::uint64_t nodes, bool past_depth_one) const {
  // A playing level's budget counts only once depth 1 is done, so that every level has its lines to choose
  // from.
  return (limits_.nodes && nodes >= limits_.nodes) ||
         (level_plan_ && past_depth_one && nodes >= level_plan_->nodes);
}

void Searcher::poll_limits(SearchThread& thread) {
  const std::uint64_t nodes = thread.nodes.load(std::memory_order_relaxed);
  // The idle option: every thread, helpers too, leaves its share of the processor to other programs.
  if ((nodes & 1023) == 0) time_.leave_idle_share();
  // The thread that runs the iterations keeps the clock and the node limit; helpers only count.
  if (!pool_.is_main_thread(thread)) return;
  if (pool_.size() == 1 && node_budget_spent(nodes, iteration_depth_ > 1))
    stop_.store(true, std::memory_order_relaxed);
  if ((nodes & 1023) != 0) return;
  if (pool_.size() > 1 && node_budget_spent(pool_.nodes(), iteration_depth_ > 1))
    stop_.store(true, std::memory_order_relaxed);
  start_clock_after_ponderhit();
  // Depth 1 always finishes, so there is a move to play. A forced move searched on while pondering is played
  // as soon as the clock runs.
  if (!ponder_clock_pending_ && iteration_depth_ > 1 &&
      (forced_move_ || (!limits_.infinite && time_.out_of_time())))
    stop_.store(true, std::memory_order_relaxed);
}

void Searcher::update_principal_variation(SearchThread& thread, int ply, Move m) {
  auto& line = thread.principal_variation[ply];
  const auto& child = thread.principal_variation[ply + 1];
  const int child_length = thread.principal_variation_length[ply + 1];
  line[0] = m;
  std::copy(child.begin(), child.begin() + child_length, line.begin() + 1);
  thread.principal_variation_length[ply] = child_length + 1;
}

bool Searcher::aborted(const SearchThread& thread) const {
  if (stop_.load(std::memory_order_relaxed)) return true;
  for (const SplitPoint* split_point = thread.active_split_point; split_point;
       split_point = split_point->parent.load(std::memory_order_relaxed))
    if (split_point->cutoff.load(std::memory_order_relaxed)) return true;
  return false;
}

std::optional<int> Searcher::enter_node(SearchThread& thread, int ply) {
  StackFrame& frame = thread.stack[ply];
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

MoveOrdering Searcher::quiet_statistics_at(const SearchThread& thread, int ply) const {
  MoveOrdering ordering;
  ordering.history = &thread.history;
  ordering.shared = shared_history_.get();
  ordering.from_to_weight = options_.parameters.history_from_to_weight;
  if (ply >= 1) ordering.earlier[0] = thread.stack[std::size_t(ply - 1)].continuation;
  if (ply >= 2) ordering.earlier[1] = thread.stack[std::size_t(ply - 2)].continuation;
  if (ply >= 4 && options_.parameters.continuation_ply4)
    ordering.earlier[2] = thread.stack[std::size_t(ply - 4)].continuation;
  return ordering;
}

MoveOrdering Searcher::ordering_at(const SearchThread& thread, int ply) const {
  MoveOrdering ordering = quiet_statistics_at(thread, ply);
  ordering.killers = thread.stack[std::size_t(ply)].killers;
  ordering.threat_bonus_rook = options_.parameters.ordering_threat_rook;
  ordering.threat_bonus_horse_cannon = options_.parameters.ordering_threat_horse_cannon;
  ordering.capture_history_percent = options_.parameters.ordering_capture_history_percent;
  // Ordering only: the reductions and pruning read the histories every node has (quiet_statistics_at).
  if (ply < options_.parameters.low_ply_history_plies) ordering.low_ply = ply;
  if (ply >= 1) {
    if (const Move previous = thread.stack[std::size_t(ply - 1)].move; previous != kNoMove) {
      const Square to = to_square(previous);
      ordering.counter_move = shared_history_->counter_move(thread.position.piece_on(to), to);
    }
  }
  return ordering;
}

void Searcher::note_move(SearchThread& thread, int ply, Move m) {
  StackFrame& frame = thread.stack[std::size_t(ply)];
  frame.move = m;
  frame.continuation = m == kNoMove ? &shared_history_->no_earlier_move
                                    : &shared_history_->continuation_after(
                                          thread.position.piece_on(from_square(m)), to_square(m));
}

void Searcher::reward_cutoff(SearchThread& thread, int ply, Move best, int depth,
                             std::span<const Move> quiets_tried, std::span<const Move> captures_tried) {
  const Position& position = thread.position;
  SharedHistory& shared = *shared_history_;
  const int bonus = history_bonus(depth, options_.parameters);
  const auto update_quiet = [&](Move m, int amount) { update_quiet_histories(thread, ply, m, amount); };
  const auto update_capture = [&](Move m, int amount) {
    shared.capture_entry(position.piece_on(from_square(m)), to_square(m), position.piece_on(to_square(m)))
        .update(amount);
  };
  if (position.piece_on(to_square(best)) == kEmpty) {
    auto& killers = thread.stack[std::size_t(ply)].killers;
    if (killers[0] != best) killers = {best, killers[0]};
    update_quiet(best, bonus);
    for (const Move tried : quiets_tried) update_quiet(tried, -bonus);
    if (ply >= 1 && thread.stack[std::size_t(ply - 1)].move != kNoMove) {
      const Square previous_to = to_square(thread.stack[std::size_t(ply - 1)].move);
      shared.set_counter_move(position.piece_on(previous_to), previous_to, best);
    }
  } else {
    update_capture(best, bonus);
  }
  for (const Move tried : captures_tried) update_capture(tried, -bonus);
}

int Searcher::corrected_evaluation(const Position& position, int raw) const {
  const SearchParameters& parameters = options_.parameters;
  int value = raw;
  if (correction_enabled(parameters)) {
    const Color side = position.side_to_move();
    const int eighths = shared_history_->minors_correction_entry(side, position.minors_signature()).load() *
                            parameters.correction_minors_percent +
                        shared_history_->majors_correction_entry(side, position.majors_signature()).load() *
                            parameters.correction_majors_percent;
    value = std::clamp(raw + eighths / (8 * 100), -kMateInMaxPly + 1, kMateInMaxPly - 1);
  }
  return damped_by_move_limit(position, value);
}

int Searcher::damped_by_move_limit(const Position& position, int value) const {
  // The move limit draws a game whatever the evaluation says: the longer since the last capture, the less a
  // lead is worth (the table keeps the evaluation itself, as it does not know the count).
  if (const int plies = options_.parameters.move_limit_damping_plies; plies > 0)
    return value * std::max(0, plies - position.plies_since_capture()) / plies;
  return value;
}

void Searcher::learn_correction(const Position& position, int raw_evaluation, int best, Bound bound,
                                int depth) {
  if (!correction_enabled(options_.parameters)) return;
  // The search's scores are damped by the move limit; so is the evaluation they are compared with, or the
  // tables would learn the damping as if it were the evaluation's error.
  const int evaluation = damped_by_move_limit(position, raw_evaluation);
  // A bound says only on which side of it the score lies: it teaches only when that side is the one away
  // from the evaluation.
  if ((bound == Bound::kLower && best <= evaluation) || (bound == Bound::kUpper && best >= evaluation))
    return;
  // Each table learns the whole error of the evaluation itself (not what is left after the correction, which
  // would undo the correction as it is learnt); the correction weighs the tables' estimates.
  const Color side = position.side_to_move();
  const int error_eighths = 8 * (best - evaluation);
  const int weight = std::min(depth + 1, 16);
  update_correction(shared_history_->minors_correction_entry(side, position.minors_signature()),
                    error_eighths, weight);
  update_correction(shared_history_->majors_correction_entry(side, position.majors_signature()),
                    error_eighths, weight);
}

void Searcher::update_quiet_histories(SearchThread& thread, int ply, Move m, int amount) {
  const Piece piece = thread.position.piece_on(from_square(m));
  update_history(thread.history[piece_index(piece)][to_square(m)], amount);
  if (options_.parameters.history_from_to_weight != 0)
    shared_history_->from_to_entry(color_of(piece), m).update(amount);
  if (ply < options_.parameters.low_ply_history_plies) shared_history_->low_ply_entry(ply, m).update(amount);
  update_continuation_histories(thread, ply, piece, to_square(m), amount);
}

void Searcher::update_continuation_histories(SearchThread& thread, int ply, Piece piece, Square to,
                                             int amount) {
  // The continuation rows of the moves one, two (and four) plies before; writable, as every row is a shared
  // table's.
  const int farthest = options_.parameters.continuation_ply4 ? 4 : 2;
  for (int back = 1; back <= farthest && back <= ply; ++back) {
    if (back == 3) continue;
    if (auto* row = const_cast<PieceToStatistics*>(thread.stack[std::size_t(ply - back)].continuation))
      statistic_of(*row, piece, to).update(amount);
  }
}

int Searcher::search_node(SearchThread& thread, int alpha, int beta, int depth, int ply, bool cut_node) {
  if (depth <= 0) return quiescence(thread, alpha, beta, ply);
  const SearchParameters& parameters = options_.parameters;
  Position& position = thread.position;
  StackFrame& frame = thread.stack[ply];
  if (const auto ended = enter_node(thread, ply)) return *ended;
  thread.stack[ply + 1].cutoff_count = 0;
  thread.stack[ply + 1].double_extensions = frame.double_extensions;

  // Mate-distance pruning: no line from here can beat a mate already found nearer the root.
  alpha = std::max(alpha, mated_in(ply));
  beta = std::min(beta, mate_in(ply + 1));
  if (alpha >= beta) return alpha;
  if (frame.excluded_move == kNoMove)
    if (const auto score = probe_tablebase(thread)) return *score;

  const bool pv_node = beta - alpha > 1;
  const bool in_check = position.in_check();
  // A singular-extension test searches this node again without one move: it neither reads nor writes the
  // table, whose entry is for the node with all its moves.
  const Move excluded = frame.excluded_move;
  const std::uint64_t key = position.key();
  const auto entry = excluded == kNoMove ? table_.probe(key) : std::nullopt;
  const Move table_move = entry ? entry->move : kNoMove;
  const int table_depth = entry ? entry->depth : -1;
  const int table_score = entry ? score_from_table(entry->score, ply) : 0;
  const bool table_pv = pv_node || (entry && entry->was_pv);
  frame.best_move = table_move;
  // Near the move limit an entry stored at a lower count of plies since the last capture may score what the
  // limit will draw: such nodes can turn off table cutoffs (the graph-history problem, as Stockfish has it).
  const bool table_may_cut = parameters.table_cutoff_capture_plies_max == 0 ||
                             position.plies_since_capture() < parameters.table_cutoff_capture_plies_max;
  // An entry cuts a node as deep as its own search; with table_cutoff_upper_shallower, a fail low also cuts a
  // node one ply deeper (the Stockfish family's rule), so more of the last move's tree carries over.
  const bool table_deep_enough =
      table_depth >= depth || (parameters.table_cutoff_upper_shallower && table_depth == depth - 1 && entry &&
                               table_score <= alpha && (int(entry->bound) & int(Bound::kUpper)) != 0);
  if (entry && !pv_node && table_may_cut && table_deep_enough &&
      table_score_cuts(*entry, table_score, alpha, beta)) {
    // A quiet table move that refutes the node is rewarded as if it had been searched: with histories kept
    // between searches, what the table knows keeps the ordering up to date.
    if (parameters.history_on_table_cutoff && table_score >= beta && table_move != kNoMove &&
        position.piece_on(to_square(table_move)) == kEmpty && is_pseudo_legal(position, table_move))
      update_quiet_histories(thread, ply, table_move, history_bonus(depth, parameters));
    return table_score;
  }

  // The static evaluation, from the table when the node was met before; a stored score that bounds the true
  // one from the right side is a better estimate still for pruning.
  // The table keeps the evaluation itself (`raw_evaluation`); the search works with it corrected.
  int static_evaluation = kNoStaticEvaluation, raw_evaluation = kNoStaticEvaluation,
      estimate = -kInfiniteScore;
  if (!in_check) {
    if (excluded != kNoMove) {
      static_evaluation = frame.static_evaluation;
      raw_evaluation = frame.raw_evaluation;
    } else {
      raw_evaluation = entry && entry->static_evaluation != kNoStaticEvaluation
                           ? entry->static_evaluation
                           : thread.evaluator.evaluate(position);
      static_evaluation = corrected_evaluation(position, raw_evaluation);
    }
    estimate = static_evaluation;
    if (entry && table_score_refines(*entry, table_score, estimate)) estimate = table_score;
  }
  frame.static_evaluation = static_evaluation;
  frame.raw_evaluation = raw_evaluation;
  // Improving: better than two plies ago (or four, if the side to move was in check then).
  bool improving = false;
  if (!in_check) {
    int earlier = kNoStaticEvaluation;
    if (ply >= 2) earlier = thread.stack[ply - 2].static_evaluation;
    if (earlier == kNoStaticEvaluation && ply >= 4) earlier = thread.stack[ply - 4].static_evaluation;
    improving = earlier == kNoStaticEvaluation || static_evaluation > earlier;
  }
  // The opponent's quiet move that left both static evaluations low (for the side that made it, ours is its
  // loss) was a good one: its history learns so before any search of its siblings does.
  if (parameters.eval_history_bonus > 0 && !in_check && excluded == kNoMove && ply >= 1) {
    const StackFrame& previous = thread.stack[std::size_t(ply - 1)];
    if (previous.move != kNoMove && previous.static_evaluation != kNoStaticEvaluation &&
        position.history().back().captured == kEmpty) {
      const int bonus =
          std::clamp(-(previous.static_evaluation + static_evaluation) * parameters.eval_history_bonus / 16,
                     -2000, 2000);
      const Square to = to_square(previous.move);
      update_history(thread.history[piece_index(position.piece_on(to))][to], bonus);
    }
  }
  const PruningSwitches& pruning = options_.pruning;
  Move threat = kNoMove;
  bool mate_threat = false;

  // A window of decisive scores (mates, wins by the repetition rules) asks for a mate or a rule win (or a
  // longer defence), which static scores cannot answer.
  const bool mate_window = is_decisive_score(alpha) || is_decisive_score(beta);
  if (!pv_node && !in_check && excluded == kNoMove && !mate_window && has_major_force(position)) {
    if (pruning.razoring && depth <= parameters.razor_max_depth &&
        estimate + parameters.razor_base + parameters.razor_per_depth_squared * depth * depth < alpha) {
      const int value = quiescence(thread, alpha, alpha + 1, ply);
      if (value <= alpha) return value;
    }
    if (pruning.futility && depth <= parameters.reverse_futility_max_depth &&
        estimate - parameters.reverse_futility_per_ply * (depth - (improving ? 1 : 0)) >= beta &&
        estimate < kMateInMaxPly) {
      const int value = beta + (estimate - beta) * parameters.reverse_futility_return_percent / 100;
      if (parameters.table_store_pruned >= 1 && may_store(parameters, frame.path_dependent, value))
        table_.store(key, kNoMove, score_to_table(value, ply), depth, Bound::kLower, raw_evaluation,
                     table_pv);
      return value;
    }
    if (pruning.null_move && depth >= parameters.null_move_min_depth && estimate >= beta &&
        (cut_node || !parameters.null_move_cut_nodes_only) && static_evaluation >= beta &&
        !frame.reached_by_null_move && beta > -kMateInMaxPly && ply >= thread.null_move_barred_below_ply) {
      const int reduction_plies =
          parameters.null_move_base_reduction + depth / parameters.null_move_depth_divisor +
          std::min((estimate - beta) / parameters.null_move_eval_divisor, parameters.null_move_eval_max);
      note_move(thread, ply, kNoMove);
      position.make_null_move();
      thread.stack[ply + 1].reached_by_null_move = true;
      const int value = -search_node(thread, -beta, -beta + 1, depth - reduction_plies, ply + 1, !cut_node);
      position.unmake_null_move();
      if (aborted(thread)) return 0;
      const bool verify = value >= beta && parameters.null_move_verification_depth > 0 &&
                          depth >= parameters.null_move_verification_depth &&
                          thread.null_move_barred_below_ply == 0;
      if (value >= beta && !verify) {
        frame.path_dependent = thread.stack[ply + 1].path_dependent;
        if (parameters.table_store_pruned >= 2 && value < kMateInMaxPly &&
            may_store(parameters, frame.path_dependent, value))
          table_.store(key, kNoMove, score_to_table(value, ply), depth, Bound::kLower, raw_evaluation,
                       table_pv);
        return value >= kMateInMaxPly ? beta : value;  // a mate found by passing is not proven
      }
      if (verify) {
        // Deep in the tree a wrong cut costs the most and a verification the least: the node is searched
        // itself, as deep as the pass was, with no passing in the first three quarters of that depth.
        const bool pass_path_dependent = thread.stack[ply + 1].path_dependent;
        thread.null_move_barred_below_ply = ply + 3 * (depth - reduction_plies) / 4;
        const int verified = search_node(thread, beta - 1, beta, depth - reduction_plies, ply, false);
        thread.null_move_barred_below_ply = 0;
        if (aborted(thread)) return 0;
        if (verified >= beta) {
          frame.path_dependent = frame.path_dependent || pass_path_dependent;
          return value >= kMateInMaxPly ? beta : value;
        }
        // The pass was fooled: the node is searched in full, as if it had never passed.
        frame.static_evaluation = static_evaluation;
        frame.raw_evaluation = raw_evaluation;
        frame.best_move = table_move;
        frame.path_dependent = false;
        thread.principal_variation_length[ply] = 0;
        thread.stack[ply + 1].cutoff_count = 0;
      } else {
        // Passing failed: the reply that refuted it is the threat, and a mate threat makes every move matter.
        threat = thread.stack[ply + 1].best_move;
        mate_threat = value <= -kMateInMaxPly;
      }
    }
    // ProbCut: a capture that beats beta by a margin in a shallow search very likely beats beta in a full
    // one.
    const int probcut_beta =
        beta + parameters.probcut_margin - (improving ? parameters.probcut_improving : 0);
    if (pruning.futility && depth >= parameters.probcut_min_depth &&
        std::abs(beta) < kMateInMaxPly - kMaxPly &&
        !(table_depth >= depth - 3 && table_score < probcut_beta)) {
      MovePicker captures(position, table_move, ordering_at(thread, ply), false);
      for (Move m = captures.next(); m != kNoMove; m = captures.next()) {
        if (!keeps_king_safe(position, m) || exchange_below(position, m, probcut_beta - static_evaluation))
          continue;
        note_move(thread, ply, m);
        position.make_move(m);
        thread.stack[ply + 1].reached_by_null_move = false;
        int value = -quiescence(thread, -probcut_beta, -probcut_beta + 1, ply + 1);
        if (value >= probcut_beta)
          value = -search_node(thread, -probcut_beta, -probcut_beta + 1, depth - 4, ply + 1, !cut_node);
        position.unmake_move();
        if (aborted(thread)) return 0;
        if (value >= probcut_beta) {
          frame.path_dependent = thread.stack[ply + 1].path_dependent;
          if (may_store(parameters, frame.path_dependent, value))
            table_.store(key, m, score_to_table(value, ply), depth - 3, Bound::kLower, raw_evaluation,
                         table_pv);
          return value;
        }
      }
    }
  }

  // Internal iterative reduction: with no move from the table, the node is searched less deeply first (by
  // node type: at an expected all-node the order matters least, as every move is searched anyway).
  if (depth >= parameters.iir_min_depth && table_move == kNoMove && excluded == kNoMove)
    depth -= pv_node    ? parameters.iir_pv_plies
             : cut_node ? parameters.iir_cut_node_plies
                        : parameters.iir_all_node_plies;

  NodeState node;
  node.beta = beta;
  node.depth = depth;
  node.ply = ply;
  node.pv_node = pv_node;
  node.cut_node = cut_node;
  node.table_pv = table_pv;
  node.in_check = in_check;
  node.static_evaluation = static_evaluation;
  node.improving = improving;
  node.prune_moves = pruning.futility && (!pv_node || parameters.prune_pv_nodes) && !in_check &&
                     !mate_threat && !mate_window;
  node.mate_window = mate_window;
  node.table_move = table_move;
  node.table_move_is_capture = table_move != kNoMove && position.piece_on(to_square(table_move)) != kEmpty;
  node.threat = threat;

  // Singular extension: when every other move fails well below the table's score, the table move is the only
  // good one and earns a ply; when even a lowered bound is beaten without it, the node fails high at once.
  if (depth >= parameters.singular_min_depth && table_move != kNoMove && excluded == kNoMove &&
      table_depth >= depth - 3 && (int(entry->bound) & int(Bound::kLower)) != 0 &&
      !is_mate_score(table_score) && ply < 2 * iteration_depth_ && keeps_king_safe(position, table_move)) {
    const int singular_beta = table_score - parameters.singular_margin_sixteenths * depth / 16;
    frame.excluded_move = table_move;
    const int value = search_node(thread, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
    frame.excluded_move = kNoMove;
    if (aborted(thread)) return 0;
    frame.static_evaluation = static_evaluation;
    frame.raw_evaluation = raw_evaluation;
    thread.principal_variation_length[ply] = 0;
    if (value < singular_beta) {
      // Far below: every rival loses clearly, and the line is worth two plies (a bounded number of times).
      const bool by_far = parameters.singular_double_margin > 0 && !pv_node &&
                          value < singular_beta - parameters.singular_double_margin &&
                          frame.double_extensions < parameters.singular_double_max;
      node.singular_extension = by_far ? 2 : 1;
    } else if (singular_beta >= beta) {
      return singular_beta;  // multi-cut (frame.path_dependent is the test's)
    } else if (table_score >= beta) {
      node.singular_extension = parameters.singular_fail_high_extension;
    } else if (cut_node) {
      node.singular_extension = parameters.singular_cut_node_extension;
    }
    frame.path_dependent = false;
  }

  MovePicker picker(position, table_move, ordering_at(thread, ply), true);
  const int original_alpha = alpha;
  int best = -kInfiniteScore;
  Move best_move = kNoMove;
  int moves_searched = 0;
  bool failed_high = false, any_child_path_dependent = false;
  std::array<Move, 64> quiets_tried, captures_tried;
  int quiet_count = 0, capture_count = 0;

  for (Move m = picker.next(); m != kNoMove; m = picker.next()) {
    if (m == excluded) continue;
    MoveFacts facts;
    if (!enter_move(thread, node, m, moves_searched, alpha, facts)) continue;
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
          ++frame.cutoff_count;
          frame.path_dependent = child_path_dependent;  // only the refutation matters
          reward_cutoff(thread, ply, m, depth, std::span(quiets_tried.data(), std::size_t(quiet_count)),
                        std::span(captures_tried.data(), std::size_t(capture_count)));
          break;
        }
        alpha = score;
      }
    }
    any_child_path_dependent |= child_path_dependent;
    if (!facts.is_capture && quiet_count < int(quiets_tried.size())) quiets_tried[quiet_count++] = m;
    if (facts.is_capture && capture_count < int(captures_tried.size())) captures_tried[capture_count++] = m;

    // Young brothers wait: with the first move searched (off the PV, the first two), helpers may take the
    // rest.
    if (may_split(thread, depth, pv_node, moves_searched)) {
      // The move picker reads this thread's board, which helpers must not: it hands over all its moves now.
      MoveList remaining;
      for (Move next = picker.next(); next != kNoMove; next = picker.next())
        if (next != excluded) remaining.push(next);
      SplitPoint& split_point = split(thread, node, alpha, best, best_move, moves_searched,
                                      std::span<const Move>(remaining.begin(), remaining.end()));
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
        ++frame.cutoff_count;
        frame.path_dependent = split_point.refutation_path_dependent;
        reward_cutoff(thread, ply, best_move, depth, {}, {});
      }
      break;
    }
  }

  // No legal move: checkmate or stalemate, and in Xiangqi both lose. Without the excluded move, the test
  // simply fails low.
  if (moves_searched == 0) return excluded != kNoMove ? alpha : mated_in(ply);
  frame.best_move = best_move;
  if (!failed_high) frame.path_dependent = any_child_path_dependent;
  // A fail high's score is a bound found by one refutation: tempered toward beta, the deeper the less, it
  // misleads the nodes above less when it was lucky.
  if (failed_high && parameters.fail_high_blend && !pv_node && !is_mate_score(best) && !is_mate_score(beta))
    best = (best * depth + beta) / (depth + 1);
  if (may_store(parameters, frame.path_dependent, best) && excluded == kNoMove) {
    const Bound bound = failed_high ? Bound::kLower : (best > original_alpha ? Bound::kExact : Bound::kUpper);
    table_.store(key, best_move, score_to_table(best, ply), depth, bound, raw_evaluation, table_pv);
    // What a quiet best move (or none) scored is what the position is worth; a capture's score is the
    // material it wins, which the evaluation is not asked to foresee.
    if (!in_check && !is_decisive_score(best) && !frame.path_dependent &&
        (best_move == kNoMove || position.piece_on(to_square(best_move)) == kEmpty))
      learn_correction(position, raw_evaluation, best, bound, depth);
  }
  return best;
}

bool Searcher::enter_move(SearchThread& thread, const NodeState& node, Move m, int moves_searched, int alpha,
                          MoveFacts& facts) {
  const SearchParameters& parameters = options_.parameters;
  Position& position = thread.position;
  // Pruning needs a move searched first, so that a node never ends up with no score but a mated one.
  const bool may_prune = node.prune_moves && node.ply > 0 && moves_searched > 0 && m != node.table_move;
  const Piece piece = position.piece_on(from_square(m)), victim = position.piece_on(to_square(m));
  const bool late_move = node.depth <= parameters.late_move_max_depth &&
                         moves_searched >= late_move_count(parameters, node.depth, node.improving);
  // Late move pruning reads neither the move's history nor, for a move that gives no check, its legality:
  // most quiet moves at shallow nodes are dropped here, before either is worked out.
  const bool late_quiet_move = may_prune && victim == kEmpty && late_move;
  if (late_quiet_move && !position.gives_check(m)) return false;
  if (!keeps_king_safe(position, m)) return false;
  facts.is_capture = victim != kEmpty;
  facts.history = facts.is_capture ? shared_history_->capture_score(piece, to_square(m), victim)
                                   : quiet_move_score(position, quiet_statistics_at(thread, node.ply), m);
  const int reduced_depth =
      std::max(0, node.depth - 1 - reductions_(node.depth, moves_searched + 1) + (node.improving ? 1 : 0));
  // Whether the move would be pruned, decided on this board (the exchange needs it) and applied only if the
  // move turns out not to give check: checks have a rule of their own below. The cheap tests go first: the
  // exchange is worked out only when they leave the move standing.
  bool prune = false;
  if (may_prune) {
    if (facts.is_capture) {
      prune = (reduced_depth <= parameters.capture_futility_max_depth &&
               parameters.capture_futility_max_depth > 0 && !node.pv_node &&
               node.static_evaluation + parameters.capture_futility_base +
                       parameters.capture_futility_per_ply * reduced_depth + victim_value(victim) <=
                   alpha) ||
              (node.depth <= parameters.capture_exchange_max_depth &&
               exchange_below(position, m, -parameters.capture_exchange_per_ply * node.depth));
    } else {
      const int history_margin = parameters.move_futility_history_divisor > 0
                                     ? facts.history / parameters.move_futility_history_divisor
                                     : 0;
      prune = late_move ||
              (reduced_depth < parameters.history_pruning_max_depth &&
               facts.history < -parameters.history_pruning_per_ply * node.depth) ||
              (reduced_depth <= parameters.move_futility_max_depth &&
               node.static_evaluation + parameters.move_futility_base +
                       parameters.move_futility_per_ply * reduced_depth + history_margin <=
                   alpha) ||
              (reduced_depth <= parameters.move_futility_max_depth &&
               exchange_below(position, m,
                              -parameters.quiet_exchange_per_ply_squared * reduced_depth * reduced_depth));
    }
  }
  note_move(thread, node.ply, m);
  // A quiet move that would be pruned is searched only if it gives check, which the board answers without
  // making the move. A capture is still made and unmade to ask: unmaking it puts the captured piece back at
  // the end of its list, which changes the order later moves are generated in, and so the tree (bench
  // signature). A late quiet move that got this far is already known to give check.
  if (prune && !facts.is_capture && !late_quiet_move && !position.gives_check(m)) return false;
  // The child's table entry is fetched while the move is made (a capture that may be pruned waits).
  if (!prune) table_.prefetch(position.key_after(m));
  position.make_move(m);
  facts.gives_check = position.in_check();
  if (facts.gives_check && may_prune && parameters.check_exchange_per_ply > 0) {
    // A check is pruned only when it gives material away, more so the shallower the node: mates by cannon
    // screens and horses come through checks, but a check that loses its piece rarely leads anywhere.
    position.unmake_move();
    if (exchange_below(position, m, -parameters.check_exchange_per_ply * node.depth)) return false;
    position.make_move(m);
    prune = false;
  }
  if (prune && !facts.gives_check) {
    position.unmake_move();
    return false;
  }
  if (prune) table_.prefetch(position.key());
  return true;
}

int Searcher::root_reduction(int depth, int move_number, bool is_capture, bool gives_check) const {
  // Off by default, and never the first moves: each root move may become the move played. One that beats
  // alpha when reduced is searched again in full before it can.
  const SearchParameters& parameters = options_.parameters;
  if (!options_.pruning.late_move_reductions || parameters.reduction_root_min_moves == 0 ||
      move_number <= parameters.reduction_root_min_moves || is_capture || gives_check ||
      depth < parameters.reduction_min_depth)
    return 0;
  return std::clamp(reductions_(depth, move_number) - parameters.reduction_pv_node, 0, depth - 2);
}

int Searcher::search_move(SearchThread& thread, const NodeState& node, Move m, const MoveFacts& facts,
                          int alpha, int moves_searched, const std::atomic<int>* shared_alpha) {
  const SearchParameters& parameters = options_.parameters;
  const int depth = node.depth, ply = node.ply, beta = node.beta;
  thread.stack[ply + 1].reached_by_null_move = false;
  // Extensions: a check deep enough in the tree (bounded, so a long series of checks cannot run the search to
  // its maximum ply), and the singular test's verdict on the table move.
  const bool extend_check =
      facts.gives_check && ply < 2 * iteration_depth_ &&
      (parameters.check_extension_min_depth == 0 || depth >= parameters.check_extension_min_depth);
  int extension = extend_check ? 1 : 0;
  if (m == node.table_move && node.singular_extension != 0)
    extension = node.singular_extension > 0 ? node.singular_extension
                                            : std::min(extension, node.singular_extension + extension);
  int new_depth = depth - 1 + extension;
  thread.stack[ply + 1].double_extensions = thread.stack[ply].double_extensions + (extension >= 2 ? 1 : 0);
  // The child of an expected cut node is an expected all-node, and the other way round; a principal
  // variation's first child is of the principal variation, its later ones expected cut nodes.
  const bool child_cut_node = !node.cut_node;
  if (moves_searched == 1)
    return -search_node(thread, -beta, -alpha, new_depth, ply + 1, node.pv_node ? false : child_cut_node);
  int reduction_plies = 0;
  // Root moves have a rule of their own (a split root's moves come here).
  const bool checks_reduce = parameters.reduction_check >= 0;
  if (ply == 0) reduction_plies = root_reduction(depth, moves_searched, facts.is_capture, facts.gives_check);
  if (options_.pruning.late_move_reductions && ply > 0 &&
      (!node.mate_window || parameters.reduction_mate_window) && depth >= parameters.reduction_min_depth &&
      moves_searched > (node.pv_node ? parameters.reduction_pv_min_moves : 1) &&
      (!facts.is_capture || parameters.reduction_captures) &&
      (checks_reduce || (!node.in_check && !facts.gives_check))) {
    const StackFrame& frame = thread.stack[ply];
    int plies = reductions_(depth, moves_searched);
    if (!node.improving) plies += parameters.reduction_not_improving;
    if (node.cut_node) plies += parameters.reduction_cut_node;
    if (thread.stack[ply + 1].cutoff_count > 3) plies += parameters.reduction_child_cutoffs;
    if (node.pv_node) plies -= parameters.reduction_pv_node;
    if (node.table_pv) plies -= parameters.reduction_table_pv;
    if (!facts.is_capture) {
      if (m == frame.killers[0] || m == frame.killers[1]) plies -= parameters.reduction_killer;
      if (node.table_move_is_capture) plies += parameters.reduction_table_capture;
      // Escapes the threat the null move found.
      if (node.threat != kNoMove && from_square(m) == to_square(node.threat))
        plies -= parameters.reduction_threat_escape;
    }
    if (facts.gives_check) plies -= parameters.reduction_check;
    plies -= facts.history / parameters.reduction_history_divisor;
    reduction_plies = std::clamp(plies, 0, new_depth - 1);
  }
  // At a split point another thread may have raised alpha meanwhile. A null window that failed high proved
  // only that the move beats the alpha it was tested against, not the new one: the next search tests the
  // new alpha (one thread never sees alpha move, and searches as the serial loop does).
  // The nodes of a search that a raised alpha makes the thread redo are counted as the parallel search's
  // loss.
  std::uint64_t search_began = shared_alpha ? thread.nodes.load(std::memory_order_relaxed) : 0;
  const auto raise_alpha = [&] {
    if (!shared_alpha) return;
    const std::uint64_t nodes = thread.nodes.load(std::memory_order_relaxed);
    const int raised = shared_alpha->load(std::memory_order_relaxed);
    if (raised > alpha) {
      alpha = raised;
      thread.stale_alpha_nodes.fetch_add(nodes - search_began, std::memory_order_relaxed);
    }
    search_began = nodes;
  };
  // A stopped child's score means nothing, and no re-search may follow it.
  int score = -search_node(thread, -alpha - 1, -alpha, new_depth - reduction_plies, ply + 1,
                           reduction_plies > 0 || child_cut_node);
  if (aborted(thread)) return 0;
  if (score > alpha && reduction_plies > 0) {
    // A reduced move that beat alpha by far is searched deeper than planned.
    if (parameters.reduction_deeper_margin > 0 &&
        score > alpha + parameters.reduction_deeper_margin + 2 * reduction_plies)
      ++new_depth;
    raise_alpha();
    score = -search_node(thread, -alpha - 1, -alpha, new_depth, ply + 1, child_cut_node);
    if (aborted(thread)) return 0;
    // Whether the move held at full depth teaches its continuation histories (the move is made: the piece
    // stands on its destination).
    if (parameters.reduction_research_history && !facts.is_capture) {
      const int bonus = history_bonus(new_depth, parameters);
      update_continuation_histories(thread, ply, thread.position.piece_on(to_square(m)), to_square(m),
                                    score > alpha ? bonus : -bonus);
    }
  }
  while (score > alpha && score < beta) {
    const int tested = alpha;
    raise_alpha();
    if (alpha == tested) return -search_node(thread, -beta, -alpha, new_depth, ply + 1, false);
    score = -search_node(thread, -alpha - 1, -alpha, new_depth, ply + 1, child_cut_node);
    if (aborted(thread)) return 0;
  }
  return score;
}

int Searcher::quiescence(SearchThread& thread, int alpha, int beta, int ply, int quiescence_ply) {
  const SearchParameters& parameters = options_.parameters;
  Position& position = thread.position;
  StackFrame& frame = thread.stack[ply];
  if (const auto ended = enter_node(thread, ply)) return *ended;
  frame.best_move = kNoMove;
  if (const auto score = probe_tablebase(thread)) return *score;

  const bool in_check = position.in_check();
  const bool pv_node = beta - alpha > 1;
  const std::uint64_t key = position.key();
  const auto entry = table_.probe(key);
  const int table_score = entry ? score_from_table(entry->score, ply) : 0;
  if (entry && !pv_node && table_score_cuts(*entry, table_score, alpha, beta)) return table_score;

  int best = -kInfiniteScore, static_evaluation = kNoStaticEvaluation;
  if (!in_check) {
    // Standing pat: the side to move need not capture.
    static_evaluation = entry && entry->static_evaluation != kNoStaticEvaluation
                            ? entry->static_evaluation
                            : thread.evaluator.evaluate(position);
    best = corrected_evaluation(position, static_evaluation);
    if (entry && table_score_refines(*entry, table_score, best)) best = table_score;
    if (best >= beta) {
      if (!entry) table_.store(key, kNoMove, score_to_table(best, ply), 0, Bound::kLower, static_evaluation);
      return best;
    }
    alpha = std::max(alpha, best);
  }
  // In check every evasion is searched (the quiet ones only a few once one is found that is not mated);
  // otherwise captures that do not lose material, the first few of them besides recaptures and checks, and
  // deep in the quiescence only those. A recapture lands where the previous move did.
  MovePicker picker(position, entry ? entry->move : kNoMove, ordering_at(thread, ply), in_check);
  const Move previous = ply >= 1 ? thread.stack[std::size_t(ply - 1)].move : kNoMove;
  const Square recapture_square = previous != kNoMove ? to_square(previous) : kNoSquare;
  const bool recaptures_only =
      parameters.quiescence_recapture_ply > 0 && quiescence_ply >= parameters.quiescence_recapture_ply;
  const int original_alpha = alpha;
  Move best_move = kNoMove;
  int legal_moves = 0, quiet_evasions = 0;
  bool failed_high = false, any_child_path_dependent = false;
  // Searches one legal move (unless it is to be skipped and does not check); false once the node is done: it
  // failed high, or the search was stopped.
  const auto search_child = [&](Move m, bool skip_unless_check) {
    table_.prefetch(position.key_after(m));
    note_move(thread, ply, m);
    position.make_move(m);
    if (skip_unless_check && !position.in_check()) {
      position.unmake_move();
      return true;
    }
    const int score = -quiescence(thread, -beta, -alpha, ply + 1, quiescence_ply + 1);
    position.unmake_move();
    if (aborted(thread)) return false;
    const bool child_path_dependent = thread.stack[ply + 1].path_dependent;
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (pv_node) update_principal_variation(thread, ply, m);
        if (score >= beta) {
          failed_high = true;
          frame.path_dependent = child_path_dependent;
          return false;
        }
        alpha = score;
      }
    }
    any_child_path_dependent |= child_path_dependent;
    return true;
  };
  for (Move m = picker.next(); m != kNoMove; m = picker.next()) {
    if (!keeps_king_safe(position, m)) continue;
    ++legal_moves;
    bool skip_unless_check = false;
    if (in_check) {
      if (position.piece_on(to_square(m)) == kEmpty) {
        skip_unless_check = parameters.quiescence_evasion_limit > 0 && best > mated_in(kMaxPly) &&
                            quiet_evasions >= parameters.quiescence_evasion_limit;
        ++quiet_evasions;
      }
    } else if (to_square(m) != recapture_square) {
      skip_unless_check = recaptures_only || (parameters.quiescence_move_limit > 0 &&
                                              legal_moves > parameters.quiescence_move_limit);
    }
    if (!search_child(m, skip_unless_check)) break;
  }
  if (aborted(thread)) return 0;
  // At the first ply of quiescence a few quiet checks follow the captures, those that do not simply lose the
  // checking piece: a mate or a decisive attack one move past the horizon is seen.
  if (!failed_high && !in_check && quiescence_ply == 0 && parameters.quiescence_checks > 0) {
    MoveList quiets;
    generate_quiets(position, quiets);
    const Square king = position.king_square(opposite(position.side_to_move()));
    int checks = 0;
    for (int i = 0; i < quiets.size && checks < parameters.quiescence_checks; ++i) {
      const Move m = quiets[i];
      if (!may_give_check(m, king) || !position.gives_check(m) || exchange_below(position, m, 0) ||
          !keeps_king_safe(position, m))
        continue;
      ++checks;
      if (!search_child(m, false)) break;
    }
    if (aborted(thread)) return 0;
  }
  if (in_check && legal_moves == 0) return mated_in(ply);
  frame.best_move = best_move;
  if (!failed_high) frame.path_dependent = any_child_path_dependent;
  if (may_store(parameters, frame.path_dependent, best)) {
    const Bound bound = failed_high ? Bound::kLower : (best > original_alpha ? Bound::kExact : Bound::kUpper);
    table_.store(key, best_move, score_to_table(best, ply), 0, bound, static_evaluation,
                 entry && entry->was_pv);
  }
  return best;
}

}  // namespace shuai
