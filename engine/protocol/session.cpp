// The session: picks the dialect by the first command and hands it every line after (session.h).
#include "engine/protocol/session.h"

#include <fmt/format.h>

#include "engine/board/text.h"

namespace shuai {

Session::Session(LineWriter& writer, std::size_t hash_megabytes) : core_(writer, hash_megabytes) {}

// The worker stops before the dialect goes: the callbacks it may still call point into the dialect.
Session::~Session() {
  core_.stop();
  core_.wait_for_worker();
}

void Session::choose(Protocol protocol) {
  protocol_ = protocol;
  dialect_ = protocol == Protocol::kUcci  ? make_ucci_dialect(core_)
             : protocol == Protocol::kUci ? make_uci_dialect(core_)
                                          : make_cecp_dialect(core_);
}

bool Session::handle(std::string_view line) {
  if (ended_) return false;
  // Windows GUIs end their lines with CR LF: the CR is no part of the command (nor of the line an error
  // quotes back).
  while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const auto words = split_words(line);
  if (words.empty()) return true;
  const std::string_view command = words[0];
  if (protocol_ == Protocol::kUndecided) {
    if (command == "quit") {
      ended_ = true;
      return false;
    }
    if (command == "xboard") {
      choose(Protocol::kCecp);
    } else if (command != "ucci" && command != "uci") {
      core_.message(
          fmt::format("Shuai {}: send 'ucci' or 'uci' first ('xboard' for CECP, or 'quit'); 'shuai --help' "
                      "lists the rest",
                      SHUAI_VERSION));
      return true;
    }
  }
  // "ucci" and "uci" (re)start a UCCI or UCI session in that protocol, unless a search runs (the dialect
  // says so). A GUI that does not know which one the engine speaks sends one, then the other: the session
  // goes on in the one named last, with the options set so far (they live in the core). CECP stays CECP.
  if ((command == "ucci" || command == "uci") && protocol_ != Protocol::kCecp && !core_.thinking())
    choose(command == "ucci" ? Protocol::kUcci : Protocol::kUci);
  core_.print_late_messages();
  ended_ = !dialect_->handle(words, line);
  return !ended_;
}

void Session::finish() {
  if (ended_) return;
  if (dialect_) dialect_->quit();
  ended_ = true;
}

}  // namespace shuai
