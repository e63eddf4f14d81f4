// The referee of a game: keeps it on the project's own board and rules and says when and how it ends, and
// what each side scores then. The match runner, the tuner's training games and the statistics' self-play
// all judge their games with it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/game_rules.h"
#include "engine/board/position.h"

namespace shuai {

enum class GameResult { kRedWins, kBlackWins, kDraw };

// Why a game ended. The first group are the rules of Xiangqi; the second are the runner's own reasons; the
// third are a player's failures, each counted apart.
enum class Termination {
  kCheckmate,
  kStalemate,  // the side to move has no legal move and is not in check: it loses
  kPerpetualCheck,
  kPerpetualChase,  // under the Asian rules, also one check and one chase in turn
  kRepetition,
  kNaturalMoveLimit,  // 60 moves by each side without a capture
  kResignation,
  kMaxPlies,
  kIllegalMove,
  kTimeForfeit,
  kCrash,
};

std::string_view termination_name(Termination termination);
std::string_view result_text(GameResult result);  // "1-0", "0-1", "1/2-1/2"
// The result of a game `loser` loses.
GameResult loss_for(Color loser);
// What `side` scores in a game with this result: 1 for a win, 0.5 for a draw, 0 for a loss.
double score_for(GameResult result, Color side);

struct Verdict {
  GameResult result;
  Termination termination;
  RepetitionVerdict repetition{};  // the repetition judge's ruling, when a repetition ended the game
};

class Referee {
 public:
  // Plies without a capture that draw (120 = 60 moves each); earlier occurrences of a position that make a
  // repetition (2 = the third occurrence); 0 max_plies = no limit.
  struct Rules {
    int natural_move_limit = 120;
    int repetitions = 2;
    int max_plies = 0;
  };

  // False with a message when the FEN is not a legal position.
  bool set_position(std::string_view fen, std::string& error);
  void set_rules(const Rules& rules) { rules_ = rules; }

  const std::string& start_fen() const { return start_fen_; }
  const Position& position() const { return position_; }
  const std::vector<std::string>& moves() const { return moves_; }
  Color side_to_move() const { return position_.side_to_move(); }

  // The side to move's legal move named by `iccs`, or kNoMove.
  Move legal_move(std::string_view iccs);
  // Plays the side to move's move in ICCS; false (and nothing changes) when it is not legal.
  bool play(std::string_view iccs);
  // Plays a move already known to be legal here (from legal_move, or a legal move parser).
  void play(Move legal);
  // Whether the game is over in the position now, by the rules (mate, stalemate, repetition, natural move
  // limit) or by the runner's ply limit.
  std::optional<Verdict> judge();

  // The verdict when the side to move forfeits (illegal move, flag fall, crash, resignation).
  Verdict forfeit(Termination termination) const;

 private:
  Position position_;
  std::string start_fen_;
  std::vector<std::string> moves_;
  Rules rules_;
};

}  // namespace shuai
