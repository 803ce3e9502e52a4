// PosEnc Lab page API: boots the wasm module on #canvas and exposes window.PosEnc.
//
//   PosEnc.ready                      Promise, resolves once the first frame is drawn
//   PosEnc.getState()                 the state: one key per row of PosEnc.schema()
//   PosEnc.setState(partial)          validates and applies; returns the state plus `rejected`:
//                                     [{key, value, reason}] for each field that was not applied
//   PosEnc.encoding(pos, d, base?)    Float64Array of the d values of PE(pos)
//   PosEnc.dot(pos, k, d, base?)      PE(pos) . PE(pos + k)
//   PosEnc.period(pair, d, base?)     period of pair `pair`, in positions
//   PosEnc.dimensionRanges(n, d, base?)  Float64Array of the d ranges (max minus min) of each
//                                     dimension over positions 0..n-1 (n as the `n` row of PosEnc.schema() allows)
//   PosEnc.rope(q, k, m, n, base?, {layout}?)  RoPE score: q turned for position m dotted with k turned for n
//                                     (arrays or typed arrays of numbers, of equal length, even, up to the `d` limit;
//                                     layout 'interleaved' (default): pair i = (x[2i], x[2i+1]); 'half': pair i =
//                                     (x[i], x[i+d/2]), the rotate_half code; either turned by p*w_i, w_i = base^(-2i/d))
//   PosEnc.ropeAngles(pos, d, {base, scaling}?)  Float64Array of the d/2 angles pos*w_i; scaling absent or
//                                     {type: 'none' | 'linear' | 'ntk' | 'yarn', factor, originalLength (yarn),
//                                     betaFast = 32, betaSlow = 1 (yarn)}: linear w_i/s, ntk base*s^(d/(d-2)),
//                                     yarn the blend (1 - ramp_i) w_i + ramp_i w_i/s of the YaRN reference code
//   PosEnc.ropeAttentionFactor(factor)  YaRN's attention temperature 0.1 ln(factor) + 1 (factor >= 1)
//   PosEnc.alibiSlopes(heads)         Float64Array of the ALiBi paper's head slopes (2^(-8/H) geometric; its
//                                     rule for head counts that are not a power of two), heads 1..1024
//   PosEnc.t5Bucket(relativePosition, {bidirectional = true, numBuckets = 32, maxDistance = 128}?)
//                                     T5's relative-position bucket; relativePosition = key pos - query pos
//   PosEnc.on('change', fn)           fn(state) after every state change; returns an unsubscribe function
//   PosEnc.on('train', fn)            fn({id, step, steps, loss, log}) as a training run goes
//   PosEnc.on('answer', fn)           fn({question, step, kind, choice, response, correct, tries}) for each answer
//                                     the student gives to a tour question (question: its id, from the step's title;
//                                     choice: the 1-based choice, or the value checked; tries: this one included)
//   PosEnc.progress()                 the student's score over the tour's questions: {questions, right, firstTry,
//                                     shown, untried, score (0..100), completed, steps, stepsSeen, items: [...]}
//   PosEnc.train(options)             Promise of {config, steps, cancelled, ms, loss, accuracy, attention,
//                                     relative, ablation}: trains the experiment's model in a Web Worker
//                                     (options and defaults: README "The experiment"); rejects with the
//                                     engine's message for a refused option
//   PosEnc.cancelTraining()           stops the runs asked for (a running one resolves, cancelled: true)
//   PosEnc.table(n, d, base?)         Float64Array of n*d values, PE(p) for p = 0..n-1 row after row (fast
//                                     path: the shift-by-one rotation, re-anchored every 64 rows; |error|
//                                     against sin/cos at most 1e-13 + |w p| 2^-52)
//   PosEnc.stats()                    {frames, frameMsMedian, frameMsP95, heapBytes, usedBytes}: CPU time per
//                                     drawn frame (input to the end of draw-list building), newest 1024
//                                     frames; the wasm memory's size and the bytes malloc has in use
//   PosEnc.resetStats()               start a clean frame-time measurement
//   PosEnc.exportFile(kind)           download 'png' | 'figure' | 'svg' | 'csv' | 'numpy' | 'pytorch' for the
//                                     current state ('figure': the view alone, without the sidebar), or
//                                     'results-json' | 'results-csv': the experiment view's runs
//   PosEnc.exportText(kind)           the text of 'svg' | 'csv' | 'numpy' | 'pytorch' | 'results-json' |
//                                     'results-csv' without downloading
//   PosEnc.exportImage(kind)          Promise of a PNG Blob: 'png' (the canvas) or 'figure', after the next frame
//   PosEnc.timing.firstFrameMs        ms from navigation to the first drawn frame
//   PosEnc.timing.startup             [{step, ms}]: the steps from the runtime's start to the first frame
//   PosEnc.link()                     the URL that opens this page in the current state (defaults left out)
//   PosEnc.describe()                 plain-text description of the view and its key numbers
//   PosEnc.animate(key, {to, seconds})  moves a number setting (a number row of PosEnc.schema()) smoothly to `to`
//                                     at the display rate; Promise of the state when it arrives (at once
//                                     if the figure is hidden or the move is replaced by another)
//   PosEnc.views()                    [{id, label, title, summary, tourSteps}] in tab order (the lesson registry)
//   PosEnc.schema()                   [{key, kind, min, max, default, meaning, allowed, choices?}] (the settings table)
// `base` defaults to the `base` row's default. Invalid arguments throw a RangeError/TypeError naming the parameter.
// ropeAngles, ropeAttentionFactor, alibiSlopes, t5Bucket and rope's options are checked on the C++ side only
// (names, types, limits, defaults: src/platform/web_api.cpp); any invalid argument there is a RangeError.
//
// The page around the canvas (this file, after the API):
//   - the URL's query is the state: handed as it is to posenc_load, which validates it, applies it and
//     splits off the page-level keys `embed` and `origins` (rejections listed in a text-only notice);
//     the address bar is kept current with history.replaceState (throttled, defaults left out). This
//     file keeps no copy of a key, a limit or a default: the wasm side owns them all;
//   - embed mode (?embed=1): no HTML chrome, and a postMessage endpoint for web/posenc-embed.js that
//     answers trusted origins only (the parent's, or the `origins=` list); protocol in README.md;
//   - the frame loop stops while the canvas is off-screen or the tab is hidden;
//   - prefers-reduced-motion starts paused; #describe holds a text alternative for screen readers.
(function () {
  'use strict';
  // The module's download starts first, before anything else here runs (the WebGL2 probe, the API), so
  // that it overlaps them; instantiateWasm below compiles it as it streams in. Not in the single-file
  // build, which carries the wasm inline.
  // A split page (README "Lessons on demand"): the shell with the one lesson the link opens
  // (lessons/<id>.wasm), asked for by posenc-poster.js, which knows that lesson, before the page's
  // scripts; the other lessons (lessons/<id>.rest.wasm) after the first frame. Without it (a view the
  // posters do not know, the single-file build), or if the host has no lessons/ folder, the whole
  // module, posenc_app.wasm.
  const scriptSrc = document.currentScript ? document.currentScript.src : location.href;
  const split = typeof WebAssembly === 'object' && !window.POSENC_WASM_BINARY && self.PosEncSplit ? self.PosEncSplit : null;
  const wholeModule = () => fetch(new URL('posenc_app.wasm', scriptSrc), { credentials: 'same-origin' });
  let splitUsed = false;  // the lesson's module arrived and was started (else the whole module was)
  let primaryExports = null;
  const wasmResponse = typeof WebAssembly !== 'object' || window.POSENC_WASM_BINARY || !document.currentScript ? null
    : split ? split.first.then((r) => (r.ok ? (splitUsed = true, r) : wholeModule()), wholeModule) : wholeModule();
  // The lessons' texts (the module is built with their titles only): the lesson's own with its module
  // (asked for by posenc-poster.js), every lesson's with the whole module, here before main() runs
  // (instantiateWasm waits for them); the single-file build carries them inline.
  const textUrl = (name) => new URL('text/' + name + '.txt', scriptSrc);
  const fetchText = (response) => response.then((r) => {
    if (!r.ok) throw new Error('HTTP ' + r.status + ' for ' + new URL(r.url || 'x', location.href).pathname.split('/').slice(-2).join('/'));
    return r.text();
  });
  const allTexts = () => fetchText(fetch(textUrl('lessons'), { credentials: 'same-origin' }));
  let allTextsHere = false;  // every lesson's text was added (no need to fetch them with the rest)
  const startTexts = window.POSENC_TEXTS && window.POSENC_TEXTS.lessons ? Promise.resolve(window.POSENC_TEXTS.lessons)
    : typeof WebAssembly !== 'object' ? null
    : !wasmResponse ? allTexts()  // the glue fetches the whole module itself: added when they come
    : wasmResponse.then(() => (splitUsed ? fetchText(split.text).catch(() => allTexts().then((t) => { startAll = true; return t; })) : allTexts()));
  let startText = null;  // what startTexts brought, added in onRuntimeInitialized
  let startAll = !split || !!window.POSENC_TEXTS;  // whether they are every lesson's (else the view's own)
  if (startTexts) startTexts.then((t) => { startText = t; }, () => {});
  function addStartTexts() {
    if (startText === null) {  // not here yet (only without instantiateWasm): the lessons show their titles until then
      if (startTexts) startTexts.then(() => { addStartTexts(); if (mod) mod._posenc_wake(); },
        (err) => console.error('PosEnc Lab: the lessons\' texts could not be fetched (' + err.message + ')'));
      return;
    }
    withString(runtime, startText, (p) => runtime._posenc_add_texts(p));
    if (startAll || !splitUsed) allTextsHere = true;
  }
  const status = document.getElementById('status');
  const canvas = document.getElementById('canvas');
  const listeners = new Set();
  const answerListeners = new Set();  // PosEnc.on('answer')
  let mod = null;       // the module, once the first frame is drawn (the public API needs it)
  let runtime = null;   // the module, as soon as its runtime is up (before main and the first frame)
  let lastJson = '';    // the last state seen, to tell real changes from repeats
  let resolveReady, rejectReady;
  const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
  ready.catch(() => {});  // no WebGL2 etc. is shown in #status: not an uncaught error when nobody awaits ready

  function showStatus(text, isError) {
    status.textContent = text;  // text only: nothing from outside is ever inserted as HTML
    status.classList.toggle('error', !!isError);
    status.hidden = false;
    // Without a running module there is no state to link to: the page shows only the message.
    const copy = document.getElementById('copy-link');
    if (isError && copy) copy.hidden = true;
  }

  // startup: the steps from the runtime's start to the first frame ({step, ms} on the page's clock):
  // runtime (the wasm instantiated), main, sdl, webgl, imgui, fonts (the atlas built and uploaded),
  // frame (the app's first frame built), drawn (rendered); mirror: the HTML text mirror filled.
  const timing = { firstFrameMs: null, startup: [] };
  const mark = (step) => { timing.startup.push({ step, ms: performance.now() }); };

  // PosEnc.animate's promises by id, resolved with the state when the move ends (or is replaced).
  const animations = new Map();
  function animationDone(id) {
    const resolve = animations.get(id);
    if (!resolve) return;
    animations.delete(id);
    resolve(getState());
  }

  // An n-by-d table (positions 0..n-1), filled chunk by chunk so the wasm heap stays small.
  function table(direct, n, d, base) {
    num('n', n); num('d', d); num('base', base);
    const m = need();
    const err = m.UTF8ToString(invoke(m, 'posenc_table_check', [n, d, base]));
    if (err) throw new RangeError(err);
    const out = new Float64Array(n * d);
    for (let first = 0; first < n;) {
      const err = m.UTF8ToString(invoke(m, 'posenc_table_chunk', [first, n, d, base, direct ? 1 : 0]));
      if (err) throw new RangeError(err);
      const len = m._posenc_out_len();  // whole rows, at least one
      out.set(new Float64Array(m.HEAPF64.buffer, m._posenc_out_ptr(), len), first * d);  // no intermediate copy
      first += len / d;
    }
    return out;
  }

  function need() {
    if (!mod) throw new Error('PosEnc is not ready yet: await PosEnc.ready first');
    return mod;
  }

  function num(name, v) {
    if (typeof v !== 'number') throw new TypeError(name + ' must be a number (got ' + typeof v + ')');
    return v;
  }

  // An Array of numbers or a numeric typed array, as a Float64Array; anything else is a TypeError.
  function vec(name, v) {
    if (ArrayBuffer.isView(v) && !(v instanceof DataView) && !(v instanceof BigInt64Array) && !(v instanceof BigUint64Array))
      return Float64Array.from(v);
    if (!Array.isArray(v))
      throw new TypeError(name + ' must be an array or typed array of numbers (got ' + (v === null ? 'null' : typeof v) + ')');
    for (let i = 0; i < v.length; i++)
      if (typeof v[i] !== 'number') throw new TypeError(name + '[' + i + '] must be a number (got ' + typeof v[i] + ')');
    return Float64Array.from(v);
  }

  // A computing call's code, on a split page, arrives with the rest of the lessons (README "Lessons on
  // demand"); until then its slot holds a placeholder, and the call is refused with what to do, or why.
  function invoke(m, fn, args) {
    try {
      return m['_' + fn](...args);
    } catch (e) {
      if (!(e && e.posencNotHere)) throw e;
      throw new Error(restFailure ? 'PosEnc Lab: the code of this call could not be loaded (' + restFailure + ')'
        : 'PosEnc is not ready yet: await PosEnc.ready first');
    }
  }
  // Calls a wasm compute function; throws its reason on failure, else returns its result (a copy).
  function call(m, fn, args) {
    const err = m.UTF8ToString(invoke(m, fn, args));
    if (err) throw new RangeError(err);
    return new Float64Array(m.HEAPF64.buffer, m._posenc_out_ptr(), m._posenc_out_len()).slice();
  }
  function compute(fn, args) { return call(need(), fn, args); }
  // A test or benchmark hook of the app's by name (src/shell/hooks.hpp), with up to five numbers.
  function hook(name, args = []) {
    const m = need();
    const a = [0, 1, 2, 3, 4].map((i) => (i < args.length ? args[i] : 0));
    return withString(m, name, (p) => call(m, 'posenc_hook', [p, ...a]));
  }

  // The arguments of the calls checked wholly on the C++ side, as one text (src/platform/web_api.cpp reads
  // it): name=value pairs, each value tagged with its JS type (n number, s string, b boolean, o plain
  // object, t any other type's name). `options`, when given, is sent as the entry "options" and its own
  // keys by their bare names; plain objects among them by "key.inner". Undefined values are not sent.
  // This knows no name, limit or default.
  function argText(positional, options) {
    const parts = [];
    const plain = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) &&
      (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);
    const add = (name, v, children) => {
      if (v === undefined) return;
      let tagged;
      if (typeof v === 'number') tagged = 'n' + String(v);
      else if (typeof v === 'string') tagged = 's' + v;
      else if (typeof v === 'boolean') tagged = v ? 'b1' : 'b0';
      else if (plain(v)) tagged = 'o';
      else tagged = 't' + (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
      parts.push(encodeURIComponent(name) + '=' + encodeURIComponent(tagged));
      if (tagged === 'o' && children) for (const key of Object.keys(v)) children(key, v[key]);
    };
    for (const [name, v] of positional) add(name, v, null);
    add('options', options, (key, v) => add(key, v, (inner, w) => add(key + '.' + inner, w, null)));
    return parts.join('&');
  }
  function computeArgs(fn, positional, options) {
    const m = need();
    return withString(m, argText(positional, options), (p) => call(m, fn, [p]));
  }

  function withString(m, text, fn) {
    const len = m.lengthBytesUTF8(text) + 1;
    const ptr = m._posenc_alloc(len);
    try {
      m.stringToUTF8(text, ptr, len);
      return fn(ptr);
    } finally {
      m._posenc_free(ptr);
    }
  }

  function getState() { return getStateOn(need()); }
  function setState(partial) { return setStateOn(need(), partial); }

  // The same on a module whose runtime is up (the embed answers before the first frame).
  function getStateOn(m) {
    return JSON.parse(m.UTF8ToString(m._posenc_get_state()));
  }

  function setStateOn(m, partial) {
    if (typeof partial !== 'object' || partial === null || Array.isArray(partial))
      throw new TypeError('setState takes a plain object, e.g. {d: 64, k: 37}');
    const parts = [];
    const early = [];
    for (const key of Object.keys(partial)) {
      const v = partial[key];
      if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') {
        // JSON-style numbers keep NaN/Infinity distinguishable for the C++ validator.
        parts.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(v)));
      } else {
        early.push({ key: String(key).slice(0, 40), value: typeof v,
                     reason: key + ' must be a number, string or boolean' });
      }
    }
    const reply = applyQuery(m, parts.join('&'));
    return Object.assign(reply.state, { rejected: early.concat(reply.rejected) });
  }

  // The one way in from JS: posenc_set_state (C++ validates every field). Returns {state, rejected}.
  function applyQuery(m, query) {
    const reply = JSON.parse(withString(m, query, (p) => m.UTF8ToString(m._posenc_set_state(p))));
    noteState(m.UTF8ToString(m._posenc_get_state()));
    return reply;
  }

  // The state as a query string, default values left out (`view` always).
  function linkQuery(m) { return m.UTF8ToString(m._posenc_link_query()); }

  function link() { return linkOn(need()); }
  function linkOn(m) {
    const q = linkQuery(m);
    return location.origin + location.pathname + (q ? '?' + q : '');
  }

  function exportTextOn(m, kind) {
    const err = withString(m, String(kind), (p) => m.UTF8ToString(m._posenc_export_text(p)));
    if (err) throw new RangeError(err);
    return m.UTF8ToString(m._posenc_text_result());
  }

  function json(fn) { const m = need(); return JSON.parse(m.UTF8ToString(m['_' + fn]())); }
  // `base` when a call leaves it out: the settings table's default.
  let baseDefault = null;
  function defaultBase() {
    if (baseDefault === null) baseDefault = json('posenc_schema').find((row) => row.key === 'base').default;
    return baseDefault;
  }

  const PosEnc = {
    ready,
    getState,
    setState,
    encoding(pos, d, base = defaultBase()) {
      num('pos', pos); num('d', d); num('base', base);
      return compute('posenc_encoding', [pos, d, base]);
    },
    dot(pos, k, d, base = defaultBase()) {
      num('pos', pos); num('k', k); num('d', d); num('base', base);
      return compute('posenc_dot', [pos, k, d, base])[0];
    },
    period(pair, d, base = defaultBase()) {
      num('pair', pair); num('d', d); num('base', base);
      return compute('posenc_period', [pair, d, base])[0];
    },
    dimensionRanges(n, d, base = defaultBase()) {
      num('n', n); num('d', d); num('base', base);
      return compute('posenc_dimension_ranges', [n, d, base]);
    },
    rope(q, k, m, n, base = defaultBase(), options = undefined) {
      const qa = vec('q', q), ka = vec('k', k);
      num('m', m); num('n', n); num('base', base);
      const wasm = need();
      // The lengths first, so only vectors of an allowed length are copied into the wasm heap.
      const err = wasm.UTF8ToString(invoke(wasm, 'posenc_rope_lengths', [qa.length, ka.length]));
      if (err) throw new RangeError(err);
      const ptr = wasm._posenc_alloc(8 * (qa.length + ka.length));
      if (!ptr) throw new RangeError('not enough memory for q and k');
      try {
        wasm.HEAPF64.set(qa, ptr / 8);  // HEAPF64 read after the allocation, which may have grown memory
        wasm.HEAPF64.set(ka, ptr / 8 + qa.length);
        return withString(wasm, argText([], options),
          (opt) => call(wasm, 'posenc_rope', [ptr, ptr + 8 * qa.length, qa.length, m, n, base, opt])[0]);
      } finally {
        wasm._posenc_free(ptr);
      }
    },
    ropeAngles(pos, d, options) { return computeArgs('posenc_rope_angles', [['pos', pos], ['d', d]], options); },
    ropeAttentionFactor(factor) { return computeArgs('posenc_rope_attention_factor', [['factor', factor]])[0]; },
    alibiSlopes(heads) { return computeArgs('posenc_alibi_slopes', [['heads', heads]]); },
    t5Bucket(relativePosition, options) {
      return computeArgs('posenc_t5_bucket', [['relativePosition', relativePosition]], options)[0];
    },
    table(n, d, base = defaultBase()) { return table(false, n, d, base); },
    stats() {
      const [frames, frameMsMedian, frameMsP95, heapBytes, usedBytes] = compute('posenc_stats_out', []);
      return { frames, frameMsMedian, frameMsP95, heapBytes, usedBytes };
    },
    resetStats() { need()._posenc_stats_reset(); },
    exportFile(kind) {
      const m = need();
      const err = withString(m, String(kind), (p) => m.UTF8ToString(m._posenc_request_export(p)));
      if (err) throw new RangeError(err);
    },
    exportText(kind) { return exportTextOn(need(), kind); },
    // A PNG Blob of the next drawn frame: 'png' the canvas, 'figure' the figure alone. The wasm side
    // hands it to the oldest waiter (src/platform/export_io.cpp).
    exportImage(kind) {
      return new Promise((resolve, reject) => {
        const m = need();
        const err = withString(m, String(kind), (p) => m.UTF8ToString(m._posenc_request_image(p)));
        if (err) throw new RangeError(err);
        if (!m.posencImageWaiters) m.posencImageWaiters = [];
        m.posencImageWaiters.push({ resolve, reject });
      });
    },
    progress() { return json('posenc_progress'); },
    views() { return json('posenc_views'); },
    schema() { return json('posenc_schema'); },
    timing,
    // ---- benchmark hooks for scripts/bench.mjs (not part of the public API) ----
    _tableDirect(n, d, base = defaultBase()) { return table(true, n, d, base); },
    _similarityKmax(kmax) { num('kmax', kmax); hook('similarity.kmax', [kmax]); },
    // ---- test hook: the figure's controls by name, in CSS pixels of the page (not part of the public API) ----
    // ---- test hook: where the keyboard's ring is, {label, region, index} (not part of the public API) ----
    _focused() { return json('posenc_focus_where'); },
    _controls() {
      const box = canvas.getBoundingClientRect();
      return json('posenc_controls').map((c) => ({ label: c.label, region: c.region, x: box.left + (c.x0 + c.x1) / 2, y: box.top + (c.y0 + c.y1) / 2,
        x0: box.left + c.x0, y0: box.top + c.y0, x1: box.left + c.x1, y1: box.top + c.y1 }));
    },
    // ---- debug hooks for tests/browser/test_heatmap.mjs (not part of the public API) ----
    // Where the heatmap was drawn last frame, in CSS pixels of the page, and its window; null until drawn.
    _heatmapRect() {
      const r = hook('heatmap.rect');
      if (!r.length) return null;
      const [x, y, w, h, pos0, positions, dim0, dims] = r;
      const box = canvas.getBoundingClientRect();
      return { x: x + box.left, y: y + box.top, w, h, pos0, positions, dim0, dims };
    },
    // Sets the heatmap window {pos0, positions, dim0, dims, naive}; the view clamps it as the UI does.
    _heatmapWindow({ pos0 = 0, positions = 64, dim0 = 0, dims = 512, naive = false } = {}) {
      num('pos0', pos0); num('positions', positions); num('dim0', dim0); num('dims', dims);
      hook('heatmap.window', [pos0, positions, dim0, dims, naive ? 1 : 0]);
    },
    on(event, fn) {
      if ((event !== 'change' && event !== 'train' && event !== 'answer') || typeof fn !== 'function')
        throw new TypeError("on() takes ('change', 'train' or 'answer', function)");
      const set = event === 'train' ? trainListeners : event === 'answer' ? answerListeners : listeners;
      set.add(fn);
      return () => set.delete(fn);
    },
    train(options = {}) { return train(options); },
    cancelTraining() { if (trainWorker) trainWorker.postMessage({ type: 'cancel' }); },
    link,
    describe() { const m = need(); return m.UTF8ToString(m._posenc_describe()); },
    animate(key, options = {}) {
      if (typeof key !== 'string') return Promise.reject(new TypeError('animate takes a key name, e.g. animate(\'k\', {to: 37, seconds: 2})'));
      if (typeof options !== 'object' || options === null) return Promise.reject(new TypeError('animate options must be {to, seconds}'));
      const { to, seconds = 1 } = options;
      if (typeof to !== 'number' || typeof seconds !== 'number')
        return Promise.reject(new TypeError('animate needs numbers: {to: number, seconds: number}'));
      const m = need();
      const err = withString(m, key, (p) => m.UTF8ToString(m._posenc_animate(p, to, seconds)));
      if (err) return Promise.reject(new RangeError(err));
      const [id, replaced] = new Float64Array(m.HEAPF64.buffer, m._posenc_out_ptr(), 2);
      animationDone(replaced);  // a move that this one replaces ends where it was
      return new Promise((resolve) => animations.set(id, resolve));
    },
    // ---- debug hooks for tests/browser/test_embed.mjs (not part of the public API) ----
    // Frames drawn since load (0 more while paused and untouched, or while off-screen).
    _framesDrawn() { return need()._posenc_frames_drawn(); },
    // True while the frame loop is stopped because the canvas is off-screen or the tab hidden.
    _loopPaused() { return need()._posenc_loop_paused() === 1; },
  };
  window.PosEnc = Object.freeze(PosEnc);

  // The probe is the page's own context: made on the canvas now, while the module downloads, with the
  // attributes SDL2 asks for (src/platform/main.cpp sets none of them, so SDL's defaults: no alpha, a
  // depth buffer, no stencil, no antialias; the rest WebGL's), so that SDL_GL_CreateContext later gets
  // this one back from getContext instead of making it then (329-347 ms of the start under a 4x CPU
  // slowdown, README "A phone on mobile data"). tests/browser/test_frame_clears.mjs pins the attributes.
  const GL_ATTRIBUTES = { alpha: false, depth: true, stencil: false, antialias: false, premultipliedAlpha: true,
                          preserveDrawingBuffer: false, powerPreference: 'default', failIfMajorPerformanceCaveat: false };
  function hasWebGL2() {
    try { return !!canvas.getContext('webgl2', GL_ATTRIBUTES); } catch (e) { return false; }
  }

  // Without WebAssembly or WebGL2 the page says so and does not start drawing, but still answers an
  // embedding page (the embed section below replies {type: 'error'} once `ready` has rejected). Without
  // WebGL2 the module's runtime still starts (not its main()), to read the URL's embed keys.
  const noWasm = typeof WebAssembly !== 'object';
  const noGL = !noWasm && !hasWebGL2();
  if (noWasm) {
    showStatus('PosEnc Lab needs WebAssembly, which this browser does not offer. Try a current Firefox, Chrome, Edge or Safari.', true);
    rejectReady(new Error('no WebAssembly'));
  } else if (noGL) {
    showStatus('PosEnc Lab draws with WebGL2, which is switched off or unavailable in this browser. ' +
               'Try enabling hardware acceleration in the browser settings, or open the page in a current Firefox, Chrome, Edge or Safari.', true);
    rejectReady(new Error('no WebGL2'));
  }

  // ---- [SECTION] page-level URL keys (embed, origins): posenc_load splits them off and reports them ----
  let embed = false;        // embed mode (`embed=1`)
  let allowList = null;     // the `origins=` list, or null without one
  let pageQuery = '';       // the page-level parts of the URL as received, kept in the address bar
  const pageRejected = [];  // bad entries of the `origins=` list, for the notice
  const hostRejected = [];  // embed mode: what the URL could not apply, for the host's handshake

  // The origins ("https://host[:port]") of the `origins=` list, read by the rule the loader uses
  // (readOrigin, the message rules); anything else is reported.
  function parseOrigins(text) {
    const list = [];
    for (const item of text.split(',').map((x) => x.trim()).filter(Boolean).slice(0, MAX_ORIGINS)) {
      const r = readOrigin(item);
      if (r.origin) list.push(r.origin);
      else pageRejected.push({ key: 'origins', value: item.slice(0, 40), reason: r.why + ' (comma-separated)' });
    }
    return list;
  }

  // ---- [SECTION] the notice: what the URL asked for but could not be applied (text only) ---------
  const notice = document.getElementById('notice');
  const noticeList = document.getElementById('notice-list');
  document.getElementById('notice-close').addEventListener('click', () => { notice.hidden = true; canvas.focus(); });
  function showNotice(rejected) {
    if (!rejected.length) return;
    noticeList.textContent = '';
    for (const r of rejected.slice(0, 20)) {
      const li = document.createElement('li');
      li.textContent = String(r.key) + (r.value ? ' = "' + String(r.value) + '"' : '') + ': ' + String(r.reason);
      noticeList.appendChild(li);
    }
    notice.hidden = false;
  }

  // ---- [SECTION] the experiment: training runs in a Web Worker ----------------------------------
  // web/posenc-train-worker.js runs the engine's own wasm module (posenc_train.*), started on the first
  // run asked for: the page's first download never carries it. A run is the engine's option lines; the
  // engine (src/train/service.hpp) checks them, queues, cancels and trains, and its texts come back
  // unparsed: the view gets them as they are (its results export is the engine's text), PosEnc.train()
  // and on('train') get them parsed. A refused option rejects the promise with the engine's message.
  const trainListeners = new Set();
  const trainRuns = new Map();  // id -> {progress(text), result(text), error(message)}
  let trainWorker = null, trainSeq = 0;
  function trainFailed(message) {
    for (const run of trainRuns.values()) run.error(message, Error);
    trainRuns.clear();
    if (trainWorker) trainWorker.terminate();
    trainWorker = null;  // the next call starts a new worker
  }
  function trainWorkerOf() {
    if (trainWorker) return trainWorker;
    trainWorker = new Worker(new URL('posenc-train-worker.js', scriptSrc));
    trainWorker.onmessage = (e) => {
      const m = e.data || {};
      if (m.type === 'progress') {
        const run = trainRuns.get(m.id);
        if (run) run.progress(m.text);
        if (trainListeners.size) {
          const p = JSON.parse(m.text);
          for (const fn of trainListeners) { try { fn({ id: m.id, step: p.step, steps: p.steps, loss: p.loss, log: p.log }); } catch (err) { console.error(err); } }
        }
      } else if (m.type === 'result' || m.type === 'error') {
        if (m.id === null) { trainFailed(m.text); return; }
        const run = trainRuns.get(m.id);
        if (!run) return;
        trainRuns.delete(m.id);
        if (m.type === 'result') run.result(m.text); else run.error(m.text);
      }
    };
    trainWorker.onerror = (e) => { e.preventDefault(); trainFailed('the training worker failed: ' + (e.message || 'no message')); };
    return trainWorker;
  }
  // Starts a run of these option lines; run.error(message, Type?) says why if it cannot start.
  function trainStart(lines, run) {
    if (window.POSENC_WASM_BINARY) {
      run.error('training needs the served page: the single-file build has no worker module', Error);
      return;
    }
    const id = ++trainSeq;
    trainRuns.set(id, run);
    try { trainWorkerOf().postMessage({ type: 'run', id, lines }); }
    catch (err) { trainRuns.delete(id); run.error(err); }
  }
  function train(options) {
    if (typeof options !== 'object' || options === null || Array.isArray(options))
      return Promise.reject(new TypeError('train takes an options object, e.g. train({encoding: \'rope\', seed: 2})'));
    // The options as the engine's "key=value" lines; each value's own line breaks become spaces.
    const lines = Object.entries(options).map(([key, value]) => `${key}=${String(value).replace(/\n/g, ' ')}`).join('\n');
    return new Promise((resolve, reject) => {
      trainStart(lines, {
        progress() {},
        result(text) { resolve(JSON.parse(text)); },
        error(message, Type = RangeError) { reject(message instanceof Error ? message : new Type(message)); },
      });
    });
  }

  // The experiment view's runs (src/platform/train_service_web.cpp): its options as "key=value" lines;
  // the engine's progress, result and error texts go back to the view as they came (posenc_train_event).
  function viewTrain(id, lines) {
    const send = (kind, text) => {
      const m = mod || config;
      if (!m || !m._posenc_train_event) return;
      withString(m, kind, (k) => withString(m, text, (t) => m._posenc_train_event(id, k, t)));
    };
    trainStart(lines, {
      progress(text) { send('progress', text); },
      result(text) { send('result', text); },
      error(message) { send('error', String(message && message.message || message)); },
    });
  }

  // ---- [SECTION] state changes: listeners, the address bar, the text alternative, embed events ---
  function throttle(fn, ms) {
    let last = -Infinity, timer = 0;
    return () => {
      if (timer) return;
      timer = setTimeout(() => { timer = 0; last = performance.now(); fn(); }, Math.max(0, last + ms - performance.now()));
    };
  }

  const updateUrl = throttle(() => {
    if (!runtime) return;
    const q = [linkQuery(runtime), pageQuery].filter(Boolean).join('&');
    const search = q ? '?' + q : '';
    if (search === location.search) return;
    try { history.replaceState(history.state, '', location.pathname + search + location.hash); } catch (e) { /* sandboxed */ }
  }, 250);

  const describeEl = document.getElementById('describe');
  let describedKey = '';
  // The live text mirror: the view's description (a polite live region, at most once a second and not
  // for every frame of an animation, see noteState) and an HTML table of its key numbers.
  const numbersBody = document.getElementById('numbers-body');
  function updateNumbers() {
    if (!numbersBody || !runtime) return;
    const rows = JSON.parse(runtime.UTF8ToString(runtime._posenc_key_numbers()));
    const cells = numbersBody.rows;
    for (let r = 0; r < rows.length; r++) {
      const tr = cells[r] || numbersBody.insertRow();
      if (!tr.cells.length) {
        const th = document.createElement('th');
        th.scope = 'row';
        tr.appendChild(th);
        tr.insertCell();
      }
      if (tr.cells[0].textContent !== rows[r][0]) tr.cells[0].textContent = rows[r][0];  // text only
      if (tr.cells[1].textContent !== rows[r][1]) tr.cells[1].textContent = rows[r][1];
    }
    while (numbersBody.rows.length > rows.length) numbersBody.deleteRow(-1);
  }
  const updateDescribe = throttle(() => {
    if (!runtime) return;
    const text = runtime.UTF8ToString(runtime._posenc_describe());
    if (describeEl.textContent !== text) describeEl.textContent = text;
    updateNumbers();
  }, 1000);

  // Called with the state JSON after every frame that changed it and after every setState.
  function noteState(json) {
    if (json === lastJson) return;
    lastJson = json;
    const state = JSON.parse(json);
    updateUrl();
    pageTheme();
    fetchLanguage();
    copyLabel();

    // While playing, pos moves every frame: re-read the description only when something else
    // changes, so a screen reader is not interrupted every second.
    const key = state.playing ? json.replace(/"pos":[^,]*,/, '') : json;
    if (key !== describedKey) { describedKey = key; updateDescribe(); }
    if (embed) embedChanged();
    if (listeners.size) {
      for (const fn of listeners) { try { fn(JSON.parse(json)); } catch (e) { console.error(e); } }
    }
  }

  // ---- [SECTION] copy link (hidden in embed mode) -------------------------------------------------
  const copyButton = document.getElementById('copy-link');
  function legacyCopy(text) {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'visually-hidden';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    area.remove();
    return ok;
  }
  // The figure keeps a free slot for the button (app.cpp keep_link_space: beside the title, or in the top
  // row or the drawer on small screens) and reports it after each frame that moved it; w = 0: no room.
  let linkSlot = null;
  function placeCopyButton(x, y, w, h) {
    linkSlot = w > 0 ? { x, y, w, h } : null;
    copyButton.classList.toggle('no-room', !linkSlot);
    if (!linkSlot) return;
    const box = canvas.getBoundingClientRect();
    copyButton.style.left = Math.round(box.left + x) + 'px';
    copyButton.style.top = Math.round(box.top + y) + 'px';
    copyButton.style.width = Math.round(w) + 'px';
    copyButton.style.height = Math.round(h) + 'px';
    copyButton.style.fontSize = Math.round(h * 0.55) + 'px';
  }
  copyButton.addEventListener('click', async () => {
    if (!mod) return;
    const url = link();
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(url); ok = true; }
    } catch (e) { ok = false; }
    if (!ok) ok = legacyCopy(url);
    if (!ok) { window.prompt(uiText('copy_prompt', 'Copy this link:'), url); return; }
    copyButton.textContent = uiText('link_copied', 'Link copied');
    copyButton.classList.add('done');
    setTimeout(() => { copyButton.classList.remove('done'); copyLabel(); }, 1500);
  });
  // The page's own words (the Copy link button) in the reader's language: the module's interface text
  // (src/state/interface.txt), so that the button says what the space the module keeps for it measured.
  function uiText(key, english) {
    if (!runtime) return english;
    return withString(runtime, key, (p) => runtime.UTF8ToString(runtime._posenc_ui(p)));
  }
  function copyLabel() {
    if (!copyButton.classList.contains('done')) copyButton.textContent = uiText('copy_link', 'Copy link');
  }

  // ---- [SECTION] keyboard: a way in, through and out of the figure (SDL listens on #canvas only) -------
  // The figure is one Tab stop. The focus keys (Tab, F6, Enter, arrows, Home, End) go to the module first
  // (src/ui/focus.hpp decides: F6 goes round the regions, Enter enters, arrows move within a region, Tab
  // leaves), before SDL's own handler, which would otherwise swallow Tab: this runs in the capture phase.
  // Esc first closes what is open inside (focus ring, pen, help, drawer), then gives the keyboard back
  // to the page.
  // Deck mode (deck=1): the figure sits in a slide deck. A clicker's PageUp/PageDown always go to the deck,
  // wherever the focus is inside the figure's page (the canvas, or e.g. the notice's button after a click
  // on it); other keys go to the deck too until the reader clicks into the figure or enters its controls.
  const focusNote = document.getElementById('focus-note');
  let engaged = false;  // deck mode: the reader clicked into the figure
  canvas.addEventListener('pointerdown', () => {
    engaged = true;
    if (document.activeElement !== canvas) canvas.focus({ preventScroll: true });
  });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  canvas.addEventListener('blur', () => {
    engaged = false;
    if (runtime) runtime._posenc_focus_clear();
  });
  // The live region names the control with the ring; F6 says the region too ("Controls: Pause").
  function announceFocus(withRegion) {
    if (!focusNote || !runtime) return;
    const label = runtime.UTF8ToString(runtime._posenc_focus_label());
    const region = withRegion && label ? runtime.UTF8ToString(runtime._posenc_focus_region()) : '';
    focusNote.textContent = label ? (region ? region + ': ' + label : label) : (document.activeElement === canvas ? 'PosEnc Lab figure' : '');
  }
  // A control's name can change with the frame the key causes (the dials: the chosen pair): say it again
  // once that frame is drawn, with the region if the key named it (the same words are not announced twice).
  function announceAfterFrame(withRegion) {
    requestAnimationFrame(() => requestAnimationFrame(() => announceFocus(withRegion)));
  }
  function releaseKeyboard() {
    engaged = false;
    canvas.blur();
    toHost({ type: 'release' });
  }
  function inDeck() {
    try { return !!(lastJson && JSON.parse(lastJson).deck); } catch (e) { return false; }
  }
  function toDeck(e) {
    e.stopImmediatePropagation();
    e.preventDefault();
    toHost({ type: 'key', key: e.key, code: e.code, keyCode: e.keyCode, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey,
             altKey: e.altKey, metaKey: e.metaKey });
  }
  const isClicker = (e) => e.key === 'PageDown' || e.key === 'PageUp';
  window.addEventListener('keydown', (e) => {
    if (!runtime) return;
    if (e.target !== canvas) {
      if (isClicker(e) && inDeck()) toDeck(e);
      return;
    }
    if (!e.ctrlKey && !e.altKey && !e.metaKey && !isClicker(e)) {
      const use = withString(runtime, e.key, (p) => runtime._posenc_focus_key(p, e.shiftKey ? 1 : 0));
      if (e.key === 'Tab') e.stopImmediatePropagation();  // SDL must not see Tab (it would cancel the browser's focus move)
      if (use === 1) {
        e.stopImmediatePropagation();
        e.preventDefault();
        engaged = engaged || runtime._posenc_focus_on_control() === 1 || !!runtime.UTF8ToString(runtime._posenc_focus_label());
        const withRegion = e.key === 'F6' || e.key === 'Enter';
        announceFocus(withRegion);
        announceAfterFrame(withRegion);
        return;
      }
      if (use === 2) { focusNote && (focusNote.textContent = ''); return; }  // the browser moves focus out
    }
    if (e.key === 'Escape') {
      if (runtime._posenc_focus_on_control()) {  // the ring goes at once, so a second Esc leaves the figure
        e.stopImmediatePropagation();
        e.preventDefault();
        runtime._posenc_focus_clear();
        announceFocus(false);
        return;
      }
      if (runtime._posenc_escape_consumed()) return;  // SDL passes it on: the figure closes something
      e.stopImmediatePropagation();
      e.preventDefault();
      releaseKeyboard();
      return;
    }
    if (inDeck() && (isClicker(e) || !(engaged || runtime._posenc_focus_on_control()))) toDeck(e);
  }, true);

  // ---- [SECTION] no CPU while not seen: stop the frame loop off-screen or in a hidden tab ---------
  // null until the observer's first report. An embed draws no frame before it: Chromium sometimes runs a
  // first requestAnimationFrame in a cross-origin iframe far below the fold, and a figure nobody sees
  // should not build its fonts and tables for it. A page of its own starts at once (it is the screen).
  let onScreen = 'IntersectionObserver' in window ? null : true;
  function applyVisibility() {
    if (!runtime) return;  // before main(): the runtime applies it when it is up (onRuntimeInitialized)
    const visible = (onScreen === null ? !embed : onScreen) && document.visibilityState !== 'hidden';
    runtime._posenc_set_visible(visible ? 1 : 0);
    // No frames while hidden: a move in progress ends at its target now, so its promise resolves.
    if (!visible && mod) animationDone(mod._posenc_animate_finish());
  }
  if ('IntersectionObserver' in window) {
    // In an iframe the implicit root is the top-level viewport: this sees the embed scrolled away.
    new IntersectionObserver((entries) => { onScreen = entries[entries.length - 1].isIntersecting; applyVisibility(); })
      .observe(canvas);
  }
  document.addEventListener('visibilitychange', applyVisibility);
  // An idle module stops its frame loop; any input restarts it (the events themselves reach SDL).
  const wake = () => { if (mod) mod._posenc_wake(); };
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'keydown', 'keyup', 'touchstart',
    'touchmove', 'touchend', 'focus', 'blur'])
    canvas.addEventListener(type, wake, { passive: true });
  window.addEventListener('resize', wake);
  if (typeof ResizeObserver === 'function') new ResizeObserver(wake).observe(canvas);

  // ---- [SECTION] reduced motion: the wasm side keeps it in the state (start paused, tour stays still) --
  const reducedMotion = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  if (reducedMotion && reducedMotion.addEventListener) {
    reducedMotion.addEventListener('change', (e) => {
      if (runtime) { runtime._posenc_set_reduced_motion(e.matches ? 1 : 0); noteState(runtime.UTF8ToString(runtime._posenc_get_state())); }
    });
  }

  // ---- [SECTION] theme=auto follows the reader's prefers-color-scheme (kept in the state, not a setting) --
  const prefersDark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function applyPrefersDark() {
    if (runtime) runtime._posenc_set_prefers_dark(prefersDark && prefersDark.matches ? 1 : 0);
    pageTheme();
  }
  // The HTML around the canvas in the canvas's colours (posenc.css, html.dark; posenc-theme.js set it
  // from the URL before the module ran). The module decides, so the page keeps no copy of the rule.
  function pageTheme() {
    if (runtime) document.documentElement.classList.toggle('dark', runtime._posenc_dark_colors() === 1);
  }
  if (prefersDark && prefersDark.addEventListener) prefersDark.addEventListener('change', applyPrefersDark);

  // ---- [SECTION] languages: lang=auto follows navigator.languages; a translation arrives on demand ----
  // The module says which language its state asks for and lacks (posenc_language_wanted); its words come
  // as one catalogue per language, text/<id>.txt, fetched once. Until it arrives (or if it cannot) the
  // texts stay English, string by string as always.
  function browserLanguages() {
    if (!runtime) return;
    const tags = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en']).join(',');
    withString(runtime, tags, (p) => runtime._posenc_set_browser_languages(p));
    fetchLanguage();
  }
  // A file beside the page's scripts, read by `read` (r => r.text()), or the single-file build's inline
  // copy, `inline`, when it carries one; a failed fetch rejects with "HTTP <status>".
  function fetchBeside(path, inline, read) {
    if (inline) return Promise.resolve(inline);
    return fetch(new URL(path, scriptSrc), { credentials: 'same-origin' }).then((r) => {
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return read(r);
    });
  }
  const languageRequests = new Set();
  function fetchLanguage() {
    if (!runtime) return;
    fetchFont();
    const id = runtime.UTF8ToString(runtime._posenc_language_wanted());
    if (!id || languageRequests.has(id)) return;
    languageRequests.add(id);
    fetchBeside('text/' + id + '.txt', window.POSENC_TEXTS && window.POSENC_TEXTS[id], (r) => r.text())
      .then((text) => {
        const bad = withString(runtime, id, (pid) => withString(runtime, text, (pt) => runtime._posenc_add_translations(pid, pt)));
        if (bad > 0) console.warn('PosEnc Lab: ' + bad + ' entries of text/' + id + '.txt did not pair with an English text');
        if (runtime._posenc_wake) runtime._posenc_wake();
        copyLabel();
      }, (err) => console.warn('PosEnc Lab: the ' + id + ' words could not be fetched (' + err.message + '); they stay English'));
  }
  // A language whose script the embedded fonts lack (zh-CN) waits for its own font, fonts/<id>.ttf
  // (posenc_font_wanted); its words show once the font is in the atlas. A font that cannot be had is
  // reported in the sidebar by the module (posenc_font_failed), and asked for again the next time the
  // state asks for that language.
  const fontRequests = new Set();
  let fontFailed = '';  // the font that failed, asked for again once the state has asked for another language
  function fetchFont() {
    const id = runtime.UTF8ToString(runtime._posenc_font_wanted());
    if (id !== fontFailed) fontFailed = '';
    if (!id || fontRequests.has(id) || id === fontFailed) return;
    fontRequests.add(id);
    const inline = window.POSENC_FONTS && window.POSENC_FONTS[id];  // the single-file build: base64
    fetchBeside('fonts/' + id + '.ttf', inline && Uint8Array.from(atob(inline), (c) => c.charCodeAt(0)),
      (r) => r.arrayBuffer().then((b) => new Uint8Array(b)))
      .then((bytes) => {
        const ptr = runtime._posenc_alloc(bytes.length);
        if (!ptr) throw new Error('no memory for ' + bytes.length + ' bytes');
        new Uint8Array(runtime.HEAPF64.buffer).set(bytes, ptr);  // the view after the allocation, which may grow memory
        const why = withString(runtime, id, (pid) => runtime.UTF8ToString(runtime._posenc_add_font(pid, ptr, bytes.length)));
        if (why) console.warn('PosEnc Lab: fonts/' + id + '.ttf was refused: ' + why);
        if (runtime._posenc_wake) runtime._posenc_wake();
        copyLabel();
      }).catch((err) => {
        fontRequests.delete(id);
        fontFailed = id;
        console.warn('PosEnc Lab: the ' + id + ' font could not be fetched (' + err.message + '); the words stay English');
        const reason = withString(runtime, id, (pid) => withString(runtime, err.message,
          (pw) => runtime.UTF8ToString(runtime._posenc_font_failed(pid, pw))));
        if (!embed) showNotice([{ key: 'lang', value: id, reason }]);
        if (runtime._posenc_wake) runtime._posenc_wake();
      });
  }
  window.addEventListener('languagechange', browserLanguages);

  // ---- [SECTION] embed mode: a postMessage endpoint for web/posenc-embed.js ----------------------
  // Accepts, from trusted origins only (the `origins=` list when given, otherwise the parent page's origin
  // and only from the parent window):
  //   {posenc: 1, id, type: 'getState' | 'setState', state?}   answered {type: 'result', state, rejected} (the first
//                                                              getState's rejected: what the URL could not apply)
  //   {posenc: 1, id, type: 'call', method, args}               answered {type: 'result', value}: one of
  //                                                              CALLS (the rules), forwarded to PosEnc[method]
  //   {posenc: 1, id: 0, type: 'zoom', zoom}                    not answered: the host shows the frame
  //                                                              `zoom` times larger (reveal.js scales slides)
  // Failures are answered {posenc: 1, id, type: 'error', reason}; `fatal: true` when the page could not
  // start at all (then also sent, without an id, to whoever has talked to it). Answers go to the sender's
  // origin only; {posenc: 1, type: 'change', state} and {posenc: 1, type: 'answer', answer} (the student's answer
// to a tour question, as PosEnc.on('answer') has it) go to origins that sent a valid request.
  // getState/setState/describe are answered as soon as the runtime is up and the URL applied, not after
  // the first frame: Chromium runs no requestAnimationFrame in a cross-origin iframe out of view, so a
  // figure below the fold would otherwise not answer its host until the reader scrolls to it.
  // A malformed request that carries an id is answered {type: 'error', reason} (the rules: the include
  // below); a request from an origin it does not trust gets only {posenc: 1, type: 'notAllowed'}, once
  // per origin: no answer, no state, but the host learns why nothing comes back (its `origins`).
//#include shared/posenc-message.js
  const subscribers = new Map();  // origin -> window
  let trusted = [];  // known once posenc_load has read the URL (embed mode and the `origins=` list)
  let warnings = 0;
  function warn(text) { if (warnings++ < 20) console.warn('PosEnc embed: ' + text); }

  function parentOrigin() {
    try {
      if (location.ancestorOrigins && location.ancestorOrigins.length) return location.ancestorOrigins[0];
      if (document.referrer) return new URL(document.referrer).origin;
    } catch (e) { /* no usable referrer */ }
    return null;
  }
  function trust() {
    if (allowList) return allowList;
    const o = parentOrigin();
    return o && o !== 'null' ? [o] : [];
  }

  // Sends {posenc: 1, ...msg} to the embedding page when it is trusted; a no-op outside an embed. The
  // keyboard code uses it in deck mode: {type: 'key', key, code, keyCode, shiftKey, ctrlKey, altKey,
  // metaKey} for a key the figure leaves to the deck, {type: 'release'} when Esc gives the keys back.
  function toHost(msg) {
    if (!embed || !isPlain(msg) || window.parent === window) return;
    const o = parentOrigin();
    if (!o || !trusted.includes(o)) return;
    try { window.parent.postMessage(Object.assign({}, msg, { posenc: 1 }), o); } catch (e) { warn('could not send ' + String(msg.type)); }
  }

  // Resolves once the runtime is up and the URL applied (see embedRuntimeUp); rejects with `ready` when
  // the page cannot start (no WebAssembly, no WebGL2, main() failed): that error is `fatal`.
  let readyError = null;
  ready.catch((e) => { readyError = e; });
  let resolveRunning;
  const running = new Promise((res, rej) => { resolveRunning = res; ready.catch(rej); });
  running.catch(() => {});
  const whyNot = (e) => 'PosEnc could not start: ' + String(e && e.message || e).slice(0, 160);
  // Called from onRuntimeInitialized. main() runs right after it in the same task and may fail there; the
  // timer lets that failure reject `ready` (and so `running`) first.
  function embedRuntimeUp() { setTimeout(() => resolveRunning()); }
  ready.catch((e) => {
    for (const [origin, target] of subscribers) post(target, origin, { posenc: 1, type: 'error', fatal: true, reason: whyNot(e) });
  });

  function post(target, origin, msg) {
    try {
      target.postMessage(msg, origin);
    } catch (e) {
      warn('could not answer ' + origin);
      // An answer that cannot be cloned: the host still learns that its request is over.
      if (msg.type === 'result') post(target, origin, { posenc: 1, id: msg.id, type: 'error', reason: 'the answer could not be sent: ' + String(e && e.message || e).slice(0, 120) });
    }
  }

  // The host shows the iframe `zoom` times larger than its CSS size (a CSS transform, as reveal.js scales
  // slides): devicePixelRatio is reported that much larger and a resize event makes SDL re-read it and
  // size the canvas's drawing buffer (Emscripten reads window.devicePixelRatio), so the figure is drawn
  // at the pixels it is shown with instead of being blurred up.
  let zoom = 1, zoomed = false;
  function setZoom(z) {
    if (Math.abs(z - zoom) < 0.01) return;
    if (!zoomed) {
      // The browser's own getter (on window in Chromium, perhaps on a prototype elsewhere), kept for the
      // real ratio, which changes with browser zoom and between screens.
      let own = null;
      for (let o = window; o && !own; o = Object.getPrototypeOf(o)) own = Object.getOwnPropertyDescriptor(o, 'devicePixelRatio');
      const mine = Object.getOwnPropertyDescriptor(window, 'devicePixelRatio');
      if (!own || !own.get || (mine && !mine.configurable)) return;
      Object.defineProperty(window, 'devicePixelRatio', { configurable: true, get() { return own.get.call(window) * zoom; } });
      zoomed = true;
    }
    zoom = z;
    window.dispatchEvent(new Event('resize'));
  }

  function answer(d) {
    if (d.type === 'zoom') { setZoom(d.zoom); return null; }
    // The first getState (the handle's handshake) also carries what the embed's URL, the host's mount
    // state, could not apply: the host hears its own mistakes, the student never sees them.
    if (d.type === 'getState') return Object.assign(getStateOn(runtime), { rejected: hostRejected.splice(0) });
    if (d.type === 'setState') return setStateOn(runtime, d.state);
    if (d.method === 'describe') return { value: runtime.UTF8ToString(runtime._posenc_describe()) };
    if (d.method === 'progress') return { value: JSON.parse(runtime.UTF8ToString(runtime._posenc_progress())) };
    // What the state alone gives is answered now too, drawn or not (the module says which exports).
    if (d.method === 'link') return { value: linkOn(runtime) };
    // (The text exports' code comes with the rest of the lessons on a split page: fetched now, if the
    // figure has not drawn its first frame yet, and answered when it is here or has failed.)
    if (d.method === 'exportText' && !withString(runtime, String(d.args[0]), (p) => runtime._posenc_export_needs_frame(p)))
      return (splitUsed ? loadRest() : Promise.resolve()).then(() => ({ value: exportTextOn(runtime, d.args[0]) }));
    // The rest needs drawn frames (images, the SVG, animation) or the public API: after the first frame.
    // A figure that draws none (off screen: no first frame, or its loop stopped) draws them by timer
    // meanwhile, so the call answers instead of waiting for the reader to scroll.
    const offscreen = !mod || onScreen !== true || document.visibilityState === 'hidden';
    if (offscreen) runtime._posenc_offscreen_frames(1);
    const done = () => { if (offscreen) runtime._posenc_offscreen_frames(0); };
    return ready.then(() => {
      if (typeof PosEnc[d.method] !== 'function') throw new Error('PosEnc.' + d.method + ' is not available in this version of PosEnc Lab');
      return Promise.resolve(PosEnc[d.method](...d.args)).then((value) => ({ value }));
    }).then((r) => { done(); return r; }, (e) => { done(); throw e; });
  }

  // Messages that arrive before the URL is read wait for it (then are answered, or dropped if the page
  // turns out not to be an embed).
  let early = [];
  function onMessage(event) {
    if (early) { early.push(event); return; }
    if (!embed) return;
    const d = event.data;
    if (!isPlain(d) || d.posenc !== 1) return;  // not ours (reveal.js, video players, ...): silent
    const origin = event.origin;
    if (!trusted.includes(origin) || (!allowList && event.source !== window.parent)) {
      warn('ignored a message from an untrusted origin (' + String(origin).slice(0, 80) + ')');
      notAllowed(event);
      return;
    }
    if (!event.source) return;
    const source = event.source;
    const why = checkRequest(d);
    if (why) {
      warn('ignored a malformed message: ' + why);
      // The host's promise of that id would otherwise wait for ever (id 0 is zoom's: never answered).
      if (Number.isSafeInteger(d.id) && d.id > 0) post(source, origin, { posenc: 1, id: d.id, type: 'error', reason: why });
      return;
    }
    running.then(() => {
      subscribers.set(origin, source);
      return answer(d);
    }).then((r) => {
      if (!r) return;
      if ('value' in r) { post(source, origin, { posenc: 1, id: d.id, type: 'result', value: r.value }); return; }
      const rejected = r.rejected;
      delete r.rejected;
      post(source, origin, { posenc: 1, id: d.id, type: 'result', state: r, rejected, title: lessonTitle(r.view) });
    }, (e) => {
      if (e === readyError) post(source, origin, { posenc: 1, id: d.id, type: 'error', fatal: true, reason: whyNot(e) });
      else post(source, origin, { posenc: 1, id: d.id, type: 'error', reason: String(e && e.message || e).slice(0, 200) });
    });
  }
  // Tells a sender this figure does not trust its origin, once per origin: only that, so nothing of the
  // figure reaches it, but a host with a wrong `origins` list hears why it gets no answer.
  const told = new Set();
  function notAllowed(event) {
    if (!event.source || told.has(event.origin) || told.size >= 20) return;
    told.add(event.origin);
    post(event.source, event.origin === 'null' ? '*' : event.origin, { posenc: 1, type: 'notAllowed' });
  }
  // The lesson's title, for the host's iframe title ("PosEnc Lab: <title>").
  let lessonTitles = null;
  function lessonTitle(view) {
    if (!lessonTitles && runtime) lessonTitles = new Map(JSON.parse(runtime.UTF8ToString(runtime._posenc_views())).map((v) => [v.id, v.title]));
    return lessonTitles && lessonTitles.get(view) || '';
  }
  // The student's answers to the tour's questions, as they are given, to the host (the handle's `answer`).
  function sendAnswer(answer) {
    for (const [origin, target] of subscribers) post(target, origin, { posenc: 1, type: 'answer', answer });
  }
  function sendChange() {
    if (!subscribers.size || !lastJson) return;
    const state = JSON.parse(lastJson);
    const title = lessonTitle(state.view);
    for (const [origin, target] of subscribers) post(target, origin, { posenc: 1, type: 'change', state, title });
  }
  const embedChanged = throttle(sendChange, 100);
  if (window.parent !== window) {
    window.addEventListener('message', onMessage);
    // Unloaded (a deck leaves the slide): the host gets the last state even inside the throttle's 100 ms,
    // so the figure comes back exactly as it was left.
    window.addEventListener('pagehide', sendChange);
  }
  function startEmbed() {
    document.documentElement.classList.toggle('embed', embed);
    copyButton.hidden = embed || noWasm || noGL;  // shown once the module runs, outside embeds
    trusted = trust();
    const queued = early;
    early = null;
    for (const event of queued) onMessage(event);
  }

  // ---- [SECTION] boot ------------------------------------------------------------------------------
  // The query to start from: the URL's, or, in a document that has no URL of its own (an iframe srcdoc:
  // the Python package's notebook figures, src/python), the content of <meta name="posenc-query">.
  function startQuery() {
    if (location.search) return location.search;
    const meta = document.querySelector('meta[name="posenc-query"]');
    return meta ? meta.getAttribute('content') || '' : '';
  }
  // The other lessons' module, instantiated against the first one's exports (its memory, table and
  // functions), which it completes: its functions go into the table slots that held placeholders.
  // Resolves when it has arrived or failed; the module is told which, and a failure's reason.
  let restLoading = null, restWasm = null;
  let restFailure = '';  // why the rest could not be loaded, until a Retry brings it
  function loadRest() {
    if (restLoading) return restLoading;
    const url = new URL('lessons/' + split.view + '.rest.wasm', scriptSrc);
    const imports = { primary: primaryExports };
    // Instantiated once: a Retry after its texts failed fetches only those.
    restWasm = restWasm || fetch(url, { credentials: 'same-origin' }).then((r) => {
      if (!r.ok) throw new Error('HTTP ' + r.status + ' for ' + url.pathname.split('/').pop());
      return WebAssembly.instantiateStreaming(r.clone(), imports)
        .catch(() => r.arrayBuffer().then((bytes) => WebAssembly.instantiate(bytes, imports)));
    }).catch((err) => { restWasm = null; throw err; });
    // Their texts come at the same time; a lesson is shown when both are here. Each step is a task of
    // its own (the texts, then the lessons, then the mirror), so that the page draws between them.
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    restLoading = Promise.all([restWasm, allTextsHere ? null : allTexts()]).then(([, text]) => {
      if (text !== null) {
        withString(config, text, (p) => config._posenc_add_texts(p));
        allTextsHere = true;
      }
      return nextTask();
    }).then(() => {
      config._posenc_lessons_arrived(1, 0);
      restFailure = '';
      mark('lessons');
      return nextTask();
    }).then(() => {
      // the mirror said "still loading" if the view's lesson was among those to come
      describeEl.textContent = config.UTF8ToString(config._posenc_describe());
      updateNumbers();
    }, (err) => {
      restLoading = null;  // Retry (in the view) asks again
      const reason = err && err.message ? (/fetch/i.test(err.message) ? 'network error: ' + err.message : err.message) : String(err);
      restFailure = reason;
      withString(config, reason, (p) => config._posenc_lessons_arrived(0, p));
    });
    return restLoading;
  }
  // The module could not be had or started (a file missing or refused): the reason in #status, and an
  // embed answers its loader with it (as without WebAssembly) rather than leaving the host waiting.
  function startFailed(err) {
    showStatus('PosEnc Lab could not start: ' + (err && err.message ? err.message : String(err)), true);
    rejectReady(err);
    if (!runtime && early) {
      embed = window.parent !== window;
      startEmbed();
    }
  }
  let lastErr = '';  // the module's last stderr line, for the message if it cannot start
  const config = {
    canvas,
    // The single-file build (scripts/make_single.py) carries the wasm inline, so it opens from file://.
    wasmBinary: window.POSENC_WASM_BINARY || undefined,
    // The early download (top of this file), compiled while it arrives; a host that does not send
    // application/wasm gets the same module compiled after the download.
    instantiateWasm: wasmResponse ? (imports, receive) => {
      // A split module's slots for the lessons still to come call these until the rest fills them in:
      // the shell never calls them (src/shell/lesson_code.hpp), so one that is called is a fault, said so.
      // The public API's computing calls come with the rest too (scripts/split_page.mjs SHARED_EXPORTS):
      // call() turns this error into "await PosEnc.ready first", or why the rest could not be loaded.
      if (split) imports.placeholder = new Proxy({}, { get: (target, slot) => () => {
        throw Object.assign(new Error('PosEnc Lab: a lesson\'s code (table slot ' + String(slot) + ') was called before it arrived'),
          { posencNotHere: true });
      } });
      Promise.all([wasmResponse.then((response) => {
        if (!response.ok) throw new Error('posenc_app.wasm: HTTP ' + response.status);
        return WebAssembly.instantiateStreaming(response.clone(), imports)
          .catch(() => response.arrayBuffer().then((bytes) => WebAssembly.instantiate(bytes, imports)));
      }), startTexts.catch((err) => { throw new Error('the lessons\' texts could not be fetched (' + err.message + ')'); })])
        .then(([r]) => { primaryExports = r.instance.exports; receive(r.instance, r.module); }, startFailed);
      return {};  // the exports come later, through receive
    } : undefined,
    arguments: [],  // the URL is applied below through posenc_set_state, so its rejections are known
    onRuntimeInitialized() {
      mark('runtime');
      runtime = config;
      if (window.POSENC_TEXTS && window.POSENC_TEXTS.lessons) startText = window.POSENC_TEXTS.lessons;
      addStartTexts();
      applyPrefersDark();
      browserLanguages();
      const reduced = reducedMotion && reducedMotion.matches ? 1 : 0;
      if (splitUsed) {
        const why = withString(config, split.view, (p) => config.UTF8ToString(config._posenc_lessons_split(p)));
        if (why) console.error('PosEnc Lab: ' + why);
      }
      const loaded = JSON.parse(withString(config, startQuery(), (p) => config.UTF8ToString(config._posenc_load(p, reduced))));
      embed = loaded.page.embed;
      allowList = loaded.page.origins === null ? null : parseOrigins(loaded.page.origins);
      pageQuery = loaded.page.query;
      startEmbed();
      applyVisibility();  // before main() starts the frame loop: an embed not yet seen starts it paused
      embedRuntimeUp();
      noteState(config.UTF8ToString(config._posenc_get_state()));
      // An embed's URL is its host's: what it could not apply goes to the host (the handshake's answer),
      // never into the student's view. A page of its own shows it in the notice.
      if (embed) hostRejected.push(...loaded.rejected.concat(pageRejected).slice(0, 20));
      else showNotice(loaded.rejected.concat(pageRejected));
    },
    // The module object is this config object, filled in by the glue before main() runs.
    onFirstFrame() {
      timing.firstFrameMs = performance.now();
      mod = config;
      status.hidden = true;
      const poster = document.getElementById('poster');  // posenc-poster.js: what showed until now
      if (poster) poster.hidden = true;
      document.documentElement.classList.remove('posenc-poster');
      // The text mirror after the frame has been shown (a task later: the browser paints in between).
      setTimeout(() => {
        describeEl.textContent = config.UTF8ToString(config._posenc_describe());
        updateNumbers();
        mark('mirror');
        applyVisibility();
        // The handle is ready when every lesson can be shown: at once for the whole module, once the
        // rest has arrived (or failed, which the lessons it holds then say) for a split one.
        (splitUsed ? loadRest() : Promise.resolve()).then(() => resolveReady(PosEnc));
      }, 0);
    },
    onLessonsRetry() { loadRest(); },
    onStartupMark(step) { mark(step); },
    onStateChange(json) { noteState(json); },
    onAnimationDone(id) { animationDone(id); },
    onAnswer(json) {
      const answer = JSON.parse(json);
      for (const fn of answerListeners) { try { fn(Object.assign({}, answer)); } catch (e) { console.error(e); } }
      if (embed) sendAnswer(answer);
    },
    posencTrainRequest(id, lines) { viewTrain(id, lines); },
    posencTrainCancel() { if (trainWorker) trainWorker.postMessage({ type: 'cancel' }); },
    onLinkSlot(x, y, w, h) { placeCopyButton(x, y, w, h); },
    print(text) { console.log(text); },
    printErr(text) { lastErr = String(text); console.warn(text); },
    // main() has returned: 0 once the frame loop is set up; anything else means it could not start
    // (e.g. no WebGL2 context for this canvas although a test canvas had one). Say so instead of
    // "Loading..." forever.
    quit(status, toThrow) {
      if (status !== 0) config.onStartFailed(lastErr || 'exit code ' + status);
      throw toThrow;
    },
    // main() could not start (src/platform/main.cpp says so itself, as newer Emscripten versions do
    // not call quit() when main returns non-zero with the runtime kept alive).
    onStartFailed(reason) {
      if (mod) return;
      showStatus('PosEnc Lab could not start: ' + reason + '. Try reloading the page, ' +
                 'enabling hardware acceleration in the browser settings, or a current Firefox, Chrome, Edge or Safari.', true);
      rejectReady(new Error(reason));
    },
  };
  config.noInitialRun = noGL;
  if (noWasm) {
    // No module to read the URL: answer only the parent page, with the reason (an embed is the only
    // page that gets messages).
    embed = window.parent !== window;
    startEmbed();
  } else {
    createPosEncApp(config).then(null, startFailed);
  }
})();
