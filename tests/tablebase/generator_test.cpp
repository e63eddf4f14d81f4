// Retrograde analysis checked three ways: every table passes the consistency pass (and a damaged one does
// not), what is known of the smallest endgames holds, and the engine's own search finds the wins and losses
// the tables give, at exactly their distance.
#include <doctest/doctest.h>

#include <random>

#include "engine/board/board.h"
#include "engine/tablebase/tablebase.h"
#include "search/search.h"

namespace shuai::tablebase {
namespace {

Material named(std::string_view name) {
  std::string error;
  return *parse_endgame_name(name, error);
}

// The endgames and every table their captures lead to, solved in memory.
TableSet solved(std::initializer_list<const char*> names) {
  std::vector<Material> endgames;
  for (const char* name : names) endgames.push_back(named(name));
  TableSet tables;
  for (const Material& material : with_subtables(endgames)) {
    GenerationResult result = generate_table(material, tables, 2);
    REQUIRE_MESSAGE(result.table, result.error);
    tables.add(std::move(result.table));
  }
  return tables;
}

// Two threads generate and check: the suite "threads" runs it under ThreadSanitizer too.
TEST_CASE("every table passes the consistency pass, and perpetual check decides nothing in them" *
          doctest::test_suite("threads")) {
  const TableSet tables = solved({"KRvKAB", "KNvKA", "KCvKAB", "KPvKB", "KPAvK"});
  CHECK(tables.size() >= 15);
  for (const Table* table : tables.tables()) {
    INFO(endgame_name(table->layout.material()));
    const Verification verification = verify_table(*table, tables, 2);
    CHECK(verification.checked == 2 * table->layout.size());
    CHECK(verification.wrong == 0);
    CHECK(verification.checks_by_side_without_attackers == 0);
    CHECK(verification.draws_kept_only_by_checks == 0);
  }
}

TEST_CASE("the consistency pass finds a damaged entry") {
  TableSet tables = solved({"KNvK"});
  Table& table = const_cast<Table&>(*tables.find(named("KNvK")));
  std::uint64_t index = 0;
  while (!is_win(table.values[kRed][index])) ++index;
  table.values[kRed][index] = win_in(distance_of(table.values[kRed][index]) + 2);
  Verification verification = verify_table(table, tables, 2);
  CHECK(verification.wrong >= 1);
  CHECK(verification.first_wrong.find("KNvK entry") != std::string::npos);
  table.values[kRed][index] = kDrawValue;
  verification = verify_table(table, tables, 2);
  CHECK(verification.wrong >= 1);
}

TEST_CASE("what is known of the smallest endgames holds") {
  const TableSet tables = solved({"KRvK", "KNvK", "KCvK", "KPvK"});
  const auto red = [&](const char* name) { return statistics_of(*tables.find(named(name)), kRed); };
  const auto black = [&](const char* name) { return statistics_of(*tables.find(named(name)), kBlack); };
  // Two bare kings can never check each other: all draws; 81 king pairs less 27 facing on an open file.
  CHECK(red("KvK").positions == 54);
  CHECK(red("KvK").draws == 54);
  // A rook or a horse beats a bare king from every position with Red to move; a cannon never does.
  CHECK(red("KRvK").wins == red("KRvK").positions);
  CHECK(red("KNvK").wins == red("KNvK").positions);
  CHECK(red("KCvK").wins == 0);
  // Black to move draws only by taking the rook or horse.
  CHECK(black("KRvK").wins == 0);
  CHECK(black("KRvK").draws > 0);
  // A pawn wins from some squares and not from the last rank.
  CHECK(red("KPvK").wins > 0);
  CHECK(red("KPvK").draws > 0);
  const Position last_rank_pawn = *parse_fen("3k1P3/9/9/9/9/9/9/9/9/4K4 w").position;
  CHECK(*tables.probe(last_rank_pawn) == kDrawValue);
  // Black's rook alone, against Red's bare king, is read from the KRvK table with the board turned round.
  const Position black_rook = *parse_fen("5k3/9/9/9/9/9/9/9/4r4/3K5 b").position;
  const Position red_rook = *parse_fen("5k3/4R4/9/9/9/9/9/9/9/3K5 w").position;
  CHECK(*tables.probe(black_rook) == *tables.probe(red_rook));
  CHECK(is_win(*tables.probe(red_rook)));
}

// Entries drawn at random from a table, with a given value.
std::vector<std::string> sample_fens(const Table& table, Color side, int count, bool (*wanted)(TableValue),
                                     int longest) {
  std::mt19937_64 random(20261206);
  std::vector<std::string> fens;
  Position position;
  for (int tries = 0; tries < 2'000'000 && int(fens.size()) < count; ++tries) {
    const std::uint64_t index = random() % table.layout.size();
    const TableValue value = table.values[side][index];
    if (!wanted(value) || distance_of(value) > longest) continue;
    table.layout.set_position_of(index, side, position);
    fens.push_back(to_fen(position));
  }
  return fens;
}

TEST_CASE("the engine's search finds the tables' wins and losses at exactly their distance") {
  // With nothing of Black's to take but the king, a conversion is a mate: plies to conversion are plies to
  // mate.
  const TableSet tables = solved({"KRvK", "KNvK", "KPvK"});
  int confirmed = 0;
  for (const char* name : {"KRvK", "KNvK", "KPvK"}) {
    const Table& table = *tables.find(named(name));
    for (const Color side : {kRed, kBlack}) {
      const bool winning = side == kRed;
      for (const std::string& fen :
           sample_fens(table, side, 6, winning ? is_win : is_loss, winning ? 7 : 6)) {
        INFO(name, " ", fen);
        const Position position = *parse_fen(fen).position;
        const int plies = distance_of(*tables.probe(position));
        Searcher searcher;
        searcher.table().resize(16);
        SearchLimits limits;
        // Stalemate loses too, and the search finds a stalemating line a few plies later than a mate.
        limits.depth = 2 * plies + 4;
        const SearchResult result = searcher.search(position, limits);
        CHECK(result.score == (winning ? mate_in(plies) : mated_in(plies)));
        confirmed += result.score == (winning ? mate_in(plies) : mated_in(plies));
      }
    }
  }
  CHECK(confirmed >= 30);
}

}  // namespace
}  // namespace shuai::tablebase

namespace shuai::tablebase {
namespace {

TEST_CASE("where both sides can check, perpetual check loses, as the engine's own rules judge it") {
  // A rook against a horse: the horse can check the king in its corner for ever, which the Asian rules
  // forbid.
  const TableSet tables = solved({"KRvKN"});
  const Table& table = *tables.find(named("KRvKN"));
  const Verification verification = verify_table(table, tables, 2);
  CHECK(verification.wrong == 0);
  const SideStatistics red = statistics_of(table, kRed), black = statistics_of(table, kBlack);
  CHECK(red.wins_by_ruling > 0);
  CHECK(black.losses_by_ruling > 0);
  CHECK(black.wins_by_ruling == 0);
  // The search judges repetitions by the same rules: in the positions the table gives as won by the ruling,
  // it finds the win by rule (or a mate), and in those lost by it, the loss.
  int confirmed = 0;
  for (const Color side : {kRed, kBlack}) {
    const auto ruled = [](TableValue value) { return is_ruling(value); };
    for (const std::string& fen : sample_fens(table, side, 4, ruled, kRulingDistance)) {
      INFO(fen);
      Searcher searcher;
      searcher.table().resize(16);
      SearchLimits limits;
      limits.depth = 14;
      const SearchResult result = searcher.search(*parse_fen(fen).position, limits);
      const bool winning = *tables.probe(*parse_fen(fen).position) == kRulingWinValue;
      CHECK(winning == (side == kRed));
      CHECK((winning ? result.score : -result.score) >= kRuleWinScore - kMaxPly);
      confirmed += (winning ? result.score : -result.score) >= kRuleWinScore - kMaxPly;
    }
  }
  CHECK(confirmed >= 6);
}

}  // namespace
}  // namespace shuai::tablebase
