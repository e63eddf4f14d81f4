// The engine's book: loading and merging book files, probing a position, choosing a move by weight.
#include "engine/book/opening_book.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/board/movegen.h"
#include "engine/book/book_key.h"
#include "engine/book/built_in_book.h"

namespace shuai {
namespace {

std::uint32_t saturating_add(std::uint32_t a, std::uint32_t b) {
  return b > std::numeric_limits<std::uint32_t>::max() - a ? std::numeric_limits<std::uint32_t>::max()
                                                           : a + b;
}

// The paths of a ';'-separated list, blanks around each trimmed, empty ones left out.
std::vector<std::string> split_paths(const std::string& paths) {
  std::vector<std::string> list;
  std::size_t start = 0;
  while (start <= paths.size()) {
    std::size_t end = paths.find(';', start);
    if (end == std::string::npos) end = paths.size();
    std::string path = paths.substr(start, end - start);
    path.erase(0, path.find_first_not_of(" \t"));
    path.erase(path.find_last_not_of(" \t") + 1);
    if (!path.empty()) list.push_back(std::move(path));
    start = end + 1;
  }
  return list;
}

// Sorted records with equal (key, move) turned into one whose counts and weight are the sums.
void merge_repeats(std::vector<BookRecord>& records) {
  std::sort(records.begin(), records.end(), record_before);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (kept > 0 && records[kept - 1].key == records[i].key && records[kept - 1].move == records[i].move) {
      BookRecord& into = records[kept - 1];
      into.games = saturating_add(into.games, records[i].games);
      into.wins = saturating_add(into.wins, records[i].wins);
      into.draws = saturating_add(into.draws, records[i].draws);
      into.losses = saturating_add(into.losses, records[i].losses);
      into.weight = saturating_add(into.weight, records[i].weight);
    } else {
      records[kept++] = records[i];
    }
  }
  records.resize(kept);
}

}  // namespace

bool OpeningBook::load(const std::string& paths, std::string& error) {
  const std::vector<std::string> list = split_paths(paths);
  if (list.empty()) {
    error = "no book file named";
    return false;
  }
  std::vector<BookRecord> merged, records;
  for (const std::string& path : list) {
    if (!read_book_file(path, records, error)) return false;
    if (list.size() == 1) {
      merged = std::move(records);
      break;
    }
    merged.insert(merged.end(), records.begin(), records.end());
  }
  if (list.size() > 1) merge_repeats(merged);
  records_ = std::move(merged);
  return true;
}

bool OpeningBook::load_built_in(std::string& error) {
  std::vector<BookRecord> records;
  if (!read_book_bytes(built_in_book_bytes(), kBuiltInBookName, records, error)) return false;
  records_ = std::move(records);
  return true;
}

std::vector<BookMove> OpeningBook::probe(const Position& position) const {
  std::vector<BookMove> moves;
  const BookKey key = book_key(position);
  const auto [first, last] =
      std::equal_range(records_.begin(), records_.end(), BookRecord{.key = key.key},
                       [](const BookRecord& a, const BookRecord& b) { return a.key < b.key; });
  if (first == last) return moves;
  Position scratch = position;  // the legality test needs a position it may touch
  for (auto record = first; record != last; ++record) {
    const Move move = from_book_move(key, record->move);
    // A record may come from a key collision or a damaged book: only legal moves leave the book.
    if (!is_legal(scratch, move)) continue;
    moves.push_back({move, record->games, record->wins, record->draws, record->losses, record->weight});
  }
  std::stable_sort(moves.begin(), moves.end(), [](const BookMove& a, const BookMove& b) {
    return a.weight != b.weight ? a.weight > b.weight : a.games > b.games;
  });
  return moves;
}

Move choose_book_move(const std::vector<BookMove>& moves, double sharpness, double uniform) {
  if (moves.empty()) return kNoMove;
  // weight^sharpness; a weight of 0 is treated as 1 so every listed move stays possible.
  const auto share = [sharpness](const BookMove& move) {
    return std::pow(double(std::max<std::uint32_t>(move.weight, 1)), sharpness);
  };
  double total = 0;
  for (const BookMove& move : moves) total += share(move);
  double target = std::clamp(uniform, 0.0, 1.0) * total;
  for (const BookMove& move : moves) {
    target -= share(move);
    if (target < 0) return move.move;
  }
  return moves.back().move;  // uniform at 1, or rounding at the very end
}

}  // namespace shuai
