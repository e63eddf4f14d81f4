// board.js — draws the Xiangqi board as SVG (grid, river, palaces, pieces, hints) and reports clicks on its
// points. It knows nothing of the rules: app.js says what stands where, what is selected and where the
// selected piece may go (from the engine's own move generator), and decides what a click means.
//
// Every one of the 90 points is an SVG <circle class="point" data-square="e3"> (ICCS name: files a–i from
// Red's left, ranks 0–9 from Red's back rank), drawn on top of everything else, so a click anywhere near a
// point, on a piece or not, reaches it. Moving a piece = clicking its point, then the destination's point.

const SVG = 'http://www.w3.org/2000/svg';
const STEP = 60;          // distance between two points, in the SVG's own units
const MARGIN = 66;        // room around the grid for the file and rank labels
const WIDTH = 2 * MARGIN + 8 * STEP;
const HEIGHT = 2 * MARGIN + 9 * STEP;
const PIECE_RADIUS = 27;
const FILES = 'abcdefghi';

// FEN letters (H and E are the other common spellings of horse and elephant) to the characters on the pieces.
const NAMES = {
  K: '帥', A: '仕', B: '相', E: '相', N: '傌', H: '傌', R: '俥', C: '炮', P: '兵',
  k: '將', a: '士', b: '象', e: '象', n: '馬', h: '馬', r: '車', c: '砲', p: '卒',
};
const RED_NUMERALS = '九八七六五四三二一';  // Red counts files from its right: file a is Red's 9th

function element(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.append(node);
  return node;
}

// The pieces of a FEN's first field, as a map from ICCS square to FEN letter.
export function parseBoard(fen) {
  const pieces = new Map();
  const ranks = fen.split(' ')[0].split('/');
  ranks.forEach((row, index) => {
    const rank = 9 - index;
    let file = 0;
    for (const letter of row) {
      if (/\d/.test(letter)) file += Number(letter);
      else pieces.set(FILES[file++] + rank, letter);
    }
  });
  return pieces;
}

export const isRed = letter => letter === letter.toUpperCase();
export const pieceName = letter => NAMES[letter] || '?';

export class Board {
  // svg: the <svg> element to draw into; onSquare(square) is called on a click on a point.
  constructor(svg, onSquare) {
    this.svg = svg;
    this.flipped = false;
    this.pieces = new Map();
    this.selected = null;    // square of the picked-up piece
    this.targets = [];       // where it may go
    this.lastMove = null;    // 'h2e2'
    this.checked = null;     // square of a king in check
    svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
    svg.addEventListener('click', event => {
      const point = event.target.closest('[data-square]');
      if (point) onSquare(point.dataset.square);
    });
    this.drawAll();
  }

  // Point of a square in the SVG's units, with the board the right way up or flipped (Black at the bottom).
  at(square) {
    const file = FILES.indexOf(square[0]);
    const rank = Number(square.slice(1));
    const column = this.flipped ? 8 - file : file;
    const row = this.flipped ? rank : 9 - rank;
    return {x: MARGIN + column * STEP, y: MARGIN + row * STEP};
  }

  setFlipped(flipped) {
    if (flipped === this.flipped) return;
    this.flipped = flipped;
    this.drawAll();
  }

  // What to show: pieces (map square -> FEN letter), the selection and its targets, the last move, a check.
  // `moved` ('h2e2') slides that move's piece in.
  show({pieces, selected = null, targets = [], lastMove = null, checked = null, moved = null}) {
    Object.assign(this, {pieces, selected, targets, lastMove, checked});
    this.drawPieces(moved);
  }

  drawAll() {
    this.svg.replaceChildren();
    this.drawDefinitions();
    this.drawGrid();
    this.dynamic = element('g', {class: 'dynamic'}, this.svg);
    this.drawPieces(null);
  }

  drawDefinitions() {
    const defs = element('defs', {}, this.svg);
    const face = element('radialGradient', {id: 'piece-face', cx: '40%', cy: '35%', r: '70%'}, defs);
    element('stop', {offset: '0%', 'stop-color': '#fffaf0'}, face);
    element('stop', {offset: '70%', 'stop-color': '#f1dcae'}, face);
    element('stop', {offset: '100%', 'stop-color': '#d9b67a'}, face);
    const wood = element('linearGradient', {id: 'wood', x1: '0', y1: '0', x2: '1', y2: '1'}, defs);
    element('stop', {offset: '0%', 'stop-color': '#f0cf8c'}, wood);
    element('stop', {offset: '100%', 'stop-color': '#e2b86c'}, wood);
    const glow = element('radialGradient', {id: 'check-glow'}, defs);
    element('stop', {offset: '45%', 'stop-color': '#ff2a1a', 'stop-opacity': '0.85'}, glow);
    element('stop', {offset: '100%', 'stop-color': '#ff2a1a', 'stop-opacity': '0'}, glow);
    const shadow = element('filter', {id: 'piece-shadow', x: '-30%', y: '-30%', width: '160%', height: '160%'}, defs);
    element('feDropShadow', {dx: '0', dy: '2.5', stdDeviation: '1.8', 'flood-color': '#3b2306', 'flood-opacity': '0.45'}, shadow);
  }

  line(from, to, parent, attributes = {}) {
    const a = this.at(from), b = this.at(to);
    return element('line', {x1: a.x, y1: a.y, x2: b.x, y2: b.y, ...attributes}, parent);
  }

  drawGrid() {
    const grid = element('g', {class: 'grid'}, this.svg);
    element('rect', {x: 4, y: 4, width: WIDTH - 8, height: HEIGHT - 8, rx: 14, fill: 'url(#wood)', class: 'wood'}, grid);
    const frame = 7;
    element('rect', {x: MARGIN - frame, y: MARGIN - frame, width: 8 * STEP + 2 * frame, height: 9 * STEP + 2 * frame,
                     class: 'frame'}, grid);
    for (let rank = 0; rank <= 9; rank++) this.line(`a${rank}`, `i${rank}`, grid);
    for (const [index, file] of [...FILES].entries()) {
      if (index === 0 || index === 8) {
        this.line(`${file}0`, `${file}9`, grid);
      } else {  // the river cuts the inner files
        this.line(`${file}0`, `${file}4`, grid);
        this.line(`${file}5`, `${file}9`, grid);
      }
    }
    for (const [a, b] of [['d0', 'f2'], ['f0', 'd2'], ['d7', 'f9'], ['f7', 'd9']]) this.line(a, b, grid);
    this.drawPointMarks(grid);

    // The river's words sit upright whichever way the board is turned.
    const riverY = MARGIN + 4.5 * STEP;
    for (const [text, x] of [['楚　河', MARGIN + 2 * STEP], ['漢　界', MARGIN + 6 * STEP]]) {
      element('text', {x, y: riverY, class: 'river'}, grid).textContent = text;
    }

    // Labels: Red's file numbers (九…一) on Red's side, Black's (1…9) on Black's, ICCS letters and rank
    // digits small, for reading the move list.
    const labels = element('g', {class: 'labels'}, this.svg);
    for (const [index, file] of [...FILES].entries()) {
      const red = this.at(`${file}0`), black = this.at(`${file}9`);
      const redOut = this.flipped ? -1 : 1;  // which way is "outside" from Red's back rank
      element('text', {x: red.x, y: red.y + redOut * 46, class: 'file-label red-label'}, labels).textContent = RED_NUMERALS[index];
      element('text', {x: black.x, y: black.y - redOut * 46, class: 'file-label black-label'}, labels).textContent = String(index + 1);
      const bottom = this.flipped ? black : red;
      element('text', {x: bottom.x + 15, y: bottom.y + 50, class: 'iccs-label'}, labels).textContent = file;
    }
    for (let rank = 0; rank <= 9; rank++) {
      const point = this.at(`a${rank}`);
      const x = this.flipped ? WIDTH - MARGIN + 46 : MARGIN - 46;
      element('text', {x, y: point.y, class: 'iccs-label rank-label'}, labels).textContent = String(rank);
    }
  }

  // The little corner marks where cannons and pawns start.
  drawPointMarks(grid) {
    const squares = ['b2', 'h2', 'b7', 'h7', 'a3', 'c3', 'e3', 'g3', 'i3', 'a6', 'c6', 'e6', 'g6', 'i6'];
    const gap = 4, arm = 10;
    for (const square of squares) {
      const {x, y} = this.at(square);
      for (const dx of [-1, 1]) {
        if ((x + dx * STEP < MARGIN - 1) || (x + dx * STEP > WIDTH - MARGIN + 1)) continue;  // no marks off the edge
        for (const dy of [-1, 1]) {
          const cx = x + dx * gap, cy = y + dy * gap;
          element('polyline', {points: `${cx + dx * arm},${cy} ${cx},${cy} ${cx},${cy + dy * arm}`, class: 'mark'}, grid);
        }
      }
    }
  }

  drawPieces(moved) {
    const layer = this.dynamic;
    layer.replaceChildren();
    if (this.lastMove) {
      for (const square of [this.lastMove.slice(0, 2), this.lastMove.slice(2, 4)]) this.drawCorners(layer, square);
    }
    if (this.checked) {
      const {x, y} = this.at(this.checked);
      element('circle', {cx: x, cy: y, r: PIECE_RADIUS + 12, fill: 'url(#check-glow)', class: 'check'}, layer);
    }
    for (const [square, letter] of this.pieces) {
      const {x, y} = this.at(square);
      const side = isRed(letter) ? 'red' : 'black';
      const group = element('g', {class: `piece ${side}${square === this.selected ? ' selected' : ''}`,
                                  'data-piece': letter, 'data-at': square, transform: `translate(${x} ${y})`}, layer);
      const body = element('g', {class: 'body'}, group);
      element('circle', {r: PIECE_RADIUS, class: 'face', filter: 'url(#piece-shadow)'}, body);
      element('circle', {r: PIECE_RADIUS - 4.5, class: 'ring'}, body);
      element('text', {class: 'glyph', y: 1}, body).textContent = pieceName(letter);
      if (moved && square === moved.slice(2, 4)) {
        // Slide in from where it came from (a moved piece is found by eye this way).
        const from = this.at(moved.slice(0, 2));
        body.animate([{transform: `translate(${from.x - x}px, ${from.y - y}px)`}, {transform: 'translate(0, 0)'}],
                     {duration: 160, easing: 'ease-out'});
      }
    }
    for (const square of this.targets) {
      const {x, y} = this.at(square);
      if (this.pieces.has(square)) element('circle', {cx: x, cy: y, r: PIECE_RADIUS + 2, class: 'hint capture'}, layer);
      else element('circle', {cx: x, cy: y, r: 7, class: 'hint'}, layer);
    }
    // The points, last, so they take every click.
    for (const file of FILES) {
      for (let rank = 0; rank <= 9; rank++) {
        const square = file + rank;
        const {x, y} = this.at(square);
        element('circle', {cx: x, cy: y, r: STEP / 2 - 1, class: 'point', 'data-square': square}, layer);
      }
    }
  }

  drawCorners(layer, square) {
    const {x, y} = this.at(square);
    const reach = PIECE_RADIUS + 3, arm = 9;
    for (const dx of [-1, 1]) {
      for (const dy of [-1, 1]) {
        const cx = x + dx * reach, cy = y + dy * reach;
        element('polyline', {points: `${cx - dx * arm},${cy} ${cx},${cy} ${cx},${cy - dy * arm}`, class: 'last-move'}, layer);
      }
    }
  }
}
