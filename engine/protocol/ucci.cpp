// UCCI 3.0 as ElephantEye's GUIs speak it: how its answers are spelt (the commands: uci_family.cpp).
#include <fmt/format.h>

#include "engine/protocol/uci_family.h"

namespace shuai {

namespace {

class UcciDialect final : public UciFamilyDialect {
 public:
  explicit UcciDialect(EngineCore& core) : UciFamilyDialect(core) {
    core.set_message_printer(
        [&writer = writer_](const std::string& text) { writer.line("info message " + text); });
  }

 private:
  std::vector<std::string> version_lines() const override {
    return {fmt::format("id version {}", SHUAI_VERSION),
            "id copyright 2026 the Shuai developers, open source"};
  }
  std::string option_heading(const EngineOption& option) const override {
    return option.ucci_name.empty() ? "" : fmt::format("option {}", option.ucci_name);
  }
  std::string spin_text(const EngineOption& option) const override {
    return fmt::format("spin min {} max {} default {}", option.min, option.max, option.default_value);
  }
  std::string combo_text(const EngineOption& option) const override {
    std::string text = "combo";
    for (const std::string_view choice : option.choices) text += fmt::format(" var {}", choice);
    return text + fmt::format(" default {}", option.default_value);
  }
  std::string_view ok_word() const override { return "ucciok"; }

  std::string score_text(int score) const override { return fmt::format("score {}", score); }
  std::string no_move() const override { return "nobestmove"; }
  std::string decision_text(GameDecision decision) const override {
    return decision == GameDecision::kDraw ? " draw" : decision == GameDecision::kResign ? " resign" : "";
  }
  bool numbers_single_line() const override { return false; }
  double time_unit() const override { return core_.settings().milliseconds ? 1.0 : 1000.0; }
  bool batch() const override { return core_.settings().batch; }
  void answer_idle_stop() override { writer_.line("nobestmove"); }
  void say_goodbye() override { writer_.line("bye"); }
};

}  // namespace

std::unique_ptr<Dialect> make_ucci_dialect(EngineCore& core) {
  return std::make_unique<UcciDialect>(core);
}

}  // namespace shuai
