// UCI as Stockfish-family Xiangqi GUIs speak it: how its answers are spelt (the commands: uci_family.cpp).
#include <fmt/format.h>

#include "engine/protocol/uci_family.h"
#include "eval/score.h"

namespace shuai {

namespace {

class UciDialect final : public UciFamilyDialect {
 public:
  explicit UciDialect(EngineCore& core) : UciFamilyDialect(core) {
    core.set_message_printer(
        [&writer = writer_](const std::string& text) { writer.line("info string " + text); });
  }

 private:
  std::vector<std::string> version_lines() const override { return {}; }
  std::string option_heading(const EngineOption& option) const override {
    return option.uci_name.empty() ? "" : fmt::format("option name {}", option.uci_name);
  }
  std::string spin_text(const EngineOption& option) const override {
    return fmt::format("spin default {} min {} max {}", option.default_value, option.min, option.max);
  }
  std::string combo_text(const EngineOption& option) const override {
    std::string text = fmt::format("combo default {}", option.default_value);
    for (const std::string_view choice : option.choices) text += fmt::format(" var {}", choice);
    return text;
  }
  std::string_view ok_word() const override { return "uciok"; }

  // UCI counts a mate in moves: positive when the side to move mates (its Nth move mates, 2N - 1 plies),
  // negative when it is mated (after its Nth move, 2N plies; 0 when mated now).
  std::string score_text(int score) const override {
    if (score >= kMateInMaxPly) return fmt::format("score mate {}", (kMateScore - score + 1) / 2);
    if (score <= -kMateInMaxPly) return fmt::format("score mate {}", -((kMateScore + score) / 2));
    return fmt::format("score cp {}", score);
  }
  std::string no_move() const override { return "bestmove (none)"; }
  std::string decision_text(GameDecision) const override { return ""; }  // UCI has no draw or resign word
  bool numbers_single_line() const override { return true; }
  double time_unit() const override { return 1.0; }
  bool batch() const override { return false; }
  void answer_idle_stop() override {}
  void say_goodbye() override {}
};

}  // namespace

std::unique_ptr<Dialect> make_uci_dialect(EngineCore& core) {
  return std::make_unique<UciDialect>(core);
}

}  // namespace shuai
