// PosEnc Lab embed loader for course pages and slide decks: puts PosEnc Lab into an element as an iframe
// and talks to it with postMessage. No dependencies, no inline code needed (works under a strict CSP).
// This file is the classic script (window.PosEncEmbed); the build writes posenc-embed.mjs, the ES module
// (`import { mount } from 'https://host/posenc-embed.mjs'`), from it with scripts/embed_module.py: lines
// between `//#classic-begin` and `//#classic-end` are the classic script's alone, and lines that start
// with `//#module ` are the module's alone. Types: posenc-embed.d.ts.
//
// One line of HTML (mounted when the page has loaded):
//   <div data-posenc="view=clock&d=64&k=37"></div>
//   <script src="https://host/posenc-embed.js"></script>
//   optional attributes: data-posenc-src (page URL, default: index.html beside this script),
//   data-posenc-title (the iframe's accessible name), data-posenc-lazy, data-posenc-deck ("1"/"0"),
//   data-posenc-theme ("light" / "dark" / "auto"),
//   data-posenc-sandbox ("" or the sandbox flags)
//
// Or one call:
//   const h = PosEncEmbed.mount(element, {state: {view: 'clock', k: 37}, src, origin, origins, title,
//                                         lazy, deck, sandbox, theme, timeout})
//   h.ready                 Promise of the state once the figure runs. Never rejects because the figure is
//                           off-screen or slow; rejects only if it truly fails (no WebGL2, no WebAssembly,
//                           could not start), with the figure's reason, or does not trust this page's
//                           origin (it says so: {type: 'notAllowed'}), with a hint about `origins`
//   h.getState()            Promise of {view, d, base, pos, k, playing, ...}
//   h.setState({k: 5})      Promise of the resulting state plus `rejected: [{key, value, reason}]`
//   h.describe()            Promise of the text description of the view and its numbers
//   h.exportText('csv')     Promise of the text: 'csv' | 'numpy' | 'pytorch' | 'svg' | 'results-json' | 'results-csv'
//   h.exportImage('png')    Promise of a Blob: 'png' (the whole figure) | 'figure' (the view only)
//   h.animate('k', {to: 37, seconds: 2})   Promise of the state once k has arrived (any number setting:
//                           the settings table's number rows, AnimateKey in posenc-embed.d.ts)
//   h.link()                Promise of the URL that opens the full page in the figure's current state
//   h.progress()            Promise of the student's score over the tour's questions: {questions, right,
//                           firstTry, shown, untried, score (0..100), completed, steps, stepsSeen, items}
//   h.on('ready', fn)       fn(state) each time the figure starts (also after its iframe reloads)
//   h.on('change', fn)      fn(state) when its state changes (also by the reader), at most 10 a second
//   h.on('view', fn)        fn(viewId, state) when the view changes;  h.on('step', fn): fn(step, state)
//   h.on('answer', fn)      fn({question, step, kind, choice, response, correct, tries}) for each answer the
//                           student gives to a tour question (question: its id; choice: 1-based, or the value)
//   h.on('error', fn)       fn(error) when the figure fails, or when it ignored part of the `state` it was
//                           mounted with (error.rejected: [{key, value, reason}]; the figure runs on);
//                           every on() returns its unsubscribe function
//   h.destroy()             removes the iframe and rejects what is still waiting
//   PosEncEmbed.get(element) is the handle of a mounted element; PosEncEmbed.mountAll(root) mounts every
//   [data-posenc] element under root that is not mounted yet.
// Every call resolves or rejects with a reason. A call the figure would refuse (a value that is not a
// number, boolean or string of at most 200 characters, more than 64 keys, a key over 40 characters) is
// refused here before it is posted, by the figure's own rules (web/shared/posenc-message.js, pasted into
// both by the build), and `mount` refuses such a `state` the same way; `origins` entries are normalised
// (a trailing slash, capitals) or refused with an error naming the entry (no scheme, a path, a wildcard).
// Calls made before the figure's page has loaded wait for it, however long that takes (a lazy figure far
// below the fold loads once the reader scrolls to it); from then on `timeout` (ms, default 30000; 0 or
// Infinity: no limit) limits the wait for the figure to start and again for its answer once the request
// is sent (animate: plus its seconds), and the rejection names the call. If the iframe reloads (a deck
// unloads the slide, the host moves the element), the handle reconnects and the figure gets back its
// last state.
//
// Decks: inside a reveal.js deck (`.reveal .slides`) or with {deck: true}, the figure's URL gets deck=1.
// Keys the figure does not take come back as {type: 'key'} and are dispatched as a keydown on the host page
// (the deck turns the slide); Esc in the figure sends {type: 'release'} and the loader moves the keyboard
// focus to the mounted element. When reveal.js leaves the figure's slide (slidechanged), a figure that has
// the focus gives it back to the document, so the next key turns the slide. In reveal.js the iframe is
// loaded with its slide (data-src, as reveal.js unloads hidden slides' iframes). The iframe fills an
// element that has a height of its own, also one on a slide that was hidden (display: none) when it was
// mounted: its height is read once the slide is first laid out. A figure scaled by a CSS transform
// (reveal.js scales its slides) is told the scale and draws that many more device pixels, so it stays
// sharp.
//
// Protocol (version 1; structured-cloned objects, never strings to parse):
//   page -> embed  {posenc: 1, id, type: 'getState'}  |  {posenc: 1, id, type: 'setState', state: {...}}
//                  {posenc: 1, id, type: 'call', method, args: [...]}  (describe, exportText, exportImage,
//                  animate, link, progress)  |  {posenc: 1, id: 0, type: 'zoom', zoom}  (not answered)
//   embed -> page  {posenc: 1, id, type: 'result', state, rejected, title}  |  {posenc: 1, id, type: 'result', value}
//                  {posenc: 1, id?, type: 'error', reason, fatal?}  |  {posenc: 1, type: 'change', state, title}
//                  {posenc: 1, type: 'answer', answer: {question, step, kind, choice, response, correct, tries}}
//                  {posenc: 1, type: 'notAllowed'}  (to an origin the figure does not trust; nothing else)
//                  {posenc: 1, type: 'key', key, code, keyCode, shiftKey, ctrlKey, altKey, metaKey}
//                  {posenc: 1, type: 'release'}
// Messages go only to the embed's origin and are accepted only from the embed's window and origin. A
// sandboxed embed (sandbox without allow-same-origin) has an opaque origin: its messages come from origin
// "null" and are accepted from its window only; messages to it must be addressed to "*".
//#classic-begin
(function () {
  'use strict';
  if (window.PosEncEmbed) {
    // Loaded twice, or after the ES module: the first instance mounts this page's [data-posenc] elements.
    const first = window.PosEncEmbed;
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => first.mountAll());
    else first.mountAll();
    return;
  }
  const SCRIPT_URL = document.currentScript && document.currentScript.src ? document.currentScript.src : '';
//#classic-end
//#module const SCRIPT_URL = import.meta.url;

  // The first element after `element` (and outside it) that Tab would reach, in document order.
  const TABBABLE = 'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], ' +
    '[contenteditable=""], [contenteditable="true"], audio[controls], video[controls]';
  function nextTabbable(element) {
    const doc = element.ownerDocument;
    for (const el of doc.querySelectorAll(TABBABLE)) {
      if (element.contains(el) || !(element.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      if (el.tabIndex < 0 || el.disabled || el.closest('[inert]')) continue;
      if (!(el.offsetWidth || el.offsetHeight || el.getClientRects().length)) continue;  // not rendered
      const style = doc.defaultView.getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      return el;
    }
    return null;
  }

  // The index.html beside this file: the pinned copy (v/<version>/) embeds its own version's page.
  const DEFAULT_SRC = new URL('index.html', SCRIPT_URL || document.baseURI).href;
  const TITLE = 'PosEnc Lab: interactive positional encoding';
  const EVENTS = ['ready', 'change', 'view', 'step', 'answer', 'error'];
  const MAX_KEY_TEXT = 40;         // key and code names of forwarded keys
  const MAX_TITLE = 120;           // a lesson title from the figure, for the iframe's title
  // A call's default limit: from when the figure's page has loaded (or the call, if later) to the
  // answer. Longer than a slow start of the wasm; a lazy figure never scrolled to has not loaded, so its
  // calls still wait for the reader.
  const DEFAULT_TIMEOUT = 30000;
  // Handles by element, shared by every loader on the page (the classic script, the module, pinned
  // versions), so get() finds a figure whichever loader mounted it and no element is mounted twice.
  // Looked up at mount, never at load: the module imports under Node and server-side renderers.
  const HANDLES = Symbol.for('PosEncEmbed.handles');
  const localHandles = new WeakMap();
  function handles() {
    if (typeof window === 'undefined') return localHandles;
    return window[HANDLES] || (window[HANDLES] = localHandles);
  }

//#include shared/posenc-message.js

  // state: a query string ("view=clock&k=37") or an object of numbers, strings and booleans, refused by
  // the rule (and with the reason) a setState of it would get.
  function stateParams(state) {
    const out = new URLSearchParams();
    if (typeof state === 'string') {
      for (const [k, v] of new URLSearchParams(state.replace(/^\?/, ''))) out.append(k, v);
    } else if (isPlain(state)) {
      const why = checkFields(state, 'state');
      if (why) throw new TypeError(why);
      for (const k of Object.keys(state)) out.append(k, typeof state[k] === 'boolean' ? (state[k] ? '1' : '0') : String(state[k]));
    } else if (state != null) {
      throw new TypeError('state must be a query string or a plain object');
    }
    return out;
  }

  // The `origins` option as the figure's `origins=` value: each entry read by the figure's own rule
  // (readOrigin); one it would not take is refused here, naming it, as the figure would only ignore it
  // and never answer.
  function originsParam(option) {
    const list = [].concat(option);
    if (!list.length || list.length > MAX_ORIGINS) throw new TypeError('origins takes 1 to ' + MAX_ORIGINS + ' origins');
    return list.map((entry) => {
      const r = readOrigin(entry);
      if (!r.origin) throw new TypeError(r.why);
      return r.origin;
    }).join(',');
  }
  function timeoutOption(t) {
    if (t === undefined) return DEFAULT_TIMEOUT;
    if (typeof t !== 'number' || !(t >= 0)) throw new TypeError('timeout takes milliseconds (0 or Infinity: no limit)');
    return Number.isFinite(t) ? t : 0;
  }
  // What a request waited for, for its timeout's message: "getState", "animate('k')".
  function callName(msg) {
    if (msg.type !== 'call') return msg.type;
    const first = msg.args && typeof msg.args[0] === 'string' ? "'" + msg.args[0].slice(0, 40) + "'" : '';
    return msg.method + '(' + first + ')';
  }

  // The sandbox attribute for the `sandbox` option: true -> "allow-scripts" (what the figure needs), a
  // string -> those flags plus allow-scripts; false/undefined -> no sandbox.
  function sandboxFlags(option) {
    if (option === undefined || option === null || option === false) return null;
    const flags = new Set(['allow-scripts']);
    if (typeof option === 'string') {
      for (const f of option.split(/\s+/)) if (f) flags.add(f);
    } else if (option !== true) {
      throw new TypeError('sandbox takes true or a string of sandbox flags');
    }
    return [...flags].join(' ');
  }

  function mountElement(element, options = {}) {
    if (typeof Element === 'undefined' || !(element instanceof Element)) throw new TypeError('PosEncEmbed.mount needs an element');
    if (handles().has(element)) return handles().get(element);
    if (!isPlain(options)) throw new TypeError('mount options must be a plain object');
    if (!window.PosEncEmbed) window.PosEncEmbed = api;  // the module, when no classic loader came first
    const url = new URL(options.src || DEFAULT_SRC, document.baseURI);
    const params = stateParams(options.state);
    const reveal = element.closest('.reveal .slides') ? element.closest('.reveal') : null;
    const deck = options.deck === undefined ? !!reveal : !!options.deck;
    // The page-level keys are the loader's to set (URLSearchParams.set replaces any from `state`); the
    // embedded page validates everything else.
    params.set('embed', '1');
    if (options.origins != null) params.set('origins', originsParam(options.origins));
    else params.delete('origins');
    if (deck) params.set('deck', '1');
    // The colours: 'light', 'dark' or 'auto' (the reader's system setting); the figure validates it.
    if (options.theme !== undefined) params.set('theme', String(options.theme));
    const origin = options.origin || url.origin;
    const timeout = timeoutOption(options.timeout);
    const sandbox = sandboxFlags(options.sandbox);
    // An opaque-origin frame (sandboxed without allow-same-origin) sends from "null" and can only be
    // addressed as "*"; only its window (event.source) identifies it.
    const opaque = sandbox !== null && !sandbox.split(' ').includes('allow-same-origin');
    const target = opaque ? '*' : origin;

    function srcFor(state) {
      const p = new URLSearchParams(params);
      if (state) for (const [k, v] of stateParams(state)) p.set(k, v);
      p.set('embed', '1');  // page-level keys again last: a state cannot carry them
      if (deck) p.set('deck', '1');
      const u = new URL(url.href);
      u.search = p.toString();
      return u.href;
    }

    const iframe = document.createElement('iframe');
    iframe.title = options.title || TITLE;
    // `allow` alone: with allowfullscreen as well, Chromium warns on every page that allow wins.
    iframe.setAttribute('allow', 'clipboard-write; fullscreen');
    if (sandbox !== null) iframe.setAttribute('sandbox', sandbox);
    if (options.lazy) iframe.setAttribute('loading', 'lazy');
    iframe.style.border = '0';
    iframe.style.display = 'block';
    iframe.style.width = '100%';
    iframe.style.maxWidth = 'none';  // fill the element even where the host limits iframes (reveal.js: 95%)
    iframe.style.maxHeight = 'none';
    // Fill a container that has a height of its own (a slide's figure box); otherwise take a 16:10 box as
    // wide as the container. Only a container that is laid out has a height to read: one that is not (on a
    // deck's hidden slide, display: none) is measured when it first gets a box, before that frame is
    // painted (a ResizeObserver runs after layout), with the iframe taken out so only its own height counts.
    function fitHeight() {
      iframe.style.display = 'none';
      const own = element.clientHeight > 0;
      iframe.style.display = 'block';
      iframe.style.height = own ? '100%' : '';
      iframe.style.aspectRatio = own ? '' : '16 / 10';
    }
    let sizeWatch = null;
    if (element.getClientRects().length || typeof ResizeObserver !== 'function') {
      fitHeight();
    } else {
      sizeWatch = new ResizeObserver(() => {
        if (!element.getClientRects().length) return;
        sizeWatch.disconnect();
        sizeWatch = null;
        fitHeight();
      });
      sizeWatch.observe(element);
    }

    let nextId = 1, connected = false, destroyed = false, failure = null, started = false;
    let pageLoaded = false;    // the iframe holds the figure's page (its calls' timers run from then)
    let handshakeId = 0;
    let latest = null;         // the newest state seen (answers and change events): restored after a reload
    let zoomSent = 1;
    const pending = new Map();  // id -> {msg, resolve, reject, timer}
    const listeners = new Map(EVENTS.map((e) => [e, new Set()]));
    let resolveReady, rejectReady;
    const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
    ready.catch(() => {});  // a handle nobody awaits must not report an unhandled rejection

    function emit(event, ...args) {
      for (const fn of listeners.get(event)) { try { fn(...args); } catch (e) { console.error(e); } }
    }
    function send(msg) {
      try {
        if (iframe.contentWindow) iframe.contentWindow.postMessage(msg, target);
      } catch (e) {
        const p = pending.get(msg.id);
        if (p) { pending.delete(msg.id); p.reject(e); }  // e.g. an argument that cannot be cloned
      }
    }
    // A request's timer runs from when it is made or the page has loaded, whichever is later, and again
    // from when it is sent to the running figure; an animation's own seconds come on top.
    function arm(id, p, sent) {
      if (!timeout) return;
      clearTimeout(p.timer);
      const o = p.msg.method === 'animate' ? p.msg.args[1] : null;
      const ms = timeout + (o && o.seconds > 0 ? o.seconds * 1000 : 0);
      p.timer = setTimeout(() => {
        if (!pending.delete(id)) return;
        p.reject(new Error(sent ? 'PosEnc embed: no answer to ' + callName(p.msg) + ' within ' + ms + ' ms'
          : 'PosEnc embed: ' + callName(p.msg) + ' waited ' + ms + ' ms for the figure at ' + url.origin +
            ' to start after its page loaded (is src a PosEnc Lab page?)'));
      }, ms);
    }
    function disarm() { for (const p of pending.values()) clearTimeout(p.timer); }
    function dispatch(id, p) {
      arm(id, p, true);
      send(p.msg);
    }
    function request(msg) {
      if (destroyed) return Promise.reject(new Error('this PosEnc embed was destroyed'));
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      const p = { msg: Object.assign({ posenc: 1, id }, msg), resolve: null, reject: null, timer: 0 };
      // Refused here by the figure's rule, with its reason: the figure would refuse it too.
      const why = checkRequest(p.msg);
      if (why) return Promise.reject(new TypeError(why));
      return new Promise((resolve, reject) => {
        p.resolve = resolve;
        p.reject = reject;
        pending.set(id, p);
        if (connected) dispatch(id, p);  // otherwise sent once the figure runs (see connect)
        else if (pageLoaded) arm(id, p, false);
      });
    }
    function call(method, args) { return request({ type: 'call', method, args }); }

    function fail(reason) {
      failure = new Error(String(reason).slice(0, 300));
      connected = false;
      rejectReady(failure);
      for (const p of pending.values()) { clearTimeout(p.timer); p.reject(failure); }
      pending.clear();
      emit('error', failure);
    }

    // The hint for a figure that does not trust this page ({type: 'notAllowed'}): its `origins`.
    function notAllowed() {
      const here = location.origin;
      const list = params.get('origins');
      return 'PosEnc embed: the figure at ' + url.origin + ' does not accept messages from this page (' + here + '): ' +
        (list !== null ? "its origins list (" + list.slice(0, 120) + ") does not include it; add '" + here + "' to the `origins` option"
          : "it could not tell its parent page's origin; give the `origins` option, e.g. origins: ['" + here + "']");
    }
    // The error for a mount state the figure did not take in full: each key with the figure's reason.
    function refused(rejected) {
      const list = rejected.filter(isPlain).slice(0, 20).map((r) => ({ key: String(r.key), value: String(r.value), reason: String(r.reason) }));
      const e = new Error('PosEnc embed: the figure ignored part of its state: ' +
        list.map((r) => r.key + ' = "' + r.value + '": ' + r.reason).join('; ').slice(0, 600));
      e.rejected = list;
      return e;
    }
    // "PosEnc Lab: <the lesson's title>", unless the host named the iframe itself.
    function noteTitle(t) {
      if (!options.title && typeof t === 'string' && t && t.length <= MAX_TITLE) iframe.title = 'PosEnc Lab: ' + t;
    }

    function noteState(state) {
      const before = latest;
      latest = Object.assign({}, state);
      delete latest.rejected;
      if (!before) return;
      if (before.view !== latest.view) emit('view', latest.view, Object.assign({}, latest));
      if (before.step !== latest.step) emit('step', latest.step, Object.assign({}, latest));
    }

    // After each load of the iframe: the first answer says the figure runs; then its last state is
    // restored (if the iframe reloaded) and what waits is sent, in order.
    function handshake() {
      connected = false;
      // An iframe without src (a deck's slide not shown yet) loads about:blank: no figure to wait for.
      pageLoaded = iframe.hasAttribute('src');
      if (pageLoaded) for (const [id, p] of pending) arm(id, p, false);
      handshakeId = nextId++;
      send({ posenc: 1, id: handshakeId, type: 'getState' });
    }
    function connect(state) {
      const restore = latest && JSON.stringify(state) !== JSON.stringify(latest) ? latest : null;
      connected = true;
      failure = null;
      if (restore) send({ posenc: 1, id: nextId++, type: 'setState', state: restore });
      else latest = Object.assign({}, state);
      for (const [id, p] of pending) dispatch(id, p);
      sendZoom(true);
      const shown = restore || state;
      if (!started) { started = true; resolveReady(Object.assign({}, shown)); }
      emit('ready', Object.assign({}, shown));
    }

    // reveal.js (and any host that scales with a CSS transform) shows the iframe larger than its CSS size:
    // the figure is told the scale so it draws that many more device pixels instead of being blurred up.
    function measureZoom() {
      const w = iframe.offsetWidth;
      if (!w || !iframe.isConnected) return 1;
      const z = iframe.getBoundingClientRect().width / w;
      return Number.isFinite(z) ? Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(z * 100) / 100)) : 1;
    }
    function sendZoom(force) {
      if (!connected) return;
      const z = measureZoom();
      if (!force && Math.abs(z - zoomSent) < 0.01) return;
      if (force && z === 1 && zoomSent === 1) return;  // nothing to tell a fresh figure
      zoomSent = z;
      send({ posenc: 1, id: 0, type: 'zoom', zoom: z });
    }
    let zoomQueued = false;
    function queueZoom() {
      // After the host's own layout for this event (reveal.js lays out on the same resize).
      if (zoomQueued) return;
      zoomQueued = true;
      requestAnimationFrame(() => { zoomQueued = false; sendZoom(false); });
    }

    function forwardKey(d) {
      const text = (v) => typeof v === 'string' && v.length <= MAX_KEY_TEXT;
      if (!text(d.key) || !text(d.code) || !Number.isInteger(d.keyCode) || d.keyCode < 0 || d.keyCode > 255) return;
      const init = { key: d.key, code: d.code, keyCode: d.keyCode, which: d.keyCode, bubbles: true, cancelable: true, composed: true };
      for (const m of ['shiftKey', 'ctrlKey', 'altKey', 'metaKey']) init[m] = d[m] === true;
      const ev = new KeyboardEvent('keydown', init);
      // keyCode is what reveal.js reads; set it where the constructor ignores it.
      if (ev.keyCode !== d.keyCode) Object.defineProperty(ev, 'keyCode', { value: d.keyCode });
      (iframe.isConnected ? iframe : document).dispatchEvent(ev);
    }
    function release() {
      // Keys go back to the host page: focus the mounted element (focusable by script only). Its next Tab
      // goes on to the host's next element, past the figure (the browser would go into the iframe, the
      // element's child, again); Shift+Tab goes back before it by itself.
      if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
      element.focus({ preventScroll: true });
      const onKey = (e) => {
        if (e.key !== 'Tab' || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey || e.target !== element) return;
        const next = nextTabbable(element);
        if (!next) return;
        e.preventDefault();
        next.focus();
      };
      element.addEventListener('keydown', onKey);
      element.addEventListener('blur', () => element.removeEventListener('keydown', onKey), { once: true });
    }

    // Leaving the figure's slide hands the keyboard back to the deck. A focused iframe keeps every key even
    // once its slide is away (reveal.js unloads it to about:blank, where nothing hands a key back), so the
    // clicker would stop until the lecturer clicks the page: blur it, as reveal.js does with iframes that
    // take the focus, and the keys go to the document (the deck) again.
    function leaveSlide() {
      const slide = element.closest('section');
      if (slide && slide.classList.contains('present')) return;
      const active = document.activeElement;
      if (active && active !== document.body && element.contains(active)) active.blur();
    }

    function onMessage(event) {
      if (event.source !== iframe.contentWindow || !iframe.contentWindow) return;
      if (event.origin !== origin && !(opaque && event.origin === 'null')) return;
      const d = event.data;
      if (!isPlain(d) || d.posenc !== 1) return;
      switch (d.type) {
        case 'change':
          if (!isPlain(d.state)) return;
          noteState(d.state);
          noteTitle(d.title);
          // The last word of a figure being unloaded (sent on pagehide): its next load starts from it.
          if (unloadWatch && !iframe.hasAttribute('src')) iframe.setAttribute('data-src', srcFor(latest));
          emit('change', Object.assign({}, d.state));
          return;
        case 'answer': if (isPlain(d.answer)) emit('answer', Object.assign({}, d.answer)); return;
        case 'key': if (deck) forwardKey(d); return;
        case 'release': release(); return;
        case 'notAllowed': fail(notAllowed()); return;
        case 'error':
          if (d.fatal === true || (d.id === handshakeId && handshakeId)) { fail(d.reason); return; }
          break;
        case 'result': noteTitle(d.title); break;
        default: return;
      }
      if (d.id === handshakeId && handshakeId) {
        handshakeId = 0;
        if (isPlain(d.state)) connect(d.state);
        // What the figure could not apply of the state it was mounted with: the host's to hear (on('error')),
        // never shown to the student; the figure runs on without it.
        if (Array.isArray(d.rejected) && d.rejected.length) emit('error', refused(d.rejected));
        return;
      }
      const p = pending.get(d.id);
      if (!p) return;
      pending.delete(d.id);
      clearTimeout(p.timer);
      if (d.type === 'error') { p.reject(new Error(String(d.reason))); return; }
      if (p.msg.type === 'call') { p.resolve(d.value); return; }
      if (!isPlain(d.state)) { p.reject(new Error('PosEnc embed answered without a state')); return; }
      noteState(d.state);
      const state = Object.assign({}, d.state);
      if (p.msg.type === 'setState') state.rejected = Array.isArray(d.rejected) ? d.rejected : [];
      p.resolve(state);
    }
    window.addEventListener('message', onMessage);
    iframe.addEventListener('load', handshake);
    window.addEventListener('resize', queueZoom);
    if (reveal) reveal.addEventListener('resize', queueZoom);  // reveal.js's own event when its scale changes
    if (reveal) reveal.addEventListener('slidechanged', leaveSlide);

    // Where the src comes from: reveal.js loads an iframe with data-src when its slide is shown and unloads
    // it (removes src) when the slide is left; whenever it unloads, data-src is brought up to the figure's
    // last state, so it comes back as it was left. Elsewhere the src is set now.
    let unloadWatch = null;
    if (reveal) {
      iframe.setAttribute('data-src', srcFor(null));
      const slide = element.closest('section');
      if (!reveal.querySelector('section.present') || (slide && slide.classList.contains('present'))) iframe.src = srcFor(null);
      unloadWatch = new MutationObserver(() => {
        if (!iframe.hasAttribute('src')) {
          connected = false;
          pageLoaded = false;
          disarm();  // what waits now waits for the slide to be shown again
          if (latest) iframe.setAttribute('data-src', srcFor(latest));
        }
      });
      unloadWatch.observe(iframe, { attributes: true, attributeFilter: ['src'] });
    } else {
      iframe.src = srcFor(null);
    }
    element.appendChild(iframe);

    const handle = {
      element, iframe, ready,
      getState() { return request({ type: 'getState' }); },
      setState(partial) { return request({ type: 'setState', state: partial }); },
      describe() { return call('describe', []); },
      exportText(kind) { return call('exportText', [kind]); },
      exportImage(kind = 'png') { return call('exportImage', [kind]); },
      animate(key, options) {
        const o = isPlain(options) ? options : {};  // the figure says what is wrong with the rest
        return call('animate', [key, { to: o.to, seconds: o.seconds }]);
      },
      link() { return call('link', []); },
      progress() { return call('progress', []); },
      on(event, fn) {
        if (!listeners.has(event) || typeof fn !== 'function')
          throw new TypeError("on() takes ('ready' | 'change' | 'view' | 'step' | 'answer' | 'error', function)");
        listeners.get(event).add(fn);
        return () => { listeners.get(event).delete(fn); };
      },
      destroy() {
        if (destroyed) return;
        destroyed = true;
        window.removeEventListener('message', onMessage);
        window.removeEventListener('resize', queueZoom);
        if (reveal) reveal.removeEventListener('resize', queueZoom);
        if (reveal) reveal.removeEventListener('slidechanged', leaveSlide);
        if (unloadWatch) unloadWatch.disconnect();
        if (sizeWatch) sizeWatch.disconnect();
        for (const p of pending.values()) { clearTimeout(p.timer); p.reject(new Error('this PosEnc embed was destroyed')); }
        pending.clear();
        for (const set of listeners.values()) set.clear();
        iframe.remove();
        handles().delete(element);
      },
    };
    handles().set(element, Object.freeze(handle));
    return handles().get(element);
  }

  function attrFlag(el, name) {
    if (!el.hasAttribute(name)) return undefined;
    const v = el.getAttribute(name);
    return v !== '0' && v !== 'false';
  }

  function mountAllIn(root = document) {
    const out = [];
    for (const el of root.querySelectorAll('[data-posenc]')) {
      if (handles().has(el)) { out.push(handles().get(el)); continue; }
      try {
        const sandbox = el.hasAttribute('data-posenc-sandbox') ? (el.getAttribute('data-posenc-sandbox') || true) : undefined;
        out.push(mountElement(el, { state: el.getAttribute('data-posenc'), src: el.getAttribute('data-posenc-src') || undefined,
                             title: el.getAttribute('data-posenc-title') || undefined, lazy: attrFlag(el, 'data-posenc-lazy'),
                             deck: attrFlag(el, 'data-posenc-deck'), sandbox,
                             theme: el.getAttribute('data-posenc-theme') || undefined }));
      } catch (e) {
        console.warn('PosEnc embed: could not mount', el, e);
      }
    }
    return out;
  }

  const api = Object.freeze({ mount: mountElement, mountAll: mountAllIn, get: (el) => handles().get(el) || null, version: 1 });
//#classic-begin
  window.PosEncEmbed = api;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mountAllIn());
  else mountAllIn();
})();
//#classic-end
//#module // The module's own functions: its mount embeds the index.html beside it (a pinned import stays
//#module // pinned) even when a classic loader came first; the handles are shared (handles()), so either's get
//#module // finds a figure either mounted. Nothing here touches window or document before a call: it imports
//#module // under Node and server-side renderers. It mounts nothing by itself: call mount or mountAll.
//#module export const mount = api.mount, mountAll = api.mountAll, get = api.get, version = api.version;
//#module export default api;
