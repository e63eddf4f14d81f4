// app.js — the Shuai page's logic: the game (moves, take back, new game, positions from a FEN), playing
// against the engine with a time per move or a clock, the analysis mode (live depth, score, principal
// variations in Chinese notation and ICCS, MultiPV), FEN and PGN in and out, and the messages. board.js draws,
// engine.js runs the engine; every rule (legal moves, notation, checkmate, the Asian rules' rulings on
// repetitions) comes from the engine's own describe(), never from code of the page's.
//
// Address parameters (all optional):
//   fen=<FEN>           open this position (spaces as + or %20); a bad FEN gets a message and the start position.
//   moves=h2e2+h9g7     moves played from the start (or from fen=), ICCS, space separated.
//   engine=red|black|both|none   which side Shuai plays. Default: Black for a normal start; with fen= (or
//                       moves=) and no engine=, Shuai plays THE SIDE TO MOVE in the position opened and starts
//                       thinking at once — opening a position is mostly done to see what Shuai makes of it
//                       (and that is how the test plays a mate in one). Anyone who wants to play it out picks
//                       sides in the page or adds engine=.
//   mode=analysis       open in analysis mode (no side played; Shuai analyses every position shown).
//   movetime=<ms>       time per move (the default is 3 s; clocks are picked in the page).
//   threads=<n>, hash=<MB>, book=0|1, multipv=<n>: engine settings, capped (see capThreads, HASH_SIZES).
//   level=<0-20>        the playing level of Shuai's moves in a game (20, the default, is full strength;
//                       analysis is always at full strength).
//   single=1            use the one-thread engine in a worker even on a cross-origin isolated page.
//
// Hooks for tests and people: #moves (the game's moves, ICCS, space separated), #message (the last message,
// data-kind="info"|"error"|"over"), body data-engine ("loading"|"ready"|"thinking"|"analysing"|"error"),
// data-engine-mode ("threads"|"single"), data-threads, data-fen (the position shown), data-turn
// ("red"|"black"), data-result when the game is over ("1-0 checkmate", "1/2-1/2 repetition", "0-1 time"...),
// every board point [data-square="e3"] (click a piece's point, then the destination's), and window.shuai
// ({describe(request), game()}).

import {loadEngine} from './engine.js';
import {Board, parseBoard, isRed, pieceName} from './board.js';

const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const HASH_SIZES = [16, 32, 64, 128, 256];  // MB: a page shares the machine, so a modest table
const DEFAULT_HASH = 64;
const ANALYSIS_SLICE_MS = 1000;  // one-thread analysis: searches of this length, one after another
const RENDER_INTERVAL_MS = 100;  // engine output is drawn at most this often; the latest line wins
const PV_SHOWN = 14;             // moves of a principal variation written out (all of it in the tooltip)
const FULL_STRENGTH = 20;        // the engine's top Skill Level: the search unlimited

const $ = id => document.getElementById(id);
const params = new URLSearchParams(location.search);
const body = document.body;
const other = side => (side === 'red' ? 'black' : 'red');
const sideName = side => (side === 'red' ? 'Red' : 'Black');

// ---------------------------------------------------------------------------------------------------------
// State.

const settings = {
  mode: 'play',            // 'play' | 'analysis'
  engineSide: 'black',     // in play mode: 'red' | 'black' | 'both' | 'none'
  time: {kind: 'move', ms: 3000},  // or {kind: 'clock', base, inc} (ms)
  multipv: 3,              // lines shown in analysis (a game's search always uses one)
  threads: 1,
  hash: DEFAULT_HASH,
  book: true,
  level: FULL_STRENGTH,    // Skill Level of a game's searches
};

const game = {
  start: 'startpos',       // 'startpos' or the FEN the game started from
  moves: [],               // ICCS
  info: null,              // engine.describe() of the position after the moves
  timeLoss: null,          // {result, reason: 'time', text} when a flag fell
  clocks: [],              // clocks[ply] = {red, black} (ms) when that position came up, for take back
};

const clock = {red: 0, black: 0, inc: 0, turnStart: 0};

let engine = null;         // engine.js
let driver = null;         // Driver, below
let board = null;          // board.js
let selected = null;       // square of the piece picked up
let flipped = false;
let pendingMoved = null;   // the move to slide in at the next drawing

// What the engine panel shows: the search it comes from and its latest lines.
const view = {key: null, request: null, side: 'red', kind: null, lines: new Map(), book: null, done: false};

// ---------------------------------------------------------------------------------------------------------
// Messages and small helpers.

function say(text, kind = 'info') {
  const message = $('message');
  message.textContent = text;
  message.dataset.kind = kind;
}

function requestFor(start, moves) {
  return moves.length ? `${start} moves ${moves.join(' ')}` : start;
}

function positionCommand() {
  const start = game.start === 'startpos' ? 'startpos' : `fen ${game.start}`;
  return game.moves.length ? `${start} moves ${game.moves.join(' ')}` : start;
}

function currentOver() {
  return (game.info && game.info.over) || game.timeLoss;
}

function isEngineSide(side) {
  return settings.mode === 'play' && (settings.engineSide === side || settings.engineSide === 'both');
}

function engineToMove() {
  return game.info && !currentOver() && isEngineSide(game.info.side);
}

function playerName(side) {
  if (settings.mode === 'analysis') return sideName(side);
  if (isEngineSide(side)) return `${sideName(side)} · Shuai`;
  return settings.engineSide === 'none' ? sideName(side) : `${sideName(side)} · You`;
}

function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60), seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

function formatCount(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

// ---------------------------------------------------------------------------------------------------------
// The engine's protocol (UCI). One search at a time: a new one waits for the old one's bestmove (after a
// `stop` where the engine can take one), so every bestmove belongs to a known search, and a search the page no
// longer wants (the position changed) is marked cancelled and its move ignored. Options set during a search
// wait for its end (UCI allows setoption only when idle).

function parseInfo(line) {
  const words = line.split(/\s+/);
  const info = {};
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (['depth', 'seldepth', 'multipv', 'time', 'nodes', 'nps', 'hashfull'].includes(word)) {
      info[word] = Number(words[++i]);
    } else if (word === 'score') {
      info.score = {type: words[++i], value: Number(words[++i])};
      if (words[i + 1] === 'lowerbound' || words[i + 1] === 'upperbound') info.bound = words[++i];
    } else if (word === 'wdl') {
      info.wdl = [Number(words[i + 1]), Number(words[i + 2]), Number(words[i + 3])];
      i += 3;
    } else if (word === 'pv') {
      info.pv = words.slice(i + 1).filter(Boolean);
      break;
    } else if (word === 'string') {
      info.string = words.slice(i + 1).join(' ');
      break;
    }
  }
  return info;
}

class Driver {
  constructor(engine, onState) {
    this.engine = engine;
    this.onState = onState;
    this.current = null;   // the search running: {key, kind, position, go, multipv, onInfo, onBest, cancelled}
    this.next = null;      // the one to start when it ends
    this.pending = [];     // commands waiting for the engine to be idle
    this.multipv = 1;
    this.book = null;      // OwnBook as last set (a game's searches use the book, analysis never)
    this.level = FULL_STRENGTH;  // Skill Level as last set (a game's searches at the chosen level)
    this.waiters = [];
    this.options = {};     // from the engine's `option` lines
    this.name = 'Shuai';
    engine.onLine(line => this.line(line));
  }

  send(line) {
    this.engine.send(line);
  }

  expect(word) {
    return new Promise(resolve => this.waiters.push({word, resolve}));
  }

  // A command for an idle engine: now, or after the running search.
  command(line) {
    if (this.current) this.pending.push(line);
    else this.send(line);
  }

  busy() {
    return this.current !== null;
  }

  // The search the page wants now (replacing any other).
  start(search) {
    if (this.current) {
      this.current.cancelled = true;
      this.stopCurrent();
      this.next = search;
    } else {
      this.launch(search);
    }
    this.onState();
  }

  cancel() {
    if (this.current) {
      this.current.cancelled = true;
      this.stopCurrent();
    }
    this.next = null;
    this.onState();
  }

  // Threads only: asks for the move now; the search is not cancelled, so its move is played.
  moveNow() {
    if (this.current && !this.current.cancelled && this.engine.canStop) this.stopCurrent();
  }

  wanted() {
    if (this.next) return this.next;
    if (this.current && !this.current.cancelled) return this.current;
    return null;
  }

  stopCurrent() {
    if (this.engine.canStop && !this.current.stopSent) {
      this.current.stopSent = true;
      this.send('stop');
    }
  }

  launch(search) {
    for (const line of this.pending.splice(0)) this.send(line);
    if (search.multipv !== this.multipv) {
      this.send(`setoption name MultiPV value ${search.multipv}`);
      this.multipv = search.multipv;
    }
    if (search.level !== this.level && this.options['Skill Level']) {
      this.send(`setoption name Skill Level value ${search.level}`);
      this.level = search.level;
    }
    if (search.book !== this.book && this.options.OwnBook) {
      this.send(`setoption name OwnBook value ${search.book}`);
      this.book = search.book;
    }
    this.send(`position ${search.position}`);
    this.send(`go ${search.go}`);
    search.startedAt = performance.now();
    this.current = search;
    if (search.onStart) search.onStart();
  }

  line(line) {
    for (const waiter of [...this.waiters]) {
      if (line === waiter.word || line.startsWith(waiter.word + ' ')) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
    if (line.startsWith('info ')) {
      const search = this.current;
      if (search && !search.cancelled && search.onInfo) search.onInfo(parseInfo(line));
    } else if (line.startsWith('bestmove') || line.startsWith('nobestmove')) {
      const done = this.current;
      this.current = null;
      if (this.next) {
        const next = this.next;
        this.next = null;
        this.launch(next);
      } else {
        for (const pending of this.pending.splice(0)) this.send(pending);
      }
      this.onState();
      const move = line.split(/\s+/)[1];
      if (done && !done.cancelled) done.onBest(/^[a-i]\d[a-i]\d$/.test(move || '') ? move : null);
    } else if (line.startsWith('option name ')) {
      const match = /^option name (.+?) type (\S+)(.*)$/.exec(line);
      if (match) {
        const option = {type: match[2]};
        for (const key of ['default', 'min', 'max']) {
          const found = new RegExp(`\\b${key} (\\S+)`).exec(match[3]);
          if (found) option[key] = found[1];
        }
        this.options[match[1]] = option;
      }
    } else if (line.startsWith('id name ')) {
      this.name = line.slice(8);
    }
  }

  async handshake(commands) {
    const uciok = this.expect('uciok');
    this.send('uci');
    await uciok;
    for (const command of commands()) this.send(command);
    const ready = this.expect('readyok');
    this.send('isready');
    await ready;
  }
}

function engineState() {
  if (!driver) return;
  const wanted = driver.wanted();
  body.dataset.engine = wanted ? (wanted.kind === 'play' ? 'thinking' : 'analysing') : 'ready';
  $('move-now').disabled = !(engine.canStop && wanted && wanted.kind === 'play' && driver.current === wanted);
}

// ---------------------------------------------------------------------------------------------------------
// Engine searches: a move to play, or analysis.

function goCommand() {
  if (settings.time.kind === 'move') return `movetime ${settings.time.ms}`;
  const red = Math.max(1, Math.round(clock.red)), black = Math.max(1, Math.round(clock.black));
  return `wtime ${red} btime ${black} winc ${clock.inc} binc ${clock.inc}`;
}

function resetView(search) {
  Object.assign(view, {key: search.key, request: search.request, side: game.info.side, kind: search.kind,
                       lines: new Map(), book: null, done: false});
  scheduleRender();
}

function onInfo(search, info) {
  if (view.key !== search.key) return;
  if (info.string) {
    const book = /^book move (\S+)\s*(\S*?),?\s+(.*)$/.exec(info.string);
    if (book) {
      view.book = {move: book[1], chinese: book[2], note: book[3]};
      scheduleRender();
    }
    return;
  }
  if (!info.pv || !info.pv.length || info.depth === undefined) return;
  const index = info.multipv || 1;
  const shown = view.lines.get(index);
  // One-thread analysis restarts its search every slice; a line is replaced only by one as deep or deeper.
  if (shown && shown.slice !== search.slice && info.depth < shown.depth) return;
  info.slice = search.slice;
  view.lines.set(index, info);
  scheduleRender();
}

function startPlaySearch() {
  const key = `play|${positionCommand()}`;
  const wanted = driver.wanted();
  if (wanted && wanted.key === key) return;
  const search = {
    key, kind: 'play', position: positionCommand(), go: goCommand(), multipv: 1, book: settings.book,
    level: settings.level,
    request: requestFor(game.start, game.moves),
    onStart: () => resetView(search),
    onInfo: info => onInfo(search, info),
    onBest: move => {
      view.done = true;
      scheduleRender();
      if (key !== `play|${positionCommand()}`) return;  // the game moved on (cannot happen: cancelled first)
      if (!move) {
        say('Shuai found no move to play.', 'error');
        return;
      }
      playMove(move, 'engine');
    },
  };
  driver.start(search);
}

function startAnalysis() {
  const key = `analysis|${settings.multipv}|${positionCommand()}`;
  const wanted = driver.wanted();
  if (wanted && wanted.key === key) return;
  analysisSlice(key);
}

let searchCount = 0;  // numbers every analysis search, so a line is known to come from the same one

function analysisSlice(key, quick = 0) {
  const slice = ++searchCount;
  const search = {
    key, kind: 'analysis', slice, position: positionCommand(), multipv: settings.multipv, book: false,
    level: FULL_STRENGTH,
    // With threads one endless search, stopped when the position changes; without, slices of a second (the
    // engine cannot be stopped then), the hash kept between them so each goes on where the last one ended.
    go: engine.canStop ? 'infinite' : `movetime ${ANALYSIS_SLICE_MS}`,
    request: requestFor(game.start, game.moves),
    onStart: () => { if (view.key !== key) resetView(search); },
    onInfo: info => onInfo(search, info),
    onBest: () => {
      // Slices go on while there is something to find: not after a mate is seen, nor when slices come back at
      // once (the search's depth limit reached, a single legal move), which would only spin.
      const elapsed = performance.now() - search.startedAt;
      const quickOnes = elapsed < ANALYSIS_SLICE_MS / 10 ? quick + 1 : 0;
      const first = view.lines.get(1);
      const mate = first && first.score && first.score.type === 'mate';
      if (!engine.canStop && !mate && quickOnes < 3 && settings.mode === 'analysis' && !currentOver() &&
          key === `analysis|${settings.multipv}|${positionCommand()}`) {
        analysisSlice(key, quickOnes);
      } else {
        view.done = true;
        scheduleRender();
      }
    },
  };
  driver.start(search);
}

// What the engine should be doing now, after any change.
function refreshEngine() {
  if (!driver) return;
  if (currentOver()) driver.cancel();
  else if (settings.mode === 'analysis') startAnalysis();
  else if (engineToMove()) startPlaySearch();
  else driver.cancel();
  engineState();
}

// ---------------------------------------------------------------------------------------------------------
// The engine panel, drawn at most every RENDER_INTERVAL_MS (every engine line reaches the page's thread; the
// drawing, not the line, is what costs).

let renderTimer = null;
let lastRender = 0;

function scheduleRender() {
  if (renderTimer !== null) return;
  const wait = Math.max(0, RENDER_INTERVAL_MS - (performance.now() - lastRender));
  renderTimer = setTimeout(() => {
    renderTimer = null;
    lastRender = performance.now();
    renderEngineView();
  }, wait);
}

// The chances from Red's side, in percent (the engine gives them per mille from the side to move's): "Red 61%
// · draw 30% · Black 9%".
function formatChances(wdl, side) {
  if (!wdl || wdl.some(Number.isNaN)) return '';
  const [red, black] = side === 'red' ? [wdl[0], wdl[2]] : [wdl[2], wdl[0]];
  const percent = permille => `${Math.round(permille / 10)}%`;
  return `Red ${percent(red)} · draw ${percent(wdl[1])} · Black ${percent(black)}`;
}

// Score from Red's side (the engine gives it from the side to move's): "+0.35", "-M3".
function formatScore(score, side) {
  if (!score) return '';
  const sign = side === 'red' ? 1 : -1;
  if (score.type === 'mate') {
    const value = sign * score.value;
    return `${value > 0 ? '+' : '-'}M${Math.abs(value)}`;
  }
  const value = sign * score.value / 100;
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)}`;
}

const chineseCache = new Map();

// The PV in Chinese notation, from the engine's rules; a PV that runs past the game's end (a repetition
// ruled) is cut where the rules stop it.
function chinesePv(request, pv) {
  const cacheKey = `${request}|${pv.join(' ')}`;
  if (chineseCache.has(cacheKey)) return chineseCache.get(cacheKey);
  const played = request.includes(' moves ') ? request.split(' moves ')[1].split(' ').length : 0;
  let moves = pv;
  let answer = engine.describe(`${request}${played ? ' ' : ' moves '}${moves.join(' ')}`);
  const failed = !answer.ok && /^move (\d+)/.exec(answer.error);
  if (failed) {
    moves = pv.slice(0, Math.max(0, Number(failed[1]) - 1 - played));
    answer = moves.length ? engine.describe(`${request}${played ? ' ' : ' moves '}${moves.join(' ')}`) : {ok: true, moves: []};
  }
  const text = answer.ok ? answer.moves.slice(played).map(move => move.chinese).join(' ') : '';
  if (chineseCache.size > 500) chineseCache.clear();
  chineseCache.set(cacheKey, text);
  return text;
}

function renderEngineView() {
  const list = $('analysis-lines');
  const items = [];
  const playable = view.request === requestFor(game.start, game.moves) && !currentOver() &&
                   !isEngineSide(game.info && game.info.side);
  if (view.book) {
    const li = document.createElement('li');
    li.className = 'pv-line book-line';
    li.innerHTML = '<div class="pv-head"><span class="pv-score">book</span></div>';
    const chinese = document.createElement('div');
    chinese.className = 'pv-chinese';
    chinese.textContent = `${view.book.chinese} (${view.book.move})`;
    const note = document.createElement('div');
    note.className = 'pv-iccs';
    note.textContent = view.book.note;
    li.append(chinese, note);
    items.push(li);
  }
  for (const index of [...view.lines.keys()].sort((a, b) => a - b)) {
    const info = view.lines.get(index);
    const li = document.createElement('li');
    li.className = 'pv-line' + (playable ? ' playable' : '');
    li.dataset.multipv = index;
    li.dataset.move = info.pv[0];
    const head = document.createElement('div');
    head.className = 'pv-head';
    const score = document.createElement('span');
    const text = formatScore(info.score, view.side);
    score.className = 'pv-score' + (text.startsWith('+') ? ' red-better' : '');
    score.textContent = text + (info.bound === 'lowerbound' ? '↑' : info.bound === 'upperbound' ? '↓' : '');
    const depth = document.createElement('span');
    depth.className = 'pv-depth';
    depth.textContent = `depth ${info.depth}${info.seldepth ? '/' + info.seldepth : ''}`;
    head.append(score);
    const chances = formatChances(info.wdl, view.side);
    if (chances) {
      const odds = document.createElement('span');
      odds.className = 'pv-chances';
      odds.textContent = chances;
      odds.title = 'win, draw and loss chances of this score, from the engine\'s model of its own games';
      head.append(odds);
    }
    head.append(depth);
    if (view.lines.size > 1) {
      const number = document.createElement('span');
      number.textContent = `line ${index}`;
      head.append(number);
    }
    const chinese = document.createElement('div');
    chinese.className = 'pv-chinese';
    const words = chinesePv(view.request, info.pv).split(' ');
    chinese.textContent = words.slice(0, PV_SHOWN).join(' ') + (words.length > PV_SHOWN ? ' …' : '');
    chinese.title = words.join(' ');
    const iccs = document.createElement('div');
    iccs.className = 'pv-iccs';
    iccs.textContent = info.pv.slice(0, PV_SHOWN).join(' ') + (info.pv.length > PV_SHOWN ? ' …' : '');
    iccs.title = info.pv.join(' ');
    li.append(head, chinese, iccs);
    items.push(li);
  }
  list.replaceChildren(...items);

  const first = view.lines.get(1);
  const parts = [];
  const running = driver && driver.current && !driver.current.cancelled && driver.current.key === view.key;
  if (view.kind) parts.push(running ? (view.kind === 'play' ? 'Shuai is thinking' : 'analysing') : (view.kind === 'play' ? 'last search' : 'analysis done'));
  if (first) {
    parts.push(`depth ${first.depth}`);
    if (first.nodes !== undefined) parts.push(`${formatCount(first.nodes)} nodes`);
    if (first.nps) parts.push(`${formatCount(first.nps)}N/s`);
    if (first.time !== undefined) parts.push(`${(first.time / 1000).toFixed(1)} s`);
    if (first.hashfull !== undefined) parts.push(`hash ${(first.hashfull / 10).toFixed(0)}%`);
  }
  $('analysis-summary').textContent = parts.join(' · ');
}

// ---------------------------------------------------------------------------------------------------------
// The game.

function chargeClock(mover) {
  if (!clockRunning()) return;
  const now = performance.now();
  clock[mover] -= now - clock.turnStart;
  clock[mover] += clock.inc;
}

function clockRunning() {
  return settings.mode === 'play' && settings.time.kind === 'clock' && game.info && !currentOver();
}

// Plays a move (by the person at the board or by the engine), after the rules accept it.
function playMove(move, by) {
  const moves = [...game.moves, move];
  const info = engine.describe(requestFor(game.start, moves));
  if (!info.ok) {
    say(`${by === 'engine' ? 'Shuai' : 'That'} move ${move} was refused: ${info.error}.`, 'error');
    return false;
  }
  chargeClock(game.info.side);
  game.moves = moves;
  game.info = info;
  game.clocks[moves.length] = {red: clock.red, black: clock.black};
  game.clocks.length = moves.length + 1;
  selected = null;
  pendingMoved = move;
  const notation = info.moves[info.moves.length - 1];
  const mover = sideName(other(info.side));
  const text = `${by === 'engine' ? 'Shuai' : mover} played ${notation.chinese} (${move})${info.check ? ', check' : ''}.`;
  if (info.over) {
    say(text, 'info');  // positionChanged writes the result over it
  } else if (isEngineSide(info.side)) {
    say(`${text} Shuai is thinking…`);
  } else if (settings.mode === 'play' && settings.engineSide !== 'none') {
    say(`${text} Your move.`);
  } else {
    say(`${text} ${sideName(info.side)} to move.`);
  }
  positionChanged();
  return true;
}

// After a move, a take back or a new position: a new turn on the clock, everything drawn again, and the engine
// set to what it should do next.
function positionChanged() {
  clock.turnStart = performance.now();
  render();
  refreshEngine();
}

function drawBoard() {
  const info = game.info;
  const pieces = parseBoard(info.fen);
  let checked = null;
  if (info.check) {
    const king = info.side === 'red' ? 'K' : 'k';
    for (const [square, letter] of pieces) if (letter === king) checked = square;
  }
  const targets = selected ? info.legal.filter(move => move.startsWith(selected)).map(move => move.slice(2, 4)) : [];
  board.setFlipped(flipped);
  board.show({pieces, selected, targets, lastMove: game.moves[game.moves.length - 1] || null, checked, moved: pendingMoved});
  pendingMoved = null;
}

// Everything that follows from the position (the clocks and the engine left as they are).
function render() {
  const info = game.info;
  const over = currentOver();
  drawBoard();
  $('moves').textContent = game.moves.join(' ');
  renderMoveList();
  $('fen').value = info.fen;
  body.dataset.fen = info.fen;
  body.dataset.turn = info.side;
  if (over) {
    body.dataset.result = `${over.result} ${over.reason}`;
    const words = {'1-0': 'Red wins', '0-1': 'Black wins', '1/2-1/2': 'Draw'}[over.result] || over.result;
    say(`Game over: ${over.text} — ${words} (${over.result}, ${over.reason}).`, 'over');
    const ruling = $('ruling');
    ruling.hidden = false;
    ruling.textContent = /repetition|perpetual/.test(over.reason)
      ? `Ruling (Asian rules): ${over.reason} — ${over.text}. Result ${over.result}.`
      : `${over.text}. Result ${over.result}.`;
  } else {
    delete body.dataset.result;
    $('ruling').hidden = true;
  }
  renderPlayers();
  scheduleRender();
}

function renderMoveList() {
  const list = $('move-list');
  const info = game.info;
  const startSide = game.moves.length % 2 === 0 ? info.side : other(info.side);
  let number = Number((info.start.split(' ')[5]) || 1) || 1;
  const rows = [];
  let row = null;
  info.moves.forEach((move, index) => {
    const side = index % 2 === 0 ? startSide : other(startSide);
    if (!row || side === 'red') {
      row = document.createElement('li');
      const label = document.createElement('span');
      label.className = 'number';
      label.textContent = `${number}.`;
      row.append(label);
      if (side === 'black') {  // a game that starts with Black to move
        const empty = document.createElement('span');
        empty.className = 'move';
        empty.textContent = '…';
        row.append(empty);
      }
      rows.push(row);
    }
    const cell = document.createElement('span');
    cell.className = `move ${side}${index === info.moves.length - 1 ? ' last' : ''}`;
    cell.title = `${move.iccs} · ${move.wxf}`;
    cell.textContent = move.chinese;
    if (move.kind === 'check' || move.kind === 'chase') {
      const tag = document.createElement('span');
      tag.className = `tag ${move.kind}`;
      tag.textContent = move.kind === 'check' ? '将' : '捉';
      tag.title = move.kind === 'check' ? 'check' : 'chase (counts for the repetition rules)';
      cell.append(tag);
    }
    row.append(cell);
    if (side === 'black') number++;
  });
  list.replaceChildren(...rows);
  list.scrollTop = list.scrollHeight;
}

function renderPlayers() {
  const bottomSide = flipped ? 'black' : 'red';
  for (const [id, side] of [['player-bottom', bottomSide], ['player-top', other(bottomSide)]]) {
    const bar = $(id);
    bar.className = `player-bar ${side}${game.info && game.info.side === side && !currentOver() ? ' to-move' : ''}`;
    bar.querySelector('.name').textContent = playerName(side);
    bar.dataset.side = side;
  }
  renderClocks();
}

function renderClocks() {
  const show = settings.mode === 'play' && settings.time.kind === 'clock';
  for (const id of ['player-bottom', 'player-top']) {
    const bar = $(id);
    const side = bar.dataset.side;
    const element = bar.querySelector('.clock');
    element.hidden = !show;
    if (!show || !side) continue;
    let left = clock[side];
    if (clockRunning() && game.info.side === side) left -= performance.now() - clock.turnStart;
    element.textContent = formatClock(left);
    element.classList.toggle('low', left < 10000);
  }
}

// Every fifth of a second: the clocks, and a flag that falls.
function tick() {
  if (!game.info) return;
  renderClocks();
  if (!clockRunning()) return;
  const side = game.info.side;
  if (clock[side] - (performance.now() - clock.turnStart) <= 0) {
    clock[side] = 0;
    game.timeLoss = {result: side === 'red' ? '0-1' : '1-0', reason: 'time', text: `${sideName(side)} lost on time`};
    selected = null;
    positionChanged();
  }
}

function resetClocks() {
  if (settings.time.kind === 'clock') {
    clock.red = clock.black = settings.time.base;
    clock.inc = settings.time.inc;
  }
  clock.turnStart = performance.now();
  game.clocks = [];
  game.clocks[game.moves.length] = {red: clock.red, black: clock.black};
}

// A new game or position: start (FEN or 'startpos') and moves, from the rules' answer `info`.
function openPosition(info) {
  game.start = info.start === START_FEN ? 'startpos' : info.start;
  game.moves = info.moves.map(move => move.iccs);
  game.info = info;
  game.timeLoss = null;
  selected = null;
  if (driver) {
    driver.cancel();
    driver.command('ucinewgame');
  }
  resetClocks();
  positionChanged();
}

function describeOrSay(request, what) {
  const info = engine.describe(request);
  if (!info.ok) say(`${what} cannot be opened: ${info.error}. Nothing was changed.`, 'error');
  return info.ok ? info : null;
}

// ---------------------------------------------------------------------------------------------------------
// Clicks on the board.

function onSquare(square) {
  if (!game.info) {
    say('The engine is still loading; the board takes moves once it is ready.', 'error');
    return;
  }
  const over = currentOver();
  if (over) {
    say(`The game is over (${over.text}). Start a new game or take back.`, 'error');
    return;
  }
  const side = game.info.side;
  if (isEngineSide(side)) {
    say(`Shuai is thinking — wait for its move${engine.canStop ? ' (or press Move now)' : ''}. Nothing was changed.`, 'error');
    return;
  }
  const pieces = parseBoard(game.info.fen);
  const letter = pieces.get(square);
  const own = letter !== undefined && isRed(letter) === (side === 'red');
  if (selected === null || own) {
    if (square === selected) {
      selected = null;
      say('Put down.');
    } else if (!letter) {
      say(`Click one of ${sideName(side)}'s pieces first, then the point it should go to.`, 'error');
      return;
    } else if (!own) {
      say(`It is ${sideName(side)} to move; that ${pieceName(letter)} is ${sideName(other(side))}'s.`, 'error');
      return;
    } else {
      selected = square;
      const count = game.info.legal.filter(move => move.startsWith(square)).length;
      say(count ? `${pieceName(letter)} on ${square}: ${count} legal move${count > 1 ? 's' : ''} (dots). Click where it goes.`
                : `That ${pieceName(letter)} on ${square} has no legal move.`, count ? 'info' : 'error');
    }
    drawBoard();
    return;
  }
  const move = selected + square;
  if (!game.info.legal.includes(move)) {
    const name = pieceName(pieces.get(selected));
    say(`Illegal move: ${name} ${selected}–${square} is not allowed here${game.info.check ? ' (you are in check)' : ''}. ` +
        'The dots show where it can go.', 'error');
    return;
  }
  playMove(move, 'person');
}

// ---------------------------------------------------------------------------------------------------------
// Buttons and settings.

function newGame() {
  flipped = settings.mode === 'play' && settings.engineSide === 'red';
  openPosition(engine.describe('startpos'));
  say(settings.mode === 'analysis' ? 'New game, in analysis: move for both sides.'
    : settings.engineSide === 'black' ? 'New game: you play Red. Click a piece, then where it goes.'
    : settings.engineSide === 'red' ? 'New game: you play Black. Shuai opens.'
    : 'New game.');
}

function takeBack() {
  if (!game.moves.length) {
    say('Nothing to take back.', 'error');
    return;
  }
  let count = 1;
  // Against Shuai: back to the last position with the person to move (two moves if Shuai has answered).
  const lastMover = other(game.info.side);
  if (settings.mode === 'play' && ['red', 'black'].includes(settings.engineSide) &&
      lastMover === settings.engineSide && game.moves.length >= 2) count = 2;
  const moves = game.moves.slice(0, -count);
  const info = engine.describe(requestFor(game.start, moves));
  if (!info.ok) {
    say(`Cannot take back: ${info.error}.`, 'error');
    return;
  }
  game.moves = moves;
  game.info = info;
  game.timeLoss = null;
  selected = null;
  const saved = game.clocks[moves.length];
  if (saved) Object.assign(clock, saved);
  game.clocks.length = moves.length + 1;
  say(`Took back ${count === 2 ? 'two moves' : 'one move'}. ${sideName(info.side)} to move.`);
  positionChanged();
}

function loadFenFromBox() {
  const text = $('fen').value.trim();
  if (!text) {
    say('The FEN box is empty: paste a FEN, then press Load FEN. Nothing was changed.', 'error');
    return;
  }
  const info = describeOrSay(text, 'This FEN');
  if (!info) return;
  openPosition(info);
  say(`Position loaded: ${sideName(info.side)} to move.${isEngineSide(info.side) ? ' Shuai is thinking…' : ''}`);
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    say(`${what} copied.`);
  } catch {
    say(`${what}: ${text}`);  // no clipboard (permissions): shown to copy by hand
  }
}

function shareLink() {
  const url = new URL(location.pathname, location.origin);
  if (game.start !== 'startpos') url.searchParams.set('fen', game.start);
  if (game.moves.length) url.searchParams.set('moves', game.moves.join(' '));
  if (settings.mode === 'analysis') url.searchParams.set('mode', 'analysis');
  else url.searchParams.set('engine', settings.engineSide);
  return url.href;
}

function pgnEscape(text) {
  return String(text).replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

// The game in the Xiangqi PGN conventions: [Game "Chinese Chess"], [FEN] when not from the start,
// [Format "ICCS"], moves as h2-e2.
function pgnText() {
  const over = currentOver();
  const result = over ? over.result : '*';
  const now = new Date();
  const date = `${now.getFullYear()}.${String(now.getMonth() + 1).padStart(2, '0')}.${String(now.getDate()).padStart(2, '0')}`;
  const name = side => (settings.mode === 'analysis' ? '?' : isEngineSide(side) ? driver.name : settings.engineSide === 'none' ? '?' : 'You');
  const tags = [['Game', 'Chinese Chess'], ['Event', 'Shuai web page'], ['Site', location.host || '?'], ['Date', date],
                ['Round', '-'], ['Red', name('red')], ['Black', name('black')], ['Result', result]];
  if (game.start !== 'startpos') tags.push(['FEN', game.info.start]);
  tags.push(['Format', 'ICCS']);
  if (over && over.reason) tags.push(['Termination', over.reason]);
  const words = [];
  let number = Number(game.info.start.split(' ')[5] || 1) || 1;
  let side = game.moves.length % 2 === 0 ? game.info.side : other(game.info.side);
  game.moves.forEach((move, index) => {
    const text = `${move.slice(0, 2)}-${move.slice(2, 4)}`;
    if (side === 'red') words.push(`${number}.`, text);
    else {
      if (index === 0) words.push(`${number}...`);
      words.push(text);
      number++;
    }
    side = other(side);
  });
  if (over) words.push(`{${over.text.replace(/[{}]/g, '')}}`);
  words.push(result);
  const lines = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > 79) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return `${tags.map(([key, value]) => `[${key} "${pgnEscape(value)}"]`).join('\n')}\n\n${lines.join('\n')}\n`;
}

function downloadPgn() {
  const blob = new Blob([pgnText()], {type: 'application/x-chess-pgn'});
  const link = document.createElement('a');
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  link.href = URL.createObjectURL(blob);
  link.download = `shuai-${stamp}.pgn`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  say(`PGN saved as ${link.download}.`);
}

function applyModeToControls() {
  $('mode').value = settings.mode;
  $('engine-side').value = settings.engineSide;
  $('side-label').hidden = settings.mode === 'analysis';
  $('time-label').hidden = settings.mode === 'analysis';
  $('multipv-label').hidden = settings.mode !== 'analysis';
  $('level-label').hidden = settings.mode === 'analysis';
  $('move-now').hidden = settings.mode === 'analysis';
}

function timeValue(time) {
  return time.kind === 'move' ? `move:${time.ms}` : `clock:${time.base}:${time.inc}`;
}

function parseTimeValue(value) {
  const [kind, a, b] = value.split(':');
  return kind === 'move' ? {kind, ms: Number(a)} : {kind: 'clock', base: Number(a), inc: Number(b)};
}

// Threads: what the engine offers (16 with threads, 1 without), no more than the machine's cores; by default
// half of them, so the page leaves the machine room.
function capThreads() {
  const cores = Math.max(1, navigator.hardwareConcurrency || 1);
  const engineMax = Number((driver.options.Threads || {}).max) || 1;
  return Math.max(1, Math.min(engineMax, cores));
}

function fillSelect(select, values, current, label) {
  select.replaceChildren(...values.map(value => {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = label(value);
    return option;
  }));
  select.value = String(current);
}

function engineLine() {
  const how = engine.mode === 'threads'
    ? `${settings.threads} thread${settings.threads > 1 ? 's' : ''} (cross-origin isolated page)`
    : `one thread in a worker (${self.crossOriginIsolated ? 'asked for with single=1' : 'this page is not cross-origin isolated'})`;
  $('engine-line').textContent = `${driver.name} · WebAssembly · ${how} · hash ${settings.hash} MB`;
  body.dataset.engineMode = engine.mode;
  if (!engine.canStop) $('move-now').title = 'The one-thread engine cannot be interrupted; it moves when its time is up';
  body.dataset.threads = String(settings.threads);
}

function wireControls() {
  $('new-game').addEventListener('click', () => { if (engine) newGame(); });
  $('take-back').addEventListener('click', () => { if (game.info) takeBack(); });
  $('flip').addEventListener('click', () => {
    flipped = !flipped;
    if (game.info) render();
    else board.setFlipped(flipped);
  });
  $('move-now').addEventListener('click', () => { if (driver) driver.moveNow(); });
  $('load-fen').addEventListener('click', () => { if (engine) loadFenFromBox(); });
  $('fen').addEventListener('keydown', event => { if (event.key === 'Enter' && engine) loadFenFromBox(); });
  $('copy-fen').addEventListener('click', () => { if (game.info) copyText(game.info.fen, 'FEN'); });
  $('copy-link').addEventListener('click', () => { if (game.info) copyText(shareLink(), 'Link'); });
  $('download-pgn').addEventListener('click', () => { if (game.info) downloadPgn(); });
  $('mode').addEventListener('change', event => {
    settings.mode = event.target.value;
    applyModeToControls();
    selected = null;
    if (!game.info) return;
    say(settings.mode === 'analysis' ? 'Analysis: move for both sides; Shuai analyses every position.'
                                     : `Playing: Shuai plays ${settings.engineSide === 'both' ? 'both sides' : settings.engineSide}.`);
    positionChanged();
  });
  $('engine-side').addEventListener('change', event => {
    settings.engineSide = event.target.value;
    flipped = settings.engineSide === 'red';
    selected = null;
    if (!game.info) return;
    say({black: 'Shuai plays Black, you play Red.', red: 'Shuai plays Red, you play Black.',
         both: 'Shuai plays both sides.', none: 'Two players: Shuai only watches.'}[settings.engineSide]);
    positionChanged();
  });
  $('time-control').addEventListener('change', event => {
    settings.time = parseTimeValue(event.target.value);
    resetClocks();
    if (game.info) {
      say(settings.time.kind === 'clock' ? `Clocks set to ${formatClock(settings.time.base)} + ${settings.time.inc / 1000} s.`
                                         : `Shuai now thinks ${settings.time.ms / 1000} s a move.`);
      renderPlayers();
    }
  });
  $('level').addEventListener('change', event => {
    settings.level = Number(event.target.value);  // from the game's next search (Driver.launch)
    say(settings.level === FULL_STRENGTH ? 'Shuai plays at full strength.'
                                         : `Shuai plays at level ${settings.level} of ${FULL_STRENGTH}.`);
  });
  $('multipv').addEventListener('change', event => {
    settings.multipv = Number(event.target.value);
    if (game.info) refreshEngine();
  });
  const restartWith = command => {
    driver.command(command);
    engineLine();
    // A running analysis is restarted so the setting counts at once (a game's search keeps going).
    if (settings.mode === 'analysis' && driver.busy()) {
      driver.cancel();
      refreshEngine();
    }
  };
  $('threads').addEventListener('change', event => {
    settings.threads = Number(event.target.value);
    restartWith(`setoption name Threads value ${settings.threads}`);
  });
  $('hash').addEventListener('change', event => {
    settings.hash = Number(event.target.value);
    restartWith(`setoption name Hash value ${settings.hash}`);
  });
  $('book').addEventListener('change', event => {
    settings.book = event.target.checked;  // set before the game's next search (Driver.launch)
    say(settings.book ? 'Shuai plays from its opening book.' : 'Shuai thinks from the first move (no opening book).');
  });
}

// The address's settings (see the top of this file); wrong values are said and ignored.
function readAddress() {
  const problems = [];
  const mode = params.get('mode');
  if (mode === 'analysis' || mode === 'play') settings.mode = mode;
  else if (mode !== null) problems.push(`mode=${mode} (play or analysis)`);
  const side = params.get('engine');
  if (['red', 'black', 'both', 'none'].includes(side)) settings.engineSide = side;
  else if (side !== null) problems.push(`engine=${side} (red, black, both or none)`);
  const movetime = params.get('movetime');
  if (movetime !== null) {
    const ms = Number(movetime);
    if (Number.isInteger(ms) && ms >= 10 && ms <= 3600000) {
      settings.time = {kind: 'move', ms};
      const select = $('time-control');
      if (![...select.options].some(option => option.value === `move:${ms}`)) {
        const option = document.createElement('option');
        option.value = `move:${ms}`;
        option.textContent = ms < 1000 ? `${ms} ms a move` : `${ms / 1000} s a move`;
        select.prepend(option);
      }
    } else {
      problems.push(`movetime=${movetime} (milliseconds, 10 or more)`);
    }
  }
  $('time-control').value = timeValue(settings.time);
  const multipv = Number(params.get('multipv'));
  if (params.has('multipv')) {
    if (Number.isInteger(multipv) && multipv >= 1 && multipv <= 5) settings.multipv = multipv;
    else problems.push(`multipv=${params.get('multipv')} (1 to 5)`);
  }
  $('multipv').value = String(settings.multipv);
  if (params.has('level')) {
    const level = Number(params.get('level'));
    if (Number.isInteger(level) && level >= 0 && level <= FULL_STRENGTH) settings.level = level;
    else problems.push(`level=${params.get('level')} (0 to ${FULL_STRENGTH})`);
  }
  fillSelect($('level'), Array.from({length: FULL_STRENGTH + 1}, (_, i) => FULL_STRENGTH - i), settings.level,
             level => (level === FULL_STRENGTH ? 'full strength' : String(level)));
  if (params.get('book') === '0' || params.get('book') === 'false') settings.book = false;
  $('book').checked = settings.book;
  applyModeToControls();
  return problems;
}

// Engine settings the engine has to know first: threads and hash within their caps.
function engineSettings(problems) {
  const maxThreads = capThreads();
  const cores = Math.max(1, navigator.hardwareConcurrency || 1);
  settings.threads = Math.max(1, Math.min(maxThreads, Math.floor(cores / 2)));
  if (params.has('threads')) {
    const threads = Number(params.get('threads'));
    if (Number.isInteger(threads) && threads >= 1) settings.threads = Math.min(threads, maxThreads);
    else problems.push(`threads=${params.get('threads')} (1 or more)`);
  }
  const engineMaxHash = Number((driver.options.Hash || {}).max) || 1024;
  const sizes = HASH_SIZES.filter(size => size <= engineMaxHash);
  if (params.has('hash')) {
    const hash = Number(params.get('hash'));
    if (sizes.includes(hash)) settings.hash = hash;
    else problems.push(`hash=${params.get('hash')} (one of ${sizes.join(', ')} MB)`);
  }
  fillSelect($('threads'), Array.from({length: maxThreads}, (_, i) => i + 1), settings.threads, n => String(n));
  $('threads').disabled = maxThreads === 1;
  fillSelect($('hash'), sizes, settings.hash, size => `${size} MB`);
  const commands = [`setoption name Threads value ${settings.threads}`, `setoption name Hash value ${settings.hash}`];
  // The chances beside each score (the engine's model fitted to its own games).
  if (driver.options.UCI_ShowWDL) commands.push('setoption name UCI_ShowWDL value true');
  return commands;
}

// The first position: ?fen= and ?moves=, or the start.
function openFirstPosition(problems) {
  const fen = params.get('fen');
  const moves = (params.get('moves') || '').trim();
  let info = null;
  if (fen !== null || moves) {
    const start = fen !== null && fen.trim() ? fen.trim() : 'startpos';
    const request = moves ? `${start} moves ${moves}` : start;
    info = engine.describe(request);
    if (!info.ok) {
      problems.unshift(`the position in the address (${info.error}); the start position is shown instead`);
      info = null;
    } else if (!params.has('engine')) {
      settings.engineSide = info.side;  // see the top of this file: Shuai plays the side to move
      applyModeToControls();
    }
  }
  flipped = settings.mode === 'play' && settings.engineSide === 'red';
  openPosition(info || engine.describe('startpos'));
  return info !== null;
}

async function main() {
  board = new Board($('board'), onSquare);
  board.show({pieces: parseBoard(START_FEN)});
  wireControls();
  const problems = readAddress();
  renderPlayers();
  try {
    const single = params.get('single') === '1' || params.get('single') === 'true';
    engine = await loadEngine({single});
  } catch (error) {
    body.dataset.engine = 'error';
    say(`The engine could not start: ${error.message || error}`, 'error');
    $('engine-line').textContent = 'Engine not loaded';
    return;
  }
  driver = new Driver(engine, engineState);
  await driver.handshake(() => engineSettings(problems));
  engineLine();
  window.shuai = {
    describe: request => engine.describe(request),
    game: () => ({start: game.start, moves: [...game.moves], fen: game.info && game.info.fen}),
    pgn: () => pgnText(),
  };
  body.dataset.engine = 'ready';
  const fromAddress = openFirstPosition(problems);
  if (problems.length) {
    say(`Ignored from the address: ${problems.join('; ')}.`, 'error');
  } else if (currentOver()) {
    // positionChanged said the result
  } else if (fromAddress) {
    say(`Position opened: ${sideName(game.info.side)} to move${isEngineSide(game.info.side) ? '; Shuai is thinking…' : '.'}`);
  } else if (settings.mode === 'analysis') {
    say('Shuai is ready. Analysis: move for both sides; Shuai analyses every position.');
  } else {
    say(`Shuai is ready. ${settings.engineSide === 'black' ? 'You play Red: click a piece, then where it goes.'
                          : settings.engineSide === 'red' ? 'You play Black; Shuai opens.' : ''}`);
  }
  engineState();
  setInterval(tick, 200);
  $('analysis-lines').addEventListener('click', event => {
    const line = event.target.closest('.pv-line.playable');
    if (line && line.dataset.move && game.info && game.info.legal.includes(line.dataset.move)) playMove(line.dataset.move, 'person');
  });
}

main();
