// The search with endgame tablebases: at a root a table holds it keeps only the moves that keep the table's
// value (the fastest conversion of a win, the slowest of a loss) and reports the table's score; below the
// root, a capture into a table's endgame ends the node with the table's score (counted as tbhits).
#include <doctest/doctest.h>

#include "engine/board/board.h"
#include "engine/tablebase/tablebase.h"
#include "search/search.h"

namespace shuai {
namespace {

std::shared_ptr<const tablebase::TableSet> solved(std::initializer_list<const char*> names) {
  std::vector<tablebase::Material> endgames;
  std::string error;
  for (const char* name : names) endgames.push_back(*tablebase::parse_endgame_name(name, error));
  auto tables = std::make_shared<tablebase::TableSet>();
  for (const tablebase::Material& material : tablebase::with_subtables(endgames)) {
    auto result = tablebase::generate_table(material, *tables, 1);
    REQUIRE_MESSAGE(result.table, result.error);
    tables->add(std::move(result.table));
  }
  return tables;
}

SearchResult search_with(const std::shared_ptr<const tablebase::TableSet>& tables, const std::string& fen,
                         int depth) {
  Searcher searcher;
  searcher.table().resize(16);
  searcher.options().tablebases = tables;
  SearchLimits limits;
  limits.depth = depth;
  return searcher.search(*parse_fen(fen).position, limits);
}

// The table's value of the position after `m`, for the side then to move.
tablebase::TableValue value_after(const tablebase::TableSet& tables, const std::string& fen, Move m) {
  Position position = *parse_fen(fen).position;
  position.make_move(m);
  return *tables.probe(position);
}

TEST_CASE("at a won root the search plays the fastest conversion and reports the table's score") {
  const auto tables = solved({"KNvKA"});
  // Horse and king against an advisor: won, but far from a mate the search sees at depth 6.
  Position position;
  std::string fen;
  const tablebase::Table& table = *tables->find(*tablebase::parse_endgame_name("KNvKA", fen));
  for (std::uint64_t index = 0; fen.empty(); ++index) {
    const tablebase::TableValue value = table.values[kRed][index];
    if (!tablebase::is_win(value) || tablebase::distance_of(value) < 21) continue;
    table.layout.set_position_of(index, kRed, position);
    fen = to_fen(position);
  }
  INFO(fen);
  const int plies = tablebase::distance_of(*tables->probe(position));
  const SearchResult result = search_with(tables, fen, 6);
  CHECK(result.score == kTablebaseWinScore - plies);
  // The move played leaves Black lost in one ply fewer: no faster conversion exists, and it is one of them.
  const tablebase::TableValue after = value_after(*tables, fen, result.best_move);
  CHECK(tablebase::is_loss(after));
  CHECK(tablebase::distance_of(after) == plies - 1);
  // Without tables the same search sees only the material.
  CHECK(search_with(nullptr, fen, 6).score < kTablebaseWinScore - 200);
}

TEST_CASE("at a lost root the search defends longest, and at a drawn one it scores a draw") {
  const auto tables = solved({"KRvK", "KNvKAA"});
  // Black, in check, is lost in 4 plies (the stalemate after 1...Ke8 2.Rd8), which the search finds only from
  // depth 9: before, the table's score.
  const std::string lost = "9/3k5/9/9/3R5/9/9/9/3K5/9 b - - 0 1";
  const SearchResult defence = search_with(tables, lost, 4);
  CHECK(defence.score == -kTablebaseWinScore + 4);
  CHECK(move_to_iccs(defence.best_move) == "d8e8");
  CHECK(search_with(tables, lost, 12).score == mated_in(4));  // a mate found is truer than the table's score
  // A horse against two advisors mostly draws: whatever the search makes of the material, the table says so.
  std::string error;
  const tablebase::Table& table = *tables->find(*tablebase::parse_endgame_name("KNvKAA", error));
  Position position;
  std::string drawn;
  for (std::uint64_t index = 0; drawn.empty() && index < table.layout.size(); index += 97) {
    if (table.values[kRed][index] != tablebase::kDrawValue) continue;
    if (!table.layout.set_position_of(index, kRed, position)) continue;
    if (search_with(nullptr, to_fen(position), 6).score > 20) drawn = to_fen(position);
  }
  INFO(drawn);
  REQUIRE(!drawn.empty());
  CHECK(search_with(tables, drawn, 6).score == kDrawScore);
}

TEST_CASE("a capture into a table's endgame ends the node with the table's score") {
  const auto tables = solved({"KRvK"});
  // Red can take the last advisor: KRvKA has no table, the KRvK it leads to has.
  const std::string fen = "3k5/4a4/9/9/9/9/9/9/4R4/5K3 w - - 0 1";
  const SearchResult with_tables = search_with(tables, fen, 5);
  CHECK(with_tables.tablebase_hits > 0);
  CHECK(with_tables.score >= kTablebaseWinScore - tablebase::kLongestDistance - kMaxPly);
  const SearchResult without = search_with(nullptr, fen, 5);
  CHECK(without.tablebase_hits == 0);
}

}  // namespace
}  // namespace shuai
