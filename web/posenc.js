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
// `base` defaults to 10000. Invalid arguments throw a RangeError/TypeError naming the parameter.
(function () {
  'use strict';
  const DEFAULT_BASE = 10000;
  const status = document.getElementById('status');
  const canvas = document.getElementById('canvas');
  const listeners = new Set();
  let mod = null;
  let resolveReady, rejectReady;
  const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });

  function showStatus(text, isError) {
    status.textContent = text;  // text only: nothing from outside is ever inserted as HTML
    status.classList.toggle('error', !!isError);
    status.hidden = false;
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
    const reply = JSON.parse(withString(m, parts.join('&'), (p) => m.UTF8ToString(m._posenc_set_state(p))));
    return Object.assign(reply.state, { rejected: early.concat(reply.rejected) });
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
  };
  window.PosEnc = Object.freeze(PosEnc);

  function hasWebGL2() {
    try { return !!document.createElement('canvas').getContext('webgl2'); } catch (e) { return false; }
  }

  if (typeof WebAssembly !== 'object') {
    showStatus('PosEnc Lab needs WebAssembly, which this browser does not offer. Try a current Firefox, Chrome, Edge or Safari.', true);
    rejectReady(new Error('no WebAssembly'));
    return;
  }
  if (!hasWebGL2()) {
    showStatus('PosEnc Lab draws with WebGL2, which is switched off or unavailable in this browser. ' +
               'Try enabling hardware acceleration in the browser settings, or open the page in a current Firefox, Chrome, Edge or Safari.', true);
    rejectReady(new Error('no WebGL2'));
    return;
  }

  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  const config = {
    canvas,
    arguments: [location.search.replace(/^\?/, '')],
    // The module object is this config object, filled in by the glue before main() runs.
    onFirstFrame() { mod = config; status.hidden = true; resolveReady(PosEnc); },
    onStateChange(json) {
      if (!listeners.size) return;
      const state = JSON.parse(json);
      for (const fn of listeners) { try { fn(state); } catch (e) { console.error(e); } }
    },
    print(text) { console.log(text); },
    printErr(text) { console.warn(text); },
  };
  createPosEncApp(config).then(null, (err) => {
    showStatus('PosEnc Lab could not start: ' + (err && err.message ? err.message : String(err)), true);
    rejectReady(err);
  });
})();
