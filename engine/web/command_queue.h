// The wasm build's standard input: command lines handed over by JavaScript (`shuai_send_command`) and read by
// the engine loop, the only difference between the browser's engine and the native program.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace shuai::web {

// A line from JavaScript: queued for next_command, or handled at once when a handler is set. With threads it
// is called on the page's main thread, and the lock is held only to append the line.
void send_command(std::string_view line);

// With threads: waits for the next line JavaScript sends (the engine loop runs on its own thread, so the page
// never waits for it). False never comes: a page's engine lives as long as the page.
bool next_command(std::string& line);

// Without threads (a page that is not cross-origin isolated): each line JavaScript sends is handed at once to
// `handler`, on JavaScript's own thread (a Web Worker), and a search runs to its limits before the call
// returns.
void handle_commands_with(std::function<bool(std::string_view)> handler);

}  // namespace shuai::web
