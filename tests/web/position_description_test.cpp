// The page's questions to the rules (engine/web/position_description.h): legal moves, notation, move classes
// and the verdicts of a finished game, answered as JSON; and the command queue that feeds the wasm engine.
#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "engine/web/command_queue.h"
#include "engine/web/position_description.h"

namespace shuai::web {
namespace {

bool has(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// How many strings the JSON array after `"key":[` holds.
int array_length(const std::string& json, std::string_view key) {
  const std::size_t open = json.find(std::string("\"") + std::string(key) + "\":[");
  REQUIRE(open != std::string::npos);
  const std::size_t close = json.find(']', open);
  const std::string inside = json.substr(open + key.size() + 4, close - open - key.size() - 4);
  if (inside.empty()) return 0;
  int commas = 0;
  for (const char c : inside) commas += c == ',';
  return commas + 1;
}

TEST_CASE("describe_position: the start position, its 44 legal moves, no game over") {
  const std::string answer = describe_position("startpos");
  INFO(answer);
  CHECK(has(answer, R"("ok":true)"));
  CHECK(has(answer, R"("side":"red")"));
  CHECK(has(answer, R"("check":false)"));
  CHECK(has(answer, R"("over":null)"));
  CHECK(has(answer, R"("moves":[])"));
  CHECK(array_length(answer, "legal") == 44);
  CHECK(has(answer, R"("legal":["a0a1")"));
}

TEST_CASE("describe_position: each move in Chinese notation and WXF, and the position after them") {
  const std::string answer = describe_position("startpos moves h2e2 h9g7 h0g2");
  INFO(answer);
  CHECK(has(answer, R"({"iccs":"h2e2","chinese":"炮二平五","wxf":"C2=5","kind":"idle"})"));
  CHECK(has(answer, R"({"iccs":"h9g7","chinese":"马８进７","wxf":"h8+7","kind":"idle"})"));
  CHECK(has(answer, R"("side":"black")"));
  CHECK(has(answer, R"("fen":"rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2")"));
}

TEST_CASE("describe_position: an illegal move or a bad FEN is one error line naming it") {
  const std::string illegal = describe_position("startpos moves h2e2 h2e3");
  INFO(illegal);
  CHECK(has(illegal, R"("ok":false)"));
  CHECK(has(illegal, "move 2 ('h2e3')"));
  CHECK(has(describe_position("rnbakabnr/9/1c5c1 w"), R"("ok":false)"));
  CHECK(has(describe_position(""), R"("ok":false)"));
  // A quote in the request comes back escaped: the answer stays one JSON object.
  const std::string quoted = describe_position("startpos moves a\"0");
  INFO(quoted);
  CHECK(has(quoted, R"(a\"0)"));
}

TEST_CASE("describe_position: mate ends the game, and no move is taken after it") {
  // positions/mates.epd, mate-1-01: the rook mates on e8.
  const std::string fen = "2b1kn3/R8/6N2/9/2p6/9/6r2/4B2c1/4A4/3K1A3 w - - 0 1";
  const std::string mated = describe_position(fen + " moves a8e8");
  INFO(mated);
  CHECK(has(mated, R"("kind":"check")"));
  CHECK(has(mated, R"("check":true)"));
  CHECK(has(mated, R"("legal":[])"));
  CHECK(has(mated, R"("over":{"result":"1-0","reason":"checkmate","text":"Red mates"})"));
  const std::string after = describe_position(fen + " moves a8e8 e9d9");
  INFO(after);
  CHECK(has(after, "the game is already over"));
}

TEST_CASE("describe_position: a perpetual check is ruled at the third occurrence, in words") {
  // The rook checks along ranks 9 and 8 while the king steps between e9 and e8: the checker loses.
  const std::string start =
      "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1 moves i0i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8 e8e9";
  const std::string before = describe_position(start);
  INFO(before);
  CHECK(has(before, R"("over":null)"));
  const std::string ruled = describe_position(start + " i8i9");
  INFO(ruled);
  CHECK(has(ruled, R"("result":"0-1","reason":"perpetual check")"));
}

TEST_CASE("command queue: lines come out in order, on another thread, and a handler takes them at once") {
  std::vector<std::string> received;
  std::thread reader([&] {
    std::string line;
    for (int i = 0; i < 3 && next_command(line); ++i) received.push_back(line);
  });
  send_command("ucci");
  send_command("position startpos");
  send_command("go depth 1");
  reader.join();
  CHECK(received == std::vector<std::string>{"ucci", "position startpos", "go depth 1"});

  std::vector<std::string> handled;
  handle_commands_with([&](std::string_view line) { return handled.emplace_back(line), true; });
  send_command("isready");
  handle_commands_with(nullptr);  // back to the queue, for the other tests
  CHECK(handled == std::vector<std::string>{"isready"});
}

}  // namespace
}  // namespace shuai::web
