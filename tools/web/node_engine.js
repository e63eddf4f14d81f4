#!/usr/bin/env node
// The wasm engine as a command-line program under Node: arguments as the native program's (`bench depth 6`),
// or, with none, protocol lines read from standard input and the engine's lines written to standard output.
// The tests compare it with the native program this way, and the README's speed comparison runs through it.
//   usage: node --no-experimental-fetch tools/web/node_engine.js build-wasm/bin/shuai.js [ARGUMENTS...]
// (emscripten 3.1.6's loader takes Node 18's fetch for a browser's, hence --no-experimental-fetch.)
'use strict';
const path = require('path');
const readline = require('readline');

const [modulePath, ...programArguments] = process.argv.slice(2);
if (!modulePath) {
  process.stderr.write('usage: node --no-experimental-fetch node_engine.js MODULE.js [ARGUMENTS...]\n');
  process.exit(2);
}
const createShuai = require(path.resolve(modulePath));
const threaded = !modulePath.endsWith('-single.js');

createShuai({
  arguments: programArguments,
  print: (line) => process.stdout.write(line + '\n'),
  printErr: (line) => process.stderr.write(line + '\n'),
}).then((engine) => {
  if (programArguments.length > 0) return;  // a subcommand: main() ran it (with threads, the exit ends Node)
  const send = (line) => engine.ccall('shuai_send_command', null, ['string'], [line]);
  const input = readline.createInterface({input: process.stdin, terminal: false});
  let quitting = false;
  const quit = () => {
    if (quitting) return;
    quitting = true;
    send('quit');
    // With threads the engine's exit ends Node; without, the call above has already answered everything.
    if (!threaded) process.exit(0);
  };
  input.on('line', (line) => (line.trim() === 'quit' ? quit() : send(line)));
  input.on('close', quit);
}, (error) => {
  process.stderr.write(`the wasm engine did not start: ${error}\n`);
  process.exit(1);
});
