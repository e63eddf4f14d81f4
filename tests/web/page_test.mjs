// page_test.mjs — drives the Shuai page (tools/web) in headless Chromium against a running server
// (tools/web/server.py) and checks what the page promises: it is cross-origin isolated, the engine (with
// threads) says it is ready, a move made by clicking two points is answered by a legal move, illegal clicks,
// clicks while the engine thinks and bad FENs (in the box and in the address) get a message and change nothing,
// take back works, a mate in one opened from the address ends in checkmate, a playing level set from the address
// still answers legally, analysis shows live lines (with the chances of their scores) without
// blocking the page, and the one-thread engine (?single=1) plays too. Saves a screenshot of an analysed
// position.
//   usage: node tests/web/page_test.mjs URL SCREENSHOT_PATH      (e.g. http://127.0.0.1:8765/ /tmp/page.png)
// Needs `npm ci` in tests/web (puppeteer-core, no browser download) and Debian's /usr/bin/chromium (or
// $CHROMIUM). Prints one `ok - ...` / `not ok - ...` line per check and a closing count; exits 1 on a failure.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

const [address, screenshotPath] = process.argv.slice(2);
if (!address || !screenshotPath) {
  console.error('usage: node page_test.mjs URL SCREENSHOT_PATH');
  process.exit(2);
}

const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
// positions/mates.epd: mate-1-01 (Red mates, a8e8) and mate-1-04 (Black mates, a1e1).
const RED_MATES = '2b1kn3/R8/6N2/9/2p6/9/6r2/4B2c1/4A4/3K1A3 w - - 0 1';
const BLACK_MATES = '3k1a3/4a4/4b2C1/6R2/9/2P6/9/6n2/r8/2B1KN3 b - - 0 1';

let passed = 0, failed = 0;
function report(ok, name, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok' : 'not ok'} - ${name}${!ok && detail ? ` (${detail})` : ''}`);
}

// One named check: `body` returns true, or a string saying what was wrong, or throws.
async function check(name, body) {
  try {
    const result = await body();
    report(result === true, name, result === true ? '' : String(result));
    return result === true;
  } catch (error) {
    report(false, name, (error && error.message || String(error)).split('\n')[0]);
    return false;
  }
}

const pageUrl = query => {
  const url = new URL(address);
  url.search = new URLSearchParams(query).toString();
  return url.href;
};

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-dev-shm-usage'],
});
const pageErrors = [];

async function open(query) {
  const page = await browser.newPage();
  await page.setViewport({width: 1280, height: 900});
  page.on('pageerror', error => pageErrors.push(error.message));
  page.on('console', message => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await page.goto(pageUrl(query), {waitUntil: 'load'});
  return page;
}

const state = page => page.evaluate(() => ({
  ...document.body.dataset,
  moves: document.getElementById('moves').textContent,
  message: document.getElementById('message').textContent,
  selected: document.querySelectorAll('#board .piece.selected').length,
}));
const waitEngine = (page, value, timeout = 30000) =>
  page.waitForFunction(v => document.body.dataset.engine === v, {timeout}, value);
const waitMoves = (page, count, timeout = 20000) =>
  page.waitForFunction(n => {
    const text = document.getElementById('moves').textContent.trim();
    return (text ? text.split(/\s+/).length : 0) >= n;
  }, {timeout}, count);
const click = (page, square) => page.click(`#board [data-square="${square}"]`);
const describe = (page, request) => page.evaluate(r => window.shuai.describe(r), request);

try {
  // --- A game against Shuai, threads. Long enough thinking (1.5 s) to click while it thinks; no book, so it
  // does think.
  const page = await open({movetime: '1500', book: '0'});
  await check('the page is cross-origin isolated', () => page.evaluate(() => self.crossOriginIsolated === true));
  const ready = await check('the engine says it is ready, running with threads', async () => {
    await waitEngine(page, 'ready');
    const s = await state(page);
    return s.engineMode === 'threads' && Number(s.threads) >= 1 || `engine mode ${s.engineMode}, threads ${s.threads}`;
  });
  if (ready) {
    await check('clicking h2 then e2 plays 炮二平五 and Shuai starts thinking', async () => {
      await click(page, 'h2');
      await click(page, 'e2');
      const s = await state(page);
      if (s.moves !== 'h2e2') return `#moves is '${s.moves}'`;
      return s.engine === 'thinking' || `data-engine is ${s.engine}`;
    });
    await check('a click while Shuai thinks gets a message and changes nothing', async () => {
      const before = await state(page);
      if (before.engine !== 'thinking') return 'Shuai was no longer thinking';
      await click(page, 'a0');
      const s = await state(page);
      if (!/thinking/i.test(s.message)) return `message: '${s.message}'`;
      return (s.moves === 'h2e2' && s.selected === 0 && s.fen === before.fen) || `moves '${s.moves}', selected ${s.selected}`;
    });
    await check('Shuai answers with a legal move', async () => {
      await waitMoves(page, 2);
      await waitEngine(page, 'ready');
      const moves = (await state(page)).moves.split(' ');
      const legal = (await describe(page, 'startpos moves h2e2')).legal;
      const whole = await describe(page, `startpos moves ${moves.join(' ')}`);
      return (moves.length === 2 && legal.includes(moves[1]) && whole.ok) || `moves ${moves.join(' ')}`;
    });
    await check('an illegal click (a rook jumping over a pawn, a0 to a5) is refused with a message', async () => {
      const before = await state(page);
      await click(page, 'a0');
      await click(page, 'a5');
      const s = await state(page);
      await click(page, 'a0');  // put the rook down again
      if (!/illegal/i.test(s.message)) return `message: '${s.message}'`;
      return (s.moves === before.moves && s.fen === before.fen) || `#moves became '${s.moves}'`;
    });
    await check('a bad FEN in the box gets a message and changes nothing', async () => {
      const before = await state(page);
      await page.$eval('#fen', input => { input.value = 'rnbakabnr/9/9 w - - 0 1'; });
      await page.click('#load-fen');
      const s = await state(page);
      if (!/FEN/.test(s.message) || s.message === before.message) return `message: '${s.message}'`;
      return (s.moves === before.moves && s.fen === before.fen && s.engine === 'ready') || `position changed to ${s.fen}`;
    });
    await check('take back returns to the start position', async () => {
      await page.click('#take-back');
      const s = await state(page);
      return (s.moves === '' && s.fen === START_FEN && s.turn === 'red' && s.engine === 'ready') ||
             `moves '${s.moves}', fen ${s.fen}, engine ${s.engine}`;
    });
    await check('the PGN has the Xiangqi tags and the moves in ICCS', async () => {
      await click(page, 'b0');
      await click(page, 'c2');
      await waitMoves(page, 2);
      const pgn = await page.evaluate(() => window.shuai.pgn());
      const moves = (await state(page)).moves.split(' ');
      const second = `${moves[1].slice(0, 2)}-${moves[1].slice(2)}`;
      return (pgn.includes('[Game "Chinese Chess"]') && pgn.includes('[Format "ICCS"]') &&
              pgn.includes(`1. b0-c2 ${second}`) && !pgn.includes('[FEN')) || pgn;
    });
  }
  await page.close();

  // --- A bad FEN in the address.
  await check('a bad FEN in the address gets a message and the start position', async () => {
    const page = await open({fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p w - - 0 1'});
    await waitEngine(page, 'ready');
    const s = await state(page);
    await page.close();
    if (!/FEN|position in the address/i.test(s.message)) return `message: '${s.message}'`;
    return (s.fen === START_FEN && s.moves === '' && s.result === undefined) || `fen ${s.fen}, moves '${s.moves}'`;
  });

  // --- Mates in one opened from the address: Shuai plays the side to move.
  for (const [fen, result, name] of [[RED_MATES, '1-0 checkmate', 'Red'], [BLACK_MATES, '0-1 checkmate', 'Black']]) {
    await check(`?fen= of a mate in one (${name} to move, Shuai) ends in checkmate`, async () => {
      const page = await open({fen, movetime: '300'});
      await page.waitForFunction(() => document.body.dataset.result, {timeout: 20000});
      const s = await state(page);
      await page.close();
      return (s.result === result && s.moves.split(' ').length === 1) || `result '${s.result}', moves '${s.moves}'`;
    });
  }

  // --- A playing level from the address: the chooser shows it, and Shuai at level 2 still answers a legal move.
  {
    const page = await open({level: '2', movetime: '300', book: '0'});
    await check('?level=2 sets the level chooser, and Shuai at level 2 answers a clicked move legally', async () => {
      await waitEngine(page, 'ready');
      const level = await page.$eval('#level', select => select.value);
      await click(page, 'h2');
      await click(page, 'e2');
      await waitMoves(page, 2);
      const moves = (await state(page)).moves.split(' ');
      const legal = (await describe(page, 'startpos moves h2e2')).legal;
      return (level === '2' && moves[0] === 'h2e2' && legal.includes(moves[1])) ||
             `level ${level}, moves ${moves.join(' ')}`;
    });
    await page.close();
  }

  // --- Analysis: live lines in Chinese notation and ICCS, three of them, the page never blocked; the screenshot.
  {
    const page = await open({mode: 'analysis', multipv: '3', moves: 'h2e2 h9g7 h0g2 i9h9 i0h0 b9c7'});
    await check('analysis shows live depth, score with its chances and three principal variations', async () => {
      await waitEngine(page, 'analysing');
      await page.waitForFunction(() => {
        const depth = document.querySelector('#analysis-lines .pv-line[data-multipv="1"] .pv-depth');
        return depth && Number(depth.textContent.match(/\d+/)[0]) >= 8 &&
               document.querySelectorAll('#analysis-lines .pv-line[data-multipv]').length === 3;
      }, {timeout: 20000});
      const line = await page.$eval('#analysis-lines .pv-line[data-multipv="1"]', li => ({
        score: li.querySelector('.pv-score').textContent, chinese: li.querySelector('.pv-chinese').textContent,
        iccs: li.querySelector('.pv-iccs').textContent,
        chances: (li.querySelector('.pv-chances') || {}).textContent || ''}));
      // The chances beside the score (UCI_ShowWDL): three percentages that add up to about 100.
      const percents = (line.chances.match(/^Red (\d+)% · draw (\d+)% · Black (\d+)%$/) || []).slice(1).map(Number);
      const total = percents.reduce((sum, value) => sum + value, 0);
      return (/^[+−-]?(\d+\.\d\d|M\d+)/.test(line.score) && /[进退平]/.test(line.chinese) &&
              /^([a-i]\d[a-i]\d ?)+( …)?$/.test(line.iccs) && percents.length === 3 && total >= 99 &&
              total <= 101) || JSON.stringify(line);
    });
    await check('the page stays responsive while the engine analyses', async () => {
      // The longest gap between 10 ms timers over a second on the page's thread.
      const gap = await page.evaluate(() => new Promise(resolve => {
        let last = performance.now(), worst = 0;
        const end = last + 1000;
        const step = () => {
          const now = performance.now();
          worst = Math.max(worst, now - last);
          last = now;
          if (now < end) setTimeout(step, 10);
          else resolve(worst);
        };
        setTimeout(step, 10);
      }));
      return gap < 250 || `a ${gap.toFixed(0)} ms gap`;
    });
    await check(`a screenshot is saved to ${screenshotPath}`, async () => {
      fs.mkdirSync(path.dirname(path.resolve(screenshotPath)), {recursive: true});
      await page.screenshot({path: screenshotPath});
      return fs.statSync(screenshotPath).size > 10000 || 'the file is tiny';
    });
    await page.close();
  }

  // --- The one-thread engine in a worker (what a page without cross-origin isolation gets).
  {
    const page = await open({single: '1', movetime: '300', book: '0'});
    await check('?single=1: the one-thread engine in a worker says it is ready', async () => {
      await waitEngine(page, 'ready');
      const s = await state(page);
      return (s.engineMode === 'single' && s.threads === '1') || `engine mode ${s.engineMode}, threads ${s.threads}`;
    });
    await check('?single=1: Shuai answers a clicked move with a legal move', async () => {
      await click(page, 'h2');
      await click(page, 'e2');
      await waitMoves(page, 2);
      const moves = (await state(page)).moves.split(' ');
      const legal = (await describe(page, 'startpos moves h2e2')).legal;
      return (moves[0] === 'h2e2' && legal.includes(moves[1])) || `moves ${moves.join(' ')}`;
    });
    await check('?single=1: analysis runs in slices and shows lines', async () => {
      await waitEngine(page, 'ready');
      await page.select('#mode', 'analysis');
      await page.waitForFunction(() => /analysing/.test(document.getElementById('analysis-summary').textContent) &&
                                       document.querySelectorAll('#analysis-lines .pv-line[data-multipv]').length === 3,
                                 {timeout: 20000});
      return (await state(page)).engine === 'analysing' || 'not analysing';
    });
    await page.close();
  }

  await check('no JavaScript errors on the page', () => pageErrors.length === 0 || pageErrors.join(' | '));
} catch (error) {
  report(false, 'the test ran to its end', error.message);
} finally {
  await browser.close();
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
