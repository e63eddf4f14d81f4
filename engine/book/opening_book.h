// The opening book as the engine uses it: a file of sorted records loaded into memory, probed by position,
// and a weighted random choice among the moves found. The file format is in book_file.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/board/position.h"
#include "engine/book/book_file.h"

namespace shuai {

// One book move of a probed position, in that position's orientation (mirrored entries are turned back).
struct BookMove {
  Move move = kNoMove;
  std::uint32_t games = 0;                        // how often it was played in the source games
  std::uint32_t wins = 0, draws = 0, losses = 0;  // from the mover's side
  std::uint32_t weight = 0;                       // the choice weight the builder gave it
};

class OpeningBook {
 public:
  // Loads one file or several separated by ';' (UCCI's bookfiles). On failure: false, a one-line `error`
  // naming the file and what is wrong, and the book left as it was before the call.
  bool load(const std::string& paths, std::string& error);
  // Loads the book compiled into the program (built_in_book.h), with the same checks as a file.
  bool load_built_in(std::string& error);
  void clear() { records_.clear(); }
  bool empty() const { return records_.empty(); }
  std::size_t size() const { return records_.size(); }

  // The position's book moves that are legal in it, heaviest first; empty when the book has none.
  // A position and its left-right mirror image share their records.
  std::vector<BookMove> probe(const Position& position) const;

 private:
  std::vector<BookRecord> records_;  // sorted by key, then move
};

// Chooses one of `moves` (not empty) with probability proportional to weight^sharpness: sharpness 1 follows
// the record, below 1 flattens the choice toward uniform, above 1 favours the heaviest. `uniform` is a number
// in [0, 1) from the caller's random source (so tests can be exact).
Move choose_book_move(const std::vector<BookMove>& moves, double sharpness, double uniform);

}  // namespace shuai
