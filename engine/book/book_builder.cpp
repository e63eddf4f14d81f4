// Counting games into (book key, move) entries and selecting and weighting them into records.
#include "engine/book/book_builder.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/board/movegen.h"
#include "engine/book/book_key.h"

namespace shuai {

std::uint32_t book_weight(std::uint32_t games, std::uint32_t wins, std::uint32_t draws) {
  const double smoothed_score = (double(wins) + double(draws) / 2 + 1) / (double(games) + 2);
  const double weight = std::round(100 * double(games) * smoothed_score);
  return std::uint32_t(std::clamp(weight, 1.0, double(std::numeric_limits<std::uint32_t>::max())));
}

BookBuilder::BookBuilder(int max_plies, std::size_t max_entries)
    : max_plies_(max_plies), max_entries_(std::max<std::size_t>(max_entries, 1)) {}

void BookBuilder::add_game(const Position& start, std::span<const Move> moves, GameOutcome outcome) {
  ++games_;
  Position position = start;
  game_entries_.clear();
  const std::size_t plies = std::min(moves.size(), std::size_t(std::max(max_plies_, 0)));
  for (std::size_t ply = 0; ply < plies; ++ply) {
    const Move move = moves[ply];
    if (!is_legal(position, move)) return;
    const BookKey key = book_key(position);
    const EntryId id{key.key, to_book_move(key, move)};
    const Color mover = position.side_to_move();
    position.make_move(move);
    ++positions_;
    if (std::find(game_entries_.begin(), game_entries_.end(), id) != game_entries_.end()) continue;
    game_entries_.push_back(id);
    Counts& counts = counts_[id];
    ++counts.games;
    if (outcome == GameOutcome::kDraw)
      ++counts.draws;
    else if ((outcome == GameOutcome::kRedWins) == (mover == kRed))
      ++counts.wins;
    else
      ++counts.losses;
    if (counts_.size() > max_entries_) drop_rarest();
  }
}

void BookBuilder::drop_rarest() {
  for (std::uint32_t rarest = 1; counts_.size() > max_entries_ / 2; ++rarest)
    dropped_ += std::erase_if(counts_, [rarest](const auto& entry) { return entry.second.games <= rarest; });
}

std::vector<BookRecord> BookBuilder::finish(const BookSelection& selection) const {
  std::vector<BookRecord> records;
  for (const auto& [id, counts] : counts_) {
    if (counts.games == 0 || counts.games < selection.min_games) continue;
    const double score = (counts.wins + counts.draws / 2.0) / counts.games;
    if (score < selection.min_score) continue;
    records.push_back({id.key, id.move, counts.games, counts.wins, counts.draws, counts.losses,
                       book_weight(counts.games, counts.wins, counts.draws)});
  }
  std::sort(records.begin(), records.end(), record_before);
  return records;
}

}  // namespace shuai
