// What UCCI and UCI share: the same commands (position, banmoves, go, probe, setoption, stop, ponderhit,
// isready), parsed once here; ucci.cpp and uci.cpp say only how each one spells its answers.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/protocol/dialect.h"
#include "engine/protocol/engine_options.h"

namespace shuai {

class UciFamilyDialect : public Dialect {
 public:
  explicit UciFamilyDialect(EngineCore& core);
  bool handle(const std::vector<std::string_view>& words, std::string_view line) override;
  void quit() override;

 protected:
  // The answer to "ucci" or "uci": the id lines, the options (from the one table) and the ok; each dialect
  // says what differs.
  void boot();
  virtual std::vector<std::string> version_lines() const = 0;  // between the id name and author lines
  // "option NAME" as the protocol starts it; empty when the option is not one of the protocol's.
  virtual std::string option_heading(const EngineOption& option) const = 0;
  virtual std::string spin_text(const EngineOption& option) const = 0;   // "spin ..." in the protocol's order
  virtual std::string combo_text(const EngineOption& option) const = 0;  // "combo ..." likewise
  virtual std::string_view ok_word() const = 0;
  virtual std::string score_text(int score) const = 0;
  // The answer when there is no move to play.
  virtual std::string no_move() const = 0;
  // The draw or resign word appended to a bestmove, if the protocol has one.
  virtual std::string decision_text(GameDecision decision) const = 0;
  // Whether info lines name their MultiPV line when only one is searched.
  virtual bool numbers_single_line() const = 0;
  // Milliseconds per unit of the go command's time, increment and their opponent forms.
  virtual double time_unit() const = 0;
  // Whether a search runs to completion before the next line is read.
  virtual bool batch() const = 0;
  // A stop with nothing to stop, and quit.
  virtual void answer_idle_stop() = 0;
  virtual void say_goodbye() = 0;

  EngineCore& core_;
  LineWriter& writer_;

 private:
  void set_option(std::string_view rest);
  // Parses "startpos|fen ... [moves ...]" into a new position; a message and nothing on bad input.
  std::optional<Position> read_position(const std::vector<std::string_view>& words);
  void set_position(const std::vector<std::string_view>& words);
  void set_banned_moves(const std::vector<std::string_view>& words);
  void go(const std::vector<std::string_view>& words);
  void probe(const std::vector<std::string_view>& words);
  void stop();
  void print_info(const SearchInfo& info);
  // " wdl W D L" (permille) when UCI_ShowWDL is on, else "".
  std::string chances_text(const SearchInfo& info) const;
  std::string best_move_answer(const SearchResult& result, bool dead_drawn);
};

}  // namespace shuai
