// A scripted UCCI/UCI/CECP engine for the match runner's tests: it plays the moves it is given, or misbehaves
// on purpose (sleeps past its clock, never answers, crashes, plays an illegal move, claims a draw in CECP
// before moving, as MaxQi does). In CECP it resigns when its moves run out.
//   fake_engine [--moves m1,m2,...] [--sleep MS] [--hang] [--crash-after N] [--illegal] [--claim]
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
  std::vector<std::string> moves;
  int sleep_ms = 0, crash_after = -1;
  bool hang = false, illegal = false, claim = false, cecp = false;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    const std::string value = i + 1 < argc ? argv[i + 1] : "";
    if (flag == "--moves") {
      std::stringstream list(value);
      for (std::string move; std::getline(list, move, ',');) moves.push_back(move);
      ++i;
    } else if (flag == "--sleep") {
      sleep_ms = std::atoi(value.c_str());
      ++i;
    } else if (flag == "--crash-after") {
      crash_after = std::atoi(value.c_str());
      ++i;
    } else if (flag == "--hang") {
      hang = true;
    } else if (flag == "--illegal") {
      illegal = true;
    } else if (flag == "--claim") {
      claim = true;
    }
  }
  std::size_t next_move = 0;
  int moves_played = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command == "ucci") {
      std::cout << "id name Fake\noption usemillisec type check default false\nucciok" << std::endl;
    } else if (command == "uci") {
      std::cout << "id name Fake\nuciok" << std::endl;
    } else if (command == "xboard") {
      cecp = true;
    } else if (command == "protover") {
      std::cout << "feature ping=1 setboard=0 myname=\"Fake\" variants=\"xiangqi\" done=1" << std::endl;
    } else if (command == "ping") {
      std::string number;
      words >> number;
      std::cout << "pong " << number << std::endl;
    } else if (command == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (command == "quit") {
      return 0;
    } else if (command == "go") {
      if (crash_after >= 0 && moves_played >= crash_after) std::abort();
      if (hang) {
        // Ignores stop too: only a kill ends it.
        while (true) std::this_thread::sleep_for(std::chrono::seconds(1));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms));
      ++moves_played;
      if (cecp) {
        if (claim) std::cout << "1/2-1/2 {Draw by fifty move rule}" << std::endl;
        std::cout << "1 12 0 1 x" << std::endl;
        if (next_move < moves.size())
          std::cout << "move " << moves[next_move++] << std::endl;
        else
          std::cout << "resign" << std::endl;
        continue;
      }
      std::cout << "info depth 1 score 12 pv x" << std::endl;
      if (illegal)
        std::cout << "bestmove a0a5" << std::endl;  // a rook cannot jump its own pawn
      else if (next_move < moves.size())
        std::cout << "bestmove " << moves[next_move++] << std::endl;
      else
        std::cout << "nobestmove" << std::endl;
    }
  }
  return 0;
}
