// Retrograde analysis over one endgame's table. A first pass finds every position's legal moves: mates and
// stalemates are lost, a capture into a lost position of a smaller table wins at once, and each position
// keeps the count of its quiet moves still to be decided. Then one pass per ply of distance: from every
// position decided at distance n, the moves that lead to it are unmade; a predecessor of a loss is a win at
// n + 1, a predecessor of a win loses one more way out, and loses at n + 1 when none is left. What is never
// decided is a draw. Threads share the passes; the one-byte entries and counters are atomic (relaxed) while
// they work, and copied into the table at the end.
#include "engine/tablebase/generator.h"

#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/board/fen.h"
#include "engine/board/game_rules.h"
#include "engine/board/geometry.h"
#include "engine/board/movegen.h"
#include "engine/tablebase/retrograde.h"

namespace shuai::tablebase {
namespace {

// A counter at or above this has a capture that draws: the position can never be lost.
constexpr std::uint8_t kDrawingCapture = 128;

// What the passes' threads read and write at once for each entry: its value and its count of quiet moves
// still to be decided, side by side, since a predecessor's update reads both and the tables of two attacking
// pieces are far larger than the caches (one miss per update rather than two).
struct SharedEntry {
  std::atomic<std::uint8_t> value, counter;
};
using SharedEntries = std::unique_ptr<SharedEntry[]>;

std::uint8_t load(const SharedEntries& entries, std::uint64_t index) {
  return entries[index].value.load(std::memory_order_relaxed);
}

bool set_if_undecided(SharedEntries& entries, std::uint64_t index, TableValue value) {
  std::uint8_t expected = kDrawValue;
  return entries[index].value.compare_exchange_strong(expected, value, std::memory_order_relaxed);
}

class Generator {
 public:
  Generator(Table& table, const TableSet& subtables, int threads)
      : table_(table), layout_(table.layout), subtables_(subtables), threads_(threads) {
    for (const Color side : {kRed, kBlack}) {
      entries_[side] = std::make_unique<SharedEntry[]>(layout_.size());
    }
  }

  std::string solve(int& levels) {
    first_pass();
    for (int n = 0; n <= longest_.load(); ++n) {
      if (n >= kLongestDistance)
        return fmt::format("a distance over {} plies: the entries are too narrow", n);
      level_pass(n);
      levels = n + 1;
    }
    for (const Color side : {kRed, kBlack}) {
      auto& values = table_.values[side];
      values.resize(layout_.size());
      for (std::uint64_t index = 0; index < layout_.size(); ++index)
        values[index] = load(entries_[side], index);
    }
    return {};
  }

 private:
  void first_pass() {
    for (const Color side : {kRed, kBlack})
      for_each_chunk(layout_.size(), threads_,
                     [&](std::uint64_t begin, std::uint64_t end, Position& position) {
                       int longest = 0;
                       for (std::uint64_t index = begin; index < end; ++index) {
                         const auto [value, counter] = first_look(side, index, position);
                         entries_[side][index].value.store(value, std::memory_order_relaxed);
                         entries_[side][index].counter.store(counter, std::memory_order_relaxed);
                         longest = std::max(longest, distance_of(value));
                       }
                       raise_longest(longest);
                     });
  }

  std::pair<TableValue, std::uint8_t> first_look(Color side, std::uint64_t index, Position& position) const {
    if (!layout_.set_position_of(index, side, position)) return {kNoPositionValue, 0};
    if (position.is_king_attacked(opposite(side))) return {kNoPositionValue, 0};
    MoveList moves;
    generate_legal(position, moves);
    if (moves.size == 0) return {loss_in(0), 0};
    int quiet = 0;
    bool drawing_capture = false;
    for (const Move m : moves) {
      if (position.piece_on(to_square(m)) == kEmpty) {
        ++quiet;
        continue;
      }
      const TableValue after = value_after(position, m, subtables_).value_or(kDrawValue);
      if (is_loss(after)) return {win_in(1), 0};
      drawing_capture |= !is_win(after);
    }
    if (quiet == 0 && !drawing_capture) return {loss_in(1), 0};
    return {kDrawValue, std::uint8_t(quiet + (drawing_capture ? kDrawingCapture : 0))};
  }

  void raise_longest(int distance) {
    int seen = longest_.load();
    while (distance > seen && !longest_.compare_exchange_weak(seen, distance)) {
    }
  }

  void level_pass(int n) {
    for (const Color side : {kRed, kBlack})
      for_each_chunk(layout_.size(), threads_, [&](std::uint64_t begin, std::uint64_t end, Position&) {
        for (std::uint64_t index = begin; index < end; ++index) {
          const TableValue value = load(entries_[side], index);
          if ((n > 0 && value == win_in(n)) || value == loss_in(n))
            unmake_into(side, index, is_loss(value), n);
        }
      });
  }

  // The positions one quiet move before the entry (of `side` to move), decided at distance n.
  void unmake_into(Color side, std::uint64_t index, bool lost, int n) {
    for_each_predecessor(layout_, side, index,
                         [&](std::uint64_t before) { reached_from(opposite(side), before, lost, n); });
  }

  void reached_from(Color mover, std::uint64_t index, bool child_lost, int n) {
    auto& entries = entries_[mover];
    if (load(entries, index) != kDrawValue) return;  // decided, or no position
    if (child_lost) {
      if (set_if_undecided(entries, index, win_in(n + 1))) raise_longest(n + 1);
      return;
    }
    if (entries[index].counter.fetch_sub(1, std::memory_order_relaxed) == 1 &&
        set_if_undecided(entries, index, loss_in(n + 1)))
      raise_longest(n + 1);
  }

  Table& table_;
  const TableLayout& layout_;
  const TableSet& subtables_;
  int threads_;
  std::array<SharedEntries, kColorCount> entries_;
  std::atomic<int> longest_{0};
};

}  // namespace

GenerationResult generate_table(const Material& material, const TableSet& subtables, int threads) {
  GenerationResult result;
  for (const Material& smaller : endgames_after_one_capture(material))
    if (subtables.find(smaller) == nullptr) {
      result.error =
          fmt::format("{} needs the table {} first", endgame_name(material), endgame_name(smaller));
      return result;
    }
  auto table = std::make_unique<Table>(material);
  Generator generator(*table, subtables, std::max(1, threads));
  result.error = generator.solve(result.levels);
  if (!result.error.empty()) return result;
  if (material.attackers(kRed) > 0 && material.attackers(kBlack) > 0)
    result.decided_by_ruling = apply_perpetual_check_ruling(*table, subtables, threads);
  result.table = std::move(table);
  return result;
}

Verification verify_table(const Table& table, const TableSet& subtables, int threads) {
  constexpr std::uint64_t kUnknownRank = ~std::uint64_t(0);
  const TableLayout& layout = table.layout;
  // The index after the quiet move `m` from the entry `index` at `placement`. A move of another piece than a
  // king keeps the kings, and so the orientation: the index changes by the moved piece's group's rank alone
  // (the layout's test checks that the index is that sum). A king's move may need the mirror: its index is
  // worked out whole.
  const auto index_after_quiet = [&layout](const Placement& placement, std::uint64_t index, Move m,
                                           std::array<std::uint64_t, kMaxTablePieces>& ranks) {
    const auto from = std::uint8_t(square_index(from_square(m)));
    const auto to = std::uint8_t(square_index(to_square(m)));
    Placement next = placement;
    for (int king = 0; king < 2; ++king)
      if (placement.squares[std::size_t(king)] == from) {
        next.squares[std::size_t(king)] = to;
        return layout.index_of(next);
      }
    int slot = 2;  // past the kings' slots
    while (placement.squares[std::size_t(slot)] != from) ++slot;
    const int group = layout.group_of_slot(slot);
    next.squares[std::size_t(slot)] = to;
    std::uint64_t& rank = ranks[std::size_t(group)];  // the entry's own, worked out once
    if (rank == kUnknownRank) rank = layout.group_rank(placement, group);
    return index + (layout.group_rank(next, group) - rank) * layout.group_weight(group);
  };
  Verification verification;
  std::atomic<std::uint64_t> checked{0}, wrong{0}, defender_checks{0}, held_by_checks{0}, held_by_chases{0};
  std::mutex first_mutex;
  for (const Color side : {kRed, kBlack})
    for_each_chunk(
        layout.size(), std::max(1, threads), [&](std::uint64_t begin, std::uint64_t end, Position& position) {
          std::uint64_t checked_here = 0, wrong_here = 0, defender_checks_here = 0, held_by_checks_here = 0,
                        held_by_chases_here = 0;
          for (std::uint64_t index = begin; index < end; ++index) {
            ++checked_here;
            const TableValue stored = table.values[side][index];
            Placement placement;
            std::array<std::uint64_t, kMaxTablePieces> ranks;
            ranks.fill(kUnknownRank);
            const bool a_position =
                layout.placement_of(index, placement) &&
                (layout.set_position(placement, side, position), !position.is_king_attacked(opposite(side)));
            TableValue expected = kNoPositionValue;
            if (a_position) {
              MoveList moves;
              generate_legal(position, moves);
              int fastest_win = kLongestDistance + 1, slowest_loss = -1;
              bool draw = false, broken = false, idle_draw = false, checkless_draw = false,
                   defender_checked = false, ruling_win = false, ruling_loss = false;
              const bool without_attackers = layout.material().attackers(side) == 0;
              for (const Move m : moves) {
                const bool capture = position.piece_on(to_square(m)) != kEmpty;
                // Whether the move checks, found only when it matters (most quiet moves are never made).
                std::optional<bool> check;
                const auto checks = [&] { return check ? *check : *(check = position.gives_check(m)); };
                TableValue after = kNoPositionValue;
                if (capture) {
                  position.make_move(m);
                  check = position.in_check();
                  after = subtables.probe(position).value_or(kNoPositionValue);
                  position.unmake_move();
                } else {
                  after = table.values[opposite(side)][index_after_quiet(placement, index, m, ranks)];
                }
                defender_checked |= without_attackers && checks();
                const int plies = capture ? 1 : distance_of(after) + 1;
                // A capture converts at once, whatever decided the smaller table's value; a quiet move into a
                // position decided by the ruling on perpetual check is decided by it too.
                const bool by_ruling = !capture && is_ruling(after);
                if (!is_position(after))
                  broken = true;  // a move into no position: the table is wrong
                else if (by_ruling)
                  (is_loss(after) ? ruling_win : ruling_loss) = true;
                else if (is_loss(after))
                  fastest_win = std::min(fastest_win, plies);
                else if (is_win(after))
                  slowest_loss = std::max(slowest_loss, plies);
                else {
                  draw = true;
                  // A drawing move that neither checks nor chases: no ruling on perpetual play can touch this
                  // draw.
                  if (!idle_draw && !checks()) {
                    checkless_draw = true;
                    position.make_move(m);
                    idle_draw = classify_last_move(position).chased.empty();
                    position.unmake_move();
                  }
                }
              }
              defender_checks_here += defender_checked;
              if (draw && fastest_win > kLongestDistance && !ruling_win) {
                held_by_checks_here += !checkless_draw;
                held_by_chases_here += !idle_draw;
              }
              // 127 is no value a table holds: a move into no position never matches. The ruling's values
              // follow from the children's too, but only as far as one move goes: that the loser can go on
              // only by checking is the analysis's to show (perpetual_check.cpp).
              expected = broken                            ? TableValue(127)
                         : moves.size == 0                 ? loss_in(0)
                         : fastest_win <= kLongestDistance ? win_in(fastest_win)
                         : ruling_win                      ? kRulingWinValue
                         : draw                            ? kDrawValue
                         : ruling_loss                     ? kRulingLossValue
                                                           : loss_in(slowest_loss);
            }
            if (expected == stored) continue;
            if (wrong_here++ == 0) {
              const std::lock_guard lock(first_mutex);
              if (verification.first_wrong.empty())
                verification.first_wrong = fmt::format(
                    "{} entry {} ({}): stored {}, its moves give {}", endgame_name(layout.material()), index,
                    a_position ? to_fen(position) : std::string("no position"), stored, expected);
            }
          }
          checked += checked_here;
          wrong += wrong_here;
          defender_checks += defender_checks_here;
          held_by_checks += held_by_checks_here;
          held_by_chases += held_by_chases_here;
        });
  verification.checked = checked;
  verification.wrong = wrong;
  verification.checks_by_side_without_attackers = defender_checks;
  verification.draws_kept_only_by_checks = held_by_checks;
  verification.draws_kept_only_by_checks_or_chases = held_by_chases;
  const Material& material = layout.material();
  if (material.attackers(kRed) == 0 || material.attackers(kBlack) == 0)
    verification.unproved_for_perpetual_check = defender_checks + held_by_checks;
  return verification;
}

SideStatistics statistics_of(const Table& table, Color side) {
  SideStatistics statistics;
  const auto& values = table.values[side];
  statistics.entries = values.size();
  // The king pair is the index's leading digit: one block of entries per pair.
  constexpr std::uint64_t kKingPairs = 45;
  const std::uint64_t per_king_pair = values.size() / kKingPairs;
  for (std::uint64_t pair = 0; pair < kKingPairs; ++pair) {
    Placement kings;
    table.layout.placement_of(pair * per_king_pair, kings);
    const std::uint64_t weight = kings_on_centre_file(kings) ? 1 : 2;
    for (std::uint64_t index = pair * per_king_pair; index < (pair + 1) * per_king_pair; ++index) {
      const TableValue value = values[index];
      if (!is_position(value)) continue;
      statistics.positions += weight;
      if (is_win(value)) {
        statistics.wins += weight;
        if (is_ruling(value))
          statistics.wins_by_ruling += weight;
        else
          statistics.longest_win = std::max(statistics.longest_win, distance_of(value));
      } else if (is_loss(value)) {
        statistics.losses += weight;
        if (is_ruling(value))
          statistics.losses_by_ruling += weight;
        else
          statistics.longest_loss = std::max(statistics.longest_loss, distance_of(value));
      } else {
        statistics.draws += weight;
      }
    }
  }
  return statistics;
}

}  // namespace shuai::tablebase
