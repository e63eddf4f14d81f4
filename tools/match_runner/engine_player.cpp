// The UCCI, UCI and CECP conversations of the match runner: handshake, options, new game, go on a clock.
#include "tools/match_runner/engine_player.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "engine/board/fen.h"
#include "engine/board/text.h"
#include "engine/command_line/arguments.h"

namespace shuai::match {

bool parse_time_control(const std::string& text, std::int64_t& base_ms, std::int64_t& increment_ms) {
  const auto plus = text.find('+');
  const std::string base = text.substr(0, plus),
                    increment = plus == std::string::npos ? "0" : text.substr(plus + 1);
  char* end = nullptr;
  const double base_seconds = std::strtod(base.c_str(), &end);
  if (base.empty() || *end != '\0' || !std::isfinite(base_seconds)) return false;
  const double increment_seconds = std::strtod(increment.c_str(), &end);
  if (increment.empty() || *end != '\0' || !std::isfinite(increment_seconds)) return false;
  if (base_seconds <= 0 || base_seconds > 86400 || increment_seconds < 0 || increment_seconds > 3600)
    return false;
  base_ms = std::llround(base_seconds * 1000);
  increment_ms = std::llround(increment_seconds * 1000);
  return base_ms > 0;
}
namespace {

constexpr auto kHandshakeTime = std::chrono::seconds(10);
constexpr auto kStopGrace = std::chrono::milliseconds(1000);

// Reads "depth" and "score" from an info line, in either protocol's spelling.
void read_info(std::string_view line, Reply& reply) {
  constexpr int kLow = std::numeric_limits<int>::min(), kHigh = std::numeric_limits<int>::max();
  const auto words = split_words(line);
  for (std::size_t i = 1; i + 1 < words.size(); ++i) {
    if (words[i] == "pv") break;
    if (words[i] == "depth") {
      if (const auto depth = parse_int(words[i + 1], kLow, kHigh)) reply.depth = *depth;
    } else if (words[i] == "score") {
      const auto next = i + 2 < words.size() ? parse_int(words[i + 2], kLow, kHigh) : std::nullopt;
      if (words[i + 1] == "cp" && next)
        reply.score = fmt::format("{:+.2f}", double(*next) / 100);
      else if (words[i + 1] == "mate" && next)
        reply.score = *next >= 0 ? fmt::format("+M{}", *next) : fmt::format("-M{}", -std::int64_t(*next));
      else if (const auto centipawns = parse_int(words[i + 1], kLow, kHigh))
        reply.score = fmt::format("{:+.2f}", double(*centipawns) / 100);
    }
  }
}

// The features of a CECP `feature` line: key=value pairs, a value in double quotes when it holds spaces
// (option="Hash -spin 64 1 1024").
std::vector<std::pair<std::string, std::string>> read_features(std::string_view line) {
  std::vector<std::pair<std::string, std::string>> features;
  std::size_t at = line.find(' ');
  while (at != std::string_view::npos && at < line.size()) {
    while (at < line.size() && line[at] == ' ') ++at;
    const std::size_t equals = line.find('=', at);
    if (equals == std::string_view::npos) break;
    std::string key(line.substr(at, equals - at));
    std::size_t end;
    std::string value;
    if (equals + 1 < line.size() && line[equals + 1] == '"') {
      end = line.find('"', equals + 2);
      if (end == std::string_view::npos) end = line.size();
      value = line.substr(equals + 2, end - equals - 2);
      ++end;
    } else {
      end = std::min(line.find(' ', equals), line.size());
      value = line.substr(equals + 1, end - equals - 1);
    }
    features.emplace_back(std::move(key), std::move(value));
    at = end;
  }
  return features;
}

// CECP's `level` takes the base in minutes and seconds and the increment in seconds.
std::string cecp_level(std::int64_t base_ms, std::int64_t increment_ms) {
  const std::int64_t seconds = std::max<std::int64_t>(1, (base_ms + 500) / 1000);
  return fmt::format("level 0 {}:{:02} {:g}", seconds / 60, seconds % 60, double(increment_ms) / 1000);
}

}  // namespace

bool parse_engine_config(const std::string& text, EngineConfig& config, std::string& error) {
  config = EngineConfig{};
  bool has_protocol = false;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string field = text.substr(start, comma - start);
    start = comma + 1;
    if (field.empty()) continue;
    const auto equals = field.find('=');
    if (equals == std::string::npos || equals == 0) {
      error = fmt::format("engine field '{}' is not key=value", field);
      return false;
    }
    const std::string key = field.substr(0, equals), value = field.substr(equals + 1);
    if (key == "name") {
      config.name = value;
    } else if (key == "cmd") {
      config.command = value;
    } else if (key == "dir") {
      config.directory = value;
    } else if (key == "proto") {
      if (value != "ucci" && value != "uci" && value != "cecp") {
        error = fmt::format("proto must be ucci, uci or cecp, not '{}'", value);
        return false;
      }
      config.protocol = value == "ucci" ? Protocol::kUcci : value == "uci" ? Protocol::kUci : Protocol::kCecp;
      has_protocol = true;
    } else if (key == "ranks") {
      if (value != "0" && value != "1") {
        error = fmt::format("ranks must be 0 (ICCS) or 1 (Fairy-Stockfish), not '{}'", value);
        return false;
      }
      config.rank_base = value == "1" ? 1 : 0;
    } else if (key == "tc") {
      if (!parse_time_control(value, config.clock_base_ms, config.clock_increment_ms)) {
        error = fmt::format("tc wants BASE+INC in seconds, e.g. 10+0.1, not '{}'", value);
        return false;
      }
    } else {
      config.options.emplace_back(key, value);
    }
  }
  if (config.command.empty()) {
    error = "an engine needs cmd=...";
    return false;
  }
  if (!has_protocol) {
    error = "an engine needs proto=ucci, proto=uci or proto=cecp";
    return false;
  }
  if (config.name.empty()) config.name = config.command;
  return true;
}

bool EnginePlayer::wait_for(const std::string& prefix, Clock::time_point deadline, std::string& line) {
  while (process_.read_line(deadline, line) == tools::ChildProcess::ReadStatus::kLine)
    if (line.starts_with(prefix)) return true;
  return false;
}

void EnginePlayer::set_option(const std::string& name, const std::string& value) {
  if (config_.protocol == Protocol::kCecp)
    process_.send(fmt::format("option {}={}", name, value));
  else if (config_.protocol == Protocol::kUcci)
    process_.send(fmt::format("setoption {} {}", name, value));
  else
    process_.send(fmt::format("setoption name {} value {}", name, value));
}

bool EnginePlayer::start(std::string& error) {
  if (!process_.start(config_.command, config_.directory, error)) return false;
  if (config_.protocol == Protocol::kCecp) return start_cecp(error);
  const bool ucci = config_.protocol == Protocol::kUcci;
  const std::string greeting = ucci ? "ucciok" : "uciok";
  process_.send(ucci ? "ucci" : "uci");
  bool lists_variant = false, fairy = false;
  milliseconds_ = false;
  lists_newgame_ = false;
  std::string line;
  const auto deadline = Clock::now() + kHandshakeTime;
  while (true) {
    if (process_.read_line(deadline, line) != tools::ChildProcess::ReadStatus::kLine) {
      error = fmt::format("{} did not answer '{}' with '{}'", config_.name, ucci ? "ucci" : "uci", greeting);
      process_.kill();
      return false;
    }
    const auto words = split_words(line);
    if (words.empty()) continue;
    if (words[0] == greeting) break;
    if (words[0] == "id" && line.find("Fairy-Stockfish") != std::string::npos) fairy = true;
    if (words[0] == "option" && words.size() > 1) {
      if (words[1] == "usemillisec") milliseconds_ = true;
      if (words[1] == "newgame") lists_newgame_ = true;
      if (words[1] == "name" && words.size() > 2 && words[2] == "UCI_Variant") lists_variant = true;
    }
  }
  rank_base_ = config_.rank_base.value_or(fairy ? 1 : 0);
  if (ucci && milliseconds_) set_option("usemillisec", "true");
  if (!ucci && lists_variant) set_option("UCI_Variant", "xiangqi");
  for (const auto& [name, value] : config_.options) set_option(name, value);
  process_.send("isready");
  if (!wait_for("readyok", Clock::now() + kHandshakeTime, line)) {
    error = fmt::format("{} did not answer 'isready' with 'readyok'", config_.name);
    process_.kill();
    return false;
  }
  return true;
}

bool EnginePlayer::prepare_game(std::string& error) {
  if (!process_.running() && !start(error)) return false;
  if (config_.protocol == Protocol::kCecp) {
    cecp_in_game_ = false;  // the first move asked for starts the game afresh with `new`
    return ping_cecp(error);
  }
  if (config_.protocol == Protocol::kUci)
    process_.send("ucinewgame");
  else if (lists_newgame_)
    process_.send("setoption newgame");
  process_.send("isready");
  std::string line;
  if (!wait_for("readyok", Clock::now() + kHandshakeTime, line)) {
    error = fmt::format("{} did not answer 'isready' with 'readyok'", config_.name);
    process_.kill();
    return false;
  }
  return true;
}

std::string EnginePlayer::to_engine_move(const std::string& iccs) const {
  if (rank_base_ == 0 || iccs.size() != 4) return iccs;
  return fmt::format("{}{}{}{}", iccs[0], iccs[1] - '0' + rank_base_, iccs[2], iccs[3] - '0' + rank_base_);
}

std::string EnginePlayer::from_engine_move(const std::string& text) const {
  if (rank_base_ == 0) return text;
  // A file letter and a rank number, twice: "h10g8" -> "h9g7".
  std::string iccs;
  std::size_t at = 0;
  for (int point = 0; point < 2; ++point) {
    if (at >= text.size() || text[at] < 'a' || text[at] > 'i') return text;
    const char file = text[at++];
    int rank = 0, digits = 0;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) && digits < 2)
      rank = rank * 10 + (text[at++] - '0'), ++digits;
    rank -= rank_base_;
    if (digits == 0 || rank < 0 || rank > 9) return text;
    iccs += file;
    iccs += char('0' + rank);
  }
  return at == text.size() ? iccs : text;
}

Reply EnginePlayer::think(const std::string& start_fen, const std::vector<std::string>& moves,
                          const Limits& limits, const Clocks& clocks, Clock::time_point deadline) {
  if (config_.protocol == Protocol::kCecp) return think_cecp(start_fen, moves, limits, clocks, deadline);
  Reply reply;
  std::string position = "position fen " + start_fen;
  if (!moves.empty()) {
    position += " moves";
    for (const auto& move : moves) {
      position += ' ';
      position += to_engine_move(move);
    }
  }
  std::string go = "go";
  if (limits.base_ms > 0) {
    const bool ucci = config_.protocol == Protocol::kUcci;
    if (ucci) {
      const auto unit = [&](std::int64_t ms) {
        return milliseconds_ ? ms : std::max<std::int64_t>(1, ms / 1000);
      };
      go += fmt::format(" time {} increment {} opptime {} oppincrement {}", unit(clocks.own_ms),
                        unit(clocks.own_increment_ms), unit(clocks.opponent_ms),
                        unit(clocks.opponent_increment_ms));
    } else {
      const std::int64_t red = clocks.own_is_red ? clocks.own_ms : clocks.opponent_ms;
      const std::int64_t black = clocks.own_is_red ? clocks.opponent_ms : clocks.own_ms;
      const std::int64_t red_increment =
          clocks.own_is_red ? clocks.own_increment_ms : clocks.opponent_increment_ms;
      const std::int64_t black_increment =
          clocks.own_is_red ? clocks.opponent_increment_ms : clocks.own_increment_ms;
      go += fmt::format(" wtime {} btime {} winc {} binc {}", red, black, red_increment, black_increment);
    }
  } else if (limits.depth > 0) {
    go += fmt::format(" depth {}", limits.depth);
  } else if (limits.nodes > 0) {
    go += fmt::format(" nodes {}", limits.nodes);
  }
  const auto started = Clock::now();
  const bool sent = process_.send(position) && process_.send(go);
  const auto finish = [&](Reply::Kind kind) {
    reply.kind = kind;
    reply.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
    if (kind == Reply::Kind::kCrash) process_.kill();
    return reply;
  };
  if (!sent) return finish(Reply::Kind::kCrash);
  std::string line;
  while (true) {
    const auto status = process_.read_line(deadline, line);
    if (status == tools::ChildProcess::ReadStatus::kClosed) return finish(Reply::Kind::kCrash);
    if (status == tools::ChildProcess::ReadStatus::kTimeout) {
      reply = finish(Reply::Kind::kTimeout);
      // Bring the engine back to idle for the next game, or kill it so the next game restarts it.
      process_.send("stop");
      if (!wait_for("bestmove", Clock::now() + kStopGrace, line) || !line.starts_with("bestmove"))
        process_.kill();
      return reply;
    }
    const auto words = split_words(line);
    if (words.empty()) continue;
    if (words[0] == "info") {
      read_info(line, reply);
    } else if (words[0] == "nobestmove") {
      return finish(Reply::Kind::kNoMove);
    } else if (words[0] == "bestmove") {
      reply = finish(Reply::Kind::kMove);
      if (words.size() < 2 || words[1] == "(none)" || words[1] == "0000") reply.kind = Reply::Kind::kNoMove;
      if (words.size() >= 2) reply.move = from_engine_move(std::string(words[1]));
      for (std::size_t i = 2; i < words.size(); ++i)
        if (words[i] == "resign") reply.kind = Reply::Kind::kResign;
      return reply;
    }
  }
}

bool EnginePlayer::start_cecp(std::string& error) {
  process_.send("xboard");
  process_.send("protover 2");
  cecp_setboard_ = cecp_ping_ = cecp_in_game_ = false;
  bool offers_xiangqi = false;
  std::string line;
  auto deadline = Clock::now() + kHandshakeTime;
  while (true) {
    if (process_.read_line(deadline, line) != tools::ChildProcess::ReadStatus::kLine) {
      error = fmt::format("{} did not answer 'protover 2' with 'feature ... done=1'", config_.name);
      process_.kill();
      return false;
    }
    if (!line.starts_with("feature ")) continue;
    bool done = false;
    for (const auto& [key, value] : read_features(line)) {
      if (key == "setboard") cecp_setboard_ = value == "1";
      if (key == "ping") cecp_ping_ = value == "1";
      if (key == "variants") offers_xiangqi = value.find("xiangqi") != std::string::npos;
      // done=0 asks for more time to list the rest: as XBoard does, wait on.
      if (key == "done" && value == "0") deadline = Clock::now() + kHandshakeTime;
      if (key == "done" && value == "1") done = true;
    }
    if (done) break;
  }
  if (!offers_xiangqi) {
    error = fmt::format("{} does not offer variant xiangqi", config_.name);
    process_.kill();
    return false;
  }
  // XBoard numbers a ten-rank board's ranks from 0, as ICCS does.
  rank_base_ = config_.rank_base.value_or(0);
  for (const auto& [name, value] : config_.options) set_option(name, value);
  return ping_cecp(error);
}

bool EnginePlayer::ping_cecp(std::string& error) {
  if (!cecp_ping_) return true;
  const std::string pong = fmt::format("pong {}", ++cecp_pings_);
  process_.send(fmt::format("ping {}", cecp_pings_));
  std::string line;
  if (!wait_for(pong, Clock::now() + kHandshakeTime, line)) {
    error = fmt::format("{} did not answer 'ping {}' with '{}'", config_.name, cecp_pings_, pong);
    process_.kill();
    return false;
  }
  return true;
}

Reply EnginePlayer::think_cecp(const std::string& start_fen, const std::vector<std::string>& moves,
                               const Limits& limits, const Clocks& clocks, Clock::time_point deadline) {
  Reply reply;
  const auto started = Clock::now();
  const auto finish = [&](Reply::Kind kind) {
    reply.kind = kind;
    reply.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
    if (kind == Reply::Kind::kCrash || kind == Reply::Kind::kTimeout) {
      // The engine's game is no longer the runner's: the next game starts it again.
      process_.kill();
      cecp_in_game_ = false;
    }
    return reply;
  };
  // The engine holds the game so far when its moves begin this game's: then only the rest is sent, in force
  // mode so that it does not start thinking before it has its clock.
  const bool continues = cecp_in_game_ && start_fen == cecp_start_fen_ &&
                         moves.size() >= cecp_moves_.size() &&
                         std::equal(cecp_moves_.begin(), cecp_moves_.end(), moves.begin());
  bool sent = true;
  if (!continues) {
    if (start_fen != kStartFen && !cecp_setboard_) return finish(Reply::Kind::kCrash);
    sent = process_.send("new") && process_.send("variant xiangqi") && process_.send("force") &&
           process_.send("easy") && process_.send("post");
    if (start_fen != kStartFen) sent = sent && process_.send("setboard " + start_fen);
    if (limits.base_ms > 0)
      sent = sent && process_.send(cecp_level(limits.base_ms, limits.increment_ms));
    else if (limits.depth > 0)
      sent = sent && process_.send(fmt::format("sd {}", limits.depth));
    cecp_start_fen_ = start_fen;
    cecp_moves_.clear();
    cecp_in_game_ = true;
  } else {
    sent = process_.send("force");
  }
  for (std::size_t i = cecp_moves_.size(); i < moves.size() && sent; ++i) {
    sent = process_.send(to_engine_move(moves[i]));
    cecp_moves_.push_back(moves[i]);
  }
  if (limits.base_ms > 0) {
    const auto centiseconds = [](std::int64_t ms) { return std::max<std::int64_t>(1, ms / 10); };
    sent = sent && process_.send(fmt::format("time {}", centiseconds(clocks.own_ms))) &&
           process_.send(fmt::format("otim {}", centiseconds(clocks.opponent_ms)));
  }
  sent = sent && process_.send("go");
  if (!sent) return finish(Reply::Kind::kCrash);
  std::string line;
  while (true) {
    const auto status = process_.read_line(deadline, line);
    if (status == tools::ChildProcess::ReadStatus::kClosed) return finish(Reply::Kind::kCrash);
    if (status == tools::ChildProcess::ReadStatus::kTimeout) return finish(Reply::Kind::kTimeout);
    const auto words = split_words(line);
    if (words.empty()) continue;
    if (words[0] == "move" && words.size() >= 2) {
      reply.move = from_engine_move(std::string(words[1]));
      cecp_moves_.push_back(reply.move);
      return finish(Reply::Kind::kMove);
    }
    if (words[0] == "resign") return finish(Reply::Kind::kResign);
    // A result claimed (MaxQi claims chess's fifty-move draw, then moves all the same): the referee, not the
    // engine, ends games, so the claim is no answer and the move is still awaited.
    if (words[0] == "1-0" || words[0] == "0-1" || words[0] == "1/2-1/2") continue;
    // The engine refused a move it was told: it no longer holds the runner's game.
    if (words[0] == "Illegal" || words[0].starts_with("Error")) return finish(Reply::Kind::kCrash);
    // Thinking output (post): depth, score in centipawns, time, nodes, the line.
    constexpr int kLow = std::numeric_limits<int>::min(), kHigh = std::numeric_limits<int>::max();
    if (words.size() >= 4) {
      const auto depth = parse_int(words[0], kLow, kHigh), score = parse_int(words[1], kLow, kHigh);
      if (depth && score) {
        reply.depth = *depth;
        reply.score = fmt::format("{:+.2f}", double(*score) / 100);
      }
    }
  }
}

void EnginePlayer::quit() {
  if (!process_.running()) return;
  process_.send("quit");
  std::string line;
  const auto deadline = Clock::now() + std::chrono::seconds(1);
  while (process_.read_line(deadline, line) == tools::ChildProcess::ReadStatus::kLine) {
  }
  process_.kill();
}

}  // namespace shuai::match
