// PosEnc Lab embed loader for course pages: puts PosEnc Lab into an element as an iframe and talks
// to it with postMessage. No dependencies, no inline code needed (works under a strict CSP).
//
// One line of HTML (mounted when the page has loaded):
//   <div data-posenc="view=clock&d=64&k=37"></div>
//   <script src="https://host/posenc-embed.js"></script>
//   optional attributes: data-posenc-src (page URL, default: index.html beside this script),
//   data-posenc-title (the iframe's accessible name)
//
// Or one call:
//   const h = PosEncEmbed.mount(element, {src, state: {view: 'clock', k: 37}, origin, origins, title, timeout})
//   h.ready            Promise, resolves with the state once the embed answers
//   h.getState()       Promise of {view, d, base, pos, k, playing, speed, pair, n, ...}
//   h.setState(part)   Promise of the resulting state plus `rejected: [{key, value, reason}]`
//   h.on('change', fn) fn(state) when the embed's state changes (also by the user); returns an unsubscribe
//   h.destroy()        removes the iframe and rejects pending requests
//   PosEncEmbed.get(element) is the handle of a mounted element; PosEncEmbed.mountAll(root) mounts
//   every [data-posenc] element under root that is not mounted yet.
//
// Protocol (version 1; structured-cloned objects, never strings to parse):
//   page -> embed  {posenc: 1, id, type: 'getState'}  |  {posenc: 1, id, type: 'setState', state: {...}}
//   embed -> page  {posenc: 1, id, type: 'result', state, rejected}  |  {posenc: 1, id, type: 'error', reason}
//                  {posenc: 1, type: 'change', state}
// Messages go only to the embed's origin and are accepted only from the embed's window and origin.
(function () {
  'use strict';
  if (window.PosEncEmbed) return;  // loaded twice: keep the first

  const script = document.currentScript;
  const DEFAULT_SRC = script && script.src ? new URL('index.html', script.src).href : new URL('index.html', document.baseURI).href;
  const handles = new WeakMap();

  function isPlain(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
  }

  // state: a query string ("view=clock&k=37") or an object of numbers, strings and booleans.
  function stateParams(state) {
    const out = new URLSearchParams();
    if (typeof state === 'string') {
      for (const [k, v] of new URLSearchParams(state.replace(/^\?/, ''))) out.append(k, v);
    } else if (isPlain(state)) {
      for (const k of Object.keys(state)) {
        const v = state[k];
        if (typeof v === 'boolean') out.append(k, v ? '1' : '0');
        else if (typeof v === 'number' || typeof v === 'string') out.append(k, String(v));
        else throw new TypeError('state.' + k + ' must be a number, string or boolean');
      }
    } else if (state != null) {
      throw new TypeError('state must be a query string or a plain object');
    }
    return out;
  }

  function mount(element, options = {}) {
    if (!(element instanceof Element)) throw new TypeError('PosEncEmbed.mount needs an element');
    if (handles.has(element)) return handles.get(element);
    const url = new URL(options.src || DEFAULT_SRC, document.baseURI);
    const params = stateParams(options.state);
    // The page-level keys are the loader's to set (URLSearchParams.set replaces any from `state`); the
    // embedded page validates everything else.
    params.set('embed', '1');
    if (options.origins) params.set('origins', [].concat(options.origins).join(','));
    else params.delete('origins');
    url.search = params.toString();
    const origin = options.origin || url.origin;
    const timeout = options.timeout || 15000;

    const iframe = document.createElement('iframe');
    iframe.title = options.title || 'PosEnc Lab: interactive positional encoding';
    iframe.setAttribute('allow', 'clipboard-write; fullscreen');
    iframe.setAttribute('allowfullscreen', '');
    iframe.style.border = '0';
    iframe.style.display = 'block';
    iframe.style.width = '100%';
    // Fill a container that has a height; otherwise take a 16:10 box as wide as the container.
    if (element.clientHeight > 0) iframe.style.height = '100%';
    else iframe.style.aspectRatio = '16 / 10';
    iframe.src = url.href;

    let nextId = 1, connected = false, destroyed = false;
    const pending = new Map();  // id -> {msg, resolve, reject, timer}
    const listeners = new Set();
    let resolveReady, rejectReady;
    const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
    ready.catch(() => {});  // a handle nobody awaits must not report an unhandled rejection

    function send(msg) {
      if (iframe.contentWindow) iframe.contentWindow.postMessage(msg, origin);
    }
    function request(type, state) {
      if (destroyed) return Promise.reject(new Error('this PosEnc embed was destroyed'));
      return new Promise((resolve, reject) => {
        const id = nextId++;
        const msg = state === undefined ? { posenc: 1, id, type } : { posenc: 1, id, type, state };
        const timer = setTimeout(() => { pending.delete(id); reject(new Error('PosEnc embed did not answer ' + type)); }, timeout);
        pending.set(id, { msg, resolve, reject, timer });
        if (connected) send(msg);
      });
    }
    function handshake() {
      // After each load of the iframe: the first answer says it is ready; then (re)send what waits.
      connected = false;
      const id = nextId++;
      const timer = setTimeout(() => { pending.delete(id); rejectReady(new Error('PosEnc embed did not start')); }, timeout);
      pending.set(id, {
        msg: null, timer, reject: rejectReady,
        resolve(state) {
          connected = true;
          resolveReady(state);
          for (const p of pending.values()) if (p.msg) send(p.msg);
        },
      });
      send({ posenc: 1, id, type: 'getState' });
    }
    function onMessage(event) {
      if (event.source !== iframe.contentWindow || event.origin !== origin) return;
      const d = event.data;
      if (!isPlain(d) || d.posenc !== 1 || !isPlain(d.state) && d.type !== 'error') return;
      if (d.type === 'change') {
        for (const fn of listeners) { try { fn(d.state); } catch (e) { console.error(e); } }
        return;
      }
      const p = pending.get(d.id);
      if (!p) return;
      pending.delete(d.id);
      clearTimeout(p.timer);
      if (d.type === 'error') p.reject(new Error(String(d.reason)));
      else if (d.type === 'result') {
        const state = Object.assign({}, d.state);
        if (p.msg && p.msg.type === 'setState') state.rejected = Array.isArray(d.rejected) ? d.rejected : [];
        p.resolve(state);
      }
    }
    window.addEventListener('message', onMessage);
    iframe.addEventListener('load', handshake);
    element.appendChild(iframe);

    const handle = {
      element, iframe, ready,
      getState() { return request('getState'); },
      setState(partial) {
        if (!isPlain(partial)) return Promise.reject(new TypeError('setState takes a plain object, e.g. {k: 37}'));
        return request('setState', partial);
      },
      on(event, fn) {
        if (event !== 'change' || typeof fn !== 'function') throw new TypeError("on() takes ('change', function)");
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
      destroy() {
        if (destroyed) return;
        destroyed = true;
        window.removeEventListener('message', onMessage);
        for (const p of pending.values()) { clearTimeout(p.timer); p.reject(new Error('this PosEnc embed was destroyed')); }
        pending.clear();
        listeners.clear();
        iframe.remove();
        handles.delete(element);
      },
    };
    handles.set(element, handle);
    return handle;
  }

  function mountAll(root = document) {
    const out = [];
    for (const el of root.querySelectorAll('[data-posenc]')) {
      if (handles.has(el)) { out.push(handles.get(el)); continue; }
      try {
        out.push(mount(el, { state: el.getAttribute('data-posenc'), src: el.getAttribute('data-posenc-src') || undefined,
                             title: el.getAttribute('data-posenc-title') || undefined }));
      } catch (e) {
        console.warn('PosEnc embed: could not mount', el, e);
      }
    }
    return out;
  }

  window.PosEncEmbed = Object.freeze({ mount, mountAll, get: (el) => handles.get(el) || null, version: 1 });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mountAll());
  else mountAll();
})();
