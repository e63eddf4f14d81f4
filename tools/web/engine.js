// engine.js — the page's one door to the Shuai engine (WebAssembly): loads it in the form the page can run
// and offers the same three calls either way: send(line) (one UCI/UCCI line), onLine(callback) (each line
// the engine prints), describe(request) (the engine's own rules: legal moves, notation, rulings; answered at
// once, never behind a search).
//
// Two forms (tools/web/build.sh builds both):
//   threads — wasm/shuai.js on the page's own thread. Its main() runs on a pthread of its own
//             (PROXY_TO_PTHREAD), so send() only queues a line and returns; `stop` interrupts a search. Needs
//             shared memory, i.e. a cross-origin isolated page (server.py sends the COOP/COEP headers).
//   single  — wasm-single/shuai-single.js inside single_worker.js, a Web Worker, so its searches (which run
//             to their limits inside one call) never block the page. `stop` cannot interrupt them: callers
//             use time-limited searches. describe() is then answered by a second instance on the page's
//             thread that never starts an engine session (noInitialRun), so it never waits for a search.
// The single form is chosen when the page is not cross-origin isolated, or when asked (?single=1).

// Where the engine's files are, relative to this file (server.py mounts the build folders there).
const THREADS_URL = new URL('wasm/', import.meta.url).href;
const SINGLE_URL = new URL('wasm-single/', import.meta.url).href;

// A classic script (emscripten's MODULARIZE output defines the global createShuai), added to the page once.
function loadClassicScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${url} (is the wasm engine built? bash tools/web/build.sh)`));
    document.head.append(script);
  });
}

class Engine {
  constructor(mode) {
    this.mode = mode;                      // 'threads' | 'single'
    this.canStop = mode === 'threads';     // whether `stop` can cut a running search short
    this.listeners = [];
    this.early = [];                       // lines printed before anyone listened
  }

  onLine(callback) {
    this.listeners.push(callback);
    for (const line of this.early.splice(0)) callback(line);
  }

  emit(line) {
    if (this.listeners.length === 0) this.early.push(line);
    else for (const listener of this.listeners) listener(line);
  }

  // The rules' answer as an object: {ok:true, start, fen, side, check, legal, moves, over} or {ok:false, error}.
  describe(request) {
    try {
      const pointer = this.rules.ccall('shuai_describe_position', 'number', ['string'], [request]);
      return JSON.parse(this.rules.UTF8ToString(pointer));
    } catch (error) {
      return {ok: false, error: `the engine could not answer: ${error.message || error}`};
    }
  }
}

class ThreadsEngine extends Engine {
  constructor() { super('threads'); }

  async load() {
    await loadClassicScript(THREADS_URL + 'shuai.js');
    this.module = await createShuai({  // eslint-disable-line no-undef -- defined by shuai.js
      arguments: [],
      // Called on the page's thread: every write of the engine's threads is proxied here.
      print: line => this.emit(line),
      printErr: line => console.warn('shuai:', line),
      locateFile: path => THREADS_URL + path,
      mainScriptUrlOrBlob: THREADS_URL + 'shuai.js',  // so emscripten's pthread workers find the script
    });
    this.rules = this.module;  // describe runs on the page's thread, beside the engine's own threads
  }

  send(line) {
    this.module.ccall('shuai_send_command', null, ['string'], [line]);
  }
}

class SingleEngine extends Engine {
  constructor() { super('single'); }

  async load() {
    this.worker = new Worker(new URL('single_worker.js', import.meta.url));
    const workerReady = new Promise((resolve, reject) => {
      this.worker.onmessage = event => {
        const data = event.data;
        if (data.line !== undefined) this.emit(data.line);
        else if (data.loaded) resolve();
        else if (data.error) reject(new Error(data.error));
      };
      this.worker.onerror = event => reject(new Error(event.message || 'the engine worker failed to start'));
    });
    this.worker.postMessage({base: SINGLE_URL});
    // The rules' instance on the page's thread: it never runs main(), so it never starts a session.
    await loadClassicScript(SINGLE_URL + 'shuai-single.js');
    this.rules = await createShuai({  // eslint-disable-line no-undef -- defined by shuai-single.js
      arguments: [],
      noInitialRun: true,
      print: line => console.log('shuai rules:', line),
      printErr: line => console.warn('shuai rules:', line),
      locateFile: path => SINGLE_URL + path,
    });
    await workerReady;
  }

  send(line) {
    this.worker.postMessage({line});
  }
}

// Loads the engine: threads when the page can have them and single is not asked for.
export async function loadEngine({single = false} = {}) {
  const engine = (!single && self.crossOriginIsolated === true) ? new ThreadsEngine() : new SingleEngine();
  await engine.load();
  return engine;
}
