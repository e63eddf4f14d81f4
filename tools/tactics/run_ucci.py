#!/usr/bin/env python3
# Runs positions/tactics.epd through any UCCI engine at a fixed node count, the way `shuai bench tactics` does
# (one search per position from a new game, 16 MB), for builds older than that command (e.g. c9856a7).
#   usage: tools/tactics/run_ucci.py ENGINE [EPD] [NODES]   (defaults: positions/tactics.epd, 200000)
import os
import re
import subprocess
import sys


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print("usage: tools/tactics/run_ucci.py ENGINE [EPD] [NODES]", file=sys.stderr)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    engine = sys.argv[1]
    epd = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, "positions", "tactics.epd")
    nodes = sys.argv[3] if len(sys.argv) > 3 else "200000"
    process = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(command):
        process.stdin.write(command + "\n")
        process.stdin.flush()

    def wait_for(prefix):
        while True:
            line = process.stdout.readline()
            if not line:
                sys.exit("run_ucci.py: the engine exited")
            if line.startswith(prefix):
                return line

    send("ucci")
    wait_for("ucciok")
    send("setoption hashsize 16")
    solved = total = 0
    with open(epd) as positions:
        for line in positions:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.split()
            best_moves = re.search(r"bm ([^;]+);", line).group(1).split()
            send("newgame")
            send(f"position fen {fields[0]} {fields[1]} - - 0 1")
            send("go nodes " + nodes)
            played = wait_for("bestmove").split()[1]
            total += 1
            solved += played in best_moves
    send("quit")
    print(f"Tactics solved: {solved}/{total} at {nodes} nodes per position")
    return 0


if __name__ == "__main__":
    sys.exit(main())
