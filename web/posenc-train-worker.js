// PosEnc Lab's training worker: runs the experiment's engine (posenc_train.js + posenc_train.wasm, built
// from src/train/ by src/platform/train_worker.cpp) off the page's thread, so the figure keeps drawing
// while a model trains. web/posenc.js starts it the first time a run is asked for.
//
// It only passes messages: the queue, cancelling, chunking, progress and result texts are the engine's
// (train::Service, src/train/service.hpp). It trains one chunk at a time and yields to its message queue
// between chunks, so a cancel is read within one chunk.
//
// Messages in:  {type: 'run', id, lines}    lines: the options as "key=value" lines (the engine's keys)
//               {type: 'cancel', id?}       that run, or every run without an id
// Messages out: {type: 'ready'} once the module is up
//               {type: 'progress' | 'result' | 'error', id, text}   the engine's text, unparsed:
//                 progress JSON, the result JSON, or a message; id null: the module did not load
'use strict';
importScripts('posenc_train.js');

let engine = null;
const early = [];  // messages that came before the module was up, in order

const call = (name, ret, args = []) =>
  engine.ccall(name, ret, args.map((a) => (typeof a === 'string' ? 'string' : 'number')), args);

// A chunk after the messages already waiting: a MessageChannel message, not setTimeout (which waits at
// least 4 ms once nested, a third of a chunk).
const tick = new MessageChannel();
let scheduled = false;
function schedule() {
  if (!scheduled) { scheduled = true; tick.port2.postMessage(0); }
}
tick.port1.onmessage = () => {
  scheduled = false;
  const n = call('posenc_train_step', 'number');
  for (let i = 0; i < n; i++) {
    postMessage({ type: call('posenc_train_message_kind', 'string', [i]), id: call('posenc_train_message_id', 'number', [i]),
                  text: call('posenc_train_message_text', 'string', [i]) });
  }
  if (call('posenc_train_busy', 'number')) schedule();
};

function handle(m) {
  if (m.type === 'run') call('posenc_train_submit', null, [m.id, String(m.lines)]);
  else if (m.type === 'cancel') {
    if (m.id === undefined) call('posenc_train_cancel_all', null);
    else call('posenc_train_cancel', null, [m.id]);
  } else return;
  schedule();
}

onmessage = (e) => {
  const m = e.data || {};
  if (engine) handle(m); else early.push(m);
};

createPosEncTrain().then((m) => { engine = m; postMessage({ type: 'ready' }); early.splice(0).forEach(handle); },
                         (e) => postMessage({ type: 'error', id: null, text: 'the training module did not load: ' + e }));
