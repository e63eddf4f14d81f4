// The repetition judge under the Asian rules: the move classes on small positions of our own, and every
// worked diagram of the rule book rebuilt as a position and a move cycle (positions/asian-rules.tsv).
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/board/board.h"
#include "tests/support/reference_positions.h"

namespace shuai {
namespace {

// Plays moves in ICCS or WXF notation; fails the test on an illegal one.
Position replay(std::string_view fen, const std::vector<std::string>& moves) {
  auto parsed = parse_fen(fen);
  REQUIRE_MESSAGE(parsed.position, parsed.error);
  Position position = *parsed.position;
  for (const std::string& text : moves) {
    MoveResult move = parse_legal_move(position, text);
    if (move.move == kNoMove) move = parse_wxf_move(position, text);
    REQUIRE_MESSAGE(move.move != kNoMove, text << ": " << move.error);
    position.make_move(move.move);
  }
  return position;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream stream(text);
  for (std::string word; stream >> word;) result.push_back(word);
  return result;
}

// "red-loses", "black-loses" or "draw" for a verdict reached with `side_to_move` to move.
std::string verdict_name(RuleOutcome outcome, Color side_to_move) {
  if (outcome == RuleOutcome::kDraw) return "draw";
  if (outcome == RuleOutcome::kNone) return "none";
  const bool mover_loses = outcome == RuleOutcome::kLoss;
  return (mover_loses == (side_to_move == kRed)) ? "red-loses" : "black-loses";
}

struct DiagramCase {
  std::string diagram, article, fen, verdict, note;
  std::vector<std::string> moves;
};

std::vector<DiagramCase> load_cases() {
  const std::string path = std::string(SHUAI_POSITIONS_DIR) + "/asian-rules.tsv";
  std::ifstream file(path);
  REQUIRE_MESSAGE(file, "cannot open " << path);
  std::string line;
  std::vector<DiagramCase> cases;
  bool header_read = false;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (!std::exchange(header_read, true)) continue;  // the column names
    const auto fields = test::split_tabs(line);
    REQUIRE_MESSAGE(fields.size() >= 7, "short line in asian-rules.tsv: " << line);
    cases.push_back({fields[0], fields[1], fields[2], fields[4], fields[5], words(fields[3])});
  }
  return cases;
}

TEST_CASE("move classes: a rook attacking an unprotected cannon chases it, a protected one it does not") {
  // Red rook a6, black cannon i5: a6-a5 attacks the cannon along rank 5.
  const auto chase = replay("3k5/9/9/R8/8c/9/9/9/9/4K4 w - - 0 1", {"a6a5"});
  const MoveClass chased = classify_last_move(chase);
  CHECK_FALSE(chased.check);
  CHECK(chased.chased.size() == 1);
  CHECK(chased.chased.contains(make_square(8, 5)));
  // With a black rook on i9 behind it, the cannon is protected: no chase.
  const auto protected_cannon = replay("3k4r/9/9/R8/8c/9/9/9/9/4K4 w - - 0 1", {"a6a5"});
  CHECK(classify_last_move(protected_cannon).chased.empty());
}

TEST_CASE("move classes: a horse or a cannon attacking a rook chases it even when it is protected") {
  // The cannon comes back to a4 and lines up with the black rook on i4 over the red pawn on e4; the rook
  // is protected by the black rook behind it on the i file.
  const auto cannon = replay("3k4r/9/9/9/9/C3P3r/9/9/9/4K4 w - - 0 1", {"a4a3", "i9i8", "a3a4"});
  CHECK(classify_last_move(cannon).chased.contains(make_square(8, 4)));
  // The horse g1-h3 attacks the protected rook on i5: a chase.
  const auto horse = replay("3k4r/9/9/9/8r/9/9/9/6N2/4K4 w - - 0 1", {"g1h3"});
  CHECK(classify_last_move(horse).chased.contains(make_square(8, 5)));
  // A rook attacking a protected horse does not chase it.
  const auto rook = replay("3k4r/9/9/R8/8n/9/9/9/9/4K4 w - - 0 1", {"a6a5"});
  CHECK(classify_last_move(rook).chased.empty());
}

TEST_CASE("move classes: kings and pawns do not chase, uncrossed pawns are not chased, checks are checks") {
  // The red pawn on e5 (across the river) steps to e6, beside the black horse on d6: pawns never chase.
  const auto pawn = replay("3k5/9/9/3n5/4P4/9/9/9/9/5K3 w - - 0 1", {"e5e6"});
  CHECK(classify_last_move(pawn).chased.empty());
  // A rook attacking a black pawn still on its own side of the river does not chase it.
  const auto uncrossed = replay("3k5/9/9/p8/9/9/9/9/8R/5K3 w - - 0 1", {"i1i6"});
  CHECK(classify_last_move(uncrossed).chased.empty());
  // Across the river the same pawn is a target.
  const auto crossed = replay("3k5/9/9/9/9/p8/9/9/8R/5K3 w - - 0 1", {"i1i4"});
  CHECK(classify_last_move(crossed).chased.contains(make_square(0, 4)));
  // A check is classed as a check.
  const auto real_check = replay("3k5/9/9/9/9/9/9/9/7R1/4K4 w - - 0 1", {"h1h9"});
  CHECK(classify_last_move(real_check).check);
}

TEST_CASE("move classes: an attack on a piece of the same kind that can take back is an exchange offer") {
  // Rooks face each other on rank 5 with nothing between: either can take the other.
  const auto offer = replay("3k5/9/9/R8/8r/9/9/9/9/4K4 w - - 0 1", {"a6a5"});
  CHECK(classify_last_move(offer).chased.empty());
}

TEST_CASE("the judge: perpetual chase loses, one piece chasing two in turn draws, check against chase") {
  // Red's rook chases the unprotected cannon up and down the i file: Red loses.
  const auto chase = replay("3k5/9/9/R8/8c/9/9/9/9/4K4 w - - 0 1", {"a6a5", "i5i6", "a5a6", "i6i5"});
  const RepetitionVerdict verdict = judge_repetition(chase);
  CHECK(verdict.outcome == RuleOutcome::kLoss);  // Red to move, Red chased
  CHECK(verdict.side_to_move == Conduct::kPerpetualChase);
  CHECK(verdict.opponent == Conduct::kAllowed);
  // The referee's form: not yet at the second repetition, then judged at it.
  CHECK(judge_repetition(chase, 2).outcome == RuleOutcome::kNone);
  const auto twice = replay("3k5/9/9/R8/8c/9/9/9/9/4K4 w - - 0 1",
                            {"a6a5", "i5i6", "a5a6", "i6i5", "a6a5", "i5i6", "a5a6", "i6i5"});
  CHECK(judge_repetition(twice, 2).outcome == RuleOutcome::kLoss);
}

TEST_CASE("the Asian rules' worked diagrams, rebuilt as positions and move cycles") {
  const auto cases = load_cases();
  CHECK(cases.size() >= 60);
  std::set<std::string> articles;
  std::map<std::string, int> verdicts;
  for (const DiagramCase& rule_case : cases) {
    CAPTURE(rule_case.diagram);
    CAPTURE(rule_case.note);
    articles.insert(rule_case.article);
    ++verdicts[rule_case.verdict];
    const Position position = replay(rule_case.fen, rule_case.moves);
    // The last move repeats a position: judged as the search judges it, at the first repetition.
    const RepetitionVerdict first = judge_repetition(position, 1);
    CHECK(verdict_name(first.outcome, position.side_to_move()) == rule_case.verdict);
    // And as the referee does, after the cycle is played once more (the third occurrence).
    const auto history = position.history();
    int cycle = 0;
    for (int distance = 4; distance <= int(history.size()); distance += 2)
      if (history[history.size() - distance].key == position.key()) {
        cycle = distance;
        break;
      }
    REQUIRE(cycle > 0);
    Position again = position;
    for (int index = int(history.size()) - cycle; index < int(history.size()); ++index)
      again.make_move(history[index].move);
    CHECK(verdict_name(judge_repetition(again, 2).outcome, again.side_to_move()) == rule_case.verdict);
  }
  MESSAGE(cases.size() << " diagram cases over " << articles.size() << " articles: " << verdicts["draw"]
                       << " draws, " << verdicts["red-loses"] << " red losses, " << verdicts["black-loses"]
                       << " black losses");
}

}  // namespace
}  // namespace shuai
