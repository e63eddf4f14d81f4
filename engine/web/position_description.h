// What the browser page asks of the engine's own rules, answered at once without the engine loop: the legal
// moves of a position reached from a FEN by moves, each move in Chinese notation, WXF and its class under
// the Asian rules, and whether the game is over and why. The page never judges a move itself.
#pragma once

#include <string>
#include <string_view>

namespace shuai::web {

// `request` is "FEN|startpos [moves MOVE ...]" (ICCS). The answer is one JSON object:
//   {"ok":true, "start":FEN, "fen":FEN now, "side":"red"|"black", "check":bool, "legal":[ICCS, ...],
//    "moves":[{"iccs":..., "chinese":..., "wxf":..., "kind":"check"|"chase"|"idle"}, ...],
//    "over":null|{"result":"1-0"|"0-1"|"1/2-1/2", "reason":"checkmate"|..., "text":ruling in words}}
// or {"ok":false, "error":one line} for a bad FEN or an illegal move (which names the move's number).
std::string describe_position(std::string_view request);

}  // namespace shuai::web
