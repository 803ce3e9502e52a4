// Hostile hosts and hostile messages against an embed (web/posenc.js embed mode) and the loader
// (web/posenc-embed.js). Origins: A (127.0.0.1:portA) is the trusted course page that mounts the
// embed, B serves build/<x>/dist (embed + loader), C is an untrusted page on another port: a sibling
// frame in A's page, and a page of its own that frames the embed while the embed trusts only A.
// The same set of malformed messages (1000-deep nesting, wrong types, 1 MB strings, arrays, null,
// posenc: 2, __proto__/constructor shapes, too many or too long keys) is sent
//   - from C: nothing may change, nothing may be sent back to C, C never gets change events;
//   - from A (trusted): each is ignored or answered with a result whose state is valid and whose
//     rejections are short text; the state never changes wrongly; nothing throws; the embed still
//     works afterwards.
// Object.prototype (and Array.prototype) in the embed and host frames are unchanged afterwards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, threeOrigins, openHostPage, embedFrameOf, waitUntil, pollUntil } from './harness.mjs';

let A, B, C, browser, context, page, errors, warnings, dir;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const BARRIER = 424242;  // the id of the getState sent after a batch: its answer comes after the batch's

function writePages() {
  writeFileSync(join(dir, 'host.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="host.css"></head><body>
<div id="fig" data-posenc="view=clock&d=64&k=37&pos=3&playing=0"></div>
<iframe id="other" src="${C.url}evil.html" title="another site"></iframe>
<script src="host.js"></script>
<script src="${B.url}posenc-embed.js"></script>
</body></html>`);
  writeFileSync(join(dir, 'host.css'), '#fig{width:800px;height:500px} #other{width:300px;height:60px}');
  // The host records every message that reaches it from B (the embed's answers).
  writeFileSync(join(dir, 'host.js'), `window.replies = []; window.fromC = [];
addEventListener('message', (e) => {
  if (e.origin === ${JSON.stringify(new URL(B.url).origin)}) window.replies.push(e.data);
  else window.fromC.push(e.origin);
});`);
  writeFileSync(join(dir, 'evil.html'), '<!doctype html><meta charset="utf-8"><title>Other</title><link rel="icon" href="data:,">' +
    '<p>another origin</p><script src="evil.js"></script>');
  writeFileSync(join(dir, 'evil.js'), 'window.got = []; addEventListener("message", (e) => window.got.push(e.data));');
  // C framing the embed directly; the embed trusts only A (origins=), so C, its parent, is not trusted.
  writeFileSync(join(dir, 'evil-parent.html'), `<!doctype html><meta charset="utf-8"><title>Evil parent</title>
<link rel="icon" href="data:,"><iframe id="e" style="width:640px;height:400px"
 src="${B.url}index.html?embed=1&playing=0&k=5&origins=${encodeURIComponent(new URL(A.url).origin)}"></iframe>
<script src="evil.js"></script>`);
}

// The hostile set, built inside a page (structured clone keeps these shapes exactly).
function hostileMessages() {
  let deep = { k: 1 };
  for (let i = 0; i < 1000; i++) deep = { a: deep };
  let deepArray = [1];
  for (let i = 0; i < 1000; i++) deepArray = [deepArray];
  const mb = 'x'.repeat(1 << 20);
  const J = (text) => JSON.parse(text);  // JSON.parse makes "__proto__" an own key, as a wire format would
  let id = 100;
  const set = (state) => ({ posenc: 1, id: id++, type: 'setState', state });
  return [
    null, undefined, 42, 'text', true, [1, 2, 3], mb, { posenc: 1 }, { posenc: 2, id: 1, type: 'setState', state: { k: 97 } },
    { posenc: '1', id: 2, type: 'setState', state: { k: 96 } }, { posenc: true, id: 3, type: 'getState' },
    { posenc: 1, id: '4', type: 'setState', state: { k: 95 } }, { posenc: 1, id: 1.5, type: 'getState' },
    { posenc: 1, id: NaN, type: 'getState' }, { posenc: 1, id: Infinity, type: 'getState' }, { posenc: 1, id: -1, type: 'getState' },
    { posenc: 1, id: Number.MAX_SAFE_INTEGER + 2, type: 'getState' }, { posenc: 1, id: 5, type: 5 },
    { posenc: 1, id: 6, type: null }, { posenc: 1, id: 7, type: 'eval', state: { k: 94 } }, { posenc: 1, id: 8, type: 'setState' },
    { posenc: 1, id: 9, type: 'setState', state: 'k=93' }, { posenc: 1, id: 10, type: 'setState', state: [['k', 92]] },
    { posenc: 1, id: 11, type: 'setState', state: null }, { posenc: 1, id: 12, type: 'setState', state: new Map([['k', 91]]) },
    { posenc: 1, id: 13, type: 'setState', state: new Date(0) }, { posenc: 1, id: 14, type: 'setState', state: /k/ },
    { posenc: 1, id: 15, type: 'setState', state: new Float64Array([90]) },
    [{ posenc: 1, id: 16, type: 'setState', state: { k: 89 } }],
    set(deep), set({ k: deep }), set({ k: deepArray }), set({ k: mb }), set({ ['k'.repeat(1 << 20)]: 1 }), set({ k: null }),
    set({ k: undefined }), set({ k: [1] }), set({ k: {} }), set({ k: 10n }), set({ k: new Date(0) }),
    set(Object.fromEntries(Array.from({ length: 65 }, (_, i) => ['z' + i, i]))), set({ ['x'.repeat(41)]: 1, k: 88 }),
    set(J('{"__proto__": {"polluted": 1}}')), set(J('{"constructor": {"prototype": {"polluted": 1}}}')),
    set(J('{"__proto__": {"k": 87}}')), set({ constructor: { prototype: { polluted: 1 } } }),
    J('{"__proto__": {"posenc": 1, "id": 17, "type": "setState", "state": {"k": 86}}}'),
    // Well-formed but with hostile values and keys: answered, every field rejected, nothing applied.
    J('{"posenc": 1, "id": 18, "type": "setState", "state": {"k": "85px"}, "__proto__": {"polluted": 1}}'),
    set(J('{"__proto__": 1, "constructor": 2, "prototype": "x", "toString": 3, "hasOwnProperty": true}')),
    set({ k: 'NaN', d: 'Infinity', base: 1, pos: 1e400, pair: -1, n: 0, view: '<img src=x onerror=alert(1)>', speed: -1 }),
    set({ view: 'javascript:alert(1)', palette: '"><script>alert(1)</script>', step: 1e308, scale: -1e308 }),
    set({ ['<script>']: 1, ['%00']: 2, ['\u202e']: 3, ['']: 4 }),
  ];
}

const embedFrame = (p = page) => embedFrameOf(p, B);
const host = (fn, arg) => page.evaluate(fn, arg);
const embedState = () => embedFrame().evaluate(() => window.PosEnc.getState());
const protoSnapshot = (frame) => frame.evaluate(() => ({
  object: Object.getOwnPropertyNames(Object.prototype).sort().join(','),
  array: Object.getOwnPropertyNames(Array.prototype).sort().join(','),
  polluted: ({}).polluted === undefined && [].polluted === undefined && Object.prototype.k === undefined,
}));

function assertValidState(s, where) {
  for (const [key, v] of Object.entries(s)) {
    if (typeof v === 'number') assert.ok(Number.isFinite(v), `${where}: ${key} = ${v}`);
  }
  assert.ok(Number.isInteger(s.d) && s.d >= 2 && s.d <= 8192 && s.d % 2 === 0, `${where}: d ${s.d}`);
  assert.ok(s.base > 1 && s.base <= 1e12, `${where}: base ${s.base}`);
  assert.ok(Math.abs(s.pos) <= 1e9 && Math.abs(s.k) <= 1e9, `${where}: pos/k`);
  assert.ok(Number.isInteger(s.pair) && s.pair >= 0 && s.pair < s.d / 2, `${where}: pair ${s.pair}`);
  assert.equal(typeof s.view, 'string');
}

before(async () => {
  ({ dir, A, B, C } = await threeOrigins('posenc-security-', (d, o) => { dir = d; ({ A, B, C } = o); writePages(); }));
  browser = await launch();
  warnings = [];
  ({ context, page, errors } = await openHostPage(browser, A, (m) => {
    if (m.type() === 'warning' && m.text().startsWith('PosEnc embed:')) warnings.push(m.text());
  }));
});
after(async () => { await browser?.close(); A?.close(); B?.close(); C?.close(); });

test('from an untrusted sibling frame (origin C): nothing changes, nothing comes back, no change events', async () => {
  const before = await embedState();
  const protoBefore = await protoSnapshot(embedFrame());
  const evil = page.frames().find((f) => f.url() === C.url + 'evil.html');
  assert.ok(evil);
  const sent = await evil.evaluate((src) => {
    const messages = (0, eval)('(' + src + ')')();
    let target = null;
    for (let i = 0; i < window.parent.frames.length; i++) if (window.parent.frames[i] !== window) target = window.parent.frames[i];
    let n = 0;
    for (const m of messages) { try { target.postMessage(m, '*'); n++; } catch (e) { /* not cloneable */ } }
    // Also try the host page itself: its loader must ignore a forged answer or change event.
    window.parent.postMessage({ posenc: 1, type: 'change', state: { view: 'clock', k: 666 } }, '*');
    window.parent.postMessage({ posenc: 1, id: 1, type: 'result', state: { k: 666 }, rejected: [] }, '*');
    return n;
  }, hostileMessages.toString());
  assert.ok(sent >= 50, `${sent} messages sent`);
  // The batch has reached the embed once it warns about the untrusted origin (C's port).
  await pollUntil(() => warnings.some((w) => w.includes('untrusted origin') && w.includes(new URL(C.url).port)));
  await sleep(1500);  // deliberate: a window in which a (wrong) state change or answer to C would arrive
  assert.deepEqual(await embedState(), before, 'state unchanged');
  // The trusted host changes the state: C gets no change event, and it never got an answer.
  await host(() => { window.seen = []; window.PosEncEmbed.get(document.getElementById('fig')).on('change', (s) => window.seen.push(s)); });
  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ pos: 4 }));
  // The change event has been sent (it reached the host); any copy to C would have gone out with it.
  await waitUntil(page, () => window.seen.some((s) => s.pos === 4));
  // C hears only that it is not trusted, once: no answer, no state, no change event.
  assert.deepEqual(await evil.evaluate(() => window.got), [{ posenc: 1, type: 'notAllowed' }], 'nothing but the notice was sent to C');
  assert.ok(!(await host(() => window.seen)).some((s) => s.k === 666), 'the loader ignored forged events from C');
  assert.deepEqual(await protoSnapshot(embedFrame()), protoBefore);
  assert.deepEqual(errors, []);
});

test('from an untrusted parent (C frames the embed, which trusts only A): nothing applies, no answer', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const p = await ctx.newPage();
  const errs = [];
  p.on('pageerror', (e) => errs.push(String(e)));
  const warned = [];
  p.on('console', (m) => { if (m.type() === 'error') errs.push(m.text()); if (m.type() === 'warning') warned.push(m.text()); });
  await p.goto(C.url + 'evil-parent.html');
  const f = await (async () => {
    for (let i = 0; i < 100; i++) {
      const fr = p.frames().find((x) => x.url().includes('embed=1'));
      if (fr && await fr.evaluate(() => !!window.PosEnc).catch(() => false)) return fr;
      await sleep(100);  // the poll interval of this wait (at most 100 tries)
    }
    throw new Error('no embed frame');
  })();
  await f.evaluate(() => window.PosEnc.ready.then(() => true));
  const before = await f.evaluate(() => window.PosEnc.getState());
  const protoBefore = await protoSnapshot(f);
  await p.evaluate((src) => {
    const messages = (0, eval)('(' + src + ')')();
    const target = document.getElementById('e').contentWindow;
    for (const m of messages) { try { target.postMessage(m, '*'); } catch (e) { /* not cloneable */ } }
    target.postMessage({ posenc: 1, id: 1, type: 'setState', state: { k: 77, view: 'heatmap' } }, '*');  // well-formed
  }, hostileMessages.toString());
  // The messages have reached the embed once it warns about its untrusted parent.
  await pollUntil(() => warned.some((w) => w.includes('untrusted origin')));
  await sleep(1500);  // deliberate: a window in which a (wrong) state change or answer to C would arrive
  assert.deepEqual(await f.evaluate(() => window.PosEnc.getState()), before);
  assert.equal(before.k, 5);
  assert.deepEqual(await p.evaluate(() => window.got), [{ posenc: 1, type: 'notAllowed' }], 'no answer to C, only the notice');
  assert.deepEqual(await protoSnapshot(f), protoBefore);
  assert.deepEqual(errs, []);
  await ctx.close();
});

test('from the trusted host (A): malformed messages are ignored or rejected with reasons, never applied wrongly', async () => {
  await host(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ k: 37, pos: 3, view: 'clock', d: 64 }));
  const before = await embedState();
  const protoEmbed = await protoSnapshot(embedFrame());
  const protoHost = await protoSnapshot(page.mainFrame());
  const sent = await host(([src, BARRIER]) => {
    window.replies = [];
    const messages = (0, eval)('(' + src + ')')();
    const iframe = window.PosEncEmbed.get(document.getElementById('fig')).iframe;
    const o = new URL(iframe.src).origin;
    let n = 0;
    for (const m of messages) { try { iframe.contentWindow.postMessage(m, o); n++; } catch (e) { /* not cloneable */ } }
    // Then a well-formed getState with an id of its own: the embed handles messages from one sender in
    // order and answers in order, so once this answer is back every answer to the batch is too.
    iframe.contentWindow.postMessage({ posenc: 1, id: BARRIER, type: 'getState' }, o);
    return n;
  }, [hostileMessages.toString(), BARRIER]);
  await waitUntil(page, (id) => window.replies.some((r) => r && r.id === id && r.type === 'result'), BARRIER);
  const after = await embedState();
  assert.deepEqual(after, before, 'no field changed');
  const answers = (await host(() => window.replies)).filter((r) => r && r.type !== 'change' && r.id !== BARRIER);
  const refusals = answers.filter((r) => r.type === 'error');
  const replies = answers.filter((r) => r.type === 'result');
  console.log(`${sent} malformed messages from the trusted origin: ${replies.length} answered (each with rejections), ` +
              `${refusals.length} refused with a reason, the rest ignored`);
  // A malformed message with a usable id is refused with a reason, and nothing more (no state).
  assert.ok(refusals.length >= 20, `${refusals.length} refusals`);
  for (const r of refusals) {
    assert.deepEqual(Object.keys(r).sort(), ['id', 'posenc', 'reason', 'type'], JSON.stringify(r).slice(0, 200));
    assert.ok(Number.isSafeInteger(r.id) && r.id > 0 && typeof r.reason === 'string' && r.reason.length <= 200, JSON.stringify(r).slice(0, 200));
  }
  // Only the well-formed ones (the last five in the set) are answered; each answer rejects every field.
  assert.equal(replies.length, 5, JSON.stringify(replies).slice(0, 400));
  for (const r of replies) {
    assert.equal(r.posenc, 1);
    assert.equal(r.type, 'result');
    assertValidState(r.state, 'reply');
    assert.ok(Array.isArray(r.rejected) && r.rejected.length >= 1, JSON.stringify(r.rejected));
    for (const x of r.rejected) {
      assert.equal(typeof x.reason, 'string');
      assert.ok(x.reason.length > 0);
      assert.ok(String(x.key).length <= 43 && String(x.value).length <= 43, JSON.stringify(x));
    }
  }
  const keys = replies.flatMap((r) => r.rejected.map((x) => x.key)).sort();
  for (const k of ['__proto__', 'constructor', 'prototype', 'toString', 'k', 'd', 'base', 'pos', 'view', 'palette', 'step', 'scale'])
    assert.ok(keys.includes(k), `${k} rejected: ${keys.join(' ')}`);
  assert.deepEqual(await protoSnapshot(embedFrame()), protoEmbed, 'embed: Object.prototype untouched');
  assert.deepEqual(await protoSnapshot(page.mainFrame()), protoHost, 'host: Object.prototype untouched');
  // Nothing became markup in the embed.
  assert.equal(await embedFrame().evaluate(() => document.querySelectorAll('img:not(#poster-figure), iframe, script:not([src])').length), 0);  // the poster is the page's own
  assert.deepEqual(errors, []);
});

// Malformed 'call' and 'zoom' messages (the generic forwarding of handle methods, and the deck scale):
// methods outside the allow-list, arguments that are not a short array of values or flat objects, zooms
// outside 1..4. Built inside a page, like hostileMessages; ids 200..299, each refused with a reason.
function hostileCalls() {
  let id = 200;
  const call = (method, args) => ({ posenc: 1, id: id++, type: 'call', method, args });
  const J = (text) => JSON.parse(text);
  const flat = Object.fromEntries(Array.from({ length: 70 }, (_, i) => ['a' + i, i]));
  return [
    call('exportFile', ['png']), call('_heatmapWindow', [{}]), call('constructor', []), call('__proto__', []), call('toString', []),
    call('eval', ['1']), call('setState', [{ k: 1 }]), call('getState', []), call('schema', []), call(['describe'], []), call(5, []),
    call('describe', 'x'), call('describe', undefined), call('exportText', ['csv', 1, 2, 3, 4]), call('animate', ['k', { to: { deep: 1 } }]),
    call('exportText', ['x'.repeat(1 << 20)]), call('exportText', [['csv']]), call('animate', ['k', flat]), call('exportText', [new Date(0)]),
    call('animate', J('["k", {"__proto__": {"polluted": 1}}]')), call('exportText', [{ ['k'.repeat(41)]: 1 }]),
    { posenc: 1, id: id++, type: 'zoom', zoom: 'x' }, { posenc: 1, id: id++, type: 'zoom', zoom: NaN }, { posenc: 1, id: id++, type: 'zoom', zoom: 1e9 },
    { posenc: 1, id: id++, type: 'zoom', zoom: -1 }, { posenc: 1, id: id++, type: 'zoom', zoom: 0.5 }, { posenc: 1, id: id++, type: 'zoom' },
    { posenc: 1, id: id++, type: 'key', key: 'PageDown', code: 'PageDown', keyCode: 34 }, { posenc: 1, id: id++, type: 'release' },
    { posenc: 1, id: id++, type: 'result', value: 1 }, { posenc: 1, id: id++, type: 'error', reason: 'x' },
  ];
}

test('call and zoom messages: only the allowed methods with small arguments are answered; none from C', async () => {
  const before = await embedState();
  const protoEmbed = await protoSnapshot(embedFrame());
  const dpr = await embedFrame().evaluate(() => devicePixelRatio);
  // From C (a sibling frame): well-formed calls and a zoom, never answered, never applied.
  const evil = page.frames().find((f) => f.url() === C.url + 'evil.html');
  await evil.evaluate(() => {
    let target = null;
    for (let i = 0; i < window.parent.frames.length; i++) if (window.parent.frames[i] !== window) target = window.parent.frames[i];
    target.postMessage({ posenc: 1, id: 1, type: 'call', method: 'describe', args: [] }, '*');
    target.postMessage({ posenc: 1, id: 0, type: 'zoom', zoom: 4 }, '*');
    // and forged deck messages to the host page: its loader takes them from its iframe only
    window.parent.postMessage({ posenc: 1, type: 'key', key: 'PageDown', code: 'PageDown', keyCode: 34 }, '*');
    window.parent.postMessage({ posenc: 1, type: 'release' }, '*');
  });
  // From A (trusted): the malformed set, then two well-formed calls, then a getState barrier.
  await host(([src, BARRIER]) => {
    window.replies = [];
    window.keysSeen = [];
    addEventListener('keydown', (e) => window.keysSeen.push(e.key), true);
    const iframe = window.PosEncEmbed.get(document.getElementById('fig')).iframe;
    const o = new URL(iframe.src).origin;
    for (const m of (0, eval)('(' + src + ')')()) { try { iframe.contentWindow.postMessage(m, o); } catch (e) { /* not cloneable */ } }
    iframe.contentWindow.postMessage({ posenc: 1, id: 300, type: 'call', method: 'exportText', args: ['<img src=x onerror=alert(1)>'] }, o);
    iframe.contentWindow.postMessage({ posenc: 1, id: 301, type: 'call', method: 'describe', args: [] }, o);
    iframe.contentWindow.postMessage({ posenc: 1, id: BARRIER, type: 'getState' }, o);
  }, [hostileCalls.toString(), BARRIER]);
  await waitUntil(page, (ids) => ids.every((id) => window.replies.some((r) => r && r.id === id)), [300, 301, BARRIER]);
  await sleep(800);  // deliberate: a window in which a (wrong) answer to a malformed message would arrive
  const replies = (await host(() => window.replies)).filter((r) => r && r.type !== 'change');
  const malformed = replies.filter((r) => r.id >= 200 && r.id < 300);
  assert.ok(malformed.length >= 25, `${malformed.length} of the malformed calls refused`);
  for (const r of malformed) assert.ok(r.type === 'error' && typeof r.reason === 'string' && !('value' in r) && !r.fatal, JSON.stringify(r).slice(0, 200));
  const r300 = replies.find((r) => r.id === 300), r301 = replies.find((r) => r.id === 301);
  assert.equal(r300.type, 'error');
  assert.ok(typeof r300.reason === 'string' && r300.reason.length <= 200 && !r300.fatal, JSON.stringify(r300));
  assert.equal(r301.type, 'result');
  assert.equal(typeof r301.value, 'string');
  assert.ok(!/NaN|Infinity/.test(r301.value));
  assert.deepEqual(await embedState(), before, 'nothing applied');
  assert.equal(await embedFrame().evaluate(() => devicePixelRatio), dpr, 'no zoom applied');
  assert.deepEqual(await protoSnapshot(embedFrame()), protoEmbed);
  assert.deepEqual(await evil.evaluate(() => window.got), [{ posenc: 1, type: 'notAllowed' }], 'nothing but the first test\'s notice was sent to C');
  assert.deepEqual(await host(() => window.keysSeen), [], 'no key was dispatched in the host page');
  assert.equal(await host(() => document.activeElement === document.body || document.activeElement === null), true, 'focus not moved');
  assert.equal(await embedFrame().evaluate(() => document.querySelectorAll('img:not(#poster-figure), iframe, script:not([src])').length), 0);  // the poster is the page's own
  assert.deepEqual(errors, []);
});

test('after all that, the embed still answers, applies valid state and draws', async () => {
  const h = (fn, arg) => host(fn, arg);
  const r = await h(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ k: 11, view: 'waves', playing: true, speed: 50 }));
  assert.equal(r.k, 11); assert.equal(r.view, 'waves'); assert.deepEqual(r.rejected, []);
  const f0 = await embedFrame().evaluate(() => window.PosEnc._framesDrawn());
  await waitUntil(embedFrame(), (n) => window.PosEnc._framesDrawn() > n + 3, f0);
  const f1 = await embedFrame().evaluate(() => window.PosEnc._framesDrawn());
  assert.ok(f1 > f0 + 3, `it draws (${f1 - f0} frames)`);
  const s = await h(() => window.PosEncEmbed.get(document.getElementById('fig')).setState({ playing: false }));
  assertValidState(s, 'after');
  assert.ok(!/NaN|Infinity/.test(await embedFrame().evaluate(() => window.PosEnc.describe())));
  // Over 100 bad messages, but the console got at most 20 warnings: a flood cannot spam it.
  assert.ok(warnings.length >= 1 && warnings.length <= 20, `${warnings.length} warnings`);
  assert.deepEqual(errors, []);
});
