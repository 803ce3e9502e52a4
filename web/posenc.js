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
//   PosEnc.rope(q, k, m, n, base?)    RoPE score: q turned for position m dotted with k turned for n
//                                     (arrays or typed arrays of numbers, of equal length, even, up to the `d` limit;
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
//   PosEnc.views()                    [{id, label, title, summary, tourSteps}] in tab order (the lesson registry)
//   PosEnc.schema()                   [{key, kind, min, max, default, meaning, allowed, choices?}] (the settings table)
// `base` defaults to the `base` row's default. Invalid arguments throw a RangeError/TypeError naming the parameter.
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
  const status = document.getElementById('status');
  const canvas = document.getElementById('canvas');
  const listeners = new Set();
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

  const timing = { firstFrameMs: null };

  // An n-by-d table (positions 0..n-1), filled chunk by chunk so the wasm heap stays small.
  function table(direct, n, d, base) {
    num('n', n); num('d', d); num('base', base);
    const m = need();
    const err = m.UTF8ToString(m._posenc_table_check(n, d, base));
    if (err) throw new RangeError(err);
    const out = new Float64Array(n * d);
    for (let first = 0; first < n;) {
      const err = m.UTF8ToString(m._posenc_table_chunk(first, n, d, base, direct ? 1 : 0));
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

  // Calls a wasm compute function; throws its reason on failure, else returns its result (a copy).
  function call(m, fn, args) {
    const err = m.UTF8ToString(m['_' + fn](...args));
    if (err) throw new RangeError(err);
    return new Float64Array(m.HEAPF64.buffer, m._posenc_out_ptr(), m._posenc_out_len()).slice();
  }
  function compute(fn, args) { return call(need(), fn, args); }

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

  // The state as a query string, default values left out (`view` always).
  function linkQuery(m) { return m.UTF8ToString(m._posenc_link_query()); }

  function link() {
    const q = linkQuery(need());
    return location.origin + location.pathname + (q ? '?' + q : '');
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
    rope(q, k, m, n, base = defaultBase()) {
      const qa = vec('q', q), ka = vec('k', k);
      num('m', m); num('n', n); num('base', base);
      const wasm = need();
      // The lengths first, so only vectors of an allowed length are copied into the wasm heap.
      const err = wasm.UTF8ToString(wasm._posenc_rope_lengths(qa.length, ka.length));
      if (err) throw new RangeError(err);
      const ptr = wasm._posenc_alloc(8 * (qa.length + ka.length));
      if (!ptr) throw new RangeError('not enough memory for q and k');
      try {
        wasm.HEAPF64.set(qa, ptr / 8);  // HEAPF64 read after the allocation, which may have grown memory
        wasm.HEAPF64.set(ka, ptr / 8 + qa.length);
        return call(wasm, 'posenc_rope', [ptr, ptr + 8 * qa.length, qa.length, m, n, base])[0];
      } finally {
        wasm._posenc_free(ptr);
      }
    },
    table(n, d, base = defaultBase()) { return table(false, n, d, base); },
    stats() {
      const [frames, frameMsMedian, frameMsP95, heapBytes] = compute('posenc_stats_out', []);
      return { frames, frameMsMedian, frameMsP95, heapBytes };
    },
    resetStats() { need()._posenc_stats_reset(); },
    exportFile(kind) {
      const m = need();
      const err = withString(m, String(kind), (p) => m.UTF8ToString(m._posenc_request_export(p)));
      if (err) throw new RangeError(err);
    },
    exportText(kind) {
      const m = need();
      const err = withString(m, String(kind), (p) => m.UTF8ToString(m._posenc_export_text(p)));
      if (err) throw new RangeError(err);
      return m.UTF8ToString(m._posenc_text_result());
    },
    views() { return json('posenc_views'); },
    schema() { return json('posenc_schema'); },
    timing,
    // ---- benchmark hooks for scripts/bench.mjs (not part of the public API) ----
    _tableDirect(n, d, base = defaultBase()) { return table(true, n, d, base); },
    _similarityKmax(kmax) { num('kmax', kmax); need()._posenc_similarity_kmax(kmax); },
    // ---- debug hooks for tests/browser/test_heatmap.mjs (not part of the public API) ----
    // Where the heatmap was drawn last frame, in CSS pixels of the page, and its window; null until drawn.
    _heatmapRect() {
      const r = compute('posenc_heatmap_rect', []);
      if (!r.length) return null;
      const [x, y, w, h, pos0, positions, dim0, dims] = r;
      const box = canvas.getBoundingClientRect();
      return { x: x + box.left, y: y + box.top, w, h, pos0, positions, dim0, dims };
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
    const q = [linkQuery(runtime), pageQuery].filter(Boolean).join('&');
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
  function noteState(json) {
    if (json === lastJson) return;
    lastJson = json;
    const state = JSON.parse(json);
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
  // The control column is 290 px times the UI scale (metrics::sidebar_width in src/app/style.hpp), after
  // 8 px of window padding.
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
  }
  if (prefersDark && prefersDark.addEventListener) prefersDark.addEventListener('change', applyPrefersDark);

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
  // Known once posenc_load has read the URL (embed mode and the `origins=` list).
  let trusted = [];
  function trust() {
    if (allowList) return allowList;
    const o = parentOrigin();
    return o && o !== 'null' ? [o] : [];
  }

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
  if (window.parent !== window) window.addEventListener('message', onMessage);
  function startEmbed() {
    document.documentElement.classList.toggle('embed', embed);
    copyButton.hidden = embed || noWasm || noGL;  // shown once the module runs, outside embeds
    trusted = trust();
    const queued = early;
    early = null;
    for (const event of queued) onMessage(event);
  }

  // ---- [SECTION] boot ------------------------------------------------------------------------------
  let lastErr = '';  // the module's last stderr line, for the message if it cannot start
  const config = {
    canvas,
    // The single-file build (scripts/make_single.py) carries the wasm inline, so it opens from file://.
    wasmBinary: window.POSENC_WASM_BINARY || undefined,
    arguments: [],  // the URL is applied below through posenc_set_state, so its rejections are known
    onRuntimeInitialized() {
      runtime = config;
      applyPrefersDark();
      const reduced = reducedMotion && reducedMotion.matches ? 1 : 0;
      const loaded = JSON.parse(withString(config, location.search, (p) => config.UTF8ToString(config._posenc_load(p, reduced))));
      embed = loaded.page.embed;
      allowList = loaded.page.origins === null ? null : parseOrigins(loaded.page.origins);
      pageQuery = loaded.page.query;
      startEmbed();
      noteState(config.UTF8ToString(config._posenc_get_state()));
      showNotice(loaded.rejected.concat(pageRejected));
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
    createPosEncApp(config).then(null, (err) => {
      showStatus('PosEnc Lab could not start: ' + (err && err.message ? err.message : String(err)), true);
      rejectReady(err);
    });
  }
})();
