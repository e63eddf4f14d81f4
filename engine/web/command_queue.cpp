// The command lines JavaScript sends to the wasm engine (command_queue.h).
#include "engine/web/command_queue.h"

#include <condition_variable>
#include <deque>
#include <mutex>

namespace shuai::web {

namespace {

std::mutex queue_mutex;
std::condition_variable line_arrived;
std::deque<std::string> waiting_lines;
std::function<bool(std::string_view)> direct_handler;

}  // namespace

bool next_command(std::string& line) {
  std::unique_lock lock(queue_mutex);
  line_arrived.wait(lock, [] { return !waiting_lines.empty(); });
  line = std::move(waiting_lines.front());
  waiting_lines.pop_front();
  return true;
}

void handle_commands_with(std::function<bool(std::string_view)> handler) {
  direct_handler = std::move(handler);
}

void send_command(std::string_view line) {
  if (direct_handler) {
    direct_handler(line);
    return;
  }
  {
    std::lock_guard lock(queue_mutex);
    waiting_lines.emplace_back(line);
  }
  line_arrived.notify_one();
}

}  // namespace shuai::web
