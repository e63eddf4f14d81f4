// Retrograde analysis: the generator that solves one endgame from the tables its captures lead to, the
// consistency pass that checks a solved table against its children, and the counts of a table.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "engine/tablebase/table_set.h"

namespace shuai::tablebase {

struct GenerationResult {
  std::unique_ptr<Table> table;         // none on failure
  std::string error;                    // one line, on failure
  int levels = 0;                       // retrograde passes, one per ply of distance
  std::uint64_t decided_by_ruling = 0;  // entries the ruling on perpetual check decided
};

// The ruling on perpetual check applied to a solved table whose undecided entries would go on for ever
// (perpetual_check.cpp): what it decides becomes a win or loss by the ruling. Returns how many entries.
std::uint64_t apply_perpetual_check_ruling(Table& table, const TableSet& subtables, int threads);

// Solves `material` on `threads` threads. Every endgame a capture leads to must be in `subtables`.
// Checkmate and stalemate lose; distances count plies to mate or to the next capture (see table_value.h).
// Where both sides have a piece that checks, the ruling on perpetual check is applied after.
GenerationResult generate_table(const Material& material, const TableSet& subtables, int threads);

struct Verification {
  std::uint64_t checked = 0;  // entries looked at
  std::uint64_t wrong = 0;    // entries whose value does not follow from their children's
  std::string first_wrong;    // a FEN and what was expected, for the first of them
  // What the rulings on perpetual check and chase could change. The generator models neither; it makes only
  // tables where the first two are zero, which proves perpetual check decides nothing in them: a side with no
  // rook, horse, cannon or pawn never gives check, and a side that could keep a draw only by checking (or
  // chasing) is counted here.
  std::uint64_t checks_by_side_without_attackers = 0;     // entries with such a check among their moves
  std::uint64_t draws_kept_only_by_checks = 0;            // draws whose every drawing move checks
  std::uint64_t draws_kept_only_by_checks_or_chases = 0;  // ... checks or chases (Asian rules) a piece
  // Where one side has no piece that checks, the first two counts together: what perpetual check could change
  // in a table made without the analysis of the ruling (none where both sides check: the analysis ran).
  std::uint64_t unproved_for_perpetual_check = 0;
};

// Recomputes every entry from its children (found by making each legal move, in this table or in
// `subtables`) and counts those that differ; also checks which entries are no position, and counts what the
// rulings on perpetual check and chase could change.
Verification verify_table(const Table& table, const TableSet& subtables, int threads);

struct SideStatistics {
  std::uint64_t entries = 0;
  // Positions on the board: an entry stands for a position and its mirror image, except with both kings
  // on file e (where each orientation is an entry of its own).
  std::uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
  std::uint64_t wins_by_ruling = 0, losses_by_ruling = 0;  // among the wins and losses
  int longest_win = 0, longest_loss = 0;                   // plies, of those not by the ruling
};
SideStatistics statistics_of(const Table& table, Color side);

}  // namespace shuai::tablebase
