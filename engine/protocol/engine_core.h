// The engine behind every protocol: the position and its game history, the search and the worker thread it
// runs on, the opening book, the draw and resign policy, and the settings the options change. It knows no
// protocol: a dialect (ucci.cpp, uci.cpp, cecp.cpp) parses the commands into calls on it and prints what
// it reports, decorating its messages in its own way.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/board/position.h"
#include "engine/book/opening_book.h"
#include "engine/tablebase/tablebase.h"
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

// The settings options change that belong to the session rather than to the search.
struct SessionSettings {
  bool milliseconds = false;  // UCCI times in ms (usemillisec) rather than seconds
  bool batch = false;         // UCCI batch mode: a search runs to completion before the next line is read
  bool debug = false;
  bool offer_draws = true;  // offer a draw in dead-drawn positions, accept one when worse, claim a ruled one
  bool resign = false;      // resign when hopelessly lost
  int idle_percent = 0;     // UCCI idle: the share of the processor the search leaves to other programs
  bool show_wdl = false;    // info lines add the win/draw/loss chances of their score (win_draw_loss.h)
  // The playing level the search gets (playing_level.h): Skill Level, or with UCI_LimitStrength on the level
  // whose rating UCI_Elo asks for.
  int skill_level = kFullStrengthLevel;
  bool limit_strength = false;
  int elo = kLevelRatings.back();
};

// A game over on the board, as the rules decide it with certainty.
struct BoardEnding {
  enum class Reason { kCheckmate, kStalemate, kPerpetualCheck };
  Reason reason;
  Color loser;  // in Xiangqi the side that cannot move loses, in check or not; a perpetual checker loses
};

// What the draw and resign policy adds to a finished search's move.
enum class GameDecision { kNone, kDraw, kResign };

class EngineCore {
 public:
  EngineCore(LineWriter& writer, std::size_t hash_megabytes);
  ~EngineCore();

  LineWriter& writer() { return writer_; }
  Searcher& searcher() { return searcher_; }
  SessionSettings& settings() { return settings_; }
  // How messages (notes and the reasons bad input was refused) are printed: set by the dialect.
  void set_message_printer(std::function<void(const std::string&)> printer) {
    print_message_ = std::move(printer);
  }
  void message(const std::string& text);
  // Prints what background work (the check of mapped tablebases) had to say since the last time: the
  // session calls it before each command, so that no line comes out of turn or through a dialect that is
  // gone.
  void print_late_messages();

  // The position; changed only while no search runs (thinking() is false), or by the dialect's worker job
  // under its own lock (CECP plays its moves there).
  Position& position() { return position_; }
  // A new game position: banned moves cleared, and a third occurrence it already ends in reported.
  void set_position(Position position);
  std::vector<Move>& banned_moves() { return banned_moves_; }

  // Whether the worker runs a search or a perft whose answer has not gone out yet.
  bool thinking() const { return searching_.load(); }
  // Runs `work` on the worker; its answer (when not empty) goes out as the worker goes idle, so a client that
  // answers it at once is heard.
  void run_on_worker(std::function<std::string()> work);
  // The search of the position with `limits` on the worker; `answer` composes the final line from the
  // result, still on the worker (once idle, the commanding thread may change the settings).
  void start_search(const SearchLimits& limits, std::function<std::string(const SearchResult&)> answer);
  // Perft divide of the position on the worker, as `shuai perft` prints it ("move: nodes" lines, a blank
  // line, "Nodes searched: N"); a stop or quit ends it early with a note of what was counted.
  void start_perft(int depth);
  // Stops the worker's search or perft and waits for its answer; false when nothing was running.
  bool stop();
  void wait_for_worker();

  // The draw and resign policy on a finished search: accept an offered draw when worse, offer one when
  // neither side can ever attack, claim one when the move makes a third occurrence ruled a draw; resign only
  // when a loss is proven. A search stopped before its first iteration finished has only estimated its
  // score: no decision rests on it. `dead_drawn` is judged before the search (dead_drawn()).
  GameDecision decide(const SearchResult& result, bool dead_drawn) const;
  // Whether the game is over in the position: mate or stalemate, or the one verdict of the Asian repetition
  // rules that is beyond doubt, a perpetual check against moves the rules allow (the checker loses). Other
  // repetitions and the natural move limit are left to the client (and to the draw policy's offers).
  std::optional<BoardEnding> board_ending() const;
  // Only kings, advisors and elephants are left: none of them can cross the river, so nobody can win.
  bool dead_drawn() const;
  // Whether the opponent's draw offer would be accepted after a search that scored `score` at `depth`.
  bool accepts_draw(int score, int depth) const;
  // The opponent offered a draw with the move (for the current or next search).
  void set_draw_offered(bool offered) { draw_offered_ = offered; }
  // The note a debug session gets after each search.
  void report_search(const SearchResult& result);

  // The opening book: a move for the position not among `excluded` (with a note on how it was chosen), or
  // kNoMove when the book is off or has none.
  Move book_move(const std::vector<Move>& excluded);
  void set_use_book(bool use);
  void set_book_files(const std::string& files);
  // Endgame tablebases: used when on and loaded from the folders (separated by ';'); a file that is not a
  // whole table is named in one message and left out.
  void set_use_tablebases(bool use);
  void set_tablebase_paths(const std::string& paths);
  // The book's choice: 1 follows the record, lower flattens it toward uniform.
  void set_book_sharpness(double sharpness) { book_sharpness_ = sharpness; }

  // Option actions that need more than a field set; each says why it refused.
  // The transposition table or the Minors Hash Table at `megabytes` (0: the transposition table's default).
  bool resize_table(bool transposition, std::string_view name, std::int64_t megabytes);
  // Evaluation weights from a parameter file (eval/parameter_file.h); empty or <empty> restores the defaults.
  bool load_parameter_file(const std::string& path);
  // The search's constants from FILE (search_parameters.h); empty or <empty> restores the built-in ones.
  bool load_search_parameter_file(const std::string& path);

 private:
  void load_book();
  void load_tablebases();

  struct LateMessages {
    std::mutex mutex;
    std::vector<std::string> lines;
  };

  LineWriter& writer_;
  std::function<void(const std::string&)> print_message_;
  // Shared with the background work, which may outlive a core being destroyed by a moment.
  std::shared_ptr<LateMessages> late_messages_ = std::make_shared<LateMessages>();
  Searcher searcher_;
  std::unique_ptr<EvaluationTables> loaded_tables_;  // the weights of a loaded parameter file
  Position position_;
  std::vector<Move> banned_moves_;
  bool use_tablebases_ = true;
  std::string tablebase_paths_;
  SessionSettings settings_;

  std::thread worker_;
  std::atomic<bool> searching_{false};  // cleared by the worker just before its answer goes out
  std::mutex answer_mutex_;
  std::atomic<bool> perft_stop_{false};
  std::atomic<bool> draw_offered_{false};  // for the current search

  OpeningBook book_;
  bool use_book_ = false;
  std::string book_files_;     // ';'-separated; empty: the book shipped in positions/
  bool book_loaded_ = false;   // book_ holds what book_files_ names (empty if that failed to load)
  double book_sharpness_ = 1;  // of the weighted choice (see choose_book_move)
  std::mt19937_64 book_random_{std::random_device{}()};
};

}  // namespace shuai
