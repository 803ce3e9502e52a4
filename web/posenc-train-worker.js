// PosEnc Lab's training worker: runs the experiment's engine (posenc_train.js + posenc_train.wasm, built
// from src/train/ by src/platform/train_worker.cpp) off the page's thread, so the figure keeps drawing
// while a model trains. web/posenc.js starts it the first time PosEnc.train() is called.
//
// Messages in:  {type: 'run', id, options}   options: {key: value} (validated by the engine's table)
//               {type: 'cancel', id}
// Messages out: {type: 'ready'} once the module is up
//               {type: 'progress', id, step, steps, loss, log: [{step, loss}]}  after every chunk
//               {type: 'result', id, result}  the result JSON, parsed (cancelled runs too)
//               {type: 'error', id, message}  refused options, or the engine failed
'use strict';
importScripts('posenc_train.js');

const CHUNK_MS = 50;  // steps run between looks at the message queue (a cancel is seen within this)
let engine = null;
const queue = [];
let running = null;   // {id, cancelled}

function call(name, args = []) {
  const types = args.map((a) => (typeof a === 'string' ? 'string' : 'number'));
  return engine.ccall(name, 'string', types, args);
}

function lines(options) {
  const out = [];
  for (const [key, value] of Object.entries(options || {})) out.push(`${key}=${String(value).replace(/\n/g, ' ')}`);
  return out.join('\n');
}

function next() {
  if (running || !engine || !queue.length) return;
  const { id, options } = queue.shift();
  const refused = call('posenc_train_begin', [lines(options)]);
  if (refused) { postMessage({ type: 'error', id, message: refused }); next(); return; }
  running = { id, cancelled: false, perChunk: 1 };
  setTimeout(work, 0);
}

function work() {
  const run = running;
  if (run.cancelled) return finish(run, true);
  const t0 = performance.now();
  const p = JSON.parse(call('posenc_train_chunk', [run.perChunk]));
  const dt = performance.now() - t0;
  // Aim each chunk at CHUNK_MS: a few steps for a large model, many for a small one.
  run.perChunk = Math.max(1, Math.min(1000, Math.round(run.perChunk * (dt > 0 ? CHUNK_MS / dt : 2))));
  postMessage({ type: 'progress', id: run.id, step: p.step, steps: p.steps, loss: p.loss, log: p.log });
  if (p.done) return finish(run, false);
  setTimeout(work, 0);
}

function finish(run, cancelled) {
  try {
    postMessage({ type: 'result', id: run.id, result: JSON.parse(call('posenc_train_finish', [cancelled ? 1 : 0])) });
  } catch (e) {
    postMessage({ type: 'error', id: run.id, message: String(e && e.message || e) });
  }
  running = null;
  next();
}

onmessage = (e) => {
  const m = e.data || {};
  if (m.type === 'run') { queue.push({ id: m.id, options: m.options }); next(); }
  else if (m.type === 'cancel') {
    if (running && (m.id === undefined || running.id === m.id)) running.cancelled = true;
    for (let i = queue.length - 1; i >= 0; i--) {
      if (m.id === undefined || queue[i].id === m.id) {
        postMessage({ type: 'error', id: queue[i].id, message: 'cancelled before it started' });
        queue.splice(i, 1);
      }
    }
  }
};

createPosEncTrain().then((m) => { engine = m; postMessage({ type: 'ready' }); next(); },
                         (e) => postMessage({ type: 'error', id: null, message: 'the training module did not load: ' + e }));
