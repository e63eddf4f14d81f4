// The wasm engine against the native program, both builds (threads, and one thread for pages without
// cross-origin isolation), run under Node through tools/web/node_engine.js: the same bench node signature at
// depth 6, and the same answers, line for line, to UCCI and UCI sessions (searches in batch mode, so they are
// deterministic), but for times, speeds and the caps of the wasm build's options (hash and threads).
//   usage: node tests/web/wasm_engine_test.mjs NATIVE_SHUAI WASM_MODULE.js...
import {spawnSync} from 'node:child_process';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const [nativeProgram, ...wasmModules] = process.argv.slice(2);
if (!nativeProgram || wasmModules.length === 0) {
  console.error('usage: node wasm_engine_test.mjs NATIVE_SHUAI WASM_MODULE.js...');
  process.exit(2);
}
const nodeEngine = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tools', 'web', 'node_engine.js');

let failures = 0;
function check(condition, name, detail = '') {
  console.log(`${condition ? 'ok' : 'not ok'} - ${name}`);
  if (!condition) {
    failures++;
    if (detail) console.log(detail.replace(/^/gm, '#   '));
  }
}

function run(program, args, input = '') {
  const [command, commandArgs] = program.endsWith('.js')
      ? [process.execPath, ['--no-experimental-fetch', nodeEngine, program, ...args]]
      : [program, args];
  const result = spawnSync(command, commandArgs, {input, encoding: 'utf8', timeout: 120000});
  if (result.error) return `could not run ${program}: ${result.error.message}`;
  return result.stdout;
}

// What may differ between the builds: times and speeds, and the ranges of the options the page caps.
function normalised(output) {
  return output.split('\n')
      .map((line) => line.replace(/ time \d+/, ' time T').replace(/ nps \d+/, ' nps N'))
      .map((line) => /^option (hashsize|threads|name Hash|name Threads) /.test(line)
               ? line.replace(/ max \d+/, ' max M') : line)
      .map((line) => line.replace(/option (hashsize|Threads) takes a whole number from 0 to \d+/, 'option $1 takes CAP'))
      .filter((line) => !/^(Total time|Nodes\/second)/.test(line))
      .join('\n');
}

function firstDifference(expected, actual) {
  const a = expected.split('\n'), b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) return `line ${i + 1}:\n  native: ${a[i]}\n  wasm:   ${b[i]}`;
  return '';
}

const mateInOne = '2b1kn3/R8/6N2/9/2p6/9/6r2/4B2c1/4A4/3K1A3 w - - 0 1';  // positions/mates.epd, mate-1-01
const sessions = {
  'UCCI session': ['ucci', 'setoption batch true', 'isready', 'position startpos moves h2e2 h9g7', 'go depth 8',
                   `position fen ${mateInOne}`, 'go depth 4', 'setoption multipv 3', 'position startpos', 'go depth 6',
                   'banner', 'position fen 9/9/9 w', 'setoption hashsize lots', 'go depth 1', 'quit'],
  'UCI session': ['uci', 'isready', 'setoption name Threads value 99999', 'setoption name Hash value 8', 'isready',
                  'position startpos moves h2e2 h2e3', 'quit'],
};

const nativeBench = normalised(run(nativeProgram, ['bench', 'depth', '6']));
const signature = (nativeBench.match(/Nodes searched\s*:\s*(\d+)/) || [])[1];
check(signature !== undefined, `the native bench prints its node signature (${signature})`);
const nativeSessions = Object.fromEntries(
    Object.entries(sessions).map(([name, lines]) => [name, normalised(run(nativeProgram, [], lines.join('\n') + '\n'))]));

for (const module of wasmModules) {
  const build = module.endsWith('-single.js') ? 'one-thread build' : 'threaded build';
  const bench = normalised(run(module, ['bench', 'depth', '6']));
  const wasmSignature = (bench.match(/Nodes searched\s*:\s*(\d+)/) || [])[1];
  check(wasmSignature === signature, `${build}: bench depth 6 signature ${wasmSignature} = native ${signature}`,
        firstDifference(nativeBench, bench));
  const caps = run(module, [], 'uci\nquit\n');
  const threadCap = build === 'threaded build' ? 16 : 1;
  check(caps.includes('option name Hash type spin default 64 min 0 max 1024') &&
            caps.includes(`option name Threads type spin default 1 min 0 max ${threadCap}`),
        `${build}: Hash capped at 1024 MB and Threads at ${threadCap}`, caps);
  for (const [name, lines] of Object.entries(sessions)) {
    const answer = normalised(run(module, [], lines.join('\n') + '\n'));
    const lastLine = answer.trim().split('\n').pop();
    check(answer === nativeSessions[name] && answer.includes(name.startsWith('UCCI') ? 'ucciok' : 'uciok'),
          `${build}: ${name} answered as the native program does (${answer.split('\n').length} lines, the last '${lastLine}')`,
          firstDifference(nativeSessions[name], answer));
  }
}

// Two search threads in the threaded build (Web Workers under Node): a deeper search ends with a legal move.
const threaded = wasmModules.find((module) => !module.endsWith('-single.js'));
if (threaded) {
  const answer = run(threaded, [], ['ucci', 'setoption threads 2', 'setoption batch true', 'position startpos moves h2e2',
                                    'go depth 11', 'quit'].join('\n') + '\n');
  const best = (answer.match(/^bestmove (\S+)/m) || [])[1];
  const legal = run(nativeProgram, ['perft', '1', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1']);
  check(best !== undefined && new RegExp(`^${best}: 1$`, 'm').test(legal),
        `threaded build: two threads search to depth 11 and answer a legal move (${best})`, answer);
}
process.exit(failures === 0 ? 0 : 1);
