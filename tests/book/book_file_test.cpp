// The opening book's file and the book the engine probes: records read back equal to what was written, byte
// layout as documented, every kind of damaged or foreign file refused with the old book kept, books merged,
// probes giving legal moves heaviest first (a position and its mirror image sharing records), and the
// weighted choice.
#include <doctest/doctest.h>

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include "engine/board/board.h"
#include "engine/book/book_file.h"
#include "engine/book/book_key.h"
#include "engine/book/built_in_book.h"
#include "engine/book/opening_book.h"
#include "tests/support/played_position.h"
#include "tests/support/temporary_file.h"

namespace shuai {
namespace {

using test::TemporaryFile;

Position position_after(std::initializer_list<std::string_view> moves) {
  return test::play_moves(kStartFen, moves);
}

Move iccs(std::string_view text) {
  return *parse_iccs(text);
}

// The record the builder would make for `move` (ICCS) played in `position`.
BookRecord record_for(const Position& position, std::string_view move, std::uint32_t wins,
                      std::uint32_t draws, std::uint32_t losses, std::uint32_t weight) {
  const BookKey key = book_key(position);
  return {key.key, to_book_move(key, iccs(move)), wins + draws + losses, wins, draws, losses, weight};
}

std::vector<BookRecord> sorted(std::vector<BookRecord> records) {
  std::sort(records.begin(), records.end(), record_before);
  return records;
}

std::string read_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

void write_book(const std::string& path, const std::vector<BookRecord>& records) {
  std::string error;
  REQUIRE_MESSAGE(write_book_file(path, records, error), error);
}

std::vector<Move> moves_of(const std::vector<BookMove>& book_moves) {
  std::vector<Move> moves;
  for (const BookMove& move : book_moves) moves.push_back(move.move);
  return moves;
}

const Position kStart = position_after({});

TEST_CASE("A book file reads back equal to what was written in the documented byte layout") {
  const TemporaryFile file("roundtrip.book");
  const Position after_cannon = position_after({"h2e2"});
  const std::vector<BookRecord> records =
      sorted({record_for(kStart, "h2e2", 5, 2, 1, 620), record_for(kStart, "h0g2", 1, 0, 0, 67),
              record_for(after_cannon, "h9g7", 0, 3, 4, 290)});
  write_book(file.path, records);
  const std::string bytes = read_bytes(file.path);
  REQUIRE(bytes.size() == kBookHeaderSize + 3 * kBookRecordSize);
  CHECK(bytes.substr(0, 8) == std::string("SHUAIBK\0", 8));
  CHECK(bytes.substr(8, 8) == std::string("\x01\0\0\0\x20\0\0\0", 8));  // version 1, 32-byte records
  CHECK(bytes[16] == 3);                                                // the record count, little-endian
  std::uint64_t key_check = 0;
  for (int i = 7; i >= 0; --i) key_check = key_check << 8 | static_cast<unsigned char>(bytes[24 + i]);
  CHECK(key_check == kStart.key());  // the start position is symmetric: its book key is its own key
  CHECK(key_check == book_key_check());

  // Records are sorted by key, then move; a move is stored as dense square indexes (rank * 9 + file).
  const BookRecord& first = records[0];
  const std::size_t at = kBookHeaderSize;
  std::uint64_t key = 0;
  for (int i = 7; i >= 0; --i) key = key << 8 | static_cast<unsigned char>(bytes[at + i]);
  CHECK(key == first.key);
  CHECK(int(bytes[at + 8]) == square_index(from_square(first.move)));
  CHECK(int(bytes[at + 9]) == square_index(to_square(first.move)));
  CHECK(bytes[at + 12] == char(first.games));
  CHECK(static_cast<unsigned char>(bytes[at + 28]) + 256 * static_cast<unsigned char>(bytes[at + 29]) ==
        int(first.weight));

  std::vector<BookRecord> read;
  std::string error;
  REQUIRE_MESSAGE(read_book_file(file.path, read, error), error);
  CHECK(read == records);
}

TEST_CASE("A damaged or foreign book file is refused in one line naming it and the loaded book stays") {
  const TemporaryFile good("good.book"), bad("bad.book");
  const std::vector<BookRecord> records =
      sorted({record_for(kStart, "h2e2", 5, 2, 1, 620), record_for(kStart, "h0g2", 1, 0, 0, 67),
              record_for(position_after({"h2e2"}), "h9g7", 0, 3, 4, 290)});
  write_book(good.path, records);
  const std::string bytes = read_bytes(good.path);
  OpeningBook book;
  std::string error;
  REQUIRE_MESSAGE(book.load(good.path, error), error);
  REQUIRE(book.size() == 3);

  struct Damage {
    std::string what, bytes, message;
  };
  std::string unsorted = bytes;  // the first two records swapped
  std::swap_ranges(unsorted.begin() + kBookHeaderSize, unsorted.begin() + kBookHeaderSize + kBookRecordSize,
                   unsorted.begin() + kBookHeaderSize + kBookRecordSize);
  std::string repeated = bytes;  // the second record a copy of the first
  std::copy_n(bytes.begin() + kBookHeaderSize, kBookRecordSize,
              repeated.begin() + kBookHeaderSize + kBookRecordSize);
  const auto changed = [&](std::size_t at, char value) {
    std::string copy = bytes;
    copy[at] = value;
    return copy;
  };
  const std::vector<Damage> damages = {
      {"truncated", bytes.substr(0, bytes.size() - 5), "truncated or damaged"},
      {"an extra record", bytes + std::string(kBookRecordSize, '\0'), "the header says 3 records"},
      {"shorter than a header", bytes.substr(0, 20), "shorter than the header"},
      {"empty", "", "shorter than the header"},
      {"wrong magic", changed(0, 'X'), "wrong magic"},
      {"wrong version", changed(8, 2), "book format version 2"},
      {"unsorted", unsorted, "out of order"},
      {"repeated record", repeated, "out of order or repeated"},
      {"other Zobrist keys", changed(24, char(bytes[24] ^ 1)), "other Zobrist keys"},
      {"square off the board", changed(kBookHeaderSize + 8, char(90)), "malformed"},
      {"results not adding up", changed(kBookHeaderSize + 16, char(bytes[kBookHeaderSize + 16] + 1)),
       "malformed"},
  };
  for (const Damage& damage : damages) {
    INFO(damage.what);
    write_bytes(bad.path, damage.bytes);
    std::vector<BookRecord> read;
    CHECK_FALSE(read_book_file(bad.path, read, error));
    CHECK(error.starts_with(bad.path + ": "));
    CHECK(error.find(damage.message) != std::string::npos);
    CHECK(error.find('\n') == std::string::npos);
    error.clear();
    CHECK_FALSE(book.load(bad.path, error));
    CHECK(error.find(damage.message) != std::string::npos);
    CHECK(book.size() == 3);
    CHECK(book.probe(kStart).size() == 2);
    // The same bytes in memory (as the built-in book is read) fail the same check, under the name given.
    const auto* data = reinterpret_cast<const unsigned char*>(damage.bytes.data());
    CHECK_FALSE(read_book_bytes({data, damage.bytes.size()}, "<memory>", read, error));
    CHECK(error.starts_with("<memory>: "));
    CHECK(error.find(damage.message) != std::string::npos);
  }

  CHECK_FALSE(book.load("/nonexistent/shuai.book", error));
  CHECK(error.starts_with("/nonexistent/shuai.book: cannot open"));
  CHECK_FALSE(book.load(good.path + ";/nonexistent/shuai.book", error));
  CHECK(error.starts_with("/nonexistent/shuai.book: "));
  CHECK_FALSE(book.load(" ; ", error));
  CHECK(error == "no book file named");
  CHECK(book.size() == 3);
  CHECK_FALSE(write_book_file(bad.path, {records[1], records[0]}, error));
  CHECK(error.find("out of order") != std::string::npos);
}

TEST_CASE("Several book files separated by semicolons merge and the same key and move add up") {
  const TemporaryFile first("first.book"), second("second.book");
  write_book(first.path, sorted({record_for(kStart, "h2e2", 3, 1, 1, 300)}));
  write_book(second.path,
             sorted({record_for(kStart, "h2e2", 1, 0, 2, 100), record_for(kStart, "c3c4", 1, 1, 0, 120)}));
  OpeningBook book;
  std::string error;
  REQUIRE_MESSAGE(book.load(first.path + " ; " + second.path, error), error);
  CHECK(book.size() == 2);
  const std::vector<BookMove> moves = book.probe(kStart);
  REQUIRE(moves.size() == 2);
  CHECK(moves[0].move == iccs("h2e2"));
  CHECK(moves[0].games == 8);
  CHECK(moves[0].wins == 4);
  CHECK(moves[0].draws == 1);
  CHECK(moves[0].losses == 3);
  CHECK(moves[0].weight == 400);
  // c3c4 and g3g4 are one choice in the symmetric start: the book keeps the right-wing g3g4 (兵三进一).
  CHECK(moves[1].move == iccs("g3g4"));
  CHECK(moves[1].games == 2);
  book.clear();
  CHECK(book.empty());
  CHECK(book.probe(kStart).empty());
}

TEST_CASE("Probing gives the legal book moves heaviest first with the mover's results") {
  const TemporaryFile file("probe.book");
  const Position after_cannon = position_after({"h2e2"});
  write_book(file.path,
             sorted({record_for(kStart, "h2e2", 1, 1, 1, 150), record_for(kStart, "h0g2", 4, 0, 1, 400),
                     record_for(kStart, "a0a5", 9, 0, 0, 900),  // illegal: the a3 pawn is in the way
                     record_for(after_cannon, "h9g7", 2, 0, 7, 300)}));
  OpeningBook book;
  std::string error;
  REQUIRE_MESSAGE(book.load(file.path, error), error);
  const std::vector<BookMove> moves = book.probe(kStart);
  CHECK(moves_of(moves) == std::vector<Move>{iccs("h0g2"), iccs("h2e2")});
  CHECK(moves[0].games == 5);
  CHECK(moves[0].wins == 4);
  CHECK(moves[0].losses == 1);
  const std::vector<BookMove> replies = book.probe(after_cannon);
  REQUIRE(replies.size() == 1);
  CHECK(replies[0].move == iccs("h9g7"));
  CHECK(replies[0].wins == 2);  // Black's wins: the record counts from the mover's side
  CHECK(replies[0].losses == 7);
  CHECK(book.probe(position_after({"h2e2", "h9g7"})).empty());
}

TEST_CASE("A position and its mirror image share records and the probe turns the moves back") {
  const Position position = position_after({"h2e2", "h9g7", "h0g2"});
  const Position mirror = position_after({"b2e2", "b9c7", "b0c2"});
  CHECK(mirror_position(position).key() == mirror.key());
  CHECK(mirrored_key(position) == mirror.key());
  CHECK(mirror_position(mirror_position(position)).key() == position.key());
  CHECK(to_fen(mirror_position(position)) == to_fen(mirror));
  const BookKey key = book_key(position), mirror_key = book_key(mirror);
  CHECK(key.key == mirror_key.key);
  CHECK(key.key == std::min(position.key(), mirror.key()));
  CHECK(key.orientation != mirror_key.orientation);
  CHECK(book_key(kStart).orientation == BookOrientation::kSymmetric);
  CHECK(mirror_move(iccs("i9h9")) == iccs("a9b9"));

  const TemporaryFile file("mirror.book");
  write_book(file.path, {record_for(position, "i9h9", 1, 0, 0, 67)});
  OpeningBook book;
  std::string error;
  REQUIRE_MESSAGE(book.load(file.path, error), error);
  CHECK(moves_of(book.probe(position)) == std::vector<Move>{iccs("i9h9")});
  CHECK(moves_of(book.probe(mirror)) == std::vector<Move>{iccs("a9b9")});
}

TEST_CASE("choose_book_move picks in proportion to weight to the power of sharpness") {
  const std::vector<BookMove> moves = {{iccs("h2e2"), 0, 0, 0, 0, 300}, {iccs("h0g2"), 0, 0, 0, 0, 100}};
  const Move first = iccs("h2e2"), second = iccs("h0g2");
  // Sharpness 1: shares 3/4 and 1/4.
  CHECK(choose_book_move(moves, 1, 0.0) == first);
  CHECK(choose_book_move(moves, 1, 0.74) == first);
  CHECK(choose_book_move(moves, 1, 0.76) == second);
  CHECK(choose_book_move(moves, 1, 0.999) == second);
  // Sharpness 0: uniform.
  CHECK(choose_book_move(moves, 0, 0.49) == first);
  CHECK(choose_book_move(moves, 0, 0.51) == second);
  // Sharpness 2: 9 to 1.
  CHECK(choose_book_move(moves, 2, 0.89) == first);
  CHECK(choose_book_move(moves, 2, 0.91) == second);
  // Out-of-range uniforms are clamped; a lone move is always chosen.
  CHECK(choose_book_move(moves, 1, 1.0) == second);
  CHECK(choose_book_move({moves[1]}, 1, 0.5) == second);
  CHECK(choose_book_move({}, 1, 0.5) == kNoMove);
}

TEST_CASE("The built-in book is the shipped book file, byte for byte and record for record") {
  const std::string file = std::string(SHUAI_POSITIONS_DIR) + "/opening-book.bin";
  const std::string bytes = read_bytes(file);
  const std::span<const unsigned char> built_in = built_in_book_bytes();
  REQUIRE(built_in.size() == bytes.size());
  CHECK(std::equal(built_in.begin(), built_in.end(), bytes.begin(),
                   [](unsigned char a, char b) { return a == static_cast<unsigned char>(b); }));
  OpeningBook from_file, from_program;
  std::string error;
  REQUIRE_MESSAGE(from_file.load(file, error), error);
  REQUIRE_MESSAGE(from_program.load_built_in(error), error);
  CHECK(from_program.size() == from_file.size());
  CHECK(from_program.size() > 1000);
  const std::vector<BookMove> a = from_file.probe(kStart), b = from_program.probe(kStart);
  REQUIRE(a.size() == b.size());
  REQUIRE(!a.empty());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].move == b[i].move);
    CHECK(a[i].weight == b[i].weight);
  }
}

}  // namespace
}  // namespace shuai
