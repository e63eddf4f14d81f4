// One engine session over a text protocol: UCCI 3.0 or UCI (Stockfish-family Xiangqi dialect), chosen by the
// first command. The caller feeds lines; searches run on a worker thread so commands are read while thinking.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/board/position.h"
#include "engine/book/opening_book.h"
#include "search/search.h"

namespace shuai {

// Writes whole lines, flushed, from any thread.
class LineWriter {
 public:
  explicit LineWriter(std::function<void(const std::string&)> sink) : sink_(std::move(sink)) {}
  void line(const std::string& text);

 private:
  std::mutex mutex_;
  std::function<void(const std::string&)> sink_;
};

enum class Protocol { kUndecided, kUcci, kUci };

class Session {
 public:
  // The transposition table starts at `hash_megabytes` (the hashsize/Hash option changes it later).
  explicit Session(LineWriter& writer, std::size_t hash_megabytes = TranspositionTable::kDefaultMegabytes);
  ~Session();

  // Handles one command line; false once the session has ended (quit).
  bool handle(std::string_view line);
  // End of input: as quit.
  void finish();

 private:
  // Commands, each receiving the words after the command name.
  void boot(Protocol protocol);
  void set_option(std::string_view rest);
  // Parses "startpos|fen ... [moves ...]" into a new position; a message and nothing on bad input.
  std::optional<Position> read_position(const std::vector<std::string_view>& words);
  void set_position(const std::vector<std::string_view>& words);
  void set_banned_moves(const std::vector<std::string_view>& words);
  void go(const std::vector<std::string_view>& words);
  void probe(const std::vector<std::string_view>& words);
  void stop();
  void quit();

  bool apply_option(const std::string& name, const std::string& value);
  // Loads bookfiles (or the book shipped in positions/) unless already loaded; a failure is one message and
  // an empty book, so the engine plays on without one.
  void load_book();
  // With the book on: answers the go with a book move of the position (no search) and returns true; false
  // when the book has none.
  bool play_book_move(const SearchLimits& limits);
  // Evaluation weights from a parameter file (eval/parameter_file.h); an empty path restores the defaults.
  bool load_parameter_file(const std::string& path);
  // The search's constants from FILE (search_parameters.h); `<empty>` restores the built-in ones.
  bool load_search_parameter_file(const std::string& path);
  void print_options();
  void print_info(const SearchInfo& info);
  // The bestmove (or nobestmove) line; dead_drawn: only kings, advisors and elephants are left (offer a
  // draw).
  std::string best_move_answer(const SearchResult& result, bool dead_drawn);
  bool claims_repetition_draw(Move move) const;
  void wait_for_search();
  bool thinking() const { return searching_.load(); }
  void message(const std::string& text);
  std::string score_text(int score) const;

  LineWriter& writer_;
  Protocol protocol_ = Protocol::kUndecided;
  Searcher searcher_;
  std::unique_ptr<EvaluationTables> loaded_tables_;  // the weights of a loaded parameter file
  Position position_;
  std::vector<Move> banned_moves_;
  std::thread worker_;
  std::atomic<bool> searching_{false};  // cleared by the worker just before its bestmove goes out
  std::mutex bestmove_mutex_;
  std::atomic<bool> draw_offered_{false};  // by "go draw" or "ponderhit draw", for the current search
  bool ended_ = false;

  // Settings.
  bool milliseconds_ = false;  // UCCI times in ms (usemillisec) rather than seconds
  bool batch_ = false;         // UCCI batch mode: a search runs to completion before the next line is read
  bool debug_ = false;
  bool offer_draws_ = true;  // append "draw" in dead-drawn positions or to accept an offer when worse
  bool resign_ = false;      // append "resign" when hopelessly lost

  // The opening book.
  OpeningBook book_;
  bool use_book_ = false;
  std::string book_files_;     // ';'-separated; empty: the book shipped in positions/
  bool book_loaded_ = false;   // book_ holds what book_files_ names (empty if that failed to load)
  double book_sharpness_ = 1;  // of the weighted choice (see choose_book_move): set by randomness
  std::mt19937_64 book_random_{std::random_device{}()};
};

}  // namespace shuai
