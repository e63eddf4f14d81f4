// Making a book from games: every (position, move) of each game's opening is counted with the game's result
// from the mover's side, and the moves played often enough become weighted records.
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "engine/board/position.h"
#include "engine/book/book_file.h"
#include "engine/book/pgn_reader.h"

namespace shuai {

// Which counted moves become records.
struct BookSelection {
  std::uint32_t min_games = 2;  // played in at least this many games
  double min_score = 0.0;  // and scoring at least this fraction (0..1) for the mover: (wins + draws/2)/games
};

// The choice weight of a move: 100 × games × (wins + draws/2 + 1) / (games + 2), rounded, at least 1. That is
// how often the move was played times its score for the mover, the score smoothed by one point in two
// imagined games so that a few games cannot make it 0 or 1: popular moves that score well weigh most.
std::uint32_t book_weight(std::uint32_t games, std::uint32_t wins, std::uint32_t draws);

class BookBuilder {
 public:
  static constexpr int kDefaultMaxPlies = 40;
  // About 64 bytes each: the default bounds the counts near half a gigabyte.
  static constexpr std::size_t kDefaultMaxEntries = std::size_t(1) << 23;

  // Counts the positions up to `max_plies` plies from each game's own start (a game from a FEN counts its
  // plies from there). Beyond `max_entries` distinct (position, move) pairs, the rarest pairs are dropped
  // (those seen in one game, then two, ...) until half the room is free; a dropped pair met again counts
  // from zero, so only moves that were rare when the room ran out can be under-counted.
  explicit BookBuilder(int max_plies = kDefaultMaxPlies, std::size_t max_entries = kDefaultMaxEntries);

  // `moves` must be legal in turn from `start`; counting stops at the first one that is not. A position and
  // move met twice in one game count once.
  void add_game(const Position& start, std::span<const Move> moves, GameOutcome outcome);
  void add_game(const PgnGame& game) { add_game(game.start, game.moves, game.outcome); }

  // The selected moves as records sorted by key and move (book_file.h), weighted by book_weight.
  std::vector<BookRecord> finish(const BookSelection& selection) const;

  std::uint64_t games() const { return games_; }
  std::uint64_t positions() const { return positions_; }  // plies counted over all games
  std::size_t entries() const { return counts_.size(); }  // distinct (position, move) pairs held
  std::uint64_t dropped() const { return dropped_; }      // pairs dropped to keep within max_entries

 private:
  struct EntryId {
    std::uint64_t key;
    Move move;  // in the key's orientation
    friend bool operator==(const EntryId&, const EntryId&) = default;
  };
  struct EntryHash {
    std::size_t operator()(const EntryId& id) const {
      return std::size_t(id.key ^ (std::uint64_t(id.move) * 0x9e3779b97f4a7c15ULL));
    }
  };
  struct Counts {
    std::uint32_t games = 0, wins = 0, draws = 0, losses = 0;
  };

  void drop_rarest();

  int max_plies_;
  std::size_t max_entries_;
  std::unordered_map<EntryId, Counts, EntryHash> counts_;
  std::vector<EntryId> game_entries_;  // the pairs the current game has counted (reused between games)
  std::uint64_t games_ = 0, positions_ = 0, dropped_ = 0;
};

}  // namespace shuai
