// The search: iterative deepening, aspiration windows, principal variation search, quiescence, extensions
// (check, singular), mate-distance pruning, forward pruning under switches, repetition rules, time control.
// Searcher owns the tables, the thread pool (thread_pool.h), the time manager and the root moves; its parts
// are search.cpp (the owner), iterative_deepening.cpp (the root), node_search.cpp and parallel.cpp.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <vector>

#include "engine/board/game_rules.h"
#include "engine/board/position.h"
#include "engine/tablebase/table_set.h"
#include "eval/evaluator.h"
#include "eval/minors_table.h"
#include "eval/score.h"
#include "search/history.h"
#include "search/move_picker.h"
#include "search/playing_level.h"
#include "search/search_parameters.h"
#include "search/search_thread.h"
#include "search/split_point.h"
#include "search/thread_pool.h"
#include "search/time_manager.h"
#include "search/transposition_table.h"

namespace shuai {

// Each forward-pruning method has its own switch (the MHT paper's Table 6 experiment turns them on and off).
// `futility` also covers the pruning of the same family: reverse futility, late-move pruning by count, the
// history and static-exchange pruning of moves, and probcut.
struct PruningSwitches {
  bool null_move = true;
  bool late_move_reductions = true;
  bool futility = true;
  bool razoring = true;
};

enum class PruningLevel { kNone, kSmall, kMedium, kLarge };
// none: all off; small: null move; medium: null move and late move reductions; large: all four.
PruningSwitches pruning_for_level(PruningLevel level);

struct SearchOptions {
  PruningSwitches pruning;
  EvaluationSettings evaluation;
  bool use_minors_table = true;                       // off: the minors are evaluated at every leaf
  bool reset_minors_table_every_move = false;         // the paper's Table 7 experiment
  bool aspiration_transactions = false;               // seed 002's idea: off by default, to be measured
  int natural_move_limit = kDefaultNaturalMoveLimit;  // plies without capture; 0 = no limit
  std::int64_t move_overhead_ms = 50;
  int multi_pv = 1;  // best lines reported per iteration (analysis GUIs); 1 in play
  // Below kFullStrengthLevel, the playing level's budget and choice among lines (playing_level.h).
  double level = kFullStrengthLevel;
  // Parallel search: nodes shallower than this are not split (the copying and locking would cost more than
  // the help gives). Chosen with `shuai bench smp split N`.
  int min_split_depth = 5;
  // The search's constants (margins, reductions, limits): search_parameters.h.
  SearchParameters parameters = default_search_parameters();
  // Endgame tablebases, probed at nodes reached by a capture and at the root; none when null. Shared and
  // never changed once loaded, so the threads read them without locks.
  std::shared_ptr<const tablebase::TableSet> tablebases;
};

// Late move reductions by depth and move number, in plies, from the parameters' formula.
struct ReductionTable {
  static constexpr int kSize = 64;
  explicit ReductionTable(const SearchParameters& parameters);
  int operator()(int depth, int moves) const {
    return plies[std::size_t(std::min(depth, kSize - 1))][std::size_t(std::min(moves, kSize - 1))];
  }
  std::array<std::array<int, kSize>, kSize> plies{};
};

// A table's value as a score: a win below every mate (the table counts plies to conversion, not to mate) and
// above every evaluation, the sooner the higher.
int tablebase_score(tablebase::TableValue value);

struct SearchLimits {
  static constexpr int kUnlimitedDepth = kMaxPly - 8;

  int depth = kUnlimitedDepth;  // iterations to run at most
  std::uint64_t nodes = 0;      // 0 = no limit
  TimeControl time;
  int mate = 0;                           // moves: stop once the side to move mates in this many or fewer
  bool infinite = false;                  // search until stopped
  bool ponder = false;                    // think on the opponent's time until ponderhit or stop
  std::vector<Move> excluded_root_moves;  // banmoves

  // Only the game clock bounds the search (no depth, nodes, move time, mate or analysis asked): a game is
  // being played, and a move with no alternative may be played without thought.
  bool game_clock_only() const {
    return time.remaining_ms >= 0 && time.move_time_ms < 0 && depth == kUnlimitedDepth && nodes == 0 &&
           mate == 0 && !infinite;
  }
};

// One report per finished iteration (and the final one).
struct SearchInfo {
  int line = 1;  // which of the MultiPV lines, from 1 (the best)
  int depth = 0;
  int selective_depth = 0;
  int score = 0;  // side to move's view
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::uint64_t tablebase_hits = 0;
  int material = 0;  // the root's, as the win/draw/loss model counts it (win_draw_loss.h)
  std::vector<Move> principal_variation;
};

struct SearchResult {
  Move best_move = kNoMove;  // kNoMove when the side to move has no legal move (it has lost)
  Move ponder_move = kNoMove;
  // The side to move's score. With depth 0 (stopped before the first iteration finished) it is only an
  // estimate, which decisions such as resigning must not trust.
  int score = 0;
  int depth = 0;  // the last iteration that finished
  std::uint64_t nodes = 0;
  MinorsStatistics minors;  // Minors Hash Table use during this search
  // Parallel search, summed over the threads: split points opened, and the time spent waiting for work.
  std::uint64_t splits = 0;
  double idle_seconds = 0;
  // The parallel search's overhead by kind (search_thread.h says what each counts).
  std::uint64_t split_cutoffs = 0, thrown_away_nodes = 0, stale_alpha_nodes = 0;
  std::uint64_t tablebase_hits = 0;
};

class Searcher {
 public:
  explicit Searcher(std::size_t hash_megabytes = TranspositionTable::kDefaultMegabytes);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  TranspositionTable& table() { return table_; }
  MinorsTable& minors_table() { return minors_table_; }
  SearchOptions& options() { return options_; }
  void set_info_callback(std::function<void(const SearchInfo&)> callback) { on_info_ = std::move(callback); }
  // Called before each root move is searched (the move, its number from 1, the iteration depth).
  void set_root_move_callback(std::function<void(Move, int, int)> callback) {
    on_root_move_ = std::move(callback);
  }

  // The playing levels' choices from here on follow `seed` (a benchmark's table, a test's moves).
  void seed_level_choice(std::uint64_t seed) { level_random_.seed(seed); }

  // Search threads, the calling thread included (0: one per processor). Not while a search runs.
  void set_threads(int count);
  int thread_count() const { return int(pool_.size()); }

  // Runs the search on the calling thread and returns when it is done (for infinite and ponder searches:
  // when stopped, or after ponderhit once the time is used).
  SearchResult search(const Position& root, const SearchLimits& limits);
  // The same in two steps, for a search started on another thread: arm() on the commanding thread before the
  // worker starts (so a stop or ponderhit sent at once is not lost), then run() on the worker.
  void arm(const SearchLimits& limits);
  SearchResult run(const Position& root, const SearchLimits& limits);
  // Both safe to call from another thread while search() runs.
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  void ponderhit();

  // A new game: forget the transposition table, the Minors Hash Table and the move-ordering statistics.
  void clear();
  // Forget the move-ordering statistics only (kept from one search to the next unless the parameters say
  // otherwise).
  void clear_histories();

  // The quiet leaf of `position` (an evaluation tuner's training position): the last position of the
  // principal variation of a full-window quiescence search from it, or the position itself when standing pat
  // is best. The quiescence is the search's own (captures static exchange does not condemn, every evasion
  // after a capture that checks). It reads and writes the transposition table, whose scores can change the
  // line, and its move ordering reads the capture statistics the last search left: for a leaf that depends
  // on the position and the evaluation alone, use a Searcher that does nothing else, its table cleared
  // before each call. Not while a search runs.
  Position quiet_leaf(const Position& position);

 private:
  // Each search's preparation and its result (search.cpp).
  // The limits, the clock, the tables and the threads' states for a search from `root`.
  void prepare_search(const Position& root, const SearchLimits& limits);
  void reset_threads(const Position& root);
  // Clears the Minors Hash Table where its entries stop being useful or valid.
  void prepare_minors_table(const Position& root);
  // The legal moves of the root but the excluded ones; whether the one move left may be played at once.
  void choose_root_moves(const SearchLimits& limits);
  // Infinite and ponder searches hold their result until stopped (or, pondering, until ponderhit).
  void wait_until_released(const SearchLimits& limits);
  // The ponder move, the nodes and the threads' statistics.
  void finish_result(SearchResult& result) const;

  // The root (iterative_deepening.cpp).
  // Iterations of growing depth until a limit ends them; the result of the last that finished. A stop during
  // depth 1 leaves the best root move searched by then in front and its score in `partial_score`.
  SearchResult iterate(const SearchLimits& limits, int& partial_score);
  // One iteration, in windows around the previous iteration's score that widen until the score falls inside
  // (a failing root raises `instability`, which earns more time). `searched_depth`: the depth of the last
  // window's search (fail highs search shallower).
  int aspiration_search(int depth, int previous_score, double& instability, int& searched_depth);
  // MultiPV: one line, a root move's score and principal variation.
  struct RootLine {
    int score;
    std::vector<Move> principal_variation;
  };
  // MultiPV: adds the lines after the first (each the best of the root moves not yet in a line) until there
  // are `wanted`, and sorts all best first, the root moves in the same order.
  void search_further_lines(int depth, std::size_t wanted, std::vector<RootLine>& lines);
  // Below full strength: the line of the last iteration the level chooses becomes the result.
  void play_level_choice(SearchResult& result);
  // Searches the root moves from index `first` on (the earlier ones are the better MultiPV lines already
  // found) and moves the best of them to `first`.
  int search_root(int alpha, int beta, int depth, std::size_t first = 0);
  // The principal variation the last search_root() found.
  std::span<const Move> root_line() const;
  // The share of the search's nodes spent below the best root move: a move that took nearly all of them
  // stands alone, so the time rule (time_effort_percent) may stop sooner.
  void add_root_effort(Move m, std::uint64_t nodes);
  double effort_stretch(int depth) const;
  void report(int line, int depth, int score, std::span<const Move> principal_variation);
  // No iteration finished: fills the result with the best move and score known (the root moves searched
  // before the stop, given as `partial_score`, or else a static look) and reports them.
  void settle_unfinished_search(SearchResult& result, int partial_score);

  // The node search (node_search.cpp).
  struct MoveFacts {
    bool is_capture = false, gives_check = false;
    int history = 0;  // the quiet move's history score, or the capture's capture history
  };

  // What every node does first: count itself, poll the limits, apply the game rules; a score if the node
  // ends.
  std::optional<int> enter_node(SearchThread& thread, int ply);
  // `cut_node`: the node is expected to fail high (a null-window child of a later move, or of an expected
  // all-node, or a reduced search).
  int search_node(SearchThread& thread, int alpha, int beta, int depth, int ply, bool cut_node);
  // `quiescence_ply`: plies since the main search's leaf (0 there).
  int quiescence(SearchThread& thread, int alpha, int beta, int ply, int quiescence_ply = 0);
  // Makes the move if it is legal and survives the pruning of moves; false (nothing made) otherwise.
  // `moves_searched` moves have been searched at this node, and `alpha` is its alpha now.
  bool enter_move(SearchThread& thread, const NodeState& node, Move m, int moves_searched, int alpha,
                  MoveFacts& facts);
  // The ordering statistics a node at `ply` reads.
  MoveOrdering ordering_at(const SearchThread& thread, int ply) const;
  // Only what quiet_move_score reads (no killers, counter move or threat bonuses): cheaper, once a move.
  MoveOrdering quiet_statistics_at(const SearchThread& thread, int ply) const;
  // Records the move made from `ply` (or a null move) in the stack, for the continuation histories below.
  void note_move(SearchThread& thread, int ply, Move m);
  // A move failed high: killers, counter move and histories learn it; the moves tried before it lose.
  void reward_cutoff(SearchThread& thread, int ply, Move best, int depth, std::span<const Move> quiets_tried,
                     std::span<const Move> captures_tried);
  // A quiet move's own and continuation histories at `ply` move by `amount`.
  void update_quiet_histories(SearchThread& thread, int ply, Move m, int amount);
  // The continuation histories of `piece` moving to `to` at `ply` move by `amount`.
  void update_continuation_histories(SearchThread& thread, int ply, Piece piece, Square to, int amount);
  // The static evaluation `raw` as the search uses it: corrected by what the search found at positions like
  // this one (the correction history, when on), then damped by the move limit (when on); `raw` itself with
  // both off.
  int corrected_evaluation(const Position& position, int raw) const;
  // `value` scaled down as the plies since the last capture near `move_limit_damping_plies` (unchanged
  // when that is 0).
  int damped_by_move_limit(const Position& position, int value) const;
  // The node's search score `best` (a bound of the kind `bound`) against its evaluation teaches the
  // correction history.
  void learn_correction(const Position& position, int raw_evaluation, int best, Bound bound, int depth);
  // Searches the made move as the node's moves_searched-th (reductions, null window, re-searches).
  // At a split point, `shared_alpha` is the node's alpha as the other threads raise it.
  int search_move(SearchThread& thread, const NodeState& node, Move m, const MoveFacts& facts, int alpha,
                  int moves_searched, const std::atomic<int>* shared_alpha = nullptr);
  // The plies a root move is reduced by (reduction_root_min_moves): the serial root loop and a split root ask
  // the same.
  int root_reduction(int depth, int move_number, bool is_capture, bool gives_check) const;
  // Pondering: the clock starts once ponderhit comes.
  void start_clock_after_ponderhit();
  void poll_limits(SearchThread& thread);
  // `go nodes`, or a playing level's budget once depth 1 is done (`past_depth_one`), is used up at `nodes`.
  bool node_budget_spent(std::uint64_t nodes, bool past_depth_one) const;
  // The search is stopped, or a split point this thread works for has failed high.
  bool aborted(const SearchThread& thread) const;
  void update_principal_variation(SearchThread& thread, int ply, Move m);
  int rule_score(RuleOutcome outcome, int ply) const;
  // The tablebase score of a node the last move reached by a capture, when its endgame has a table.
  std::optional<int> probe_tablebase(SearchThread& thread) const;
  // At a root a table holds: only the moves that keep its value, the fastest conversion of a win and the
  // slowest of a loss (nothing changes when a move's position has no table).
  void keep_tablebase_root_moves();
  std::optional<int> root_tablebase_score_;  // the table's score of the root, when one holds it

  // The parallel search (parallel.cpp). A node may split when helpers are idle; split() returns when all its
  // moves are searched.
  // A node that has searched `moves_searched` moves may become a split point. Off the principal variation a
  // second move still often cuts, and a helper's work on the others would be lost: such nodes wait for two.
  bool may_split(const SearchThread& thread, int depth, bool pv_node, int moves_searched) const;
  SplitPoint& split(SearchThread& thread, const NodeState& node, int alpha, int best, Move best_move,
                    int moves_searched, std::span<const Move> moves);
  void work_at(SearchThread& thread, SplitPoint& split_point);
  // Joins an open split point (below `below` if given, for a master waiting on its helpers); false if none.
  bool help(SearchThread& thread, const SplitPoint* below);
  // help(), or else a moment's wait that counts as the thread's idle time since `idle_since` (moved on to
  // now either way).
  bool help_or_wait(SearchThread& thread, const SplitPoint* below,
                    std::chrono::steady_clock::time_point& idle_since);
  // What a helper does while a search runs: it helps at split points until the search ends.
  void help_while_searching(SearchThread& thread);

  TranspositionTable table_;
  MinorsTable minors_table_;
  std::unique_ptr<SharedHistory> shared_history_;  // kept between searches unless the parameters say not
  ReductionTable reductions_{default_search_parameters()};  // made from options_.parameters at each search
  Phase last_root_phase_ = Phase::kOpening;
  Knowledge last_knowledge_ = Knowledge::kLarge;
  const EvaluationTables* last_tables_ = &default_evaluation_tables();
  SearchOptions options_;
  std::function<void(const SearchInfo&)> on_info_;
  std::function<void(Move, int, int)> on_root_move_;
  std::atomic<int> idle_helpers_{0};  // threads looking for a split point to help at
  SearchLimits limits_;
  TimeManager time_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> pondering_{false};
  bool ponder_clock_pending_ = false;  // pondering: the clock starts at ponderhit
  bool forced_move_ = false;           // one legal move, under a game clock only: played once depth 1 is done
  // Below full strength: the level's plan for this search, the last iteration's lines it chooses from, and
  // the noise of its choice (seeded afresh by each Searcher, so games differ).
  std::optional<LevelPlan> level_plan_;
  std::vector<RootLine> level_lines_;
  std::mt19937_64 level_random_{std::random_device{}()};
  std::vector<Move> last_principal_variation_;
  std::vector<Move> root_moves_;
  int root_material_ = 0;  // for the win/draw/loss chances of the reports
  // The nodes spent below each root move in this search, over every iteration (the move, its nodes), for
  // the time rule on the best move's share (time_effort_percent). Moves split off to helpers count nothing.
  std::vector<std::pair<Move, std::uint64_t>> root_effort_;
  bool root_path_dependent_ = false;  // a root move's score came through a repetition ruling
  int iteration_depth_ = 0;
  std::optional<int> previous_search_score_;  // the last search's score, for the time plan (reset by clear())
  // Last, so that the helpers stop before anything they use is destroyed.
  ThreadPool pool_;
};

}  // namespace shuai
