// PosEnc Lab page API: boots the wasm module on #canvas and exposes window.PosEnc.
//
//   PosEnc.ready                      Promise, resolves once the first frame is drawn
//   PosEnc.getState()                 {view, d, base, pos, k, playing, speed, pair, n}
//   PosEnc.setState(partial)          validates and applies; returns the state plus `rejected`:
//                                     [{key, value, reason}] for each field that was not applied
//   PosEnc.encoding(pos, d, base?)    Float64Array of the d values of PE(pos)
//   PosEnc.dot(pos, k, d, base?)      PE(pos) . PE(pos + k)
//   PosEnc.period(pair, d, base?)     period of pair `pair`, in positions
//   PosEnc.dimensionRanges(n, d, base?)  Float64Array of the d ranges (max minus min) of each
//                                     dimension over positions 0..n-1 (n a whole number, 1..100000)
//   PosEnc.rope(q, k, m, n, base?)    RoPE score: q turned for position m dotted with k turned for n
//                                     (arrays or typed arrays of numbers, equal even length 2..8192;
//                                     pair (x[2i], x[2i+1]) turned by p*w_i, w_i = base^(-2i/d))
//   PosEnc.on('change', fn)           fn(state) after every state change; returns an unsubscribe function
//   PosEnc.table(n, d, base?)         Float64Array of n*d values, PE(p) for p = 0..n-1 row after row (fast
//                                     path: the shift-by-one rotation, re-anchored every 64 rows; |error|
//                                     against sin/cos at most 1e-13 + |w p| 2^-52)
//   PosEnc.stats()                    {frames, frameMsMedian, frameMsP95, heapBytes}: CPU time per drawn
//                                     frame (input to the end of draw-list building), newest 1024 frames
//   PosEnc.resetStats()               start a clean frame-time measurement
//   PosEnc.exportFile(kind)           download 'png' | 'csv' | 'numpy' | 'pytorch' for the current state
//   PosEnc.exportText(kind)           the text of 'csv' | 'numpy' | 'pytorch' without downloading
//   PosEnc.timing.firstFrameMs        ms from navigation to the first drawn frame
//   PosEnc.link()                     the URL that opens this page in the current state (defaults left out)
//   PosEnc.describe()                 plain-text description of the view and its key numbers
// `base` defaults to 10000. Invalid arguments throw a RangeError/TypeError naming the parameter.
//
// The page around the canvas (this file, after the API):
//   - the URL's query is the state: applied at load through posenc_set_state (rejections listed in a
//     text-only notice), kept current with history.replaceState (throttled, defaults left out);
//     page-level keys `embed` and `origins` are read here and never reach the wasm side;
//   - embed mode (?embed=1): no HTML chrome, and a postMessage endpoint for web/posenc-embed.js that
//     answers trusted origins only (the parent's, or the `origins=` list); protocol in README.md;
//   - the frame loop stops while the canvas is off-screen or the tab is hidden;
//   - prefers-reduced-motion starts paused; #describe holds a text alternative for screen readers.
(function () {
  'use strict';
  const DEFAULT_BASE = 10000;
  const status = document.getElementById('status');
  const canvas = document.getElementById('canvas');
  const listeners = new Set();
  let mod = null;       // the module, once the first frame is drawn (the public API needs it)
  let runtime = null;   // the module, as soon as its runtime is up (before main and the first frame)
  let defaults = null;  // the default state, to leave default values out of URLs
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

  const EXPORT_KINDS = ['', 'png', 'csv', 'numpy', 'pytorch'];  // codes of posenc_request_export
  const timing = { firstFrameMs: null };

  // An n-by-d table (positions 0..n-1), filled chunk by chunk so the wasm heap stays small.
  function table(direct, n, d, base) {
    num('n', n); num('d', d); num('base', base);
    if (!Number.isInteger(n) || n < 1 || n > 1 << 24) throw new RangeError('n must be a whole number from 1 to 16777216 (got ' + n + ')');
    if (!Number.isInteger(d) || d < 2 || d > 8192 || d % 2) throw new RangeError('d must be an even integer from 2 to 8192 (got ' + d + ')');
    if (n * d > 128 * 1024 * 1024) throw new RangeError('n * d must be at most 134217728 values (a 1 GB table)');
    const m = need();
    const out = new Float64Array(n * d);
    const rows = Math.max(1, Math.floor((1 << 18) / d));  // chunks of about 2 MB
    const ptr = m._posenc_alloc(8 * rows * d);
    if (!ptr) throw new RangeError('not enough memory for a table chunk');
    try {
      for (let first = 0; first < n; first += rows) {
        const count = Math.min(rows, n - first);
        const err = m.UTF8ToString(m._posenc_table_rows(first, count, d, base, direct ? 1 : 0, ptr));
        if (err) throw new RangeError(err);
        out.set(new Float64Array(m.HEAPF64.buffer, ptr, count * d), first * d);
      }
    } finally {
      m._posenc_free(ptr);
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

  // Calls a wasm compute function that writes `count` doubles; throws its reason on failure.
  function compute(fn, args, count) {
    const m = need();
    const ptr = m._posenc_alloc(8 * Math.max(1, count));
    if (!ptr) throw new RangeError('not enough memory for ' + count + ' values');
    try {
      const err = m.UTF8ToString(m['_' + fn](...args, ptr));
      if (err) throw new RangeError(err);
      return new Float64Array(m.HEAPF64.buffer, ptr, count).slice();
    } finally {
      m._posenc_free(ptr);
    }
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

  function getState() {
    return JSON.parse(need().UTF8ToString(need()._posenc_get_state()));
  }

  function setState(partial) {
    const m = need();
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

  function stateQuery(state) {
    const parts = [];
    for (const key of Object.keys(state)) {
      const v = state[key];
      if (key !== 'view' && defaults && key in defaults && defaults[key] === v) continue;
      parts.push(encodeURIComponent(key) + '=' + encodeURIComponent(typeof v === 'boolean' ? (v ? '1' : '0') : String(v)));
    }
    return parts.join('&');
  }

  function link() {
    const q = stateQuery(getState());
    return location.origin + location.pathname + (q ? '?' + q : '');
  }

  const PosEnc = {
    ready,
    getState,
    setState,
    encoding(pos, d, base = DEFAULT_BASE) {
      num('pos', pos); num('d', d); num('base', base);
      const count = Number.isInteger(d) && d > 0 && d <= 8192 ? d : 1;
      return compute('posenc_encoding', [pos, d, base], count);
    },
    dot(pos, k, d, base = DEFAULT_BASE) {
      num('pos', pos); num('k', k); num('d', d); num('base', base);
      return compute('posenc_dot', [pos, k, d, base], 1)[0];
    },
    period(pair, d, base = DEFAULT_BASE) {
      num('pair', pair); num('d', d); num('base', base);
      return compute('posenc_period', [pair, d, base], 1)[0];
    },
    dimensionRanges(n, d, base = DEFAULT_BASE) {
      num('n', n); num('d', d); num('base', base);
      const count = Number.isInteger(d) && d > 0 && d <= 8192 ? d : 1;
      return compute('posenc_dimension_ranges', [n, d, base], count);
    },
    rope(q, k, m, n, base = DEFAULT_BASE) {
      const qa = vec('q', q), ka = vec('k', k);
      num('m', m); num('n', n); num('base', base);
      const wasm = need();
      // Vectors longer than the limit are not copied: the wasm side rejects their length first.
      const copy = qa.length <= 8192 && ka.length <= 8192;
      const count = copy ? qa.length + ka.length : 0;
      const ptr = wasm._posenc_alloc(8 * (count + 1));
      try {
        const heap = wasm.HEAPF64;  // read after the allocation, which may have grown memory
        const at = ptr / 8;
        if (copy) { heap.set(qa, at); heap.set(ka, at + qa.length); }
        const qp = copy ? ptr : 0, kp = copy ? ptr + 8 * qa.length : 0, out = ptr + 8 * count;
        const err = wasm.UTF8ToString(wasm._posenc_rope(qp, qa.length, kp, ka.length, m, n, base, out));
        if (err) throw new RangeError(err);
        return wasm.HEAPF64[out / 8];
      } finally {
        wasm._posenc_free(ptr);
      }
    },
    table(n, d, base = DEFAULT_BASE) { return table(false, n, d, base); },
    stats() {
      const [frames, frameMsMedian, frameMsP95, heapBytes] = compute('posenc_stats_out', [], 4);
      return { frames, frameMsMedian, frameMsP95, heapBytes };
    },
    resetStats() { need()._posenc_stats_reset(); },
    exportFile(kind) {
      const code = EXPORT_KINDS.indexOf(kind);
      if (code < 1) throw new RangeError("exportFile takes 'png', 'csv', 'numpy' or 'pytorch'");
      need()._posenc_request_export(code);
    },
    exportText(kind) {
      const code = EXPORT_KINDS.indexOf(kind);
      if (code < 2) throw new RangeError("exportText takes 'csv', 'numpy' or 'pytorch'");
      const m = need();
      return m.UTF8ToString(m._posenc_export_text(code));
    },
    timing,
    // ---- benchmark hooks for scripts/bench.mjs (not part of the public API) ----
    _tableDirect(n, d, base = DEFAULT_BASE) { return table(true, n, d, base); },
    _similarityKmax(kmax) { num('kmax', kmax); need()._posenc_similarity_kmax(kmax); },
    // ---- debug hooks for tests/browser/test_heatmap.mjs (not part of the public API) ----
    // Where the heatmap was drawn last frame, in CSS pixels of the page, and its window; null until drawn.
    _heatmapRect() {
      const m = need();
      const ptr = m._posenc_alloc(8 * 8);
      try {
        if (!m._posenc_heatmap_rect(ptr)) return null;
        const [x, y, w, h, pos0, positions, dim0, dims] = new Float64Array(m.HEAPF64.buffer, ptr, 8);
        const box = canvas.getBoundingClientRect();
        return { x: x + box.left, y: y + box.top, w, h, pos0, positions, dim0, dims };
      } finally {
        m._posenc_free(ptr);
      }
    },
    // Sets the heatmap window {pos0, positions, dim0, dims, naive}; the view clamps it as the UI does.
    _heatmapWindow({ pos0 = 0, positions = 64, dim0 = 0, dims = 512, naive = false } = {}) {
      num('pos0', pos0); num('positions', positions); num('dim0', dim0); num('dims', dims);
      need()._posenc_heatmap_window(pos0, positions, dim0, dims, naive ? 1 : 0);
    },
    on(event, fn) {
      if (event !== 'change' || typeof fn !== 'function') throw new TypeError("on() takes ('change', function)");
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    link,
    describe() { const m = need(); return m.UTF8ToString(m._posenc_describe()); },
    // ---- debug hooks for tests/browser/test_embed.mjs (not part of the public API) ----
    // Frames drawn since load (0 more while paused and untouched, or while off-screen).
    _framesDrawn() { return need()._posenc_frames_drawn(); },
    // True while the frame loop is stopped because the canvas is off-screen or the tab hidden.
    _loopPaused() { return need()._posenc_loop_paused() === 1; },
  };
  window.PosEnc = Object.freeze(PosEnc);

  function hasWebGL2() {
    try { return !!document.createElement('canvas').getContext('webgl2'); } catch (e) { return false; }
  }

  // Without WebAssembly or WebGL2 the page says so and does not boot, but still answers an embedding
  // page (the embed section below replies {type: 'error'} once `ready` has rejected).
  let cannotStart = false;
  if (typeof WebAssembly !== 'object') {
    showStatus('PosEnc Lab needs WebAssembly, which this browser does not offer. Try a current Firefox, Chrome, Edge or Safari.', true);
    rejectReady(new Error('no WebAssembly'));
    cannotStart = true;
  } else if (!hasWebGL2()) {
    showStatus('PosEnc Lab draws with WebGL2, which is switched off or unavailable in this browser. ' +
               'Try enabling hardware acceleration in the browser settings, or open the page in a current Firefox, Chrome, Edge or Safari.', true);
    rejectReady(new Error('no WebGL2'));
    cannotStart = true;
  }

  // ---- [SECTION] page-level URL keys: split from the state keys the wasm side validates ----------
  const PAGE_KEYS = ['embed', 'origins'];
  const stateParts = [];      // raw "key=value" parts for posenc_set_state
  const pageParts = [];       // raw parts kept in the address bar as they are
  const pageRejected = [];    // page-level keys with bad values, for the notice
  let embed = false, originsParam = null, playingAsked = null;
  function decodePart(text) {
    try { return decodeURIComponent(text.replace(/\+/g, ' ')); } catch (e) { return text; }
  }
  for (const part of location.search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decodePart(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodePart(part.slice(eq + 1));
    if (!PAGE_KEYS.includes(key)) {
      stateParts.push(part);
      if (key === 'playing') playingAsked = value;  // the last one wins, as in the C++ parser
      continue;
    }
    pageParts.push(part);
    if (key === 'embed') {
      if (value === '1' || value === 'true') embed = true;
      else if (value !== '0' && value !== 'false') pageRejected.push({ key, value, reason: 'embed must be 1 or 0' });
    } else {
      originsParam = value;
    }
  }
  document.documentElement.classList.toggle('embed', embed);

  // Exact origins ("https://host[:port]") from the `origins=` list; anything else is reported.
  function parseOrigins(text) {
    const list = [];
    for (const item of text.split(',').map((x) => x.trim()).filter(Boolean).slice(0, 16)) {
      let ok = false;
      try { const u = new URL(item); ok = (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === item; } catch (e) { /* not a URL */ }
      if (ok) list.push(item);
      else pageRejected.push({ key: 'origins', value: item.slice(0, 40), reason: 'origins takes exact origins like https://example.org, comma-separated' });
    }
    return list;
  }
  const allowList = originsParam === null ? null : parseOrigins(originsParam);

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
    const q = [stateQuery(JSON.parse(lastJson))].concat(pageParts).filter(Boolean).join('&');
    const search = q ? '?' + q : '';
    if (search === location.search) return;
    try { history.replaceState(history.state, '', location.pathname + search + location.hash); } catch (e) { /* sandboxed */ }
  }, 250);

  const describeEl = document.getElementById('describe');
  let describedKey = '';
  const updateDescribe = throttle(() => {
    if (!runtime) return;
    const text = runtime.UTF8ToString(runtime._posenc_describe());
    if (describeEl.textContent !== text) describeEl.textContent = text;
  }, 1000);

  // Called with the state JSON after every frame that changed it and after every setState.
  let lastStep = null;
  function noteState(json) {
    if (json === lastJson) return;
    lastJson = json;
    const state = JSON.parse(json);
    // Reduced motion: a guided-tour step whose preset plays (src/app/tour.cpp) stays paused.
    if (lastStep !== null && state.step !== lastStep && state.playing && reducedMotion && reducedMotion.matches) {
      queueMicrotask(() => { if (runtime) applyQuery(runtime, 'playing=0'); });
    }
    lastStep = state.step;
    updateUrl();
    // While playing, pos moves every frame: re-read the description only when something else
    // changes, so a screen reader is not interrupted every second.
    const key = state.playing ? json.replace(/"pos":[^,]*,/, '') : json;
    if (key !== describedKey) { describedKey = key; updateDescribe(); }
    if (embed) embedChanged();
    else placeCopyButton(state.scale);
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
  // The control column is 290 px times the UI scale, after 8 px of window padding (src/app/app.cpp).
  let placedScale = 1;
  function placeCopyButton(scale) {
    if (!(scale > 0) || scale === placedScale) return;
    placedScale = scale;
    copyButton.style.left = Math.round(8 + 290 * scale - 2) + 'px';
    copyButton.style.top = Math.round(16 * scale) + 'px';
  }
  copyButton.addEventListener('click', async () => {
    if (!mod) return;
    const url = link();
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(url); ok = true; }
    } catch (e) { ok = false; }
    if (!ok) ok = legacyCopy(url);
    if (!ok) { window.prompt('Copy this link:', url); return; }
    copyButton.textContent = 'Link copied';
    copyButton.classList.add('done');
    setTimeout(() => { copyButton.textContent = 'Copy link'; copyButton.classList.remove('done'); }, 1500);
  });

  // ---- [SECTION] focus: a click on the canvas gives it the keyboard (SDL listens on #canvas only) -
  canvas.addEventListener('pointerdown', () => { if (document.activeElement !== canvas) canvas.focus({ preventScroll: true }); });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());

  // ---- [SECTION] no CPU while not seen: stop the frame loop off-screen or in a hidden tab ---------
  let onScreen = true;
  function applyVisibility() {
    if (mod) mod._posenc_set_visible(onScreen && document.visibilityState !== 'hidden' ? 1 : 0);
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

  // ---- [SECTION] reduced motion: start paused, never start motion on our own ---------------------
  const reducedMotion = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  if (reducedMotion && reducedMotion.addEventListener) {
    reducedMotion.addEventListener('change', (e) => { if (e.matches && mod) setState({ playing: false }); });
  }

  // ---- [SECTION] embed mode: a postMessage endpoint for web/posenc-embed.js ----------------------
  // Accepts {posenc: 1, id, type: 'getState'|'setState', state?} from trusted origins only: the
  // `origins=` list when given, otherwise the parent page's origin (and only from the parent window).
  // Answers {posenc: 1, id, type: 'result', state, rejected} or {posenc: 1, id, type: 'error', reason}
  // to the sender's origin; sends {posenc: 1, type: 'change', state} to origins that have talked to it.
  const MAX_KEYS = 32, MAX_KEY = 40, MAX_STRING = 200;
  const subscribers = new Map();  // origin -> window
  let warnings = 0;
  function warn(text) { if (warnings++ < 20) console.warn('PosEnc embed: ' + text); }

  function parentOrigin() {
    try {
      if (location.ancestorOrigins && location.ancestorOrigins.length) return location.ancestorOrigins[0];
      if (document.referrer) return new URL(document.referrer).origin;
    } catch (e) { /* no usable referrer */ }
    return null;
  }
  const trusted = (() => {
    if (allowList) return allowList;
    const o = parentOrigin();
    return o && o !== 'null' ? [o] : [];
  })();

  function isPlain(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
  }
  // Returns null for a well-formed request, otherwise why it is ignored.
  function checkRequest(d) {
    if (!Number.isSafeInteger(d.id) || d.id < 0) return 'id must be a non-negative integer';
    if (d.type !== 'getState' && d.type !== 'setState') return 'type must be getState or setState';
    if (d.type === 'getState') return null;
    if (!isPlain(d.state)) return 'state must be a plain object';
    const keys = Object.keys(d.state);
    if (keys.length > MAX_KEYS) return 'state has more than ' + MAX_KEYS + ' keys';
    for (const k of keys) {
      const v = d.state[k];
      if (k.length > MAX_KEY) return 'a state key is longer than ' + MAX_KEY + ' characters';
      if (typeof v === 'string' ? v.length > MAX_STRING : typeof v !== 'number' && typeof v !== 'boolean')
        return 'state values must be numbers, booleans or short strings';
    }
    return null;
  }
  function post(target, origin, msg) {
    try { target.postMessage(msg, origin); } catch (e) { warn('could not answer ' + origin); }
  }

  function onMessage(event) {
    const d = event.data;
    if (!isPlain(d) || d.posenc !== 1) return;  // not ours (reveal.js, video players, ...): silent
    const origin = event.origin;
    if (!trusted.includes(origin) || (!allowList && event.source !== window.parent)) {
      warn('ignored a message from an untrusted origin (' + String(origin).slice(0, 80) + ')');
      return;
    }
    if (!event.source) return;
    const why = checkRequest(d);
    if (why) { warn('ignored a malformed message: ' + why); return; }
    const source = event.source;
    ready.then(() => {
      subscribers.set(origin, source);
      try {
        const r = d.type === 'setState' ? setState(d.state) : Object.assign(getState(), { rejected: [] });
        const rejected = r.rejected;
        delete r.rejected;
        post(source, origin, { posenc: 1, id: d.id, type: 'result', state: r, rejected });
      } catch (e) {
        post(source, origin, { posenc: 1, id: d.id, type: 'error', reason: String(e && e.message || e).slice(0, 200) });
      }
    }, (e) => post(source, origin, { posenc: 1, id: d.id, type: 'error', reason: 'PosEnc could not start: ' + String(e && e.message || e).slice(0, 160) }));
  }
  const embedChanged = throttle(() => {
    if (!subscribers.size || !lastJson) return;
    const state = JSON.parse(lastJson);
    for (const [origin, target] of subscribers) post(target, origin, { posenc: 1, type: 'change', state });
  }, 100);
  if (embed && window.parent !== window) window.addEventListener('message', onMessage);

  // ---- [SECTION] boot ------------------------------------------------------------------------------
  let lastErr = '';  // the module's last stderr line, for the message if it cannot start
  const config = {
    canvas,
    // The single-file build (scripts/make_single.py) carries the wasm inline, so it opens from file://.
    wasmBinary: window.POSENC_WASM_BINARY || undefined,
    arguments: [],  // the URL is applied below through posenc_set_state, so its rejections are known
    onRuntimeInitialized() {
      runtime = config;
      try { defaults = JSON.parse(config.UTF8ToString(config._posenc_default_state())); } catch (e) { defaults = null; }
      const loaded = applyQuery(config, stateParts.join('&'));
      // Reduced motion: paused unless the URL itself asked for playing (and that was applied).
      if (reducedMotion && reducedMotion.matches && !(playingAsked === '1' || playingAsked === 'true')) {
        applyQuery(config, 'playing=0');
      }
      showNotice(pageRejected.concat(loaded.rejected));
    },
    // The module object is this config object, filled in by the glue before main() runs.
    onFirstFrame() {
      timing.firstFrameMs = performance.now();
      mod = config;
      status.hidden = true;
      describeEl.textContent = config.UTF8ToString(config._posenc_describe());
      applyVisibility();
      resolveReady(PosEnc);
    },
    onStateChange(json) { noteState(json); },
    print(text) { console.log(text); },
    printErr(text) { lastErr = String(text); console.warn(text); },
    // main() has returned: 0 once the frame loop is set up; anything else means it could not start
    // (e.g. no WebGL2 context for this canvas although a test canvas had one). Say so instead of
    // "Loading..." forever.
    quit(status, toThrow) {
      if (status !== 0 && !mod) {
        showStatus('PosEnc Lab could not start: ' + (lastErr || 'exit code ' + status) + '. Try reloading the page, ' +
                   'enabling hardware acceleration in the browser settings, or a current Firefox, Chrome, Edge or Safari.', true);
        rejectReady(new Error(lastErr || 'exit code ' + status));
      }
      throw toThrow;
    },
  };
  if (!cannotStart) createPosEncApp(config).then(null, (err) => {
    showStatus('PosEnc Lab could not start: ' + (err && err.message ? err.message : String(err)), true);
    rejectReady(err);
  });
})();
