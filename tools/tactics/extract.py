#!/usr/bin/env python3
# Builds positions/tactics.epd: finds Shuai's decisive mistakes in the games it lost (PGN from shuai-match) with
# Fairy-Stockfish, verifies each with a long search and writes the move that holds (bm) and the move played (am).
"""Two steps, so the slow one can be rerun alone:

  extract.py scan PGN... --out candidates.jsonl [--nodes N] [--jobs J]
      Replays every game Shuai lost (by checkmate, rule or flag: the PGN's Result and Red/Black tags) from its
      end backwards, scoring the positions with Fairy-Stockfish (`go nodes N`, the game's moves as history). A
      Shuai move is a candidate when the position was not lost before it (score >= --hold cp for Shuai, or a mate
      for Shuai) and after it Fairy-Stockfish sees Shuai mated, or a score at most --lost cp and >= --gap cp below
      the position's. The first candidate found (rank 1) is the decisive mistake: the last position Shuai still
      held. The scan of a game stops after K candidates (--per-game) or W plies before the first (--window).
      --from-comments scores the positions by the opponent's own scores in the PGN comments instead (no search;
      a search only where a comment has none), a cheap first pass over many games.

  extract.py verify CANDIDATES... --out tactics.epd [--header F] [--cache F] [--movetime MS] [--per-game K]
      Searches each candidate's position on its own (no game history: as the bench sees it) for MS ms with
      MultiPV 2, then the played move alone (searchmoves) for the same time. It is kept when the best move still
      holds (>= --hold cp, or mates) and the played move is mated or scores >= --gap cp below it and at most --lost
      cp. A second line within ALT cp of the best that also holds is recorded as another bm. The first verified
      mistake of every game is taken, then the second of every game, and so on up to K per game or until N
      positions (--target); positions already taken are skipped. --cache keeps the long searches, so other
      thresholds can be tried without searching again.

Moves in the PGN and in the output are ICCS (files a-i, ranks 0-9 from Red's side); Fairy-Stockfish numbers
ranks 1-10, which this script converts both ways. Standard library only.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import threading

FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MATE = 30000  # scores: a mate in n moves is MATE - n, being mated in n moves is -(MATE - n)
ALT = 30  # a second move within this of the best also counts as holding


def iccs_to_fsf(move):
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def fsf_to_iccs(move):
    match = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    if not match:
        raise ValueError(f"not a move: {move}")
    return f"{match[1]}{int(match[2]) - 1}{match[3]}{int(match[4]) - 1}"


def is_mate(score):
    return abs(score) >= MATE - 1000


def describe(score):
    if not is_mate(score):
        return f"cp {score}"
    moves = MATE - abs(score)
    return f"mate {moves if score > 0 else -moves}"


class Engine:
    """One Fairy-Stockfish process playing Xiangqi."""

    def __init__(self, hash_mb=64):
        self.process = subprocess.Popen([FAIRY_STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("setoption name Threads value 1")
        self.ready()

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def new_game(self):
        self.send("ucinewgame")
        self.ready()

    def set_multipv(self, count):
        self.send(f"setoption name MultiPV value {count}")

    def fen(self, fen, moves):
        self.send(self.position_command(fen, moves))
        self.send("d")
        for line in self.wait_for("Fen:")[::-1]:
            if line.startswith("Fen:"):
                return line[4:].strip()
        raise RuntimeError("no Fen line")

    @staticmethod
    def position_command(fen, moves):
        command = f"position fen {fen}"
        if moves:
            command += " moves " + " ".join(iccs_to_fsf(m) for m in moves)
        return command

    def search(self, fen, moves, go):
        """Returns {multipv: (score, first move)} from the last depth each line reached, and bestmove."""
        self.send(self.position_command(fen, moves))
        self.send(go)
        lines = {}
        for line in self.wait_for("bestmove"):
            words = line.split()
            if words[0] == "bestmove":
                best = words[1] if len(words) > 1 else "(none)"
                break
            if words[0] != "info" or "score" not in words:
                continue
            if "upperbound" in words or "lowerbound" in words:
                continue
            index = words.index("score")
            kind, value = words[index + 1], int(words[index + 2])
            score = value if kind == "cp" else (MATE - value if value > 0 else -(MATE + value))
            multipv = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
            move = words[words.index("pv") + 1] if "pv" in words else None
            lines[multipv] = (score, move)
        if best == "(none)":
            return {1: (-MATE, None)}, None  # no legal move: the side to move has lost
        return lines, best


def read_games(path):
    """Yields (tags, moves, scores) for every game of a PGN file; moves in lower-case ICCS without the dash,
    scores the mover's own score of each move from its comment ({... +0.35/12 0.520s}, +M5 a mate), or None."""
    text = open(path, encoding="utf-8").read()
    for chunk in re.split(r"\n\s*\n(?=\[)", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', chunk, re.M))
        if not tags:
            continue
        body = re.sub(r'^\[.*\]$', "", chunk, flags=re.M)
        moves, scores = [], []
        for move, comment in re.findall(r"\b([A-I]\d-[A-I]\d)\b\s*(\{[^}]*\})?", body):
            moves.append(move.replace("-", "").lower())
            score = re.search(r"([+-])(M?)(\d+(?:\.\d+)?)/", comment or "")
            if not score:
                scores.append(None)
                continue
            sign = 1 if score[1] == "+" else -1
            scores.append(sign * (MATE - int(score[3])) if score[2] else round(sign * float(score[3]) * 100))
        yield tags, moves, scores


def shuai_loser(tags):
    """'w' or 'b': the colour of a Shuai that lost this game, or None."""
    result = tags.get("Result")
    loser = {"1-0": "b", "0-1": "w"}.get(result)
    if loser is None:
        return None
    name = tags.get("Black" if loser == "b" else "Red", "")
    return loser if "shuai" in name.lower() else None


def scan_game(engine, source, tags, moves, comments, nodes, per_game, window, limits, from_comments):
    hold, gap, lost = limits
    loser = shuai_loser(tags)
    fen = tags.get("FEN", START_FEN)
    first_side = fen.split()[1]
    full_move = int(fen.split()[5]) if len(fen.split()) > 5 else 1
    engine.new_game()
    scores = {}  # the side to move's score of the position after k moves

    def side_at(k):
        return first_side if k % 2 == 0 else ("b" if first_side == "w" else "w")

    def score(k):
        if k not in scores:
            # --from-comments: the opponent's own score as it played (its move from this position, or for
            # Shuai's positions the negated score of the move that led here); a search where there is none.
            if from_comments and k < len(moves) and side_at(k) != loser and comments[k] is not None:
                scores[k] = comments[k]
            elif from_comments and 0 < k <= len(moves) and side_at(k) == loser and comments[k - 1] is not None:
                scores[k] = -comments[k - 1]
            else:
                scores[k] = engine.search(fen, moves[:k], f"go nodes {nodes}")[0][1][0]
        return scores[k]

    candidates = []
    # From the end backwards: the first candidate found is the last position Shuai still held, the decisive
    # mistake after which it never held again.
    for k in reversed(range(len(moves))):
        side = side_at(k)
        if side != loser:
            continue
        if candidates and candidates[0]["ply"] - (k + 1) > window:
            break
        after = -score(k + 1)
        mated = is_mate(after) and after < 0
        if not mated and after > lost:
            continue
        before = score(k)
        if before < hold and not (is_mate(before) and before > 0):
            continue
        if not (mated or before - after >= gap):
            continue
        number = full_move + (k + (0 if first_side == "w" else 1)) // 2
        candidates.append({
            "source": source, "round": tags.get("Round", "?"), "red": tags.get("Red", "?"),
            "black": tags.get("Black", "?"), "ply": k + 1,
            "move_number": f"{number}{'.' if side == 'w' else '...'}", "fen": engine.fen(fen, moves[:k]),
            "played": moves[k], "scan_before": before, "scan_after": after, "rank": len(candidates) + 1,
        })
        if len(candidates) == per_game:
            break
    return candidates


class EnginePool:
    """One engine per worker thread."""

    def __init__(self):
        self.local = threading.local()
        self.engines = []
        self.lock = threading.Lock()

    def get(self):
        if not hasattr(self.local, "engine"):
            self.local.engine = Engine()
            with self.lock:
                self.engines.append(self.local.engine)
        return self.local.engine

    def close(self):
        for engine in self.engines:
            engine.send("quit")
            engine.process.wait()


def scan(arguments):
    games = []
    for path in arguments.pgn:
        for tags, moves, comments in read_games(path):
            if shuai_loser(tags):
                games.append((os.path.basename(path), tags, moves, comments))
    print(f"scan: {len(games)} games lost by Shuai, nodes {arguments.nodes}, {arguments.jobs} jobs",
          file=sys.stderr)
    pool = EnginePool()
    with open(arguments.out, "w", encoding="utf-8") as out, \
            concurrent.futures.ThreadPoolExecutor(arguments.jobs) as executor:
        futures = [executor.submit(lambda g: scan_game(pool.get(), *g, arguments.nodes, arguments.per_game, arguments.window,
                                                      (arguments.hold, arguments.gap, arguments.lost),
                                                      arguments.from_comments), game) for game in games]
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            found = future.result()
            for candidate in found:
                out.write(json.dumps(candidate) + "\n")
            out.flush()
            print(f"scan: {done}/{len(games)} games, {len(found)} candidates", file=sys.stderr)
    pool.close()


def measure(engine, candidate, movetime):
    """Fairy-Stockfish's long look at a candidate position alone: its two best lines and the played move."""
    fen = candidate["fen"]
    engine.new_game()
    engine.set_multipv(2)
    lines, best = engine.search(fen, [], f"go movetime {movetime}")
    engine.set_multipv(1)
    if best is None or 1 not in lines:
        return None
    engine.new_game()
    played, _ = engine.search(fen, [], f"go movetime {movetime} searchmoves {iccs_to_fsf(candidate['played'])}")
    second = lines.get(2, (None, None))
    return {"best_score": lines[1][0], "best_move": fsf_to_iccs(lines[1][1] or best), "second_score": second[0],
            "second_move": fsf_to_iccs(second[1]) if second[1] else None, "played_score": played[1][0]}


def judge(candidate, found, limits):
    """The position for the file if the long search confirms the mistake, else None."""
    hold, gap, lost = limits
    if found is None:
        return None

    def holds(score):
        return score >= hold or (is_mate(score) and score > 0)

    best_score, played_score = found["best_score"], found["played_score"]
    best_moves = [found["best_move"]]
    second_score, second_move = found["second_score"], found["second_move"]
    if (second_move and second_move != candidate["played"] and second_score >= best_score - ALT
            and holds(second_score)):
        best_moves.append(second_move)
    mated = is_mate(played_score) and played_score < 0
    loses = mated or (best_score - played_score >= gap and played_score <= lost)
    if not holds(best_score) or not loses or candidate["played"] in best_moves:
        return None
    return dict(candidate, bm=best_moves, bm_score=best_score, am_score=played_score,
                bm_second_score=second_score if len(best_moves) > 1 else None)


def verify(arguments):
    candidates = [json.loads(line) for path in arguments.candidates for line in open(path, encoding="utf-8")]
    # The first mistake of every game before any second one; within a rank, in game order.
    candidates.sort(key=lambda c: (c["rank"], c["source"], int(c["round"]) if c["round"].isdigit() else 0))
    candidates = [c for c in candidates if c["rank"] <= arguments.per_game]
    seen = set()
    unique = []
    for candidate in candidates:
        key = " ".join(candidate["fen"].split()[:2])
        if key not in seen:
            seen.add(key)
            unique.append(candidate)
    print(f"verify: {len(unique)} distinct candidates, movetime {arguments.movetime} ms, {arguments.jobs} jobs",
          file=sys.stderr)
    # Searches already made (--cache, a JSON-lines file kept between runs): by position and played move.
    cache = {}
    if arguments.cache and os.path.exists(arguments.cache):
        for line in open(arguments.cache, encoding="utf-8"):
            entry = json.loads(line)
            cache[(entry["fen"], entry["played"])] = entry["result"]
    todo = [c for c in unique if (c["fen"], c["played"]) not in cache]
    pool = EnginePool()
    lock = threading.Lock()

    def run(candidate):
        result = measure(pool.get(), candidate, arguments.movetime)
        with lock:
            cache[(candidate["fen"], candidate["played"])] = result
            if arguments.cache:
                with open(arguments.cache, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"fen": candidate["fen"], "played": candidate["played"],
                                          "result": result}) + "\n")
        return result

    with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as executor:
        list(executor.map(run, todo))
    pool.close()
    limits = (arguments.hold, arguments.gap, arguments.lost)
    results = [judge(c, cache[(c["fen"], c["played"])], limits) for c in unique]
    verified = [r for r in results if r]
    print(f"verify: {len(verified)} of {len(unique)} verified", file=sys.stderr)
    taken = verified[:arguments.target] if arguments.target else verified
    with open(arguments.out, "w", encoding="utf-8") as out:
        out.write(open(arguments.header, encoding="utf-8").read() if arguments.header else "")
        for number, position in enumerate(taken, 1):
            board, side = position["fen"].split()[:2]
            shuai = "Red" if side == "w" else "Black"
            bm_scores = describe(position["bm_score"])
            if position["bm_second_score"] is not None:
                bm_scores += " and " + describe(position["bm_second_score"])
            out.write(
                f"{board} {side} - - bm {' '.join(position['bm'])}; am {position['played']}; "
                f'id "tactics-{number:03d}"; '
                f'c0 "{position["source"]} round {position["round"]} {position["red"]} vs {position["black"]} '
                f'(Shuai {shuai}) ply {position["ply"]} ({position["move_number"]})"; '
                f'c1 "fsf bm {bm_scores} am {describe(position["am_score"])}";\n')
    print(f"verify: wrote {len(taken)} positions to {arguments.out}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    scan_parser = commands.add_parser("scan")
    scan_parser.add_argument("pgn", nargs="+")
    scan_parser.add_argument("--out", required=True)
    scan_parser.add_argument("--nodes", type=int, default=40000)
    scan_parser.add_argument("--window", type=int, default=60, help="plies scanned before the decisive mistake")
    scan_parser.add_argument("--from-comments", action="store_true",
                             help="score positions by the opponent's own scores in the PGN comments (no search)")
    scan_parser.add_argument("--per-game", type=int, default=3, help="stop a game's scan after this many")
    scan_parser.add_argument("--jobs", type=int, default=2)
    verify_parser = commands.add_parser("verify")
    verify_parser.add_argument("candidates", nargs="+")
    verify_parser.add_argument("--cache", help="JSON lines of the long searches made: read, and appended to")
    verify_parser.add_argument("--out", required=True)
    verify_parser.add_argument("--header", help="a file whose text opens the output (the format comment)")
    verify_parser.add_argument("--movetime", type=int, default=3000)
    verify_parser.add_argument("--jobs", type=int, default=2)
    verify_parser.add_argument("--per-game", type=int, default=3)
    verify_parser.add_argument("--target", type=int, default=0, help="at most this many positions (0: all)")
    for command in (scan_parser, verify_parser):
        command.add_argument("--hold", type=int, default=-150, help="not lost before: at least this (cp)")
        command.add_argument("--gap", type=int, default=300, help="the move costs at least this (cp)")
        command.add_argument("--lost", type=int, default=-150, help="and leaves the mover at most this (cp)")
    arguments = parser.parse_args()
    scan(arguments) if arguments.command == "scan" else verify(arguments)


if __name__ == "__main__":
    main()
