// The functions the page's JavaScript calls in the wasm module (tools/web/engine.js): a command line for the
// engine, and a question to the rules. Built into the wasm program only.
#include <emscripten/emscripten.h>

#include <string>

#include "engine/web/command_queue.h"
#include "engine/web/position_description.h"

// One command line, without its newline.
extern "C" EMSCRIPTEN_KEEPALIVE void shuai_send_command(const char* line) {
  shuai::web::send_command(line);
}

// position_description.h. The answer stays valid until this thread's next call.
extern "C" EMSCRIPTEN_KEEPALIVE const char* shuai_describe_position(const char* request) {
  thread_local std::string answer;
  answer = shuai::web::describe_position(request);
  return answer.c_str();
}
