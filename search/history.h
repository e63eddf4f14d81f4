// What the search learns about moves while it runs, for ordering, reducing and pruning them: the quiet-move
// history of each thread, and the tables every thread shares (continuation histories, capture history,
// counter moves).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

#include "engine/board/types.h"
#include "search/search_parameters.h"

namespace shuai {

// How often a quiet move (piece, destination) caused a cutoff, with gravity toward zero.
using HistoryTable = std::array<std::array<int, kMailboxSize>, kPieceIndexCount>;
inline constexpr int kHistoryMax = 1 << 14;

// Moves the entry toward +-kHistoryMax by `bonus`, less the nearer it already is.
void update_history(int& entry, int bonus);

// The bonus (and, negated, the penalty) for a move that decided a node searched to `depth`.
int history_bonus(int depth, const SearchParameters& parameters = default_search_parameters());

// One word of a table that every search thread reads and writes without a lock. Relaxed atomics: a lost
// update only blurs a statistic, and plain loads and stores cost no more.
class SharedStatistic {
 public:
  int load() const { return value_.load(std::memory_order_relaxed); }
  void store(int value) { value_.store(std::int16_t(value), std::memory_order_relaxed); }
  void update(int bonus);  // as update_history

 private:
  std::atomic<std::int16_t> value_{0};
};

// Correction history: how far the static evaluation fell short of the search's score, on average, at
// positions that share a signature (their minors, or their majors) and the side to move, in eighths of an
// evaluation unit. The evaluation errs alike where the structure is alike (a king attack it underrates, a
// blocked pawn chain it overrates), so the search's findings at one node correct its neighbours' estimates.
inline constexpr int kCorrectionEntries = 1 << 14;
inline constexpr int kCorrectionLimit = 8 * 256;  // at most 256 evaluation units either way
using CorrectionTable = std::array<std::array<SharedStatistic, kCorrectionEntries>, kColorCount>;

// Moves the entry toward `error_eighths` (clamped to the limit) by weight/256 of the distance.
void update_correction(SharedStatistic& entry, int error_eighths, int weight);

// Plies from the root with a history of their own (see SharedHistory::low_ply).
inline constexpr int kLowPlyCount = 4;

// A statistic for every (piece, destination) pair.
using PieceToStatistics = std::array<std::array<SharedStatistic, kSquareCount>, kPieceIndexCount>;

// Tables too large to copy at every split point, so all threads share them (see SharedStatistic).
struct SharedHistory {
  // Quiet moves by the move one and two plies before: [earlier piece][earlier destination] -> statistics.
  std::array<std::array<PieceToStatistics, kSquareCount>, kPieceIndexCount> continuation;
  // The row for a node with no earlier move to go by (near the root, after a null move).
  PieceToStatistics no_earlier_move;
  // Quiet moves by side, origin and destination ("butterfly"), whatever came before.
  std::array<std::array<SharedStatistic, kSquareCount * kSquareCount>, kColorCount> from_to;
  // Captures: [piece][destination][captured type].
  std::array<std::array<std::array<SharedStatistic, kPieceTypeCount>, kSquareCount>, kPieceIndexCount>
      capture;
  // Quiet moves near the root by ply, origin and destination: the few nodes there decide the move played, and
  // what refutes a line at ply 2 of this search is a better guide there than what refuted moves anywhere in
  // the tree. Cleared at the start of every search (the root changed).
  std::array<std::array<SharedStatistic, kSquareCount * kSquareCount>, kLowPlyCount> low_ply;
  // The quiet move that last refuted each (piece, destination) of the opponent.
  std::array<std::array<std::atomic<Move>, kSquareCount>, kPieceIndexCount> counter_moves;
  // The static evaluation's corrections by minors signature and by majors signature.
  CorrectionTable minors_correction, majors_correction;

  void clear();
  void clear_low_ply();
  PieceToStatistics& continuation_after(Piece piece, Square to) {
    return continuation[piece_index(piece)][square_index(to)];
  }
  static std::size_t from_to_index(Move m) {
    return std::size_t(square_index(from_square(m))) * kSquareCount + square_index(to_square(m));
  }
  SharedStatistic& from_to_entry(Color side, Move m) { return from_to[side][from_to_index(m)]; }
  int from_to_score(Color side, Move m) const { return from_to[side][from_to_index(m)].load(); }
  SharedStatistic& low_ply_entry(int ply, Move m) { return low_ply[std::size_t(ply)][from_to_index(m)]; }
  int low_ply_score(int ply, Move m) const { return low_ply[std::size_t(ply)][from_to_index(m)].load(); }
  SharedStatistic& capture_entry(Piece piece, Square to, Piece captured) {
    return capture[piece_index(piece)][square_index(to)][type_of(captured)];
  }
  int capture_score(Piece piece, Square to, Piece captured) const {
    return capture[piece_index(piece)][square_index(to)][type_of(captured)].load();
  }
  SharedStatistic& minors_correction_entry(Color side, std::uint64_t minors_signature) {
    return minors_correction[side][minors_signature & (kCorrectionEntries - 1)];
  }
  SharedStatistic& majors_correction_entry(Color side, std::uint64_t majors_signature) {
    return majors_correction[side][majors_signature & (kCorrectionEntries - 1)];
  }
  Move counter_move(Piece piece, Square to) const {
    return counter_moves[piece_index(piece)][square_index(to)].load(std::memory_order_relaxed);
  }
  void set_counter_move(Piece piece, Square to, Move m) {
    counter_moves[piece_index(piece)][square_index(to)].store(m, std::memory_order_relaxed);
  }
};

inline SharedStatistic& statistic_of(PieceToStatistics& row, Piece piece, Square to) {
  return row[piece_index(piece)][square_index(to)];
}
inline int statistic_of(const PieceToStatistics& row, Piece piece, Square to) {
  return row[piece_index(piece)][square_index(to)].load();
}

}  // namespace shuai
