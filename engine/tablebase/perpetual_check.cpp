// The ruling on perpetual check in the analysis of endgames where both sides can check. After the plain
// retrograde passes, what is undecided would go on for ever; under the Asian rules a side that keeps it going
// only by checking on every move loses, unless the other side also checks on every move (then it is a draw).
//
// For each side X in turn that could win so, the undecided positions form a game with three priorities: X to
// move and not in check (the other side, Y, has just made a quiet move) is priority 3, Y to move and not in
// check (X made a quiet move) is 2, any position in check is 1. X wins a never-ending play exactly when the
// highest priority met for ever is 2: Y's quiet moves stop (the 3s), X's do not (the 2s). Zielonka's
// algorithm solves it with attractors, each a retrograde pass like the generator's: one forward pass counts
// each position's moves inside the game, then the positions the attractor takes are unmade one by one. Moves
// that leave the undecided positions lead to two sinks: one X wins (a position already won for X, where Y
// will not go) and one X does not (a draw by capture, or a position won for Y). Positions X wins get "win
// (loss) by the ruling"; then the other side's turn, until neither gains.
#include <fmt/format.h>

#include <vector>

#include "engine/board/movegen.h"
#include "engine/tablebase/generator.h"
#include "engine/tablebase/retrograde.h"

namespace shuai::tablebase {
namespace {

// What a position's moves that leave the undecided positions lead to, and whether it is in check.
constexpr std::uint8_t kInCheck = 1, kDrawExit = 2, kOpponentWinExit = 4;

// A set of positions (one byte each, for every side to move and index) and of the two sinks.
struct PositionSet {
  std::vector<std::uint8_t> has;
  bool x_wins_sink = false, x_does_not_sink = false;
};

class RulingAnalysis {
 public:
  RulingAnalysis(Table& table, const TableSet& subtables, int threads)
      : table_(table),
        layout_(table.layout),
        subtables_(subtables),
        threads_(threads),
        size_(layout_.size()) {}

  // Decides what the ruling decides; the number of positions it decided.
  std::uint64_t run() {
    std::uint64_t decided = 0;
    for (bool gained = true; gained;) {
      gained = false;
      for (const Color winner : {kRed, kBlack}) {
        const std::uint64_t won = solve_for(winner);
        decided += won;
        gained |= won > 0;
      }
    }
    return decided;
  }

 private:
  std::uint64_t node(Color side, std::uint64_t index) const { return std::uint64_t(side) * size_ + index; }
  Color side_of(std::uint64_t node) const { return Color(node / size_); }
  std::uint64_t index_of(std::uint64_t node) const { return node % size_; }

  std::uint64_t solve_for(Color winner) {
    winner_ = winner;
    look_at_moves();
    PositionSet game;
    game.has.assign(2 * size_, 0);
    std::uint64_t undecided = 0;
    for (const Color side : {kRed, kBlack})
      for (std::uint64_t index = 0; index < size_; ++index)
        if (table_.values[side][index] == kDrawValue) game.has[node(side, index)] = 1, ++undecided;
    if (undecided == 0) return 0;
    game.x_wins_sink = game.x_does_not_sink = true;
    const PositionSet won = solve_three(game);
    std::uint64_t decided = 0;
    for (std::uint64_t n = 0; n < 2 * size_; ++n)
      if (won.has[n]) {
        table_.values[side_of(n)][index_of(n)] = side_of(n) == winner ? kRulingWinValue : kRulingLossValue;
        ++decided;
      }
    return decided;
  }

  // Each undecided position's check and exits, for the current winner's game.
  void look_at_moves() {
    flags_.assign(2 * size_, 0);
    for (const Color side : {kRed, kBlack})
      for_each_chunk(size_, threads_, [&](std::uint64_t begin, std::uint64_t end, Position& position) {
        for (std::uint64_t index = begin; index < end; ++index) {
          if (table_.values[side][index] != kDrawValue) continue;
          layout_.set_position_of(index, side, position);
          std::uint8_t flags = position.in_check() ? kInCheck : 0;
          MoveList moves;
          generate_legal(position, moves);
          for (const Move m : moves) {
            const TableValue after = child_value(position, side, m);
            if (after == kDrawValue && position.piece_on(to_square(m)) == kEmpty) continue;  // undecided
            flags |= is_win(after) ? kOpponentWinExit : kDrawExit;
          }
          flags_[node(side, index)] = flags;
        }
      });
  }

  // The value of the position after `m` for the side then to move: in this table for a quiet move, in the
  // smaller one for a capture.
  TableValue child_value(Position& position, Color side, Move m) const {
    if (position.piece_on(to_square(m)) != kEmpty)
      return value_after(position, m, subtables_).value_or(kDrawValue);
    return table_.values[opposite(side)][index_after_quiet_move(layout_, position, m)];
  }

  // The child of a quiet move, as a node.
  std::uint64_t quiet_child(Position& position, Color side, Move m) const {
    return node(opposite(side), index_after_quiet_move(layout_, position, m));
  }

  // Where a position's exits lead in the winner's game: true for the sink the winner wins.
  bool exits_to_winning_sink(std::uint64_t n) const {
    return side_of(n) != winner_ && (flags_[n] & kOpponentWinExit);
  }
  bool exits_to_other_sink(std::uint64_t n) const {
    return (flags_[n] & kDrawExit) || (side_of(n) == winner_ && (flags_[n] & kOpponentWinExit));
  }

  // The positions of `game` from which `player` can force play into `target` (a subset of `game`).
  PositionSet attractor(Color player, const PositionSet& game, const PositionSet& target) {
    PositionSet attracted;
    attracted.has = target.has;
    attracted.x_wins_sink = target.x_wins_sink;
    attracted.x_does_not_sink = target.x_does_not_sink;
    std::vector<std::uint8_t> counters(2 * size_, 0);
    std::vector<std::uint8_t> added(2 * size_, 0);
    // One forward pass: a position of the player's with a move into the target is attracted; the other side's
    // keeps the count of its moves inside the game and outside the target's sinks.
    for (const Color side : {kRed, kBlack})
      for_each_chunk(size_, threads_, [&](std::uint64_t begin, std::uint64_t end, Position& position) {
        for (std::uint64_t index = begin; index < end; ++index) {
          const std::uint64_t n = node(side, index);
          if (!game.has[n] || target.has[n]) continue;
          const bool to_winning = exits_to_winning_sink(n), to_other = exits_to_other_sink(n);
          const bool sink_in_target =
              (to_winning && target.x_wins_sink) || (to_other && target.x_does_not_sink);
          if (side == player && sink_in_target) {
            added[n] = 1;
            continue;
          }
          layout_.set_position_of(index, side, position);
          MoveList moves;
          generate_legal(position, moves);
          int inside = (to_winning && game.x_wins_sink && !target.x_wins_sink) +
                       (to_other && game.x_does_not_sink && !target.x_does_not_sink);
          bool into_target = false;
          for (const Move m : moves) {
            if (position.piece_on(to_square(m)) != kEmpty) continue;
            const std::uint64_t child = quiet_child(position, side, m);
            if (!game.has[child]) continue;
            into_target |= target.has[child] != 0;
            ++inside;
          }
          if (side == player ? into_target : inside == 0) added[n] = 1;
          counters[n] = std::uint8_t(std::min(inside, 255));
        }
      });
    std::vector<std::uint64_t> queue;
    for (std::uint64_t n = 0; n < 2 * size_; ++n) {
      if (added[n]) attracted.has[n] = 1;
      if (attracted.has[n] && game.has[n]) queue.push_back(n);
    }
    // Then back from each attracted position: a predecessor of the player's is attracted, one of the other
    // side's when its last move inside the game is.
    for (std::size_t next = 0; next < queue.size(); ++next) {
      const std::uint64_t n = queue[next];
      const Color before_side = opposite(side_of(n));
      for_each_predecessor(layout_, side_of(n), index_of(n), [&](std::uint64_t before_index) {
        const std::uint64_t before = node(before_side, before_index);
        if (!game.has[before] || attracted.has[before]) return;
        if (before_side != player && --counters[before] != 0) return;
        attracted.has[before] = 1;
        queue.push_back(before);
      });
    }
    return attracted;
  }

  static PositionSet minus(const PositionSet& from, const PositionSet& taken) {
    PositionSet rest = from;
    for (std::size_t n = 0; n < rest.has.size(); ++n) rest.has[n] = from.has[n] && !taken.has[n];
    rest.x_wins_sink = from.x_wins_sink && !taken.x_wins_sink;
    rest.x_does_not_sink = from.x_does_not_sink && !taken.x_does_not_sink;
    return rest;
  }

  static bool has_positions(const PositionSet& set) {
    for (const std::uint8_t each : set.has)
      if (each) return true;
    return false;
  }

  PositionSet empty_set() const {
    PositionSet set;
    set.has.assign(2 * size_, 0);
    return set;
  }

  // The positions of `game` (priorities 1 and 2) from which the winner meets priority 2 for ever: its Büchi
  // region. The sink it wins is priority 2, the other 1.
  PositionSet solve_two(PositionSet game) {
    const Color loser = opposite(winner_);
    while (true) {
      PositionSet twos = empty_set();
      for (std::uint64_t n = 0; n < 2 * size_; ++n)
        twos.has[n] = game.has[n] && side_of(n) == loser && !(flags_[n] & kInCheck);
      twos.x_wins_sink = game.x_wins_sink;
      const PositionSet reached = attractor(winner_, game, twos);
      const PositionSet rest = minus(game, reached);
      if (!has_positions(rest) && !rest.x_does_not_sink) return reached;
      const PositionSet lost = attractor(loser, game, rest);
      game = minus(game, lost);
      if (!has_positions(game)) return game;
    }
  }

  // The winner's region of `game` with all three priorities.
  PositionSet solve_three(PositionSet game) {
    const Color loser = opposite(winner_);
    PositionSet won = empty_set();
    while (true) {
      PositionSet threes = empty_set();
      for (std::uint64_t n = 0; n < 2 * size_; ++n)
        threes.has[n] = game.has[n] && side_of(n) == winner_ && !(flags_[n] & kInCheck);
      const PositionSet avoided = attractor(loser, game, threes);
      PositionSet region = solve_two(minus(game, avoided));
      if (!has_positions(region)) return won;
      region.x_does_not_sink = false;
      const PositionSet taken = attractor(winner_, game, region);
      for (std::uint64_t n = 0; n < 2 * size_; ++n) won.has[n] |= taken.has[n];
      game = minus(game, taken);
      if (!has_positions(game)) return won;
    }
  }

  Table& table_;
  const TableLayout& layout_;
  const TableSet& subtables_;
  int threads_;
  std::uint64_t size_;
  Color winner_ = kRed;
  std::vector<std::uint8_t> flags_;
};

}  // namespace

std::uint64_t apply_perpetual_check_ruling(Table& table, const TableSet& subtables, int threads) {
  return RulingAnalysis(table, subtables, std::max(1, threads)).run();
}

}  // namespace shuai::tablebase
