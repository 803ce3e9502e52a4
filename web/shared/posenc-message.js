  // ---- [SECTION] the message rules (web/shared/posenc-message.js) ------------------------------------
  // One copy, pasted by the build (scripts/embed_module.py, at the `//#include` line) into the figure
  // (posenc.js), which refuses a malformed message with the reason, and into the loader
  // (posenc-embed.js), which refuses the same call before posting it, with the same reason.
  // MAX_KEYS is above the number of settings (PosEnc.schema().length, 48 now): a handle that reconnects
  // sends its whole last state in one setState (tests/browser/test_embed_lazy.mjs).
  const MAX_KEYS = 64, MAX_KEY = 40, MAX_STRING = 200, MAX_ARGS = 4, MAX_ORIGINS = 16;
  const CALLS = ['describe', 'exportText', 'exportImage', 'animate', 'link', 'progress'];
  const MIN_ZOOM = 1, MAX_ZOOM = 4;

  function isPlain(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
  }
  const isValue = (v) => (typeof v === 'string' ? v.length <= MAX_STRING : typeof v === 'number' || typeof v === 'boolean');
  function typeName(v) {
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'an array';
    return typeof v === 'object' ? 'an object' : typeof v;
  }
  // Why `v` (not isValue) cannot be a value; the reason names the key, so a host can find it.
  function whyNotValue(name, v) {
    if (typeof v === 'string') return name + ' is a string of ' + v.length + ' characters, more than ' + MAX_STRING;
    return name + ' must be a number, a boolean or a string of at most ' + MAX_STRING + ' characters, not ' + typeName(v);
  }
  // Returns null for well-formed fields, otherwise why not. `optional`: undefined stands for a left-out
  // option ({to, seconds: undefined}).
  function checkFields(obj, what, optional = false) {
    if (!isPlain(obj)) return what + ' must be a plain object, not ' + typeName(obj);
    const keys = Object.keys(obj);
    if (keys.length > MAX_KEYS) return what + ' has ' + keys.length + ' keys, more than ' + MAX_KEYS;
    for (const k of keys) {
      if (k.length > MAX_KEY) return 'a key of ' + what + ' is longer than ' + MAX_KEY + ' characters (' + k.slice(0, 20) + '...)';
      if (!isValue(obj[k]) && !(optional && obj[k] === undefined)) return whyNotValue(what + '.' + k, obj[k]);
    }
    return null;
  }
  // Returns null for a well-formed request {posenc: 1, id, type, ...}, otherwise why it is refused.
  function checkRequest(d) {
    if (!Number.isSafeInteger(d.id) || d.id < 0) return 'id must be a non-negative integer';
    switch (d.type) {
      case 'getState': return null;
      case 'setState': return checkFields(d.state, 'state');
      case 'zoom': return typeof d.zoom === 'number' && d.zoom >= MIN_ZOOM && d.zoom <= MAX_ZOOM ? null : 'zoom must be a number from 1 to 4';
      case 'call': {
        if (typeof d.method !== 'string' || !CALLS.includes(d.method)) return 'method must be one of ' + CALLS.join(', ');
        if (!Array.isArray(d.args) || d.args.length > MAX_ARGS) return 'args must be an array of at most ' + MAX_ARGS;
        for (let i = 0; i < d.args.length; i++) {
          const a = d.args[i];
          if (a === undefined || a === null || isValue(a)) continue;
          const why = typeof a === 'string' ? whyNotValue(d.method + "'s argument " + (i + 1), a) : checkFields(a, d.method + "'s argument " + (i + 1), true);
          if (why) return why;
        }
        return null;
      }
      default: return 'type must be getState, setState, call or zoom';
    }
  }

  // An entry of an origins list (the loader's `origins` option, the figure's `origins=` key): its origin
  // when it has one clear meaning (a trailing slash or capitals, as the URL parser reads them), otherwise
  // {why}. Scheme and host are required; a path, a query or a wildcard is refused, not guessed at.
  function readOrigin(entry) {
    const shown = '"' + String(entry).slice(0, 80) + '"';
    if (typeof entry !== 'string') return { why: 'origins takes strings like https://course.example.org, not ' + typeName(entry) };
    if (entry.includes('*')) return { why: 'origins entry ' + shown + ' has a wildcard, which is not supported: list each origin' };
    let u = null;
    try { u = new URL(entry.trim()); } catch (e) { /* not a URL */ }
    if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:'))
      return { why: 'origins entry ' + shown + ' is not an origin: write its scheme, like https://course.example.org' };
    if (u.username || u.password || u.pathname !== '/' || u.search || u.hash || /[?#]/.test(entry))
      return { why: 'origins entry ' + shown + ' has more than an origin (a path, query or user): write only https://host[:port]' };
    return { origin: u.origin };
  }
