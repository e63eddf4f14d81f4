// single_worker.js — a dedicated Web Worker running the one-thread engine (shuai-single.js) for a page that
// has no shared memory (not cross-origin isolated, or ?single=1). engine.js talks to it:
//   page -> worker: {base: URL of the wasm-single folder} once, then {line: "go movetime 1000"} per command;
//   worker -> page: {loaded: true} when the engine is up, {line} for each line it prints, {error} if it fails.
// Each command runs to its end inside shuai_send_command (a `go` returns after `bestmove`), so it must live
// here and not on the page's thread; the lines it prints are posted at once, so a search's progress still
// reaches the page while it runs.
'use strict';

let engine = null;
const waiting = [];  // lines sent before the engine was up, handed over in order

function send(line) {
  engine.ccall('shuai_send_command', null, ['string'], [line]);
}

function start(base) {
  importScripts(base + 'shuai-single.js');  // defines createShuai
  createShuai({
    arguments: [],
    print: line => postMessage({line}),
    printErr: line => console.warn('shuai:', line),
    locateFile: path => base + path,
  }).then(module => {
    engine = module;
    postMessage({loaded: true});
    for (const line of waiting.splice(0)) send(line);
  }, error => postMessage({error: `the engine failed to start: ${error.message || error}`}));
}

self.onmessage = event => {
  const data = event.data;
  if (data.base !== undefined) {
    try {
      start(data.base);
    } catch (error) {
      postMessage({error: `could not load the engine: ${error.message || error}`});
    }
  } else if (data.line !== undefined) {
    if (engine) send(data.line);
    else waiting.push(data.line);
  }
};
